//! One game on the server: its two seats, the game itself and its clocks.
//! The server owns it: every move, resignation and undo is checked here by
//! the rules, and every move's time by the server's own clock, before
//! anything changes, so a client can ask for anything (or lie about the
//! time) and still never bend the game.

use super::code::{RoomCode, SeatSecret};
use super::identity::PlayerKey;
use super::protocol::{ClockView, GameId, Refusal, RoomEnd, RoomView, clean_name};
use super::rating::ShownRating;
use super::views::{FinishedGame, GameSummary};
use crate::match_clock::{GameClock, TimeControl};
use crate::match_setup::GameKind;
use crate::rules::{BoardMove, Ending, MatchGame, MoveError, Side};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A connection, as the network layer numbers it.
pub type ClientKey = u64;

/// A player's place in a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    pub secret: SeatSecret,
    /// The player's key, when they logged in (rated games, histories).
    #[serde(default)]
    pub key: Option<PlayerKey>,
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
    /// `Side`'s time has run out by the server's clock.
    Flag(Side),
    /// `Side` loses by absence; the room stays for whoever is still there.
    Forfeit(Side),
    /// Nobody is left to play or watch: the room can go.
    Close,
}

/// How a room is played: for the ratings or not, and its clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    pub clock: TimeControl,
    pub rated: bool,
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
    game_id: GameId,
    rated: bool,
    /// The clocks, on the server's steady clock (`None`: untimed).
    clock: Option<GameClock>,
    /// Each seat's rating as the game began.
    ratings: [Option<ShownRating>; 2],
    /// What the result did to the ratings, once applied (never twice).
    rating_change: Option<[i16; 2]>,
    /// Connections watching (never a player).
    watchers: BTreeSet<ClientKey>,
    rematch_asked_by: Option<Side>,
    rematch_room: Option<RoomCode>,
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
    #[serde(default)]
    pub game_id: GameId,
    #[serde(default)]
    pub rated: bool,
    /// The clocks as they stood at the last change (a restarted server
    /// resumes them paused).
    #[serde(default)]
    pub clock: Option<GameClock>,
    #[serde(default)]
    pub ratings: [Option<ShownRating>; 2],
    #[serde(default)]
    pub rating_change: Option<[i16; 2]>,
}

impl RoomRecord {
    /// The game's key players, where they logged in.
    pub fn keys(&self) -> [Option<PlayerKey>; 2] {
        self.seats
            .each_ref()
            .map(|s| s.as_ref().and_then(|seat| seat.key))
    }

    /// Whether the game has ended.
    pub fn is_finished(&self) -> bool {
        self.replayed_checked().ok().is_some_and(|g| g.is_over())
    }

    /// The line of a player's history, ended at `finished_at`.
    pub fn summary(&self, finished_at: u64) -> GameSummary {
        let winner = self.replayed_checked().ok().and_then(|g| match g.ending() {
            Some(Ending::Win(side)) => Some(side),
            Some(Ending::Resigned { winner }) => Some(winner),
            _ => None,
        });
        GameSummary {
            id: self.game_id,
            kind: self.kind,
            names: self
                .seats
                .each_ref()
                .map(|s| s.as_ref().map_or_else(String::new, |s| s.name.clone())),
            winner,
            end: self.end,
            clock: self
                .clock
                .as_ref()
                .map_or(TimeControl::Untimed, GameClock::control),
            rated: self.rated,
            moves: self.moves.len() as u32,
            finished_at,
        }
    }

    /// The whole game, to review.
    pub fn finished_game(&self, finished_at: u64) -> FinishedGame {
        FinishedGame {
            summary: self.summary(finished_at),
            moves: self.moves.clone(),
            spent_ms: self
                .clock
                .as_ref()
                .map(|c| c.spent_ms().to_vec())
                .unwrap_or_default(),
            left_ms: self.clock.as_ref().map(|c| c.both_left_ms(0)),
            ratings: self.ratings,
            rating_change: self.rating_change,
        }
    }
}

impl Room {
    /// A new room with its host seated on `side`.
    pub fn open(
        code: RoomCode,
        kind: GameKind,
        side: Side,
        host: Seat,
        game_id: GameId,
        terms: Terms,
    ) -> Room {
        let mut seats = [None, None];
        seats[side.index()] = Some(host);
        Room {
            code,
            kind,
            game: kind.new_game(),
            seats,
            end: None,
            undo_asked_by: None,
            game_id,
            rated: terms.rated,
            clock: GameClock::new(terms.clock),
            ratings: [None, None],
            rating_change: None,
            watchers: BTreeSet::new(),
            rematch_asked_by: None,
            rematch_room: None,
        }
    }

    pub fn game_id(&self) -> GameId {
        self.game_id
    }

    pub fn is_rated(&self) -> bool {
        self.rated
    }

    pub fn terms(&self) -> Terms {
        Terms {
            clock: self
                .clock
                .as_ref()
                .map_or(TimeControl::Untimed, GameClock::control),
            rated: self.rated,
        }
    }

    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// Each seat's rating as the game began.
    pub fn set_ratings(&mut self, ratings: [Option<ShownRating>; 2]) {
        self.ratings = ratings;
    }

    pub fn ratings(&self) -> [Option<ShownRating>; 2] {
        self.ratings
    }

    pub fn rating_change(&self) -> Option<[i16; 2]> {
        self.rating_change
    }

    /// Marks the result as applied to the ratings, with what it did.
    pub fn set_rating_change(&mut self, change: [i16; 2]) {
        self.rating_change = Some(change);
    }

    /// The keys of the players seated, where they logged in.
    pub fn keys(&self) -> [Option<PlayerKey>; 2] {
        self.seats
            .each_ref()
            .map(|s| s.as_ref().and_then(|seat| seat.key))
    }

    pub fn watchers(&self) -> &BTreeSet<ClientKey> {
        &self.watchers
    }

    pub fn watch(&mut self, client: ClientKey) {
        self.watchers.insert(client);
    }

    pub fn unwatch(&mut self, client: ClientKey) {
        self.watchers.remove(&client);
    }

    /// The side whose player is connected as `client`.
    pub fn side_of(&self, client: ClientKey) -> Option<Side> {
        [Side::First, Side::Second].into_iter().find(|s| {
            self.seats[s.index()]
                .as_ref()
                .is_some_and(|seat| seat.client == Some(client))
        })
    }

    /// Whether the game has begun and both players are here, and so a
    /// paused clock may run again.
    fn resume_clock(&mut self, now: u64) {
        let both_here = self
            .seats
            .iter()
            .all(|s| s.as_ref().is_some_and(|s| s.client.is_some()));
        if let Some(clock) = &mut self.clock
            && both_here
            && !self.game.is_over()
            && self.game.move_count() > 0
        {
            clock.start(now);
        }
    }

    /// Stops the clocks for good (the game is over).
    fn stop_clock(&mut self, now: u64) {
        if let Some(clock) = &mut self.clock {
            clock.pause(now);
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

    /// What the players and watchers see at `now`.
    pub fn view(&self, now: u64) -> RoomView {
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
            clock: self.clock.as_ref().map(|clock| ClockView {
                control: clock.control(),
                left_ms: clock.both_left_ms(now),
                running: clock.running(),
            }),
            spent_ms: self
                .clock
                .as_ref()
                .map(|c| c.spent_ms().to_vec())
                .unwrap_or_default(),
            rated: self.rated,
            ratings: self.ratings,
            rating_change: self.rating_change,
            watchers: self.watchers.len() as u32,
            rematch_asked_by: self.rematch_asked_by,
            rematch_room: self.rematch_room,
            game_id: self.game_id,
        }
    }

    /// Seats `name` on the free side.
    pub fn join(
        &mut self,
        name: &str,
        key: Option<PlayerKey>,
        secret: SeatSecret,
        client: ClientKey,
        now: u64,
    ) -> Result<Side, Refusal> {
        let side = [Side::First, Side::Second]
            .into_iter()
            .find(|s| self.seats[s.index()].is_none())
            .ok_or(Refusal::RoomFull(self.code))?;
        self.seats[side.index()] = Some(Seat {
            name: clean_name(name),
            secret,
            key,
            client: Some(client),
            away_since: None,
        });
        self.watchers.remove(&client);
        self.resume_clock(now);
        Ok(side)
    }

    /// Gives a seat back to the player holding its secret. Returns the side
    /// and the connection it replaces, if one was still there.
    pub fn rejoin(
        &mut self,
        secret: SeatSecret,
        client: ClientKey,
        now: u64,
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
        self.watchers.remove(&client);
        self.resume_clock(now);
        Ok((side, replaced))
    }

    /// `side`'s player went away at `now`.
    pub fn leave(&mut self, side: Side, now: u64) {
        if let Some(seat) = self.seats[side.index()].as_mut() {
            seat.client = None;
            seat.away_since = Some(now);
        }
    }

    /// A move by `side` at `now`, aimed at the position after `ply` moves.
    /// A move that comes after the side's time ran out ends the game on
    /// time instead ([`Refusal::Flagged`]).
    pub fn play(&mut self, side: Side, mv: BoardMove, ply: usize, now: u64) -> Result<(), Refusal> {
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
        // The rules first (a refused move costs no time), on a copy so the
        // clock may still refuse it.
        let mut after = self.game.clone();
        after.play(mv).map_err(Refusal::Rules)?;
        if let Some(clock) = &mut self.clock
            && clock.press(side, now).is_err()
        {
            if clock.flagged() == Some(side) {
                self.flag_fall(side, now);
                return Err(Refusal::Flagged);
            }
            return Err(Refusal::NotYourTurn);
        }
        self.game = after;
        // A move answers a pending undo request with "no".
        self.undo_asked_by = None;
        if self.game.is_over() {
            self.stop_clock(now);
        }
        Ok(())
    }

    pub fn resign(&mut self, side: Side, now: u64) -> Result<(), Refusal> {
        self.game.resign(side).map_err(Refusal::Rules)?;
        self.end = Some(RoomEnd::Resigned(side));
        self.undo_asked_by = None;
        self.stop_clock(now);
        Ok(())
    }

    /// `side`'s time ran out: it loses.
    pub fn flag_fall(&mut self, side: Side, now: u64) {
        if self.game.resign(side).is_ok() {
            self.end = Some(RoomEnd::Flagged(side));
            self.undo_asked_by = None;
        }
        self.stop_clock(now);
    }

    /// `side` asks to take back its last move.
    pub fn ask_undo(&mut self, side: Side) -> Result<(), Refusal> {
        if self.game.is_over() {
            return Err(Refusal::Rules(MoveError::GameOver));
        }
        if self.rated {
            return Err(Refusal::RatedGame);
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
    pub fn answer_undo(&mut self, side: Side, accept: bool, now: u64) -> Result<usize, Refusal> {
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
        let to_move = self.game.to_move();
        if let Some(clock) = &mut self.clock {
            clock.take_back(count, to_move, now);
        }
        Ok(count)
    }

    /// `side` asks for a rematch; true once both have (the lobby then
    /// opens the new room).
    pub fn ask_rematch(&mut self, side: Side) -> Result<bool, Refusal> {
        if !self.game.is_over() {
            return Err(Refusal::NotFinished);
        }
        if self.rematch_room.is_some() {
            return Ok(false);
        }
        let other_here = self.seats[side.other().index()]
            .as_ref()
            .is_some_and(|s| s.client.is_some());
        if !other_here {
            return Err(Refusal::OpponentGone);
        }
        match self.rematch_asked_by {
            Some(asker) if asker != side => Ok(true),
            _ => {
                self.rematch_asked_by = Some(side);
                Ok(false)
            }
        }
    }

    /// The rematch is played in room `code`.
    pub fn set_rematch_room(&mut self, code: RoomCode) {
        self.rematch_room = Some(code);
        self.rematch_asked_by = None;
    }

    /// What is due at `now` for players away longer than `grace`.
    pub fn expiry(&self, now: u64, grace: u64) -> Expiry {
        if !self.game.is_over()
            && let Some(clock) = &self.clock
            && let Some(side) = clock.running()
            && clock.left_ms(side, now) == 0
        {
            return Expiry::Flag(side);
        }
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
    pub fn forfeit(&mut self, side: Side, now: u64) {
        if self.game.resign(side).is_ok() {
            self.end = Some(RoomEnd::Forfeited(side));
            self.undo_asked_by = None;
        }
        self.stop_clock(now);
    }

    /// A sentence for the server's log once the game has ended.
    pub fn result_line(&self) -> Option<String> {
        let name = |side: Side| self.kind.side_name(side);
        let moves = self.game.move_count();
        Some(match (self.game.ending()?, self.end) {
            (_, Some(RoomEnd::Flagged(side))) => {
                format!(
                    "{} wins on time: {}'s flag fell ({moves} moves)",
                    name(side.other()),
                    name(side)
                )
            }
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
            game_id: self.game_id,
            rated: self.rated,
            clock: self.clock.clone(),
            ratings: self.ratings,
            rating_change: self.rating_change,
        }
    }

    /// A room back from the journal, its moves checked again by the rules;
    /// everyone is away (since `now`) until they rejoin, and the clocks
    /// are paused until both are back.
    pub fn from_record(record: RoomRecord, now: u64) -> Result<Room, String> {
        let game = record.replayed_checked().map_err(|e| e.to_string())?;
        if let Some(clock) = &record.clock
            && clock.spent_ms().len() > record.moves.len()
        {
            return Err("the clock has more moves than the game".into());
        }
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
            game_id: record.game_id,
            rated: record.rated,
            clock: record.clock,
            ratings: record.ratings,
            rating_change: record.rating_change,
            watchers: BTreeSet::new(),
            rematch_asked_by: None,
            rematch_room: None,
        })
    }
}

impl RoomRecord {
    /// The record's game, checked by the rules move by move.
    fn replayed_checked(&self) -> Result<MatchGame, super::protocol::HistoryError> {
        super::protocol::replay(self.kind, &self.moves, self.end)
    }
}
