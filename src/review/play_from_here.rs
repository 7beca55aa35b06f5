//! Play from here: a new game that starts from the position on show, with
//! the moves that led to it kept, so Undo goes back through them. Same
//! players at once, or chosen in New game.

use super::ReviewRequest;
use crate::board::drawn_position::ReviewPosition;
use crate::current_match::{CurrentMatch, MatchAuthority, StartMatch};
use crate::menus::new_game::StartFrom;
use crate::states::{AppSystems, BoardMode, Menu};
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
    let mut game = current.setup().kind.new_game();
    for mv in shown.moves() {
        game.play(mv).ok()?;
    }
    Some(game)
}

fn play_on(
    mut commands: Commands,
    mut requests: MessageReader<ReviewRequest>,
    current: Res<CurrentMatch>,
    authority: Res<MatchAuthority>,
    position: Option<Res<ReviewPosition>>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut starts: MessageWriter<StartMatch>,
) {
    let Some(position) = position else { return };
    for request in requests.read() {
        let choosing = match request {
            ReviewRequest::PlayFromHere => false,
            ReviewRequest::PlayFromHereChoosing => true,
            _ => continue,
        };
        if *authority == MatchAuthority::Online || position.game.is_over() {
            continue;
        }
        let Some(game) = game_up_to(&current, &position.game) else {
            continue;
        };
        if choosing {
            commands.insert_resource(StartFrom {
                setup: current.setup(),
                game,
            });
            next_menu.set(Menu::NewGame);
        } else {
            let new = Match::from_position(current.setup(), current.opening(), game)
                .with_names(current.names().clone());
            info!("Review: a new game from move {}", position.ply);
            starts.write(StartMatch(new));
        }
    }
}
