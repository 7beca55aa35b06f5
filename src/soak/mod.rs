//! `lineup --soak N`: the real game, in its window, plays N computer
//! against computer games back to back in one process, either game on
//! random boards, rules, openings and levels, and between games looks
//! through each in review, saves, loads and deletes it and opens the
//! menus, as a player would over a long evening. It ends with one line
//! (`figures::SoakReport`) that says whether anything grew or broke.
//!
//! Why: the tests play a game or two per process; leaks of entities,
//! assets or memory, and faults that need many games, only show over
//! hundreds. The computer answers without its show pauses here
//! (`ComputerPace`), a Gomoku search is hurried after
//! [`GOMOKU_THINKING`], and the game's clock runs [`SPEED`] times as fast,
//! so a game takes seconds.

pub mod choice;
pub mod figures;
mod round;

use crate::board::pieces::Animating;
use crate::current_match::CurrentMatch;
use crate::search::computer::{ComputerPace, Thinking};
use crate::states::{AppSystems, BoardMode, GamePhase, Menu, Screen};
use bevy::prelude::*;
use figures::{Sample, SoakReport};
use lineup_core::ai::PlayRng;
use lineup_core::rules::MatchGame;
use round::{Step, Until};
use std::collections::VecDeque;
use std::time::Duration;

/// How fast the game's clock runs (the pieces' falls, the win line).
pub const SPEED: f64 = 8.0;
/// How long a Gomoku search may think before it is asked for its best.
pub const GOMOKU_THINKING: Duration = Duration::from_millis(50);
/// A step that takes longer than this has hung: said, and the round is
/// given up (a game played out gets longer).
const STEP_LIMIT: Duration = Duration::from_secs(60);
const GAME_LIMIT: Duration = Duration::from_secs(600);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, set_the_pace.run_if(resource_exists::<Soak>))
        .add_systems(
            Update,
            (
                drive.in_set(AppSystems::Input),
                hurry_gomoku.in_set(AppSystems::Think),
            )
                .run_if(resource_exists::<Soak>),
        )
        .add_systems(Last, time_frames.run_if(resource_exists::<Soak>));
}

/// A soak under way (present only with `--soak`).
#[derive(Resource, Debug)]
pub struct Soak {
    games: u32,
    /// Rounds finished.
    played: u32,
    rng: PlayRng,
    steps: VecDeque<Step>,
    /// Whether the current step's ask has gone out, and since when (real
    /// time) it waits; frames it has waited.
    asked: bool,
    since: Duration,
    frames: u32,
    start: Option<Sample>,
    end: Option<Sample>,
    longest_frame: Duration,
    /// Steps that hung, in words.
    faults: Vec<String>,
}

impl Soak {
    /// `games` rounds from `seed`.
    pub fn new(games: u32, seed: u64) -> Soak {
        Soak {
            games,
            played: 0,
            rng: PlayRng::new(seed),
            steps: VecDeque::new(),
            asked: false,
            since: Duration::ZERO,
            frames: 0,
            start: None,
            end: None,
            longest_frame: Duration::ZERO,
            faults: Vec::new(),
        }
    }

    /// The sample after this many games is the "start": the first games
    /// make the engines' tables, fonts and caches that later ones reuse.
    fn warm_up(&self) -> u32 {
        (self.games / 2).clamp(1, 50)
    }
}

fn set_the_pace(mut commands: Commands, mut time: ResMut<Time<Virtual>>) {
    commands.insert_resource(ComputerPace {
        min_thinking: Duration::ZERO,
        choice_pause: Duration::ZERO,
    });
    time.set_relative_speed_f64(SPEED);
}

/// Runs the rounds' steps, one at a time, and ends the app after the last.
fn drive(world: &mut World) {
    let now = world.resource::<Time<Real>>().elapsed();
    let screen = *world.resource::<State<Screen>>().get();
    if screen == Screen::Loading {
        return;
    }
    let mut soak = world
        .remove_resource::<Soak>()
        .expect("drive runs only in a soak");
    if soak.steps.is_empty() {
        if soak.played == soak.games {
            finish(world, &soak);
            world.insert_resource(soak);
            return;
        }
        let game = choice::random_match(&mut soak.rng);
        let undo_at = soak.rng.percent(50).then(|| 2 + soak.rng.below(8));
        soak.steps = round::round(soak.played + 1, game, undo_at);
        soak.asked = false;
    }
    advance(world, &mut soak, now);
    world.insert_resource(soak);
}

fn advance(world: &mut World, soak: &mut Soak, now: Duration) {
    let Some(step) = soak.steps.front() else {
        return;
    };
    let (moves, over) = world
        .get_resource::<CurrentMatch>()
        .map_or((0, false), |m| (m.game().move_count(), m.game().is_over()));
    if !soak.asked {
        match round::send(world, &step.ask, moves, over) {
            Ok(true) => {
                soak.asked = true;
                soak.since = now;
                soak.frames = 0;
            }
            Ok(false) => {}
            Err(why) => return give_up(world, soak, &format!("{:?}: {why}", step.ask)),
        }
        return;
    }
    soak.frames += 1;
    if reached(world, step.until, soak.frames) {
        if step.until == Until::Sampled {
            sample(world, soak);
        }
        soak.steps.pop_front();
        soak.asked = false;
        return;
    }
    let limit = if step.until == Until::GameOver {
        GAME_LIMIT
    } else {
        STEP_LIMIT
    };
    if now.saturating_sub(soak.since) > limit {
        let why = format!(
            "{:?} did not reach {:?} in {} s (screen {:?}, menu {:?})",
            step.ask,
            step.until,
            limit.as_secs(),
            world.resource::<State<Screen>>().get(),
            world.resource::<State<Menu>>().get()
        );
        give_up(world, soak, &why);
    }
}

/// Whether the game has reached `until`, `frames` frames after the ask.
fn reached(world: &mut World, until: Until, frames: u32) -> bool {
    let screen = *world.resource::<State<Screen>>().get();
    let menu = *world.resource::<State<Menu>>().get();
    let mode = world.get_resource::<State<BoardMode>>().map(|m| *m.get());
    let phase = world.get_resource::<State<GamePhase>>().map(|p| *p.get());
    let at_rest = world
        .query_filtered::<(), With<Animating>>()
        .iter(world)
        .next()
        .is_none();
    // A state set in the frame of the ask shows from the next one on.
    if frames < 1 {
        return false;
    }
    match until {
        Until::Playing => {
            screen == Screen::Game && menu == Menu::None && mode == Some(BoardMode::Play)
        }
        Until::GameOver => phase == Some(GamePhase::Over) && at_rest,
        Until::Review => mode == Some(BoardMode::Review),
        Until::NotReview => mode == Some(BoardMode::Play),
        Until::Menu(m) => menu == m,
        Until::Title => screen == Screen::Title,
        Until::Frames(n) => frames >= n,
        Until::Sampled => true,
    }
}

fn sample(world: &mut World, soak: &mut Soak) {
    soak.played += 1;
    let now = Sample {
        rss_bytes: figures::resident_bytes(),
        entities: world.entities().count_spawned(),
    };
    if soak.played == soak.warm_up() {
        soak.start = Some(now);
    }
    soak.end = Some(now);
    let heap = figures::heap_in_use().map_or("?".into(), |b| (b / (1024 * 1024)).to_string());
    info!(
        "Soak: game {} of {}: {} MB, {} entities; heap in use {heap} MB; assets: {} images ({} glyph atlas sizes), {} meshes, {} materials",
        soak.played,
        soak.games,
        now.rss_bytes / (1024 * 1024),
        now.entities,
        world.resource::<Assets<Image>>().len(),
        world.resource::<bevy::text::FontAtlasSet>().len(),
        world.resource::<Assets<Mesh>>().len(),
        world.resource::<Assets<ColorMaterial>>().len(),
    );
}

/// A step hung or could not be asked: said, and the round ends at the title
/// screen (the next round starts from there).
fn give_up(world: &mut World, soak: &mut Soak, why: &str) {
    let message = format!("game {}: {why}", soak.played + 1);
    error!("Soak: {message}");
    soak.faults.push(message);
    soak.steps = VecDeque::from([
        Step {
            ask: round::Ask::Nothing,
            until: Until::Title,
        },
        Step {
            ask: round::Ask::Nothing,
            until: Until::Frames(10),
        },
        Step {
            ask: round::Ask::Nothing,
            until: Until::Sampled,
        },
    ]);
    soak.asked = false;
    world.resource_mut::<NextState<Menu>>().set(Menu::None);
    world.resource_mut::<NextState<Screen>>().set(Screen::Title);
}

/// The closing line, and the exit: a failure if anything panicked or hung.
fn finish(world: &mut World, soak: &Soak) {
    let end = soak.end.unwrap_or(Sample {
        rss_bytes: 0,
        entities: 0,
    });
    let report = SoakReport {
        games: soak.played,
        panics: figures::panics(),
        start: soak.start.unwrap_or(end),
        end,
        longest_frame: soak.longest_frame,
    };
    for fault in &soak.faults {
        println!("soak: hung: {fault}");
    }
    println!("{report}");
    let failed = report.panics > 0 || !soak.faults.is_empty();
    world.write_message(if failed {
        AppExit::error()
    } else {
        AppExit::Success
    });
}

/// The computer's Gomoku searches answer after [`GOMOKU_THINKING`] with the
/// best found so far (never in an opening, nor in Connect Four, whose
/// stopped searches answer nothing).
fn hurry_gomoku(
    game: Option<Res<CurrentMatch>>,
    thinking: Option<Res<Thinking>>,
    time: Res<Time<Real>>,
) {
    let (Some(game), Some(thinking)) = (game, thinking) else {
        return;
    };
    let plain_gomoku =
        matches!(game.game(), MatchGame::Gomoku(_)) && game.opening_under_way().is_none();
    if plain_gomoku && time.elapsed() > thinking.started + GOMOKU_THINKING {
        thinking.hurry();
    }
}

/// The longest frame once the first screen is up.
fn time_frames(screen: Res<State<Screen>>, time: Res<Time<Real>>, mut soak: ResMut<Soak>) {
    if *screen.get() != Screen::Loading && soak.played + soak.steps.len() as u32 > 0 {
        soak.longest_frame = soak.longest_frame.max(time.delta());
    }
}
