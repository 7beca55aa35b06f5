//! The session's link to the connection: what the connection brought and
//! the time go into the client's session each frame, and its effects come
//! out. Sending and connecting are done here; every other effect goes out
//! as a [`SessionNews`] message, read by the system that has the job.

use super::ConnectionNews;
use super::session::{OnlineSession, now_ms, stop};
use crate::current_match::{CurrentMatch, MoveRefusal, MoveRefused, StartMatch};
use crate::locale::Locale;
use crate::states::{Menu, Screen};
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_client::connection::Connection;
use lineup_client::session::{ClientEffect, SessionEnd};
use lineup_core::match_state::Match;
use lineup_core::net::Refusal;
use lineup_core::net::wire::ToClient;

/// An effect of the client's session for the window to carry out.
#[derive(Message, Clone, Debug)]
pub struct SessionNews(pub ClientEffect);

/// Polls the connection and the clock into the session.
pub(super) fn take_updates(
    time: Res<Time<Real>>,
    mut session: ResMut<OnlineSession>,
    mut news: MessageWriter<SessionNews>,
) {
    let now = now_ms(&time);
    let updates = session
        .connection
        .as_ref()
        .map(Connection::poll)
        .unwrap_or_default();
    let mut effects = Vec::new();
    for update in updates {
        if let lineup_client::connection::Update::Failed(why)
        | lineup_client::connection::Update::Lost(why) = &update
        {
            info!("Online: connection ended: {why}");
        }
        effects.extend(session.client.on_update(update, now));
        if session.client.is_over() {
            // Nothing after the end is heard.
            break;
        }
    }
    effects.extend(session.client.on_tick(now));
    carry_out(&mut session, effects, &mut |effect| {
        news.write(SessionNews(effect));
    });
}

/// Sends and connects as the session asks; hands everything else to
/// `others`.
pub(super) fn carry_out(
    session: &mut OnlineSession,
    effects: Vec<ClientEffect>,
    others: &mut dyn FnMut(ClientEffect),
) {
    for effect in effects {
        match effect {
            ClientEffect::Send(request) => session.send(request),
            ClientEffect::Connect(target) => {
                info!("Online: connecting to {target}");
                session.connect(target);
            }
            other => others(other),
        }
    }
}

/// Where the server put the player, in the log (the window tests wait for
/// these lines), and a rematch's new board.
pub(super) fn follow_the_place(
    mut news: MessageReader<SessionNews>,
    mut session: ResMut<OnlineSession>,
    mut dialog: MessageWriter<ConnectionNews>,
) {
    for SessionNews(effect) in news.read() {
        match effect {
            ClientEffect::Welcomed(welcome) => info!(
                "Online: logged in as {} ({})",
                welcome.name,
                welcome.ratings.map(|r| r.to_string()).join(" / ")
            ),
            ClientEffect::Queued(spec) => {
                info!("Online: waiting for an opponent ({})", spec.clock);
                dialog.write(ConnectionNews::Queued);
            }
            ClientEffect::Watching(code) => info!("Online: watching room {code}"),
            ClientEffect::Seated { seat, rematch } => {
                info!("Online: seated in room {} as {:?}", seat.code, seat.side);
                if *rematch {
                    // A new game, on a new board.
                    session.followed = Default::default();
                }
            }
            _ => {}
        }
    }
}

/// What the server sent for the screens: the lobby, a history, a page,
/// a chat line.
pub(super) fn keep_news(mut news: MessageReader<SessionNews>, mut session: ResMut<OnlineSession>) {
    for SessionNews(effect) in news.read() {
        let ClientEffect::Show(message) = effect else {
            continue;
        };
        match message {
            ToClient::Chat(line) => {
                info!("Online: chat from {}: {}", line.from, line.text);
                session.chat.push(line.clone());
            }
            other => session.lobby.keep(other),
        }
    }
}

/// A refusal with the session going on: a move refused by the rules shows
/// on the board, anything else is said.
pub(super) fn show_refusals(
    locale: Res<Locale>,
    mut news: MessageReader<SessionNews>,
    mut session: ResMut<OnlineSession>,
    mut refused: MessageWriter<MoveRefused>,
    mut toasts: MessageWriter<Toast>,
) {
    for SessionNews(effect) in news.read() {
        let ClientEffect::Refused(refusal) = effect else {
            continue;
        };
        info!("Online: refused: {refusal}");
        let said = locale.f("online.refused", &[("reason", refusal)]);
        if session.client.in_lobby() {
            // In the lobby (a seek gone, one's own seek): the lobby stays.
            toasts.write(Toast::window(said));
            continue;
        }
        match (session.followed.sent_move.take(), refusal) {
            (Some(mv), Refusal::Rules(error)) => {
                refused.write(MoveRefused {
                    mv,
                    refusal: MoveRefusal::Rules(*error),
                });
            }
            _ => {
                toasts.write(Toast::board(said));
            }
        }
    }
}

/// The session ended on its own (nothing answered, or the server refused
/// with nothing to stay in): said where the player is. A saved seat whose
/// room is gone leaves its game to be played on here.
pub(super) fn end_the_session(
    locale: Res<Locale>,
    mut commands: Commands,
    mut news: MessageReader<SessionNews>,
    screen: Res<State<Screen>>,
    menu: Res<State<Menu>>,
    mut next_menu: ResMut<NextState<Menu>>,
    game: Option<Res<CurrentMatch>>,
    mut starts: MessageWriter<StartMatch>,
    mut toasts: MessageWriter<Toast>,
    mut dialog: MessageWriter<ConnectionNews>,
) {
    for SessionNews(effect) in news.read() {
        let ClientEffect::Ended(end) = effect else {
            continue;
        };
        commands.queue(stop);
        let in_game = *screen.get() == Screen::Game;
        let (said, told) = match end {
            SessionEnd::Unreachable { server } => {
                info!("Online: nothing answered at {server}");
                (
                    locale.f("online.unreachable", &[("server", server)]),
                    ConnectionNews::Unreachable { server: *server },
                )
            }
            SessionEnd::Refused { refusal, rejoining } => {
                info!("Online: refused: {refusal}");
                if *rejoining && in_game {
                    // The room is gone: the game goes on here, both sides
                    // played on this computer.
                    toasts.write(Toast::window(
                        locale.f("online.room_gone", &[("reason", refusal)]),
                    ));
                    if let Some(game) = &game {
                        starts.write(StartMatch(Match::clone(game).played_here()));
                    }
                    continue;
                }
                (
                    locale.f("online.refused", &[("reason", refusal)]),
                    ConnectionNews::Refused(*refusal),
                )
            }
        };
        if in_game {
            toasts.write(Toast::window(said));
        } else {
            // Said in the dialog, which stays open with it (not entered
            // again: that rebuilt the dialog).
            dialog.write(told);
            if *menu.get() != Menu::Online {
                next_menu.set(Menu::Online);
            }
        }
    }
}
