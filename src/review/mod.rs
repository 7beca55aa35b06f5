//! Review mode: look through a game without changing it. The board shows
//! the position after any move (`board::shown`), a panel beside it lists
//! the moves with a graph of what each was worth (`graph`, worked out in
//! the background by `ai::review`), and from any position a new game can
//! start (`play_from_here`) or a picture of the board be saved (`share`).
//!
//! Ways in: Review on the game-over banner, Review game in the pause menu,
//! Review in the load list, and `--review [N]` on the command line. Ways
//! out: Back to game, Esc, or a new game from here.

mod better_move;
pub mod graph;
mod panel;
mod play_from_here;
mod share;

pub use graph::ReviewValues;

use crate::actions::{Action, UiAction};
use crate::board::CurrentMatch;
use crate::board::shown::ReviewPosition;
use crate::states::{AppSystems, BoardMode, HiddenInReview, Menu, Screen};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // Bevy's input plugin registers it too; headless apps have only this.
    app.add_message::<MouseWheel>()
        .add_sub_state::<BoardMode>()
        .add_systems(OnExit(BoardMode::Review), forget_position)
        // A board entered anew (a new game from here, a rematch) is in play:
        // the sub-state outlives a re-entry of its screen.
        .add_systems(
            OnEnter(Screen::Game),
            |mut next: ResMut<NextState<BoardMode>>| next.set(BoardMode::Play),
        )
        .add_systems(
            Update,
            (
                keys.in_set(AppSystems::Input)
                    .run_if(in_state(BoardMode::Review).and_then(in_state(Menu::None))),
                (open, browse, leave)
                    .chain()
                    .in_set(AppSystems::Apply)
                    .run_if(in_state(Screen::Game)),
                hide_the_game_panel.in_set(AppSystems::Present),
            ),
        )
        .add_plugins((
            panel::plugin,
            better_move::plugin,
            graph::plugin,
            play_from_here::plugin,
            share::plugin,
        ));
}

/// Opens review mode once the game screen is up, at move `.0` (the last
/// move if `None`): asked for by the command line and the load list.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OpenReview(pub Option<usize>);

fn open(
    mut commands: Commands,
    mut actions: MessageReader<UiAction>,
    asked: Option<Res<OpenReview>>,
    game: Res<CurrentMatch>,
    mut next_mode: ResMut<NextState<BoardMode>>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    let from_action = actions.read().any(|a| a.0 == Action::Review);
    let ply = match asked {
        Some(asked) => {
            commands.remove_resource::<OpenReview>();
            asked.0
        }
        None if from_action => None,
        None => return,
    };
    let total = game.game.move_count();
    let position = ReviewPosition::of(&game.game, ply.unwrap_or(total).min(total));
    info!("Review: move {} of {total}", position.ply);
    commands.insert_resource(position);
    next_mode.set(BoardMode::Review);
    next_menu.set(Menu::None);
}

/// Arrows step through the moves, Home and End go to the ends, the mouse
/// wheel steps too, and Esc goes back to the game.
fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut wheel: MessageReader<MouseWheel>,
    mut actions: MessageWriter<UiAction>,
) {
    let scrolled: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => w.y / 40.0,
        })
        .sum();
    if scrolled > 0.0 {
        actions.write(UiAction(Action::ReviewBack));
    } else if scrolled < 0.0 {
        actions.write(UiAction(Action::ReviewForward));
    }
    let Some(keys) = keys else { return };
    let pairs = [
        (KeyCode::ArrowLeft, Action::ReviewBack),
        (KeyCode::ArrowRight, Action::ReviewForward),
        (KeyCode::Home, Action::ReviewFirst),
        (KeyCode::End, Action::ReviewLast),
        (KeyCode::Escape, Action::LeaveReview),
    ];
    for (key, action) in pairs {
        if keys.just_pressed(key) {
            actions.write(UiAction(action));
        }
    }
}

/// Moves the review to the position asked for.
fn browse(
    mut commands: Commands,
    mut actions: MessageReader<UiAction>,
    game: Res<CurrentMatch>,
    position: Option<Res<ReviewPosition>>,
) {
    let Some(position) = position else {
        actions.clear();
        return;
    };
    let total = game.game.move_count();
    let mut ply = position.ply;
    for UiAction(action) in actions.read() {
        ply = match *action {
            Action::ReviewFirst => 0,
            Action::ReviewBack => ply.saturating_sub(1),
            Action::ReviewForward => (ply + 1).min(total),
            Action::ReviewLast => total,
            Action::ReviewJump(to) => to.min(total),
            _ => continue,
        };
    }
    if ply != position.ply {
        info!("Review: move {ply} of {total}");
        commands.insert_resource(ReviewPosition::of(&game.game, ply));
    }
}

fn leave(mut actions: MessageReader<UiAction>, mut next_mode: ResMut<NextState<BoardMode>>) {
    if actions.read().any(|a| a.0 == Action::LeaveReview) {
        next_mode.set(BoardMode::Play);
    }
}

/// Out of review, the board shows the match again.
fn forget_position(mut commands: Commands) {
    commands.remove_resource::<ReviewPosition>();
    info!("Review: back to the game");
}

/// The game panel and the banner give way to the review panel.
fn hide_the_game_panel(
    mode: Option<Res<State<BoardMode>>>,
    mut hidden: Query<&mut Visibility, With<HiddenInReview>>,
) {
    let reviewing = mode.is_some_and(|m| *m.get() == BoardMode::Review);
    let wanted = if reviewing {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut visibility in &mut hidden {
        visibility.set_if_neq(wanted);
    }
}
