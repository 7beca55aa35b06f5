//! One game on the server: its two seats and the game itself. The server
//! owns it: every move, resignation and undo is checked here by the rules
//! before anything changes, so a client can ask for anything and still never
//! bend the game.

use super::code::{RoomCode, SeatSecret};
use super::protocol::{Refusal, RoomEnd, RoomView, clean_name};
use crate::match_setup::GameKind;
use crate::rules::{BoardMove, Ending, MatchGame, MoveError, Side};
use serde::{Deserialize, Serialize};

/// A connection, as the network layer numbers it.
pub type ClientKey = u64;

/// A player's place in a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub secret: SeatSecret,
    /// The connection sitting here now; `None` while the player is away.
    #[serde(skip)]
    pub client: Option<ClientKey>,
    /// When the player went away (milliseconds on the server's clock).
    #[serde(skip)]
    pub away_since: Option<u64>,
}

/// What became of a room whose player stayed away too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expiry {
    /// Nothing is due yet.
    Wait,
    /// `Side` loses by absence; the room stays for whoever is still there.
    Forfeit(Side),
    /// Nobody is left to play or watch: the room can go.
    Close,
}

/// A game on the server.
#[derive(Clone, Debug)]
pub struct Room {
    code: RoomCode,
    kind: GameKind,
    game: MatchGame,
    seats: [Option<Seat>; 2],
    end: Option<RoomEnd>,
    undo_asked_by: Option<Side>,
}

/// A room as the server's journal keeps it on disk (no connections: after a
/// restart everyone is away until they rejoin).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomRecord {
    pub code: RoomCode,
    pub kind: GameKind,
    pub seats: [Option<Seat>; 2],
    pub moves: Vec<BoardMove>,
    pub end: Option<RoomEnd>,
}

impl Room {
    /// A new room with its host seated on `side`.
    pub fn open(code: RoomCode, kind: GameKind, side: Side, host: Seat) -> Room {
        let mut seats = [None, None];
        seats[side.index()] = Some(host);
        Room {
            code,
            kind,
            game: kind.new_game(),
            seats,
            end: None,
            undo_asked_by: None,
        }
    }

    pub fn code(&self) -> RoomCode {
        self.code
    }

    pub fn kind(&self) -> GameKind {
        self.kind
    }

    pub fn game(&self) -> &MatchGame {
        &self.game
    }

    pub fn seat(&self, side: Side) -> Option<&Seat> {
        self.seats[side.index()].as_ref()
    }

    /// What the two players see.
    pub fn view(&self) -> RoomView {
        RoomView {
            code: self.code,
            kind: self.kind,
            names: self.seats.clone().map(|s| s.map(|s| s.name)),
            present: self
                .seats
                .each_ref()
                .map(|s| s.as_ref().is_some_and(|s| s.client.is_some())),
            moves: self.game.moves(),
            end: self.end,
            undo_asked_by: self.undo_asked_by,
        }
    }

    /// Seats `name` on the free side.
    pub fn join(
        &mut self,
        name: &str,
        secret: SeatSecret,
        client: ClientKey,
    ) -> Result<Side, Refusal> {
        let side = [Side::First, Side::Second]
            .into_iter()
            .find(|s| self.seats[s.index()].is_none())
            .ok_or(Refusal::RoomFull(self.code))?;
        self.seats[side.index()] = Some(Seat {
            name: clean_name(name),
            secret,
            client: Some(client),
            away_since: None,
        });
        Ok(side)
    }

    /// Gives a seat back to the player holding its secret. Returns the side
    /// and the connection it replaces, if one was still there.
    pub fn rejoin(
        &mut self,
        secret: SeatSecret,
        client: ClientKey,
    ) -> Result<(Side, Option<ClientKey>), Refusal> {
        let side = [Side::First, Side::Second]
            .into_iter()
            .find(|s| {
                self.seats[s.index()]
                    .as_ref()
                    .is_some_and(|seat| seat.secret == secret)
            })
            .ok_or(Refusal::WrongSecret)?;
        let seat = self.seats[side.index()]
            .as_mut()
            .ok_or(Refusal::WrongSecret)?;
        let replaced = seat.client.replace(client).filter(|old| *old != client);
        seat.away_since = None;
        Ok((side, replaced))
    }

    /// `side`'s player went away at `now`.
    pub fn leave(&mut self, side: Side, now: u64) {
        if let Some(seat) = self.seats[side.index()].as_mut() {
            seat.client = None;
            seat.away_since = Some(now);
        }
    }

    /// A move by `side`, aimed at the position after `ply` moves.
    pub fn play(&mut self, side: Side, mv: BoardMove, ply: usize) -> Result<(), Refusal> {
        if self.game.is_over() {
            return Err(Refusal::Rules(MoveError::GameOver));
        }
        if ply != self.game.move_count() {
            return Err(Refusal::Stale { ply });
        }
        if self.game.to_move() != side {
            return Err(Refusal::NotYourTurn);
        }
        if self.seats.iter().any(Option::is_none) {
            // Nobody to play against yet.
            return Err(Refusal::NotYourTurn);
        }
        self.game.play(mv).map_err(Refusal::Rules)?;
        // A move answers a pending undo request with "no".
        self.undo_asked_by = None;
        Ok(())
    }

    pub fn resign(&mut self, side: Side) -> Result<(), Refusal> {
        self.game.resign(side).map_err(Refusal::Rules)?;
        self.end = Some(RoomEnd::Resigned(side));
        self.undo_asked_by = None;
        Ok(())
    }

    /// `side` asks to take back its last move.
    pub fn ask_undo(&mut self, side: Side) -> Result<(), Refusal> {
        if self.game.is_over() {
            return Err(Refusal::Rules(MoveError::GameOver));
        }
        let own_moves = (0..self.game.move_count()).any(|ply| Side::of_ply(ply) == side);
        if !own_moves {
            return Err(Refusal::NothingToUndo);
        }
        self.undo_asked_by = Some(side);
        Ok(())
    }

    /// `side` answers the opponent's undo request. On yes, moves go back
    /// until the asker's last move is gone and the asker is to move again;
    /// returns how many went.
    pub fn answer_undo(&mut self, side: Side, accept: bool) -> Result<usize, Refusal> {
        let asker = self
            .undo_asked_by
            .filter(|a| *a != side)
            .ok_or(Refusal::NoUndoAsked)?;
        self.undo_asked_by = None;
        if !accept {
            return Ok(0);
        }
        let mut count = 0;
        while let Some(ply) = self.game.move_count().checked_sub(1) {
            self.game.undo();
            count += 1;
            if Side::of_ply(ply) == asker {
                break;
            }
        }
        Ok(count)
    }

    /// What is due at `now` for players away longer than `grace`.
    pub fn expiry(&self, now: u64, grace: u64) -> Expiry {
        let overdue = |seat: &Option<Seat>| {
            seat.as_ref()
                .is_some_and(|s| s.away_since.is_some_and(|t| now.saturating_sub(t) >= grace))
        };
        let away = |seat: &Option<Seat>| seat.as_ref().is_none_or(|s| s.client.is_none());
        if self.seats.iter().all(away) {
            // Close once every seated player's grace has run out.
            let all_overdue = self
                .seats
                .iter()
                .flatten()
                .all(|s| s.away_since.is_none_or(|t| now.saturating_sub(t) >= grace));
            if !all_overdue {
                return Expiry::Wait;
            }
            return match self.forfeit_candidate() {
                Some(side) => Expiry::Forfeit(side),
                None => Expiry::Close,
            };
        }
        if self.game.is_over() || self.seats.iter().any(Option::is_none) {
            return Expiry::Wait;
        }
        [Side::First, Side::Second]
            .into_iter()
            .find(|s| overdue(&self.seats[s.index()]))
            .map_or(Expiry::Wait, Expiry::Forfeit)
    }

    /// In a game both players left unfinished, the one who left first loses.
    fn forfeit_candidate(&self) -> Option<Side> {
        if self.game.is_over() || self.seats.iter().any(Option::is_none) {
            return None;
        }
        let left = |side: Side| self.seats[side.index()].as_ref().and_then(|s| s.away_since);
        match (left(Side::First), left(Side::Second)) {
            (Some(a), Some(b)) => Some(if a <= b { Side::First } else { Side::Second }),
            _ => None,
        }
    }

    /// `side` loses by absence.
    pub fn forfeit(&mut self, side: Side) {
        if self.game.resign(side).is_ok() {
            self.end = Some(RoomEnd::Forfeited(side));
            self.undo_asked_by = None;
        }
    }

    /// A sentence for the server's log once the game has ended.
    pub fn result_line(&self) -> Option<String> {
        let name = |side: Side| self.kind.side_name(side);
        let moves = self.game.move_count();
        Some(match (self.game.ending()?, self.end) {
            (_, Some(RoomEnd::Forfeited(side))) => {
                format!(
                    "{} wins: {} stayed away ({moves} moves)",
                    name(side.other()),
                    name(side)
                )
            }
            (Ending::Resigned { winner }, _) => {
                format!(
                    "{} wins: {} resigned ({moves} moves)",
                    name(winner),
                    name(winner.other())
                )
            }
            (Ending::Win(winner), _) => format!("{} wins ({moves} moves)", name(winner)),
            (Ending::Draw, _) => format!("draw ({moves} moves)"),
        })
    }

    pub fn record(&self) -> RoomRecord {
        RoomRecord {
            code: self.code,
            kind: self.kind,
            seats: self.seats.clone(),
            moves: self.game.moves(),
            end: self.end,
        }
    }

    /// A room back from the journal, its moves checked again by the rules;
    /// everyone is away (since `now`) until they rejoin.
    pub fn from_record(record: RoomRecord, now: u64) -> Result<Room, String> {
        let view = RoomView {
            code: record.code,
            kind: record.kind,
            names: [None, None],
            present: [false, false],
            moves: record.moves,
            end: record.end,
            undo_asked_by: None,
        };
        let game = view.replay().map_err(|e| e.to_string())?;
        let seats = record.seats.map(|seat| {
            seat.map(|s| Seat {
                client: None,
                away_since: Some(now),
                ..s
            })
        });
        Ok(Room {
            code: record.code,
            kind: record.kind,
            game,
            seats,
            end: record.end,
            undo_asked_by: None,
        })
    }
}
