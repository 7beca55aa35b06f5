//! The computer player: when a computer is to move, its search runs on the
//! async compute pool (never on the frame), with a stop flag. Undo, a new
//! game or leaving the screen cancels it at once; a result for a position
//! that has since changed is thrown away.

use crate::board::apply::{ApplySet, MoveQueue};
use crate::board::pieces::Animating;
use crate::board::{GamePhase, Match, MoveRequested, Requester};
use crate::game_setup::{BoardMove, Level, MatchGame, PlayerKind};
use crate::menus::Menu;
use crate::rules::{Column, Point, Rules, Side};
use crate::screens::Screen;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Game), cancel).add_systems(
        Update,
        (finish_thinking, start_thinking)
            .chain()
            .before(ApplySet)
            .run_if(in_state(Screen::Game)),
    );
}

/// A search in progress (its presence drives the "thinking" indicator).
#[derive(Resource)]
pub struct Thinking {
    task: Task<Option<BoardMove>>,
    stop: Arc<AtomicBool>,
    revision: u64,
    started: Duration,
}

impl Drop for Thinking {
    fn drop(&mut self) {
        // However the search ends, its thread stops working on it.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A reply faster than this would look like no thought at all.
const MIN_THINKING: Duration = Duration::from_millis(350);

fn start_thinking(
    mut commands: Commands,
    game: Res<Match>,
    thinking: Option<Res<Thinking>>,
    phase: Res<State<GamePhase>>,
    menu: Res<State<Menu>>,
    queue: Res<MoveQueue>,
    animating: Query<(), With<Animating>>,
    time: Res<Time<Real>>,
) {
    let PlayerKind::Computer(level) = game.player_to_move() else {
        return;
    };
    let idle = thinking.is_none() && queue.0.is_empty() && animating.is_empty();
    let playing =
        *phase.get() == GamePhase::Playing && *menu.get() == Menu::None && !game.game.is_over();
    if !idle || !playing {
        return;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let position = game.game.clone();
    let seed = game.revision ^ time.elapsed().as_nanos() as u64;
    let flag = stop.clone();
    let task =
        AsyncComputeTaskPool::get().spawn(async move { think(&position, level, seed, &flag) });
    commands.insert_resource(Thinking {
        task,
        stop,
        revision: game.revision,
        started: time.elapsed(),
    });
}

fn finish_thinking(
    mut commands: Commands,
    game: Res<Match>,
    thinking: Option<ResMut<Thinking>>,
    time: Res<Time<Real>>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let Some(mut thinking) = thinking else { return };
    if thinking.revision != game.revision || game.game.is_over() {
        commands.remove_resource::<Thinking>();
        return;
    }
    if time.elapsed() < thinking.started + MIN_THINKING {
        return;
    }
    if let Some(result) = check_ready(&mut thinking.task) {
        commands.remove_resource::<Thinking>();
        if let Some(mv) = result {
            requests.write(MoveRequested {
                mv,
                by: Requester::Computer,
            });
        }
    }
}

fn cancel(mut commands: Commands) {
    commands.remove_resource::<Thinking>();
}

/// Chooses a move for the side to move. The engines of the AI issues plug in
/// here; until then a simple player that wins when it can and otherwise
/// plays near the middle, varied by `seed`.
pub fn think(game: &MatchGame, _level: Level, seed: u64, stop: &AtomicBool) -> Option<BoardMove> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    match game {
        MatchGame::ConnectFour(g) => {
            let position = g.position();
            let middle = position.size().columns() as i32 / 2;
            let mut columns: Vec<Column> = position.legal_columns().collect();
            columns.sort_by_key(|c| ((c.0 as i32 - middle).abs(), (seed >> c.0) & 1));
            let wins = |c: &Column| {
                let mut after = *position;
                matches!(after.play(*c), Ok(Some(_)))
            };
            columns
                .iter()
                .find(|c| wins(c))
                .or(columns.first())
                .map(|c| BoardMove::Column(*c))
        }
        MatchGame::Gomoku(g) => {
            let board = g.position();
            let centre = (board.size() as f32 - 1.0) / 2.0;
            let mut points: Vec<Point> = board
                .empty_points()
                .filter(|p| board.to_move() == Side::Second || board.foul_at(*p).is_none())
                .collect();
            points.sort_by_key(|p| {
                let distance = (p.x as f32 - centre).abs().max((p.y as f32 - centre).abs());
                (
                    (distance * 4.0) as u64,
                    seed.rotate_left(p.x as u32 * 7 + p.y as u32) & 15,
                )
            });
            let wins = |p: &Point| {
                let mut after = board.clone();
                matches!(after.play(*p), Ok(Some(_)))
            };
            points
                .iter()
                .find(|p| wins(p))
                .or(points.first())
                .map(|p| BoardMove::Point(*p))
        }
    }
}
