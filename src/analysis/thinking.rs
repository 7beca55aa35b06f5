//! The engine thinking aloud about the position on show: a search on a
//! thread of its own (never on the frame), started again whenever the
//! position changes, reporting after each depth. What it reported last is
//! [`EngineLines`], which the panel, the board's ghost lines and the
//! evaluation bar read.

use super::{AnalysisRequest, Studied};
use crate::search::background::{BackgroundSearch, SearchKind, only_when_idle};
use crate::states::{AppSystems, BoardMode};
use bevy::prelude::*;
use lineup_core::analysis::thinking::{MAX_LINES, ThinkingReport, can_think, think};

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
    type Output = ThinkingReport;
}

/// The engine's latest report on the position `key` names (none yet:
/// thinking, or paused, or a position that cannot be played from).
#[derive(Resource, Default, Debug)]
pub struct EngineLines {
    pub key: u64,
    pub report: Option<ThinkingReport>,
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
    mut lines: ResMut<EngineLines>,
    time: Res<Time<Real>>,
) {
    let Some(studied) = studied else { return };
    if lines.key == studied.key {
        return;
    }
    commands.remove_resource::<BackgroundSearch<Thinking>>();
    // Paused, another position shows no lines (the last ones were not
    // about it); resumed, the engine starts on it.
    *lines = EngineLines {
        key: studied.key,
        report: None,
    };
    let Ok(game) = studied.study.position() else {
        return;
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
            think(&game, count, stop, report)
        },
    ));
}

fn collect(mut lines: ResMut<EngineLines>, search: Option<ResMut<BackgroundSearch<Thinking>>>) {
    let Some(mut search) = search else { return };
    if search.revision != lines.key {
        return;
    }
    if let Some(report) = search.poll_latest() {
        if lines.report.is_none() {
            info!(
                "Analysis: the engine's first lines, depth {}, {} of them",
                report.depth,
                report.lines.len()
            );
        }
        lines.report = Some(report);
    }
}

fn stop(mut commands: Commands, mut lines: ResMut<EngineLines>) {
    commands.remove_resource::<BackgroundSearch<Thinking>>();
    *lines = EngineLines::default();
}
