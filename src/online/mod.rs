//! Online play in the window, over `lineup-online`'s WebSocket client. The
//! server owns every game: the plain `lineup_core::net::Lobby` decides, on
//! `lineup-server` or on the server a hosting window runs, and this layer
//! only carries its decisions to the board.
//!
//! - `client`: the window's online match: requests up, the room down into
//!   the board's usual move flow; hosting a game;
//! - `status`: the connection and the opponent, under the board, with the
//!   chat's last line;
//! - `lobby`: the lobby's requests, and a finished game opened in review;
//! - `identity`: Settings' backup and restore of the player's key;
//! - `chat`: the game's chat dialog (players to players, watchers to
//!   watchers), and the mute.

pub mod chat;
pub mod client;
pub mod identity;
pub mod lobby;
pub mod status;

use crate::theme::interaction::{self, ButtonMessage};
use bevy::prelude::*;

/// Online play in the window: hosting (a server on a thread of its own)
/// and joining.
pub fn plugin(app: &mut App) {
    interaction::sends::<OnlineRequest>(app);
    app.add_message::<ConnectionNews>().add_plugins((
        client::plugin,
        status::plugin,
        chat::plugin,
        identity::plugin,
    ));
}

/// Play online's buttons, and the answers to the opponent's undo request.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineRequest {
    /// Host a game on this computer (a friend joins with its address).
    HostHere,
    /// Open a room on the Lineup server at the address given.
    HostOnServer,
    /// Join the room whose code is given, at the address given.
    Join,
    /// Type into field `.0` of the form.
    EditField(u8),
    /// The next game a room can be opened for.
    CycleGame,
    /// The next time control.
    CycleClock,
    /// Wait on the server for any opponent of this game and clock.
    QuickPair,
    /// Watch the game in the room whose code is given.
    Watch,
    /// After an online game: another, colours swapped.
    Rematch,
    /// Open the lobby of the server at the address given (logged in).
    Lobby,
    /// Offer a game of the dialog's kind and clock to anyone in the lobby.
    OpenSeek,
    AcceptSeek(lineup_core::net::pairing::SeekId),
    WatchGame(lineup_core::net::RoomCode),
    /// The lobby's tabs: the lists, one's finished games, one's page.
    LobbyLists,
    MyGames,
    MyPage,
    /// Open one's finished game in review.
    OpenGame(lineup_core::net::GameId),
    /// The game's chat: open it, send the line typed, hide or show the
    /// others' lines.
    OpenChat,
    SendChat,
    ToggleMute,
    AllowUndo,
    RefuseUndo,
    /// Stop connecting, or stop hosting while no friend has come.
    Cancel,
    /// Close the dialog's note of a failed connection.
    Dismiss,
}

/// What became of a connection the player asked for, for the Play online
/// dialog (which keeps it on show until dismissed).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ConnectionNews {
    /// Nothing answered at `server` in the time allowed.
    Unreachable { server: std::net::SocketAddr },
    /// The server answered, and said no.
    Refused(lineup_core::net::Refusal),
    /// The server put the player in its pairing queue.
    Queued,
}

impl ButtonMessage for OnlineRequest {}
