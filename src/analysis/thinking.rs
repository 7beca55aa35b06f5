//! The engine thinking aloud about the position on show: a search on a
//! thread of its own (never on the frame), started again whenever the
//! position or the engine changes, reporting after each depth. What it
//! reported last is [`EngineLines`], which the panel, the board's ghost
//! lines and the evaluation bar read. The engine is Lineup's own, or the
//! Gomocup engine the player chose (`study_engine`) for a Gomoku board.

use super::{AnalysisRequest, Studied};
use crate::search::background::{BackgroundSearch, SearchKind, only_when_idle};
use crate::settings::Settings;
use crate::states::{AppSystems, BoardMode};
use crate::study_engine;
use bevy::prelude::*;
use lineup_core::analysis::thinking::{MAX_LINES, ThinkingReport, can_think, think, think_outside};
use lineup_core::rules::MatchGame;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineLines>()
        .init_resource::<EngineSettings>()
        .add_systems(OnExit(BoardMode::Analysis), stop)
        .add_systems(
            Update,
            (settings, start, collect)
                .chain()
                .in_set(AppSystems::Think)
                .run_if(in_state(BoardMode::Analysis)),
        );
}

pub struct Thinking;

impl SearchKind for Thinking {
    type Output = Thought;
}

/// What the thinking thread sends: a report, or why the engine stopped.
#[derive(Clone, Debug)]
pub enum Thought {
    Report(ThinkingReport),
    /// A Gomocup engine that could not start, crashed or hung: its name
    /// and what it did.
    Trouble(String, String),
}

/// The engine's latest report on the position `key` names (none yet:
/// thinking, or paused, or a position that cannot be played from).
#[derive(Resource, Default, Debug)]
pub struct EngineLines {
    pub key: u64,
    pub report: Option<ThinkingReport>,
    /// The chosen Gomocup engine's name and what went wrong with it.
    pub trouble: Option<(String, String)>,
    /// Which engine `key`'s thinking asked (`None`: Lineup's own).
    engine: Option<String>,
}

impl EngineLines {
    /// The Gomocup engine asked about the position, when it is not
    /// Lineup's own.
    pub fn engine(&self) -> Option<&str> {
        self.engine.as_deref()
    }
}

/// How many lines the engine gives, and whether it thinks at all.
#[derive(Resource, Debug)]
pub struct EngineSettings {
    pub lines: usize,
    pub paused: bool,
}

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            lines: 3,
            paused: false,
        }
    }
}

fn settings(
    mut commands: Commands,
    mut requests: MessageReader<AnalysisRequest>,
    mut engine: ResMut<EngineSettings>,
    mut lines: ResMut<EngineLines>,
) {
    for request in requests.read() {
        match request {
            AnalysisRequest::PauseEngine => engine.paused = !engine.paused,
            AnalysisRequest::MoreLines => engine.lines = (engine.lines + 1).min(MAX_LINES),
            AnalysisRequest::FewerLines => engine.lines = engine.lines.saturating_sub(1).max(1),
            _ => continue,
        }
        if engine.paused {
            // Stopped, its last lines kept on show.
            commands.remove_resource::<BackgroundSearch<Thinking>>();
        } else {
            // Thought again, with the new settings.
            lines.key = 0;
        }
    }
}

/// Starts the search for a position the engine has not seen yet,
/// dropping (which stops) the one before.
fn start(
    mut commands: Commands,
    studied: Option<Res<Studied>>,
    engine: Res<EngineSettings>,
    settings: Res<Settings>,
    mut lines: ResMut<EngineLines>,
    time: Res<Time<Real>>,
) {
    let Some(studied) = studied else { return };
    let Ok(game) = studied.study.position() else {
        if lines.key != studied.key {
            commands.remove_resource::<BackgroundSearch<Thinking>>();
            *lines = EngineLines {
                key: studied.key,
                ..default()
            };
        }
        return;
    };
    // Another Gomocup engine thinks about Gomoku only.
    let outside = study_engine::chosen(&settings)
        .filter(|_| matches!(game, MatchGame::Gomoku(_)))
        .cloned();
    let asked = outside.as_ref().map(|e| e.name.clone());
    if lines.key == studied.key && lines.engine == asked {
        return;
    }
    commands.remove_resource::<BackgroundSearch<Thinking>>();
    // Paused, another position shows no lines (the last ones were not
    // about it); resumed, the engine starts on it.
    *lines = EngineLines {
        key: studied.key,
        engine: asked,
        ..default()
    };
    if engine.paused || !can_think(game) {
        return;
    }
    let game = game.clone();
    let count = engine.lines;
    commands.insert_resource(BackgroundSearch::<Thinking>::start_reporting(
        studied.key,
        time.elapsed(),
        move |stop, report| {
            // It runs as long as the position is on show: only on idle time.
            only_when_idle();
            let mut told = |found| report(Thought::Report(found));
            match &outside {
                None => think(&game, count, stop, &mut told),
                Some(engine) => {
                    if let Err(fault) = think_outside(&game, engine, count, stop, &mut told) {
                        report(Thought::Trouble(engine.name.clone(), fault.to_string()));
                    }
                }
            }
        },
    ));
}

fn collect(mut lines: ResMut<EngineLines>, search: Option<ResMut<BackgroundSearch<Thinking>>>) {
    let Some(mut search) = search else { return };
    if search.revision != lines.key {
        return;
    }
    match search.poll_latest() {
        Some(Thought::Report(report)) => {
            if lines.report.is_none() {
                info!(
                    "Analysis: the engine's first lines, depth {}, {} of them{}",
                    report.depth,
                    report.lines.len(),
                    report
                        .engine
                        .as_ref()
                        .map_or(String::new(), |e| format!(", from {e}"))
                );
            }
            lines.report = Some(report);
        }
        Some(Thought::Trouble(engine, fault)) => {
            warn!("Analysis: {engine} {fault}");
            lines.trouble = Some((engine, fault));
        }
        None => {}
    }
}

fn stop(mut commands: Commands, mut lines: ResMut<EngineLines>) {
    commands.remove_resource::<BackgroundSearch<Thinking>>();
    *lines = EngineLines::default();
}
