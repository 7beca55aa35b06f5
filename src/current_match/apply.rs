//! The one writer of the match: starts it (`StartMatch`), and turns
//! requests into changes of it: moves (queued while a piece is still
//! moving, so fast clicks are never lost or doubled), opening actions,
//! forfeits, and undo, redo and resignation where this computer has the
//! authority (online, the server's decisions instead). Also where the phase
//! follows the match: over once the match has ended and the board rests.

use crate::current_match::{
    CurrentMatch, Forfeited, GameEnded, HistoryRequest, MatchAuthority, MoveApplied, MoveRefusal,
    MoveRefused, MoveRequested, MovesTakenBack, OpeningRequested, PieceLanded, PiecesAtRest,
    Requester, ServerDecision, StartMatch,
};
use crate::states::{AppSystems, GamePhase, InPlay, Menu, Screen};
use bevy::prelude::*;
use lineup_core::rules::BoardMove;
use lineup_core::rules::Ending;
use lineup_core::rules::opening::{Action as OpeningAction, OpeningError};
use std::collections::VecDeque;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveQueue>()
        .init_resource::<MatchAuthority>()
        .add_systems(OnEnter(Screen::Game), clear_queue)
        .add_systems(Update, shortcuts.in_set(AppSystems::Input))
        .add_systems(Update, start_match.in_set(AppSystems::Apply))
        .add_systems(
            Update,
            (
                queue_requests,
                apply_next_move.in_set(InPlay),
                apply_forfeits,
                history_requests.run_if(resource_equals(MatchAuthority::Local)),
                server_decisions.run_if(resource_equals(MatchAuthority::Online)),
            )
                .chain()
                .in_set(AppSystems::Apply)
                .after(start_match)
                .run_if(in_state(Screen::Game).and_then(resource_exists::<CurrentMatch>)),
        )
        // Only once this frame's pieces have moved can "at rest" be trusted.
        .add_systems(
            Update,
            (announce_ending, follow_the_match)
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Game).and_then(resource_exists::<CurrentMatch>)),
        );
}

/// Moves (and opening actions) asked for while a piece was still moving,
/// played in order once it rests. Short: a burst of clicks should not play
/// a whole line later.
#[derive(Resource, Default, Debug)]
pub struct MoveQueue(pub VecDeque<Queued>);

/// A request waiting in the [`MoveQueue`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Queued {
    Move(MoveRequested),
    Opening(OpeningRequested),
}

impl Queued {
    fn by(&self) -> Requester {
        match self {
            Queued::Move(m) => m.by,
            Queued::Opening(o) => o.by,
        }
    }
}

const QUEUE_LIMIT: usize = 2;

fn clear_queue(mut queue: ResMut<MoveQueue>) {
    queue.0.clear();
}

/// A new match: the one in play from now on, with the authority it names;
/// the game screen is (re)entered, which rebuilds the board, and any menu
/// closes.
fn start_match(
    mut commands: Commands,
    mut starts: MessageReader<StartMatch>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    let Some(StartMatch(start)) = starts.read().last() else {
        return;
    };
    commands.insert_resource(MatchAuthority::of(start));
    commands.insert_resource(CurrentMatch(start.clone()));
    next_menu.set(Menu::None);
    next_screen.set(Screen::Game);
}

fn queue_requests(
    mut requests: MessageReader<MoveRequested>,
    mut opening: MessageReader<OpeningRequested>,
    authority: Res<MatchAuthority>,
    mut queue: ResMut<MoveQueue>,
) {
    let online = *authority == MatchAuthority::Online;
    let requests = requests.read().map(|r| Queued::Move(*r));
    for request in requests.chain(opening.read().map(|o| Queued::Opening(*o))) {
        match request.by() {
            // Online, the player's clicks go to the server (`online::client`);
            // the board plays only what the server accepted, every move of it.
            Requester::Human if online => {}
            Requester::Network => queue.0.push_back(request),
            _ if queue.0.len() < QUEUE_LIMIT => queue.0.push_back(request),
            _ => {}
        }
    }
}

fn apply_next_move(
    time: Res<Time<Real>>,
    mut queue: ResMut<MoveQueue>,
    mut game: ResMut<CurrentMatch>,
    authority: Res<MatchAuthority>,
    at_rest: Res<PiecesAtRest>,
    mut applied: MessageWriter<MoveApplied>,
    mut refused: MessageWriter<MoveRefused>,
) {
    if !at_rest.0 {
        return;
    }
    let Some(request) = queue.0.pop_front() else {
        return;
    };
    let game = &mut game.0;
    let wanted = if *authority == MatchAuthority::Online {
        Requester::Network
    } else if game.player_to_move().is_computer() {
        Requester::Computer
    } else {
        Requester::Human
    };
    // What a board click means in the opening: a stone, an offer or a pick.
    let (mv, opening_action) = match request {
        Queued::Move(m) => match (game.opening_under_way(), m.mv) {
            (Some(opening), BoardMove::Point(p)) => (m.mv, Some(opening.click(p))),
            _ => (m.mv, None),
        },
        Queued::Opening(o) => (BoardMove::Pass, Some(Some(o.action))),
    };
    if !game.game().is_over() && request.by() != wanted {
        queue.0.clear();
        if request.by() == Requester::Human {
            refused.write(MoveRefused {
                mv,
                refusal: MoveRefusal::NotYourTurn,
            });
        }
        return;
    }
    let side = game.game().to_move();
    if let Some(action) = opening_action {
        if !act_in_opening(game, mv, action, &mut applied, &mut refused) {
            queue.0.clear();
        }
        return;
    }
    match game.play_at(mv, super::clock::clock_now(&time)) {
        Ok(()) => {
            let ply = game.game().move_count() - 1;
            applied.write(MoveApplied { mv, side, ply });
        }
        Err(error) => {
            // The rest of a burst was aimed at a board that did not happen.
            queue.0.clear();
            refused.write(MoveRefused {
                mv,
                refusal: MoveRefusal::Rules(error),
            });
        }
    }
}

/// An opening action (`None`: a board click at a step that asks for a
/// choice). A stone it placed goes out as a move, to be drawn and heard.
/// Returns whether it was accepted.
fn act_in_opening(
    game: &mut lineup_core::match_state::Match,
    mv: BoardMove,
    action: Option<OpeningAction>,
    applied: &mut MessageWriter<MoveApplied>,
    refused: &mut MessageWriter<MoveRefused>,
) -> bool {
    let before = game.game().move_count();
    let side = game.game().to_move();
    match action
        .ok_or(OpeningError::NotNow)
        .and_then(|a| game.act_in_opening(a))
    {
        Ok(()) => {
            if game.game().move_count() > before
                && let Some(mv) = game.game().last_move()
            {
                applied.write(MoveApplied {
                    mv,
                    side,
                    ply: before,
                });
            }
            true
        }
        Err(error) => {
            refused.write(MoveRefused {
                mv,
                refusal: MoveRefusal::Opening(error),
            });
            false
        }
    }
}

/// A Gomocup engine that lost on its turn (a crash, a hang, prose, an
/// illegal move) resigns its side, and the match says why.
fn apply_forfeits(
    mut forfeits: MessageReader<Forfeited>,
    mut game: ResMut<CurrentMatch>,
    mut queue: ResMut<MoveQueue>,
    mut ended: MessageWriter<GameEnded>,
) {
    for Forfeited { why } in forfeits.read() {
        let side = game.game().to_move();
        if game.0.forfeit_turn(why.clone()).is_ok() {
            warn!("{side:?} forfeits: {why}");
            queue.0.clear();
            if let Some(ending) = game.game().ending() {
                ended.write(GameEnded(ending));
            }
        }
    }
}

/// Undo, redo and resignation from the panel, menus or shortcuts, where
/// this computer has the authority (online, `online::client` asks the
/// server instead).
fn history_requests(
    time: Res<Time<Real>>,
    mut requests: MessageReader<HistoryRequest>,
    mut game: ResMut<CurrentMatch>,
    mut queue: ResMut<MoveQueue>,
    mut taken_back: MessageWriter<MovesTakenBack>,
    mut ended: MessageWriter<GameEnded>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    for request in requests.read() {
        match request {
            HistoryRequest::Undo => {
                if let Some(count) = game.0.undo_turn_at(super::clock::clock_now(&time)) {
                    queue.0.clear();
                    taken_back.write(MovesTakenBack { count });
                }
            }
            HistoryRequest::Redo => {
                if game.0.redo_turn() > 0 {
                    queue.0.clear();
                }
            }
            HistoryRequest::Resign => {
                let side = game.resigning_side();
                if game.0.resign(side).is_ok() {
                    queue.0.clear();
                    if let Some(ending) = game.game().ending() {
                        ended.write(GameEnded(ending));
                    }
                }
                next_menu.set(Menu::None);
            }
        }
    }
}

/// What the server of an online match decided: names, moves taken back by
/// agreement, the end (a resignation or a forfeit, once every move before
/// it is on the board: `online::client` sends it then).
fn server_decisions(
    time: Res<Time<Real>>,
    mut decisions: MessageReader<ServerDecision>,
    mut game: ResMut<CurrentMatch>,
    mut queue: ResMut<MoveQueue>,
    mut taken_back: MessageWriter<MovesTakenBack>,
    mut ended: MessageWriter<GameEnded>,
) {
    for decision in decisions.read() {
        match decision {
            ServerDecision::Names(names) => game.0.set_names(names.clone()),
            ServerDecision::TookBack(count) => {
                game.0.take_back(*count);
                queue.0.clear();
                taken_back.write(MovesTakenBack { count: *count });
            }
            ServerDecision::Clock { view, spent_ms } => {
                let now = super::clock::clock_now(&time);
                match view {
                    Some(view) => game.0.set_server_clock(view, spent_ms, now),
                    None => game.0.set_server_clock_off(),
                }
            }
            ServerDecision::Ended { loser, on_time } => {
                let lost = if *on_time {
                    game.0.lose_on_time(*loser)
                } else {
                    game.0.resign(*loser)
                };
                if lost.is_ok()
                    && let Some(ending) = game.game().ending()
                {
                    ended.write(GameEnded(ending));
                }
            }
        }
    }
}

/// Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z) while no menu is open.
fn shortcuts(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    menu: Res<State<Menu>>,
    mut requests: MessageWriter<HistoryRequest>,
) {
    let Some(keys) = keys else { return };
    // Held, or pressed or let go this frame: a quick Ctrl+Z at a low frame
    // rate can come and go between two frames, and Ctrl, pressed a frame
    // before Z, can come up in Z's own frame (one press in three was lost).
    let down = |pair: [KeyCode; 2]| {
        keys.any_pressed(pair) || keys.any_just_pressed(pair) || keys.any_just_released(pair)
    };
    if *menu.get() != Menu::None || !down([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let shift = down([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::KeyY) || (shift && keys.just_pressed(KeyCode::KeyZ)) {
        requests.write(HistoryRequest::Redo);
    } else if keys.just_pressed(KeyCode::KeyZ) {
        requests.write(HistoryRequest::Undo);
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
    let last = game.game().move_count().checked_sub(1);
    let final_landed = landed.read().any(|piece| Some(piece.ply) == last);
    match game.game().ending() {
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
    at_rest: Res<PiecesAtRest>,
    phase: Res<State<GamePhase>>,
    mut next: ResMut<NextState<GamePhase>>,
) {
    let wanted = if game.game().is_over() && at_rest.0 {
        GamePhase::Over
    } else {
        GamePhase::Playing
    };
    if *phase.get() != wanted {
        next.set(wanted);
    }
}
