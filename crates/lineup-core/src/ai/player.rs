//! The computer player's move: the engine for the game, kept from one move
//! to the next, at a level, under a stop flag.

use crate::ai::connect_four::ConnectFourEngine;
use crate::ai::{Level, PlayRng, gomoku};
use crate::rules::{BoardMove, MatchGame};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The engines, kept from one move to the next (the Connect Four solver's
/// table makes later moves of a game faster). Made on first use.
#[derive(Clone, Default)]
pub struct Engines {
    connect_four: Arc<Mutex<Option<ConnectFourEngine>>>,
    gomoku: Arc<Mutex<Option<gomoku::GomokuEngine>>>,
}

impl Engines {
    /// Runs `f` with the Gomoku engine (made on first use).
    pub fn with_gomoku<T>(&self, f: impl FnOnce(&mut gomoku::GomokuEngine) -> T) -> T {
        // A poisoned lock only means an earlier search panicked.
        let mut engine = self.gomoku.lock().unwrap_or_else(|e| e.into_inner());
        f(engine.get_or_insert_with(gomoku::GomokuEngine::new))
    }
}

/// How long the Gomoku engine may think at each level (the engine uses a
/// share of it at the lower levels and all of it at Master).
pub fn gomoku_time(level: Level) -> Duration {
    Duration::from_millis(match level {
        Level::Beginner | Level::Easy => 500,
        Level::Medium => 1000,
        Level::Hard => 2500,
        Level::Master => 4000,
    })
}

/// Chooses a move for the side to move with the game's engine.
pub fn think(
    game: &MatchGame,
    level: Level,
    seed: u64,
    engines: &Engines,
    stop: &AtomicBool,
) -> Option<BoardMove> {
    let mut rng = PlayRng::new(seed);
    match game {
        MatchGame::ConnectFour(g) => {
            // A poisoned lock only means an earlier search panicked; the
            // engine's table is still usable.
            let mut engine = engines
                .connect_four
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let engine = engine.get_or_insert_with(ConnectFourEngine::new);
            engine
                .choose_move(g.position(), level, &mut rng, stop)
                .map(BoardMove::Column)
        }
        MatchGame::Gomoku(g) => engines.with_gomoku(|engine| {
            engine
                .choose(g.position(), level, &mut rng, stop, gomoku_time(level))
                .map(BoardMove::from)
        }),
    }
}
