//! The computer player: when a computer (or a Gomocup engine, see
//! `engine_player`) is to move, its search runs on a thread of its own (never on the frame; see `search_task`), with a stop
//! flag. Undo, a new game or leaving the screen cancels it at once; a
//! result for a position that has since changed is thrown away.

use crate::current_match::apply::MoveQueue;
use crate::current_match::{
    CurrentMatch, Forfeited, MoveRequested, OpeningRequested, PiecesAtRest, Requester,
};
use crate::gomocup_player::{EngineRequest, EngineSeats, EngineTurn};
use crate::search::background::{BackgroundSearch, SearchKind};
use crate::settings::Settings;
use crate::states::{AppSystems, GamePhase, InPlay, Screen};
use bevy::prelude::*;
use lineup_core::ai::opening::opening_action;
use lineup_core::ai::player::{Engines, think};
use lineup_core::match_setup::PlayerKind;
use lineup_core::rules::opening::Action as OpeningAction;
use lineup_core::rules::{BoardMove, Side};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    crate::search::background::track::<ComputerMove>(app);
    app.init_resource::<SharedEngines>()
        .init_resource::<ComputerPace>()
        .add_systems(
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
    type Output = Option<Turn>;
}

/// What the computer decided: a move, or an action in the opening; or
/// what a Gomocup engine did that lost it the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    Move(BoardMove),
    Opening(OpeningAction),
    Forfeit(String),
}

/// A search in progress (its presence drives the "thinking" indicator).
pub type Thinking = BackgroundSearch<ComputerMove>;

/// How the computer paces itself for the person watching: the player's
/// game uses the default; `lineup --soak` plays without pauses.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerPace {
    /// A reply faster than this would look like no thought at all.
    pub min_thinking: Duration,
    /// After a choice in an opening, no other choice or move for this long
    /// (see [`ComputerChoice`]).
    pub choice_pause: Duration,
}

impl Default for ComputerPace {
    fn default() -> Self {
        ComputerPace {
            min_thinking: Duration::from_millis(350),
            choice_pause: Duration::from_millis(1500),
        }
    }
}

/// The computer's latest choice in an opening (a swap, a declaration, the
/// offered fifth move it took…): the status line tells it, with why, for
/// [`CHOICE_SHOWN`] (`panel::opening::choice_words`), and the computer makes
/// no other choice or move for [`ComputerPace::choice_pause`], so that a player sees what
/// it chose before the board moves on (it took an offer and answered at
/// once, without a word).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct ComputerChoice {
    pub action: OpeningAction,
    /// The colour the chooser holds after it.
    pub holds: Side,
    /// The colour of the stone it places (a placing action: in Soosõrv
    /// the first player places White's stone too).
    pub stone: Side,
    pub player: PlayerKind,
    /// The match it was made in, and when (real time).
    pub match_id: u64,
    pub at: Duration,
}

pub const CHOICE_SHOWN: Duration = Duration::from_secs(4);

impl ComputerChoice {
    /// Whether the status line still tells it, in match `match_id` at `now`.
    pub fn shown(&self, match_id: u64, now: Duration) -> bool {
        self.match_id == match_id && now < self.at + CHOICE_SHOWN
    }
}

fn start_thinking(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    thinking: Option<Res<Thinking>>,
    phase: Res<State<GamePhase>>,
    queue: Res<MoveQueue>,
    at_rest: Res<PiecesAtRest>,
    time: Res<Time<Real>>,
    engines: Res<SharedEngines>,
    seats: Res<EngineSeats>,
    settings: Res<Settings>,
    choice: Option<Res<ComputerChoice>>,
    pace: Res<ComputerPace>,
) {
    let player = game.player_to_move();
    if !player.is_computer() {
        return;
    }
    if choice.is_some_and(|c| c.match_id == game.id() && time.elapsed() < c.at + pace.choice_pause)
    {
        return;
    }
    let idle = thinking.is_none() && queue.0.is_empty() && at_rest.0;
    if !idle || *phase.get() != GamePhase::Playing || game.game().is_over() {
        return;
    }
    let seed = game.revision() ^ time.elapsed().as_nanos() as u64;
    let engines = engines.0.clone();
    let search = match (game.opening_under_way(), player) {
        // Lineup's own judgement makes an engine's opening choices too:
        // the protocol has no words for them.
        (Some(opening), _) => {
            let (opening, me) = (opening.clone(), opening.to_act());
            Thinking::start(game.revision(), time.elapsed(), move |stop| {
                let action =
                    engines.with_gomoku(|engine| opening_action(&opening, me, engine, seed, stop));
                action.map(Turn::Opening)
            })
        }
        (None, PlayerKind::Engine(slot)) => {
            let player = game.holder(game.game().to_move()).index();
            let Some(ask) = EngineRequest::new(&seats, &settings, &game, slot, player) else {
                return;
            };
            Thinking::start(game.revision(), time.elapsed(), move |stop| {
                crate::gomocup_player::answer(ask, stop).map(|turn| match turn {
                    EngineTurn::Move(mv) => Turn::Move(mv.into()),
                    EngineTurn::Forfeit(why) => Turn::Forfeit(why),
                })
            })
        }
        (None, PlayerKind::Computer(level)) => {
            let position = game.game().clone();
            Thinking::start(game.revision(), time.elapsed(), move |stop| {
                think(&position, level, seed, &engines, stop).map(Turn::Move)
            })
        }
        (None, _) => return,
    };
    commands.insert_resource(search);
}

fn finish_thinking(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    thinking: Option<ResMut<Thinking>>,
    time: Res<Time<Real>>,
    mut requests: MessageWriter<MoveRequested>,
    mut opening: MessageWriter<OpeningRequested>,
    mut forfeits: MessageWriter<Forfeited>,
    pace: Res<ComputerPace>,
) {
    let Some(mut thinking) = thinking else { return };
    if thinking.revision != game.revision() || time.elapsed() < thinking.started + pace.min_thinking
    {
        return;
    }
    if let Some(result) = thinking.poll() {
        commands.remove_resource::<Thinking>();
        match result {
            Some(Turn::Move(mv)) => {
                requests.write(MoveRequested {
                    mv,
                    by: Requester::Computer,
                });
            }
            Some(Turn::Opening(action)) => {
                if let Some(under_way) = game.opening_under_way() {
                    let me = under_way.to_act();
                    let mut after = under_way.clone();
                    if after.act(me, action).is_ok() {
                        commands.insert_resource(ComputerChoice {
                            action,
                            holds: after.side_held_by(me),
                            stone: under_way.game().to_move(),
                            player: game.player_to_move(),
                            match_id: game.id(),
                            at: time.elapsed(),
                        });
                    }
                }
                opening.write(OpeningRequested {
                    action,
                    by: Requester::Computer,
                });
            }
            Some(Turn::Forfeit(why)) => {
                forfeits.write(Forfeited { why });
            }
            None => {}
        }
    }
}
