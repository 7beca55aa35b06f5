//! `--frame-stats`: how smooth the game ran, printed when it exits. Every
//! frame's duration from the first frame of a screen (after loading) on, and
//! how long the program took from start to that first screen. The figures
//! are the feel targets' measure (see docs/testing.md: "Feel, measured").

use crate::states::Screen;
use bevy::prelude::*;
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (record_frame, report_on_exit)
            .chain()
            .run_if(resource_exists::<FrameStats>),
    );
}

/// The frames seen so far (present only with `--frame-stats`).
#[derive(Resource, Debug)]
pub struct FrameStats {
    /// When the program started (`app::run` was called).
    started: Instant,
    /// From the start to the first frame of a screen.
    to_first_screen: Option<Duration>,
    times: Vec<Duration>,
    reported: bool,
}

impl FrameStats {
    pub fn new(started: Instant) -> Self {
        FrameStats {
            started,
            to_first_screen: None,
            times: Vec::new(),
            reported: false,
        }
    }
}

/// The frame times' median, 99th percentile (nearest rank) and longest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameSummary {
    pub frames: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub longest: Duration,
}

impl FrameSummary {
    /// `None` when there was no frame.
    pub fn of(times: &[Duration]) -> Option<FrameSummary> {
        if times.is_empty() {
            return None;
        }
        let mut sorted = times.to_vec();
        sorted.sort_unstable();
        // Nearest rank: the smallest time at or above `percent` of frames.
        let rank = |percent: usize| sorted[(sorted.len() * percent).div_ceil(100).max(1) - 1];
        Some(FrameSummary {
            frames: sorted.len(),
            p50: rank(50),
            p99: rank(99),
            longest: rank(100),
        })
    }
}

impl std::fmt::Display for FrameSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        write!(
            f,
            "{} frames, p50 {:.1} ms, p99 {:.1} ms, longest {:.1} ms",
            self.frames,
            ms(self.p50),
            ms(self.p99),
            ms(self.longest)
        )
    }
}

fn record_frame(screen: Res<State<Screen>>, time: Res<Time<Real>>, mut stats: ResMut<FrameStats>) {
    if *screen.get() == Screen::Loading {
        return;
    }
    if stats.to_first_screen.is_none() {
        stats.to_first_screen = Some(stats.started.elapsed());
        // This frame's time is the wait for the assets; the next ones count.
        return;
    }
    stats.times.push(time.delta());
}

fn report_on_exit(mut exits: MessageReader<AppExit>, mut stats: ResMut<FrameStats>) {
    if exits.read().count() == 0 || stats.reported {
        return;
    }
    stats.reported = true;
    let start = stats
        .to_first_screen
        .map_or("never".into(), |d| format!("{:.2} s", d.as_secs_f64()));
    match FrameSummary::of(&stats.times) {
        Some(summary) => println!("Frame stats: {summary}; start to first screen {start}"),
        None => println!("Frame stats: no frames; start to first screen {start}"),
    }
}
