//! Play from here: a new game that starts from the position on show, with
//! the moves that led to it kept, so Undo goes back through them. Same
//! players at once, or chosen in New game.

use crate::actions::{Action, UiAction};
use crate::board::CurrentMatch;
use crate::board::shown::ReviewPosition;
use crate::menus::new_game::StartFrom;
use crate::states::{AppSystems, BoardMode, Menu, Screen};
use bevy::prelude::*;
use lineup_core::match_state::Match;
use lineup_core::rules::MatchGame;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        play_on
            .in_set(AppSystems::Apply)
            .run_if(in_state(BoardMode::Review)),
    );
}

/// The game so far without what came after: the same moves played again on
/// a fresh board (nothing left to redo).
fn game_up_to(current: &Match, shown: &MatchGame) -> Option<MatchGame> {
    let mut game = current.setup.kind.new_game();
    for mv in shown.moves() {
        game.play(mv).ok()?;
    }
    Some(game)
}

fn play_on(
    mut commands: Commands,
    mut actions: MessageReader<UiAction>,
    current: Res<CurrentMatch>,
    position: Option<Res<ReviewPosition>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    let Some(position) = position else { return };
    for UiAction(action) in actions.read() {
        let choosing = match action {
            Action::PlayFromHere => false,
            Action::PlayFromHereChoosing => true,
            _ => continue,
        };
        if current.setup.is_online() || position.game.is_over() {
            continue;
        }
        let Some(game) = game_up_to(&current, &position.game) else {
            continue;
        };
        if choosing {
            commands.insert_resource(StartFrom {
                setup: current.setup,
                game,
            });
            next_menu.set(Menu::NewGame);
        } else {
            let mut new = Match::from_position(current.setup, current.opening.as_ref(), game);
            new.names = current.names.clone();
            info!("Review: a new game from move {}", position.ply);
            commands.insert_resource(CurrentMatch(new));
            // Entering the game screen again rebuilds the board, in play.
            next_screen.set(Screen::Game);
        }
    }
}
