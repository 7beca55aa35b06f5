//! The lobby's side of a session: its buttons become requests (a seek
//! opened or accepted, a game watched, the player's records asked for), and
//! a finished game the server sends becomes a match to review. What the
//! lobby shows is `menus::lobby`'s.

use super::OnlineRequest;
use super::client::OnlineSession;
use bevy::prelude::*;
use lineup_core::match_setup::{MatchSetup, PlayerKind};
use lineup_core::match_state::{Match, new_id};
use lineup_core::net::Request;
use lineup_core::net::views::FinishedGame;

/// A finished online game as a match to review: its moves replayed by the
/// rules, the players' names, and each move's time; `None` when the rules
/// refuse the server's moves.
pub(super) fn finished_match(finished: &FinishedGame) -> Option<Match> {
    let summary = &finished.summary;
    let game =
        lineup_core::net::protocol::replay(summary.kind, &finished.moves, summary.end).ok()?;
    let setup = MatchSetup {
        clock: summary.clock,
        ..MatchSetup::new(summary.kind, [PlayerKind::Online; 2])
    };
    let names = summary.names.clone().map(Some);
    let mut opened = Match::resumed(setup, game, summary.finished_at, new_id()).with_names(names);
    if let Some(left) = finished.left_ms {
        let view = lineup_core::net::ClockView {
            control: summary.clock,
            left_ms: left,
            running: None,
        };
        opened.set_server_clock(&view, &finished.spent_ms, 0);
    }
    Some(opened)
}

/// The lobby's buttons: a seek opened or accepted, a game watched, the
/// player's records asked for.
pub(super) fn lobby_actions(
    mut requests: MessageReader<OnlineRequest>,
    session: Res<OnlineSession>,
    form: Option<Res<crate::menus::online::OnlineForm>>,
) {
    for request in requests.read() {
        let sent = match *request {
            OnlineRequest::OpenSeek => {
                let Some(form) = form.as_ref() else { continue };
                Request::Seek(lineup_core::net::pairing::SeekSpec {
                    kind: form.kind(),
                    clock: form.clock,
                    rated: true,
                    side: None,
                })
            }
            OnlineRequest::AcceptSeek(id) => Request::Accept(id),
            OnlineRequest::WatchGame(code) => Request::Watch(code),
            OnlineRequest::MyGames => Request::History,
            OnlineRequest::MyPage => match &session.welcome {
                Some((name, _)) => Request::Player(name.clone()),
                None => continue,
            },
            OnlineRequest::OpenGame(id) => Request::Game(id),
            _ => continue,
        };
        info!("Online: lobby asks {sent:?}");
        session.send(sent);
    }
}
