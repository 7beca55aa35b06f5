//! What client and server say to each other, and the room as every seated
//! client sees it. The same types on both ends: the game registers them with
//! the network layer in one place, so their order and shape always agree.

use super::code::{RoomCode, SeatSecret};
use super::identity::{Challenge, LoginSignature, PlayerKey};
use super::names::{is_blank, is_invisible, is_reserved, mixes_scripts};
use super::pairing::{PairingSpec, SeekId, SeekSpec};
use super::rating::ShownRating;
use crate::match_clock::TimeControl;
use crate::match_setup::GameKind;
use crate::rules::{BoardMove, MatchGame, MoveError, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Names are cut to this many characters.
pub const NAME_LIMIT: usize = 20;

/// A client's request to the server. Nothing in it is trusted: the server
/// checks every field against the room and the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Logs in as the holder of `key`, known as `name` (the server answers
    /// with a [`Reply::Challenge`] to sign).
    Hello {
        key: PlayerKey,
        name: String,
    },
    /// The challenge signed with the key of [`Request::Hello`].
    Prove {
        signature: LoginSignature,
    },
    /// Opens a room for a new game; the host sits on `side`.
    Host {
        kind: GameKind,
        side: Side,
        name: String,
        clock: TimeControl,
    },
    /// Takes the free seat of a room, with a secret the joiner chose. Why
    /// the joiner's: a server that stored the join and went down before
    /// its reply took the seat's secret with it; now the same Join sent
    /// again (its reply lost) finds the seat it took and is answered as the
    /// first would have been.
    Join {
        code: RoomCode,
        name: String,
        secret: SeatSecret,
    },
    /// Takes back one's own seat after a dropped connection.
    Rejoin {
        code: RoomCode,
        secret: SeatSecret,
    },
    /// Sends the lobby ([`ToClient::Lobby`](super::wire::ToClient)) now and
    /// whenever it changes, until [`Request::Leave`] or a seat.
    WatchLobby,
    /// Opens a seek (logged in): anyone may accept it.
    Seek(SeekSpec),
    /// Withdraws one's seek, and leaves the pairing queue.
    CancelSeek,
    /// Accepts a seek (logged in): a room opens for both.
    Accept(SeekId),
    /// Waits for any opponent of this game and clock (logged in; rated).
    QuickPair(PairingSpec),
    /// Watches a game in progress (never a player there).
    Watch(RoomCode),
    /// A move, played on the position after `ply` moves (so a move aimed at a
    /// board that has changed meanwhile is refused, never misplaced).
    Play {
        mv: BoardMove,
        ply: usize,
    },
    Resign,
    /// Asks the opponent to take back one's last move (casual games).
    AskUndo,
    /// The opponent's answer to [`Request::AskUndo`].
    AnswerUndo {
        accept: bool,
    },
    /// After the end: asks for another game, colours swapped. When both
    /// have asked, a new room opens for them.
    Rematch,
    /// A line of chat to the room: to the players from a player, to the
    /// watchers from a watcher.
    Chat(String),
    /// Leaves the room, the watched game or the lobby (a seat is kept for
    /// the grace period, as after a dropped connection).
    Leave,
    /// One's own finished games (logged in), newest first.
    History,
    /// One finished game, whole, to review.
    Game(GameId),
    /// A player's page, by display name.
    Player(String),
}

/// The server's answer to one client, sent to it alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reply {
    /// You sit on `side` of room `code`; keep `secret` to come back.
    Seated {
        code: RoomCode,
        side: Side,
        secret: SeatSecret,
    },
    Refused(Refusal),
    /// Room `code` is run by another instance of the server, at `server`:
    /// ask there.
    Elsewhere {
        code: RoomCode,
        server: String,
    },
    /// Sign this to log in.
    Challenge(Challenge),
    /// Logged in as `name`, with these ratings.
    Welcome {
        name: String,
        ratings: [ShownRating; 3],
    },
    /// Your seek is open.
    Seeking(SeekId),
    /// You wait in the pairing queue.
    Queued(PairingSpec),
    /// You watch room `code`.
    Watching(RoomCode),
}

/// Why the server turned a request down. Each reads as a sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    NoSuchRoom(RoomCode),
    RoomFull(RoomCode),
    WrongSecret,
    NotSeated,
    NotYourTurn,
    /// The move was aimed at an older position (`ply` moves) than the room's.
    Stale {
        ply: usize,
    },
    Rules(MoveError),
    NothingToUndo,
    NoUndoAsked,
    TooManyRooms,
    /// Seeks, pairing, history: only for a player logged in.
    NotLoggedIn,
    /// The signature is not the key's: no login.
    BadSignature,
    /// Another player has that display name.
    NameTaken,
    /// A display name must have 2 to 20 letters, digits, spaces, `-`, `_`
    /// or `.`, of one alphabet, and not speak for the server (a guest's
    /// name the last two).
    BadName,
    NoSuchSeek,
    OwnSeek,
    /// No take-backs in a rated game.
    RatedGame,
    /// Rematch before the end.
    NotFinished,
    /// The opponent left: no rematch.
    OpponentGone,
    NoSuchGame,
    NoSuchPlayer,
    /// Chat faster than a line a second (or longer than the limit).
    ChatTooFast,
    /// The time ran out before the move arrived.
    Flagged,
    /// A player of a game cannot watch it.
    YouPlayHere,
    /// The server's system gave no random bytes for a secret (never seen
    /// on a running Linux): nothing was done; ask again.
    NoSecrets,
    /// The login's challenge was not signed in time: say Hello again.
    ChallengeExpired,
    /// Too many logins for one key in a short time.
    TooManyLogins,
    /// Too many records (histories, games, players' pages) asked for, or
    /// room codes that found no room, in a short time; or the server is
    /// busy reading others' records.
    TooManyRequests,
}

impl From<super::secrets::SecretError> for Refusal {
    fn from(_: super::secrets::SecretError) -> Refusal {
        Refusal::NoSecrets
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NoSuchRoom(code) => write!(f, "There is no room {code}"),
            Refusal::RoomFull(code) => write!(f, "Room {code} already has two players"),
            Refusal::WrongSecret => f.write_str("That seat belongs to someone else"),
            Refusal::NotSeated => f.write_str("You are not in a room"),
            Refusal::NotYourTurn => f.write_str("It is not your turn"),
            Refusal::Stale { .. } => f.write_str("The board changed before your move arrived"),
            Refusal::Rules(error) => write!(f, "Refused: {error}"),
            Refusal::NothingToUndo => f.write_str("You have no move to take back"),
            Refusal::NoUndoAsked => f.write_str("Nobody asked to take a move back"),
            Refusal::TooManyRooms => f.write_str("The server is full; try again later"),
            Refusal::NotLoggedIn => f.write_str("Log in first"),
            Refusal::BadSignature => f.write_str("The server could not check your key"),
            Refusal::NameTaken => f.write_str("Another player has that name"),
            Refusal::BadName => f.write_str(
                "A name needs 2 to 20 letters, digits, spaces, dashes, dots or underscores, \
                 of one alphabet, and may not pass for the server's (Admin, Moderator…)",
            ),
            Refusal::NoSuchSeek => f.write_str("That seek is gone"),
            Refusal::OwnSeek => f.write_str("That is your own seek"),
            Refusal::RatedGame => f.write_str("No take-backs in a rated game"),
            Refusal::NotFinished => f.write_str("The game is not over"),
            Refusal::OpponentGone => f.write_str("Your opponent has left"),
            Refusal::NoSuchGame => f.write_str("There is no such game"),
            Refusal::NoSuchPlayer => f.write_str("There is no player of that name"),
            Refusal::ChatTooFast => f.write_str("Too many messages; wait a moment"),
            Refusal::Flagged => f.write_str("Your time ran out"),
            Refusal::YouPlayHere => f.write_str("You play in that game"),
            Refusal::NoSecrets => f.write_str("The server could not make a secret; try again"),
            Refusal::ChallengeExpired => f.write_str("The login took too long; try again"),
            Refusal::TooManyLogins => f.write_str("Too many logins; wait a minute"),
            Refusal::TooManyRequests => f.write_str("Too many requests; wait a moment"),
        }
    }
}

/// What a player keeps of an online game to take their seat back later
/// (after a crash, from Continue): where, which room, and the secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineSeat {
    /// The server's address as typed; `None` when this computer hosted.
    pub server: Option<String>,
    pub code: RoomCode,
    pub secret: SeatSecret,
}

/// How a room's game ended other than on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoomEnd {
    /// `Side` gave up.
    Resigned(Side),
    /// `Side` stayed away past the grace period and lost.
    Forfeited(Side),
    /// `Side`'s time ran out (by the server's clock).
    Flagged(Side),
}

impl RoomEnd {
    /// The side that lost this way.
    pub fn loser(self) -> Side {
        match self {
            RoomEnd::Resigned(side) | RoomEnd::Forfeited(side) | RoomEnd::Flagged(side) => side,
        }
    }
}

/// The room as its players see it: replicated from the server to the two
/// clients seated there, and to nobody else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomView {
    pub code: RoomCode,
    pub kind: GameKind,
    /// Each seat's player's name, once someone sits there.
    pub names: [Option<String>; 2],
    /// Whether each seat's player is connected now.
    pub present: [bool; 2],
    /// Every move, oldest first: the whole game.
    pub moves: Vec<BoardMove>,
    pub end: Option<RoomEnd>,
    /// The side waiting for an answer to its undo request.
    pub undo_asked_by: Option<Side>,
    /// The clocks as the server's own clock had them when this view was
    /// made (`None`: untimed).
    pub clock: Option<ClockView>,
    /// The time each move took, by the server's clock.
    pub spent_ms: Vec<u64>,
    /// Whether the game counts for the ratings.
    pub rated: bool,
    /// Each seat's rating in the game's pool (logged-in players).
    pub ratings: [Option<ShownRating>; 2],
    /// What the result did to each seat's rating.
    pub rating_change: Option<[i16; 2]>,
    /// How many people watch.
    pub watchers: u32,
    /// The side that asked for a rematch; once both have, `rematch_room`.
    pub rematch_asked_by: Option<Side>,
    /// The room the rematch is played in (watchers may follow).
    pub rematch_room: Option<RoomCode>,
    /// Which finished game this is in the players' histories.
    pub game_id: GameId,
}

/// The clocks of a timed room as a client shows them: `left_ms` as of the
/// moment the view was made, and the side whose clock runs on from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    pub control: TimeControl,
    pub left_ms: [u64; 2],
    pub running: Option<Side>,
}

/// A finished game's name in the server's records.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct GameId(pub u64);

/// Why a replicated history cannot be the game's: a client refuses it
/// rather than show a board the rules could not reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryError {
    Move { ply: usize, error: MoveError },
    End(MoveError),
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::Move { ply, error } => {
                write!(
                    f,
                    "move {} of the server's game is illegal: {error}",
                    ply + 1
                )
            }
            HistoryError::End(error) => write!(f, "the server's result is impossible: {error}"),
        }
    }
}

impl RoomView {
    /// The game these moves make, checked by the rules move by move.
    pub fn replay(&self) -> Result<MatchGame, HistoryError> {
        replay(self.kind, &self.moves, self.end)
    }

    /// Whether both seats are taken.
    pub fn is_full(&self) -> bool {
        self.names.iter().all(Option::is_some)
    }
}

/// The game `moves` and `end` make from the start of `kind`, checked by
/// the rules move by move: a room's view, a stored record, a finished game
/// sent for review.
pub fn replay(
    kind: GameKind,
    moves: &[BoardMove],
    end: Option<RoomEnd>,
) -> Result<MatchGame, HistoryError> {
    let mut game = kind.new_game();
    for (ply, mv) in moves.iter().enumerate() {
        game.play(*mv)
            .map_err(|error| HistoryError::Move { ply, error })?;
    }
    if let Some(end) = end {
        game.resign(end.loser()).map_err(HistoryError::End)?;
    }
    Ok(game)
}

/// A name as the server keeps it: trimmed, control characters dropped, at
/// most [`NAME_LIMIT`] characters, "Player" when nothing is left.
pub fn clean_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control() && !is_invisible(*c))
        .collect::<String>()
        .trim()
        .chars()
        .take(NAME_LIMIT)
        .collect();
    if cleaned.trim().is_empty() {
        GUEST_NAME.to_string()
    } else {
        cleaned.trim_end().to_string()
    }
}

/// The name a guest (a player who did not log in) plays under: cleaned as
/// [`clean_name`], and refused (`BadName`) when its letters mix scripts or
/// it speaks for the server, as a logged-in player's would be; "Player",
/// what an empty name becomes, is every guest's to use. That it is not a
/// logged-in player's name the lobby checks, which knows them.
pub fn guest_name(name: &str) -> Result<String, Refusal> {
    let cleaned = clean_name(name);
    if cleaned != GUEST_NAME && (mixes_scripts(&cleaned) || is_reserved(&cleaned)) {
        return Err(Refusal::BadName);
    }
    Ok(cleaned)
}

/// What a name with nothing visible in it becomes.
pub const GUEST_NAME: &str = "Player";

/// A display name for the lobby and the ratings: cleaned as
/// [`clean_name`], then 2 to [`NAME_LIMIT`] letters, digits, spaces, `-`,
/// `_` or `.`, so two names that look alike to a person are rare and none
/// hides a control character; the letters of one script (no Cyrillic А
/// among Latin letters), and no name kept for the server
/// ([`super::names`]).
pub fn display_name(name: &str) -> Result<String, Refusal> {
    let cleaned = clean_name(name);
    let fits = cleaned.chars().count() >= 2
        && cleaned
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'))
        && !mixes_scripts(&cleaned)
        && !is_reserved(&cleaned);
    if fits && !is_blank(name) {
        Ok(cleaned)
    } else {
        Err(Refusal::BadName)
    }
}
