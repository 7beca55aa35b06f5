//! Turns requests into changes of the match: moves (queued while a piece is
//! still moving, so fast clicks are never lost or doubled), undo, redo and
//! resignation. The only place that changes `CurrentMatch` in play. Also
//! where the phase follows the match: over once the match has ended and the
//! board rests.

use super::pieces::board_at_rest;
use super::{
    CurrentMatch, GameEnded, MoveApplied, MoveRefused, MoveRequested, MovesTakenBack, PieceLanded,
    Refusal, Requester,
};
use crate::game::actions::{Action, UiAction};
use crate::game::states::{AppSystems, GamePhase, InPlay, Menu, Screen};
use crate::rules::Ending;
use bevy::prelude::*;
use std::collections::VecDeque;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveQueue>()
        .add_systems(OnEnter(Screen::Game), clear_queue)
        .add_systems(Update, shortcuts.in_set(AppSystems::Input))
        .add_systems(
            Update,
            (
                queue_requests,
                apply_next_move.in_set(InPlay),
                history_actions,
            )
                .chain()
                .in_set(AppSystems::Apply)
                .run_if(in_state(Screen::Game)),
        )
        // Only once this frame's pieces have moved can "at rest" be trusted.
        .add_systems(
            Update,
            (announce_ending, follow_the_match)
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Game)),
        );
}

/// Moves asked for while a piece was still moving, played in order once it
/// rests. Short: a burst of clicks should not play a whole line later.
#[derive(Resource, Default, Debug)]
pub struct MoveQueue(pub VecDeque<MoveRequested>);

const QUEUE_LIMIT: usize = 2;

fn clear_queue(mut queue: ResMut<MoveQueue>) {
    queue.0.clear();
}

fn queue_requests(
    mut requests: MessageReader<MoveRequested>,
    game: Res<CurrentMatch>,
    mut queue: ResMut<MoveQueue>,
) {
    let online = game.setup.is_online();
    for request in requests.read() {
        match request.by {
            // Online, the player's clicks go to the server (`online::client`);
            // the board plays only what the server accepted, every move of it.
            Requester::Human if online => {}
            Requester::Network => queue.0.push_back(*request),
            _ if queue.0.len() < QUEUE_LIMIT => queue.0.push_back(*request),
            _ => {}
        }
    }
}

fn apply_next_move(
    mut queue: ResMut<MoveQueue>,
    mut game: ResMut<CurrentMatch>,
    animating: Query<(), With<super::pieces::Animating>>,
    mut applied: MessageWriter<MoveApplied>,
    mut refused: MessageWriter<MoveRefused>,
) {
    if !board_at_rest(animating) {
        return;
    }
    let Some(request) = queue.0.pop_front() else {
        return;
    };
    let wanted = if game.setup.is_online() {
        Requester::Network
    } else if game.player_to_move().is_computer() {
        Requester::Computer
    } else {
        Requester::Human
    };
    if !game.game.is_over() && request.by != wanted {
        queue.0.clear();
        if request.by == Requester::Human {
            refused.write(MoveRefused {
                mv: request.mv,
                refusal: Refusal::NotYourTurn,
            });
        }
        return;
    }
    let side = game.game.to_move();
    match game.game.play(request.mv) {
        Ok(()) => {
            game.touch();
            let ply = game.game.move_count() - 1;
            applied.write(MoveApplied {
                mv: request.mv,
                side,
                ply,
            });
        }
        Err(error) => {
            // The rest of a burst was aimed at a board that did not happen.
            queue.0.clear();
            refused.write(MoveRefused {
                mv: request.mv,
                refusal: Refusal::Rules(error),
            });
        }
    }
}

/// Undo, redo and resignation from the panel, menus or shortcuts.
fn history_actions(
    mut actions: MessageReader<UiAction>,
    mut game: ResMut<CurrentMatch>,
    mut queue: ResMut<MoveQueue>,
    mut taken_back: MessageWriter<MovesTakenBack>,
    mut ended: MessageWriter<GameEnded>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    // Online, undo and resignation are asked of the server (`online::client`).
    if game.setup.is_online() {
        actions.clear();
        return;
    }
    for UiAction(action) in actions.read() {
        match action {
            Action::Undo => {
                if let Some(count) = game.undo_turn() {
                    queue.0.clear();
                    game.touch();
                    taken_back.write(MovesTakenBack { count });
                }
            }
            Action::Redo if game.redo_turn() > 0 => {
                queue.0.clear();
                game.touch();
            }
            Action::ConfirmResign => {
                let side = game.resigning_side();
                if game.game.resign(side).is_ok() {
                    queue.0.clear();
                    game.touch();
                    if let Some(ending) = game.game.ending() {
                        ended.write(GameEnded(ending));
                    }
                }
                next_menu.set(Menu::None);
            }
            _ => {}
        }
    }
}

/// Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) while no menu is open.
fn shortcuts(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    menu: Res<State<Menu>>,
    mut actions: MessageWriter<UiAction>,
) {
    let Some(keys) = keys else { return };
    // Held, or pressed this frame: a quick Ctrl+Z at a low frame rate can
    // come and go between two frames.
    let down = |pair: [KeyCode; 2]| keys.any_pressed(pair) || keys.any_just_pressed(pair);
    if *menu.get() != Menu::None || !down([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let shift = down([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::KeyY) || (shift && keys.just_pressed(KeyCode::KeyZ)) {
        actions.write(UiAction(Action::Redo));
    } else if keys.just_pressed(KeyCode::KeyZ) {
        actions.write(UiAction(Action::Undo));
    }
}

/// A move that ends the game announces it when its piece lands: only a game
/// that ends in play does, never one that was already over when it opened
/// (a loaded save, a position from the command line). Resignation announces
/// itself where it happens.
fn announce_ending(
    game: Res<CurrentMatch>,
    mut landed: MessageReader<PieceLanded>,
    mut ended: MessageWriter<GameEnded>,
) {
    let last = game.game.move_count().checked_sub(1);
    let final_landed = landed.read().any(|piece| Some(piece.ply) == last);
    match game.game.ending() {
        Some(ending @ (Ending::Win(_) | Ending::Draw)) if final_landed => {
            ended.write(GameEnded(ending));
        }
        _ => {}
    }
}

/// The phase is the match's state seen through the board: over once the
/// match has ended and every piece rests, in play otherwise.
fn follow_the_match(
    game: Res<CurrentMatch>,
    animating: Query<(), With<super::pieces::Animating>>,
    phase: Res<State<GamePhase>>,
    mut next: ResMut<NextState<GamePhase>>,
) {
    let wanted = if game.game.is_over() && board_at_rest(animating) {
        GamePhase::Over
    } else {
        GamePhase::Playing
    };
    if *phase.get() != wanted {
        next.set(wanted);
    }
}
