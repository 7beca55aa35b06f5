//! What the server shows beyond one room: the lobby (open seeks, games in
//! progress), chat lines, a player's finished games and page. Sent down as
//! [`super::wire::ToClient`] messages; all whole numbers, no floats on the
//! wire.

use super::code::RoomCode;
use super::names::is_invisible;
use super::pairing::{SeekId, SeekSpec};
use super::protocol::{GameId, RoomEnd};
use super::rating::{RatingPool, ShownRating};
use crate::match_clock::TimeControl;
use crate::match_setup::GameKind;
use crate::rules::{BoardMove, Side};
use serde::{Deserialize, Serialize};

/// The most seeks and games a lobby message lists (a frame stays small).
pub const LOBBY_LIMIT: usize = 60;

/// The lobby as a client shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyView {
    /// Open seeks, oldest first.
    pub seeks: Vec<SeekView>,
    /// Games being played, most watched first.
    pub games: Vec<GameListing>,
    /// Players in the pairing queue, all games together.
    pub queued: u32,
    /// Players online (logged in).
    pub online: u32,
}

/// One open seek.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekView {
    pub id: SeekId,
    pub name: String,
    pub rating: Option<ShownRating>,
    pub spec: SeekSpec,
}

/// One game in progress, to watch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameListing {
    pub code: RoomCode,
    pub kind: GameKind,
    pub names: [String; 2],
    pub ratings: [Option<ShownRating>; 2],
    pub clock: TimeControl,
    pub rated: bool,
    pub moves: u32,
    pub watchers: u32,
}

/// Who may read a chat line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    Players,
    Watchers,
}

/// A line of chat in a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub code: RoomCode,
    pub audience: Audience,
    /// The writer's name, and their side when a player wrote it.
    pub from: String,
    pub side: Option<Side>,
    pub text: String,
}

/// The longest chat line, in characters.
pub const CHAT_LIMIT: usize = 140;

/// A chat line as the server passes it on: control characters made spaces,
/// invisible ones (bidi overrides, zero-width spaces: [`is_invisible`])
/// left out, trimmed, at most [`CHAT_LIMIT`] characters; `None` when
/// nothing is left.
pub fn clean_chat(text: &str) -> Option<String> {
    let cleaned: String = text
        .chars()
        .filter(|c| !is_invisible(*c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .chars()
        .take(CHAT_LIMIT)
        .collect();
    (!cleaned.trim().is_empty()).then(|| cleaned.trim_end().to_string())
}

/// One finished game in a player's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: GameId,
    pub kind: GameKind,
    pub names: [String; 2],
    /// How it ended: `None` a draw.
    pub winner: Option<Side>,
    pub end: Option<RoomEnd>,
    pub clock: TimeControl,
    pub rated: bool,
    pub moves: u32,
    /// Seconds since 1970 when it ended.
    pub finished_at: u64,
}

/// A finished game, whole, for review: its moves and each move's time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub summary: GameSummary,
    pub moves: Vec<BoardMove>,
    pub spent_ms: Vec<u64>,
    /// Each side's time left at the end (timed games).
    pub left_ms: Option<[u64; 2]>,
    pub ratings: [Option<ShownRating>; 2],
    pub rating_change: Option<[i16; 2]>,
}

/// A point of a player's rating history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingPoint {
    pub pool: RatingPool,
    /// Seconds since 1970.
    pub at: u64,
    pub rating: u16,
}

/// A player's page: ratings, their history, the last games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPage {
    pub name: String,
    pub ratings: [ShownRating; 3],
    pub games_played: [u32; 3],
    /// Oldest first, at most [`RATING_POINTS`].
    pub history: Vec<RatingPoint>,
    pub last_games: Vec<GameSummary>,
    /// Seconds since 1970 of the first login.
    pub since: u64,
}

/// The most rating points a page carries (a small plot).
pub const RATING_POINTS: usize = 200;
/// The most games a history or a page lists.
pub const HISTORY_LIMIT: usize = 30;
