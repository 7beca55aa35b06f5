//! The computer player: when a computer is to move, its search runs on a
//! thread of its own (never on the frame; see `search_task`), with a stop
//! flag. Undo, a new game or leaving the screen cancels it at once; a
//! result for a position that has since changed is thrown away.

use crate::ai::player::{Engines, think};
use crate::game::board::apply::MoveQueue;
use crate::game::board::pieces::{Animating, board_at_rest};
use crate::game::board::{CurrentMatch, MoveRequested, Requester};
use crate::game::search_task::{self, Search, SearchKind};
use crate::game::states::{AppSystems, GamePhase, InPlay, Screen};
use crate::match_setup::PlayerKind;
use crate::rules::BoardMove;
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    search_task::track::<ComputerMove>(app);
    app.init_resource::<SharedEngines>().add_systems(
        Update,
        (finish_thinking, start_thinking)
            .chain()
            .in_set(AppSystems::Think)
            .in_set(InPlay)
            .run_if(in_state(Screen::Game)),
    );
}

/// The engines every search of this run shares (see [`Engines`]).
#[derive(Resource, Clone, Default, Deref)]
pub struct SharedEngines(Engines);

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
    game: Res<CurrentMatch>,
    thinking: Option<Res<Thinking>>,
    phase: Res<State<GamePhase>>,
    queue: Res<MoveQueue>,
    animating: Query<(), With<Animating>>,
    time: Res<Time<Real>>,
    engines: Res<SharedEngines>,
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
    let engines = engines.0.clone();
    commands.insert_resource(Thinking::start(
        game.revision,
        time.elapsed(),
        move |stop| think(&position, level, seed, &engines, stop),
    ));
}

fn finish_thinking(
    mut commands: Commands,
    game: Res<CurrentMatch>,
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
