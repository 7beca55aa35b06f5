//! The board follows the room: the first sight of it opens the game
//! screen, a new move goes to the board as a move from the network, moves
//! taken back are taken back here, and anything else (after a
//! reconnection) rebuilds the board from the room. The player's own moves
//! go up first: the board plays them when the server sends them back.

use super::session::OnlineSession;
use super::stop;
use crate::current_match::clock::clock_now;
use crate::current_match::{
    CurrentMatch, MoveRefusal, MoveRefused, MoveRequested, Requester, ServerDecision, StartMatch,
};
use crate::locale::Locale;
use crate::states::Screen;
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_client::connection::Target;
use lineup_client::session::{RoomStep, step_to};
use lineup_core::match_setup::{MatchSetup, PlayerKind};
use lineup_core::match_state::{Match, new_id};
use lineup_core::net::{OnlineSeat, Request, RoomEnd};
use lineup_core::rules::Side;
use lineup_core::unix_time::now;

/// Brings the room into the match.
pub(super) fn follow_the_room(
    time: Res<Time<Real>>,
    locale: Res<Locale>,
    mut commands: Commands,
    mut session: ResMut<OnlineSession>,
    game: Option<Res<CurrentMatch>>,
    mut moves: MessageWriter<MoveRequested>,
    mut decisions: MessageWriter<ServerDecision>,
    mut starts: MessageWriter<StartMatch>,
    mut toasts: MessageWriter<Toast>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some(room) = session.room().cloned() else {
        return;
    };
    let seat = session.seat();
    // A watcher's board is seen from the first side.
    let side = seat.map_or(Side::First, |s| s.side);
    let driving = game.as_ref().is_some_and(|g| session.drives(g));
    if driving && session.followed.room.as_ref() == Some(&room) {
        return;
    }
    let replayed = match room.replay() {
        Ok(game) => game,
        Err(problem) => {
            // A server that sends an impossible game is not followed.
            toasts.write(Toast::window(
                locale.f("online.left", &[("problem", &problem)]),
            ));
            commands.queue(stop);
            next_screen.set(Screen::Title);
            return;
        }
    };
    if session.followed.room.is_none() {
        let ratings = room
            .ratings
            .map(|r| r.map_or_else(|| "-".to_string(), |r| r.to_string()));
        info!(
            "Online: in room {}, {} moves, ratings {}",
            room.code,
            room.moves.len(),
            ratings.join(" / ")
        );
    }
    session.followed.room = Some(room.clone());
    let names = room.names.clone();
    let game = match game {
        Some(game) if driving => game,
        _ => {
            // First sight of the room: the game screen opens on it.
            let setup = match seat {
                Some(seat) => MatchSetup::online(room.kind, seat.side),
                None => MatchSetup::new(room.kind, [PlayerKind::Online; 2]),
            };
            // A watcher keeps no seat to come back to.
            let kept = seat.map(|seat| OnlineSeat {
                server: session.server.as_ref().map(Target::to_string),
                code: seat.code,
                secret: seat.secret,
            });
            let mut opened = Match::resumed(setup, replayed, now(), new_id())
                .with_seat(kept)
                .with_names(names);
            if let Some(clock) = &room.clock {
                opened.set_server_clock(clock, &room.spent_ms, clock_now(&time));
            }
            session.followed.match_id = Some(opened.id());
            session.followed.handed = room.moves.len();
            starts.write(StartMatch(opened));
            return;
        }
    };
    decisions.write(ServerDecision::Clock {
        view: room.clock,
        spent_ms: room.spent_ms.clone(),
    });
    if *game.names() != names {
        if let Some(name) = &names[side.other().index()]
            && game.names()[side.other().index()].is_none()
        {
            info!("Online: {name} joined");
        }
        decisions.write(ServerDecision::Names(names));
    }
    match step_to(&room.moves, &game.game().moves(), session.followed.handed) {
        RoomStep::Play(new) => {
            // The board plays them as it plays any move.
            for mv in new {
                moves.write(MoveRequested {
                    mv,
                    by: Requester::Network,
                });
            }
        }
        RoomStep::TakeBack(count) => {
            decisions.write(ServerDecision::TookBack(count));
        }
        RoomStep::Rebuild => {
            let rebuilt = Match::resumed(game.setup(), replayed, game.created(), game.id())
                .with_seat(game.online().cloned())
                .with_names(game.names().clone());
            starts.write(StartMatch(rebuilt));
        }
    }
    session.followed.handed = room.moves.len();
}

/// A resignation or a forfeit ends the local match once every move before
/// it is on the board.
pub(super) fn follow_the_end(
    session: Res<OnlineSession>,
    game: Option<Res<CurrentMatch>>,
    mut decisions: MessageWriter<ServerDecision>,
) {
    let (Some(game), Some(room)) = (game, session.followed.room.as_ref()) else {
        return;
    };
    let Some(end) = room.end else {
        return;
    };
    if !session.drives(&game)
        || game.game().is_over()
        || game.game().move_count() != room.moves.len()
        || session.followed.handed != room.moves.len()
    {
        return;
    }
    decisions.write(ServerDecision::Ended {
        loser: end.loser(),
        on_time: matches!(end, RoomEnd::Flagged(_)),
    });
}

/// The player's moves go to the server (checked here first, so a refusal
/// shows at once); the board plays them when the server sends them back.
pub(super) fn forward_moves(
    locale: Res<Locale>,
    mut requests: MessageReader<MoveRequested>,
    game: Option<Res<CurrentMatch>>,
    mut session: ResMut<OnlineSession>,
    mut refused: MessageWriter<MoveRefused>,
    mut toasts: MessageWriter<Toast>,
) {
    let Some(game) = game.filter(|g| session.drives(g)) else {
        requests.clear();
        return;
    };
    for request in requests.read().filter(|r| r.by == Requester::Human) {
        let Some(seat) = session.seat() else {
            continue;
        };
        let Some(room) = session.followed.room.clone() else {
            toasts.write(Toast::board(locale.t("online.still_connecting")));
            continue;
        };
        if !room.is_full() {
            toasts.write(Toast::board(locale.t("online.wait_join")));
            continue;
        }
        if game.game().is_over() {
            continue;
        }
        if game.game().to_move() != seat.side || session.followed.handed != room.moves.len() {
            let name = session
                .opponent()
                .unwrap_or(locale.t("online.your_opponent"))
                .to_string();
            toasts.write(Toast::board(
                locale.f("online.wait_move", &[("name", &name)]),
            ));
            continue;
        }
        if let Err(error) = game.game().clone().play(request.mv) {
            refused.write(MoveRefused {
                mv: request.mv,
                refusal: MoveRefusal::Rules(error),
            });
            continue;
        }
        session.followed.sent_move = Some(request.mv);
        session.send(Request::Play {
            mv: request.mv,
            ply: room.moves.len(),
        });
    }
}
