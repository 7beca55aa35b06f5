//! The player's record against the computer: wins, losses and draws for
//! each game and computer level. Kept in `record.ron` beside the settings
//! (RON, written atomically; a damaged file is set aside like the settings
//! file, never overwritten silently).

use super::folders::Folders;
use super::settings_file::{self, Loaded};
use crate::ai::Level;
use crate::match_setup::{GameKind, PlayerKind};
use crate::match_state::Match;
use crate::rules::{Ending, Side};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Which game a result counts for (every board size and rule of a game
/// together).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RecordedGame {
    ConnectFour,
    Gomoku,
}

impl RecordedGame {
    pub const ALL: [RecordedGame; 2] = [RecordedGame::ConnectFour, RecordedGame::Gomoku];

    pub fn of(kind: GameKind) -> RecordedGame {
        match kind {
            GameKind::ConnectFour { .. } => RecordedGame::ConnectFour,
            GameKind::Gomoku { .. } => RecordedGame::Gomoku,
        }
    }
}

/// A game's result for the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

/// Wins, losses and draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

/// Every tally kept, by game and level.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    pub tallies: BTreeMap<(RecordedGame, Level), Tally>,
}

impl Record {
    pub fn tally(&self, game: RecordedGame, level: Level) -> Tally {
        self.tallies
            .get(&(game, level))
            .copied()
            .unwrap_or_default()
    }

    pub fn add(&mut self, game: RecordedGame, level: Level, outcome: Outcome) {
        let tally = self.tallies.entry((game, level)).or_default();
        let count = match outcome {
            Outcome::Win => &mut tally.wins,
            Outcome::Loss => &mut tally.losses,
            Outcome::Draw => &mut tally.draws,
        };
        *count = count.saturating_add(1);
    }

    /// Adds a finished match, if it is one the record keeps: a person
    /// against Lineup's own computer player on this machine (not two
    /// people, not a Gomocup engine, not online). Returns what it counted.
    pub fn add_match(&mut self, game: &Match) -> Option<(RecordedGame, Level, Outcome)> {
        let ending = game.game().ending()?;
        if game.online().is_some() {
            return None;
        }
        let players = game.setup().players;
        let level = match players {
            [PlayerKind::Human, PlayerKind::Computer(level)]
            | [PlayerKind::Computer(level), PlayerKind::Human] => level,
            _ => return None,
        };
        // The person's colour (under an opening rule, the opening settled it).
        let person = if game.player_of(Side::First) == PlayerKind::Human {
            Side::First
        } else {
            Side::Second
        };
        let outcome = match ending {
            Ending::Draw => Outcome::Draw,
            Ending::Win(side) | Ending::Resigned { winner: side } if side == person => Outcome::Win,
            Ending::Win(_) | Ending::Resigned { .. } => Outcome::Loss,
        };
        let game_kind = RecordedGame::of(game.setup().kind);
        self.add(game_kind, level, outcome);
        Some((game_kind, level, outcome))
    }
}

/// Reads the record; none yet is an empty record.
pub fn load(folders: &Folders) -> Loaded<Record> {
    settings_file::load_named(&folders.record_file(), "record")
}

pub fn save(folders: &Folders, record: &Record) -> Result<(), String> {
    settings_file::save_named(&folders.record_file(), record, "record")
}
