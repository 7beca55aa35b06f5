//! `--frame-stats`: the summary's arithmetic, and the real binary printing
//! it at exit while the Renju Master thinks (the figure the feel targets are
//! read from; no threshold here: timings belong to measurements, not tests).

use crate::journey::{Journey, SoundOut};
use lineup::frame_stats::FrameSummary;
use std::time::Duration;

#[test]
fn the_summary_takes_nearest_rank_percentiles() {
    let ms = Duration::from_millis;
    assert_eq!(FrameSummary::of(&[]), None);
    // 1..=200 ms, shuffled: the median is 100 ms, the 99th percentile 198.
    let times: Vec<Duration> = (1..=200).map(|i| ms((i * 37) % 200 + 1)).collect();
    assert_eq!(
        FrameSummary::of(&times),
        Some(FrameSummary {
            frames: 200,
            p50: ms(100),
            p99: ms(198),
            longest: ms(200),
        })
    );
    assert_eq!(
        FrameSummary::of(&[ms(7)]),
        Some(FrameSummary {
            frames: 1,
            p50: ms(7),
            p99: ms(7),
            longest: ms(7),
        })
    );
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn frame_stats_are_printed_at_exit_while_master_thinks() {
    let mut journey = Journey::new("frame_stats");
    // Black has played h8: White (Master) thinks for its whole 4 s.
    journey.launch(
        SoundOut::Nowhere,
        &[
            "--game",
            "gomoku",
            "--moves",
            "h8",
            "--second",
            "computer:master",
            "--quit-after",
            "3",
            "--frame-stats",
        ],
    );
    let status = journey.wait_exit();
    assert!(status.success(), "{status}");
    let line = journey
        .log
        .iter()
        .find(|l| l.starts_with("Frame stats: "))
        .expect("the figures were printed")
        .clone();
    eprintln!("{line}");
    // The number after each name.
    let after = |name: &str| -> f64 {
        let rest = &line[line
            .find(name)
            .unwrap_or_else(|| panic!("{name} in {line}"))
            + name.len()..];
        let number: String = rest
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        number
            .parse()
            .unwrap_or_else(|_| panic!("a number after {name} in {line}"))
    };
    let frames = after("Frame stats:");
    let longest = after("longest");
    let start = after("first screen");
    // The search runs beside the frames, never in one: Master's 4 s of
    // thought span many frames, and no frame waits for it (a frame that
    // did would last the whole search).
    assert!(frames >= 2.0, "{line}");
    assert!(longest < 4000.0, "a frame waited for the search: {line}");
    assert!(start > 0.0, "{line}");
}
