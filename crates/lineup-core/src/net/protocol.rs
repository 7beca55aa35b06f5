//! What client and server say to each other, and the room as every seated
//! client sees it. The same types on both ends: the game registers them with
//! the network layer in one place, so their order and shape always agree.

use super::code::{RoomCode, SeatSecret};
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
    /// Opens a room for a new game; the host sits on `side`.
    Host {
        kind: GameKind,
        side: Side,
        name: String,
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
    /// A move, played on the position after `ply` moves (so a move aimed at a
    /// board that has changed meanwhile is refused, never misplaced).
    Play {
        mv: BoardMove,
        ply: usize,
    },
    Resign,
    /// Asks the opponent to take back one's last move.
    AskUndo,
    /// The opponent's answer to [`Request::AskUndo`].
    AnswerUndo {
        accept: bool,
    },
    /// Leaves the room (the seat is kept for the grace period, as after a
    /// dropped connection).
    Leave,
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
}

impl RoomEnd {
    /// The side that lost this way.
    pub fn loser(self) -> Side {
        match self {
            RoomEnd::Resigned(side) | RoomEnd::Forfeited(side) => side,
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
}

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
        let mut game = self.kind.new_game();
        for (ply, mv) in self.moves.iter().enumerate() {
            game.play(*mv)
                .map_err(|error| HistoryError::Move { ply, error })?;
        }
        if let Some(end) = self.end {
            game.resign(end.loser()).map_err(HistoryError::End)?;
        }
        Ok(game)
    }

    /// Whether both seats are taken.
    pub fn is_full(&self) -> bool {
        self.names.iter().all(Option::is_some)
    }
}

/// A name as the server keeps it: trimmed, control characters dropped, at
/// most [`NAME_LIMIT`] characters, "Player" when nothing is left.
pub fn clean_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(NAME_LIMIT)
        .collect();
    if cleaned.trim().is_empty() {
        "Player".to_string()
    } else {
        cleaned.trim_end().to_string()
    }
}
