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

use crate::board::drawn_position::ReviewPosition;
use crate::current_match::CurrentMatch;
use crate::states::{AppSystems, BoardMode, HiddenInReview, Menu, Screen};
use crate::theme::interaction::{self, ButtonMessage};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<ReviewRequest>(app);
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

/// Review mode's buttons and keys.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewRequest {
    /// Look through the game (review mode), from its last move.
    Open,
    /// Look through the game from the position after its first `.0` moves
    /// (a click on a move in the game panel's list).
    OpenAt(usize),
    /// Show the empty board, one move less, one move more, every move.
    First,
    Back,
    Forward,
    Last,
    /// Show the game after its first `.0` moves.
    Jump(usize),
    /// Back to the game.
    Leave,
    /// A new game from the position shown, same players.
    PlayFromHere,
    /// A new game from the position shown, players chosen in New game.
    PlayFromHereChoosing,
    /// Save the board as a picture.
    ShareImage,
    ToggleMoveNumbers,
}

impl ButtonMessage for ReviewRequest {}

/// Opens review mode once the game screen is up, at move `.0` (the last
/// move if `None`): asked for by the command line and the load list.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OpenReview(pub Option<usize>);

fn open(
    mut commands: Commands,
    mut requests: MessageReader<ReviewRequest>,
    asked: Option<Res<OpenReview>>,
    game: Res<CurrentMatch>,
    mut next_mode: ResMut<NextState<BoardMode>>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    let from_action = requests
        .read()
        .filter_map(|r| match *r {
            ReviewRequest::Open => Some(None),
            ReviewRequest::OpenAt(ply) => Some(Some(ply)),
            _ => None,
        })
        .last();
    let ply = match (asked, from_action) {
        (Some(asked), _) => {
            commands.remove_resource::<OpenReview>();
            asked.0
        }
        (None, Some(ply)) => ply,
        (None, None) => return,
    };
    let total = game.game().move_count();
    let position = ReviewPosition::of(game.game(), ply.unwrap_or(total).min(total));
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
    mut requests: MessageWriter<ReviewRequest>,
) {
    let scrolled: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => w.y / 40.0,
        })
        .sum();
    if scrolled > 0.0 {
        requests.write(ReviewRequest::Back);
    } else if scrolled < 0.0 {
        requests.write(ReviewRequest::Forward);
    }
    let Some(keys) = keys else { return };
    let pairs = [
        (KeyCode::ArrowLeft, ReviewRequest::Back),
        (KeyCode::ArrowRight, ReviewRequest::Forward),
        (KeyCode::Home, ReviewRequest::First),
        (KeyCode::End, ReviewRequest::Last),
        (KeyCode::Escape, ReviewRequest::Leave),
    ];
    for (key, request) in pairs {
        if keys.just_pressed(key) {
            requests.write(request);
        }
    }
}

/// Moves the review to the position asked for.
fn browse(
    mut commands: Commands,
    mut requests: MessageReader<ReviewRequest>,
    game: Res<CurrentMatch>,
    position: Option<Res<ReviewPosition>>,
) {
    let Some(position) = position else {
        requests.clear();
        return;
    };
    let total = game.game().move_count();
    let mut ply = position.ply;
    for request in requests.read() {
        ply = match *request {
            ReviewRequest::First => 0,
            ReviewRequest::Back => ply.saturating_sub(1),
            ReviewRequest::Forward => (ply + 1).min(total),
            ReviewRequest::Last => total,
            ReviewRequest::Jump(to) => to.min(total),
            _ => continue,
        };
    }
    if ply != position.ply {
        info!("Review: move {ply} of {total}");
        commands.insert_resource(ReviewPosition::of(game.game(), ply));
    }
}

fn leave(mut requests: MessageReader<ReviewRequest>, mut next_mode: ResMut<NextState<BoardMode>>) {
    if requests.read().any(|r| *r == ReviewRequest::Leave) {
        next_mode.set(BoardMode::Play);
    }
}

/// Out of review, the board shows the match again.
fn forget_position(mut commands: Commands) {
    commands.remove_resource::<ReviewPosition>();
    info!("Review: back to the game");
}

/// The game panel and the banner give way to the review (or analysis) panel.
fn hide_the_game_panel(
    mode: Option<Res<State<BoardMode>>>,
    mut hidden: Query<&mut Visibility, With<HiddenInReview>>,
) {
    let out_of_play = mode.is_some_and(|m| *m.get() != BoardMode::Play);
    let wanted = if out_of_play {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut visibility in &mut hidden {
        visibility.set_if_neq(wanted);
    }
}
