//! What the bots saw in a fault run (`bench --faults`), kept for the check
//! against the server's store once the run is over.
//!
//! Why the bots keep it and not the server: the point of the check is that
//! what a player was shown (an accepted move) is what the store has, so the
//! witness must be the players, not the server that may have lost it.

use lineup_core::net::RoomCode;
use lineup_core::rules::{BoardMove, Side};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A game is stuck when one of its moves was due this long and had not
/// reached both players, or when its bots gave up or could not open a room
/// for as long. Faults cost a move a few seconds (a restart, a rejoin, a
/// stall): this leaves room for several at once on a slow machine.
pub const STUCK_AFTER: Duration = Duration::from_secs(30);

/// One room as its two bots last saw it.
#[derive(Clone, Debug, Default)]
pub struct RoomSeen {
    /// The game (pair of bots) that played it.
    pub game: u64,
    /// Each side's last view of the moves: every move a player was shown
    /// is a move the server accepted.
    pub views: [Vec<BoardMove>; 2],
}

#[derive(Default)]
struct Seen {
    rooms: HashMap<RoomCode, RoomSeen>,
    /// Games that stopped progressing, with why.
    stuck: BTreeMap<u64, String>,
    /// Games still being played (those left when the run is cut short are
    /// stuck).
    playing: BTreeSet<u64>,
    /// Moves a player was shown and later not (a view that dropped them).
    vanished: u64,
    refused: u64,
    /// Rooms given up while being opened (a fault on the way), and of
    /// those, the guest's seat taken by a join whose reply a crash lost.
    reopened: u64,
    seat_lost: u64,
    problems: Vec<String>,
}

/// The record of a fault run, shared by every bot.
#[derive(Default)]
pub struct Journal {
    seen: Mutex<Seen>,
    /// When the games' clock started (every connection made): the faults
    /// start then.
    started: Mutex<Option<Instant>>,
}

impl Journal {
    fn lock(&self) -> std::sync::MutexGuard<'_, Seen> {
        self.seen.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn note(seen: &mut Seen, problem: String) {
        if seen.problems.len() < 20 {
            seen.problems.push(problem);
        }
    }

    pub fn start(&self, at: Instant) {
        *self.started.lock().unwrap_or_else(|e| e.into_inner()) = Some(at);
    }

    pub fn started(&self) -> Option<Instant> {
        *self.started.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `side` of game `game` was shown room `code` with these moves.
    pub fn saw(&self, game: u64, code: RoomCode, side: Side, moves: &[BoardMove]) {
        let mut seen = self.lock();
        let room = seen.rooms.entry(code).or_insert_with(|| RoomSeen {
            game,
            ..RoomSeen::default()
        });
        let before = &room.views[side.index()];
        let vanished = if moves.starts_with(before) {
            0
        } else {
            let kept = before.iter().zip(moves).take_while(|(a, b)| a == b).count();
            (before.len() - kept) as u64
        };
        room.views[side.index()] = moves.to_vec();
        if vanished > 0 {
            seen.vanished += vanished;
            let problem =
                format!("room {code}: {side:?} was shown {vanished} accepted moves fewer");
            Journal::note(&mut seen, problem);
        }
    }

    /// Game `game` stopped progressing.
    pub fn stuck(&self, game: u64, why: String) {
        let mut seen = self.lock();
        if !seen.stuck.contains_key(&game) {
            Journal::note(&mut seen, format!("game {game} stuck: {why}"));
            seen.stuck.insert(game, why);
        }
    }

    pub fn refused(&self, problem: String) {
        let mut seen = self.lock();
        seen.refused += 1;
        Journal::note(&mut seen, format!("refused: {problem}"));
    }

    /// A room given up while being opened, for `problem`.
    pub fn reopened(&self, problem: &str) {
        let mut seen = self.lock();
        seen.reopened += 1;
        // The join was stored and its reply lost with the server, and the
        // same join again was refused: the seat is lost (a fault).
        if problem.contains("already has two players") {
            seen.seat_lost += 1;
        }
    }

    /// Rooms opened again, and of those, rooms whose guest seat was lost.
    pub fn reopenings(&self) -> (u64, u64) {
        let seen = self.lock();
        (seen.reopened, seen.seat_lost)
    }

    /// Game `game` started (true) or stopped (false) playing.
    pub fn playing(&self, game: u64, playing: bool) {
        let mut seen = self.lock();
        if playing {
            seen.playing.insert(game);
        } else {
            seen.playing.remove(&game);
        }
    }

    /// Every game still playing is stuck (the run was cut short).
    pub fn cut_short(&self) {
        let left: Vec<u64> = self.lock().playing.iter().copied().collect();
        for game in left {
            self.stuck(game, "still running past the end of the run".into());
        }
    }

    pub fn rooms(&self) -> Vec<(RoomCode, RoomSeen)> {
        let seen = self.lock();
        let mut rooms: Vec<_> = seen.rooms.iter().map(|(c, r)| (*c, r.clone())).collect();
        rooms.sort_by_key(|(code, _)| *code);
        rooms
    }

    pub fn stuck_games(&self) -> usize {
        self.lock().stuck.len()
    }

    pub fn vanished(&self) -> u64 {
        self.lock().vanished
    }

    pub fn refusals(&self) -> u64 {
        self.lock().refused
    }

    pub fn problems(&self) -> Vec<String> {
        self.lock().problems.clone()
    }
}
