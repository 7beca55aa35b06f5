//! The computer player: when a computer is to move, its search runs on the
//! async compute pool (never on the frame), with a stop flag. Undo, a new
//! game or leaving the screen cancels it at once; a result for a position
//! that has since changed is thrown away.

use crate::ai::connect_four::Engine;
use crate::ai::{Rng, gomoku};
use crate::board::apply::MoveQueue;
use crate::board::pieces::{Animating, board_at_rest};
use crate::board::{Match, MoveRequested, Requester};
use crate::game_setup::{BoardMove, Level, MatchGame, PlayerKind};
use crate::search_task::{self, Search, SearchKind};
use crate::states::{AppSystems, GamePhase, InPlay, Screen};
use bevy::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    search_task::track::<ComputerMove>(app);
    app.init_resource::<Engines>().add_systems(
        Update,
        (finish_thinking, start_thinking)
            .chain()
            .in_set(AppSystems::Think)
            .in_set(InPlay)
            .run_if(in_state(Screen::Game)),
    );
}

/// The engines, kept from one move to the next (the Connect Four solver's
/// table makes later moves of a game faster). Made on first use.
#[derive(Resource, Clone, Default)]
pub struct Engines {
    connect_four: Arc<Mutex<Option<Engine>>>,
    gomoku: Arc<Mutex<Option<gomoku::Engine>>>,
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

/// The computer's search for its move.
pub struct ComputerMove;

impl SearchKind for ComputerMove {
    type Output = Option<BoardMove>;
}

/// A search in progress (its presence drives the "thinking" indicator).
pub type Thinking = Search<ComputerMove>;

/// A reply faster than this would look like no thought at all.
const MIN_THINKING: Duration = Duration::from_millis(350);

fn start_thinking(
    mut commands: Commands,
    game: Res<Match>,
    thinking: Option<Res<Thinking>>,
    phase: Res<State<GamePhase>>,
    queue: Res<MoveQueue>,
    animating: Query<(), With<Animating>>,
    time: Res<Time<Real>>,
    engines: Res<Engines>,
) {
    let PlayerKind::Computer(level) = game.player_to_move() else {
        return;
    };
    let idle = thinking.is_none() && queue.0.is_empty() && board_at_rest(animating);
    if !idle || *phase.get() != GamePhase::Playing || game.game.is_over() {
        return;
    }
    let position = game.game.clone();
    let seed = game.revision ^ time.elapsed().as_nanos() as u64;
    let engines = engines.clone();
    commands.insert_resource(Thinking::start(
        game.revision,
        time.elapsed(),
        move |stop| think(&position, level, seed, &engines, stop),
    ));
}

fn finish_thinking(
    mut commands: Commands,
    game: Res<Match>,
    thinking: Option<ResMut<Thinking>>,
    time: Res<Time<Real>>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let Some(mut thinking) = thinking else { return };
    if thinking.revision != game.revision || time.elapsed() < thinking.started + MIN_THINKING {
        return;
    }
    if let Some(result) = thinking.poll() {
        commands.remove_resource::<Thinking>();
        if let Some(mv) = result {
            requests.write(MoveRequested {
                mv,
                by: Requester::Computer,
            });
        }
    }
}

/// Chooses a move for the side to move with the game's engine.
pub fn think(
    game: &MatchGame,
    level: Level,
    seed: u64,
    engines: &Engines,
    stop: &AtomicBool,
) -> Option<BoardMove> {
    let mut rng = Rng::new(seed);
    match game {
        MatchGame::ConnectFour(g) => {
            // A poisoned lock only means an earlier search panicked; the
            // engine's table is still usable.
            let mut engine = engines
                .connect_four
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let engine = engine.get_or_insert_with(Engine::new);
            engine
                .choose_move(g.position(), level, &mut rng, stop)
                .map(BoardMove::Column)
        }
        MatchGame::Gomoku(g) => {
            let mut engine = engines.gomoku.lock().unwrap_or_else(|e| e.into_inner());
            let engine = engine.get_or_insert_with(gomoku::Engine::new);
            engine
                .choose_move(g.position(), level, &mut rng, stop, gomoku_time(level))
                .map(BoardMove::Point)
        }
    }
}
