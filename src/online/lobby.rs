//! The lobby's side of a session: what the server sent for it (the
//! lobby, the player's finished games and page), its buttons as requests
//! (a seek accepted, a game watched, the player's records asked for), and
//! a finished game the server sends, as a match to review. What the lobby
//! shows is `menus::lobby`'s.

use super::link::SessionNews;
use super::session::OnlineSession;
use crate::locale::Locale;
use crate::theme::interaction::ButtonMessage;
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_client::session::ClientEffect;
use lineup_core::match_setup::{MatchSetup, PlayerKind};
use lineup_core::match_state::{Match, new_id};
use lineup_core::net::pairing::{SeekId, SeekSpec};
use lineup_core::net::views::{FinishedGame, GameSummary, LobbyView, PlayerPage};
use lineup_core::net::wire::ToClient;
use lineup_core::net::{GameId, Request, RoomCode};

/// The lobby's buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyRequest {
    /// Offer a game of the dialog's kind and clock to anyone in the lobby.
    OpenSeek,
    AcceptSeek(SeekId),
    WatchGame(RoomCode),
    /// The lobby's tabs: the lists, one's finished games, one's page.
    LobbyLists,
    MyGames,
    MyPage,
    /// Open one's finished game in review.
    OpenGame(GameId),
}

impl ButtonMessage for LobbyRequest {}

/// A finished game the server sent, ready to review (`menus::lobby`
/// opens it).
#[derive(Message, Clone, Debug)]
pub struct FinishedToReview(pub Match);

/// What the server sent for the lobby, as it last came.
#[derive(Debug, Default)]
pub struct LobbyNews {
    pub lobby: Option<LobbyView>,
    /// The player's finished games, when asked for.
    pub history: Option<Vec<GameSummary>>,
    /// The player's page, when asked for.
    pub page: Option<PlayerPage>,
    /// Counts what came, so a screen redraws only when something did.
    count: u64,
}

impl LobbyNews {
    /// Changes with every piece of news that came.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Keeps what the server sent for the lobby (nothing else).
    pub(super) fn keep(&mut self, message: &ToClient) {
        match message {
            ToClient::Lobby(lobby) => self.lobby = Some(lobby.clone()),
            ToClient::History(history) => {
                info!("Online: {} finished games in the history", history.len());
                self.history = Some(history.clone());
            }
            ToClient::Player(page) => {
                info!(
                    "Online: the page of {}: {} rating points, {} games",
                    page.name,
                    page.history.len(),
                    page.last_games.len()
                );
                self.page = Some(page.clone());
            }
            _ => return,
        }
        self.count += 1;
    }
}

impl OnlineSession {
    /// Offers a game to anyone in the lobby.
    pub fn open_seek(&self, spec: SeekSpec) {
        let request = Request::Seek(spec);
        info!("Online: lobby asks {request:?}");
        self.send(request);
    }
}

/// A finished online game as a match to review: its moves replayed by the
/// rules, the players' names, and each move's time; `None` when the rules
/// refuse the server's moves.
fn finished_match(finished: &FinishedGame) -> Option<Match> {
    let summary = &finished.summary;
    let game =
        lineup_core::net::protocol::replay(summary.kind, &finished.moves, summary.end).ok()?;
    let mut setup = MatchSetup::new(summary.kind, [PlayerKind::Online; 2]);
    setup.clock = summary.clock;
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

/// The lobby's buttons that ask the server: a seek accepted, a game
/// watched, the player's records asked for.
pub(super) fn lobby_actions(
    mut requests: MessageReader<LobbyRequest>,
    session: Res<OnlineSession>,
) {
    for request in requests.read() {
        let sent = match *request {
            LobbyRequest::AcceptSeek(id) => Request::Accept(id),
            LobbyRequest::WatchGame(code) => Request::Watch(code),
            LobbyRequest::MyGames => Request::History,
            LobbyRequest::MyPage => match session.client().welcome() {
                Some(welcome) => Request::Player(welcome.name.clone()),
                None => continue,
            },
            LobbyRequest::OpenGame(id) => Request::Game(id),
            // The lobby's own (`menus::lobby`).
            LobbyRequest::OpenSeek | LobbyRequest::LobbyLists => continue,
        };
        info!("Online: lobby asks {sent:?}");
        session.send(sent);
    }
}

/// A finished game the server sent goes to review.
pub(super) fn open_finished(
    locale: Res<Locale>,
    mut news: MessageReader<SessionNews>,
    mut finished: MessageWriter<FinishedToReview>,
    mut toasts: MessageWriter<Toast>,
) {
    for SessionNews(effect) in news.read() {
        let ClientEffect::Show(ToClient::Finished(game)) = effect else {
            continue;
        };
        info!(
            "Online: game {} opened in review ({} moves)",
            game.summary.id.0,
            game.moves.len()
        );
        match finished_match(game) {
            Some(game) => {
                finished.write(FinishedToReview(game));
            }
            None => {
                toasts.write(Toast::window(locale.t("lobby.unreadable").to_string()));
            }
        }
    }
}
