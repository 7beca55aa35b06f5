//! `lineup --soak N`: the closing line's form, the random matches it plays,
//! and the real game in its window playing 20 games back to back (reviewed,
//! saved, loaded, deleted, menus between them) with no panic, no step that
//! hung, every save it made deleted, and its entities no more at the end
//! than after the warm-up. The 1000-game run (memory flat within 5%) is a
//! measurement by hand: BENCHMARKS.md.

use crate::journey::{Journey, SoundOut};
use lineup::soak::choice::random_match;
use lineup::soak::figures::{Sample, SoakReport};
use lineup_core::ai::PlayRng;
use lineup_core::match_setup::{GameKind, PlayerKind};
use lineup_core::rules::GomokuSize;
use std::time::Duration;

#[test]
fn the_closing_line_has_the_agreed_form() {
    let report = SoakReport {
        games: 1000,
        panics: 0,
        start: Sample {
            rss_bytes: 300 * 1024 * 1024,
            entities: 812,
        },
        end: Sample {
            rss_bytes: 310 * 1024 * 1024 + 512 * 1024,
            entities: 812,
        },
        longest_frame: Duration::from_micros(84_250),
    };
    assert_eq!(
        report.to_string(),
        "soak: games 1000, panics 0, rss start 300.0 MB end 310.5 MB, entities start 812 end 812, longest frame 84.2 ms"
    );
}

#[test]
fn the_soak_plays_both_games_computer_against_computer_on_varied_boards() {
    let mut rng = PlayRng::new(7);
    let (mut connect_four, mut gomoku, mut sizes, mut openings) = (0, 0, Vec::new(), 0);
    for _ in 0..400 {
        let game = random_match(&mut rng);
        let setup = game.setup();
        assert!(
            setup
                .players
                .iter()
                .all(|p| matches!(p, PlayerKind::Computer(_))),
            "{setup:?}"
        );
        match setup.kind {
            GameKind::ConnectFour { size } => {
                connect_four += 1;
                sizes.push((size.columns(), size.rows()));
            }
            GameKind::Gomoku { size, rule } => {
                gomoku += 1;
                sizes.push((size.get(), size.get()));
                if setup.opening() != Default::default() {
                    openings += 1;
                    assert!(
                        setup.opening().fits(rule) && size == GomokuSize::STANDARD,
                        "{setup:?}"
                    );
                }
            }
        }
        assert!(!game.game().is_over());
    }
    sizes.sort_unstable();
    sizes.dedup();
    assert!(
        connect_four > 100 && gomoku > 100,
        "{connect_four} {gomoku}"
    );
    assert!(sizes.len() > 20 && openings > 10, "{sizes:?} {openings}");
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn twenty_games_in_one_window_leave_nothing_behind() {
    const GAMES: u32 = 20;
    let mut journey = Journey::new("soak");
    journey.set_env("LINEUP_SOAK_SEED", "20261127");
    // A small window draws faster under the software renderer.
    journey.launch(
        SoundOut::Nowhere,
        &["--soak", &GAMES.to_string(), "--window", "800x600"],
    );
    for game in 1..=GAMES {
        journey.wait_for(&format!("Soak: game {game} of {GAMES}:"));
    }
    let status = journey.wait_exit();
    let line = journey
        .log
        .iter()
        .find(|l| l.starts_with("soak: games "))
        .expect("the closing line")
        .clone();
    eprintln!("{line}");
    assert!(
        status.success(),
        "{status}: {:?}",
        journey
            .log
            .iter()
            .filter(|l| l.contains("soak"))
            .collect::<Vec<_>>()
    );
    assert!(
        line.starts_with(&format!("soak: games {GAMES}, panics 0, ")),
        "{line}"
    );
    // "… entities start C end D, …"
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == "entities")
        .expect("entities");
    let count = |i: usize| -> u32 {
        words[i]
            .trim_end_matches(',')
            .parse()
            .unwrap_or_else(|_| panic!("a count at word {i}: {line}"))
    };
    // Sampled at the same point of each round (the title screen): a piece,
    // a menu or a marker left behind by any round would add to the end.
    let (start, end) = (count(at + 2), count(at + 4));
    assert!(end <= start, "{line}");
    // Every save the soak made was loaded back and deleted.
    let saves = journey.folders().saves();
    let left: Vec<_> = std::fs::read_dir(&saves)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "left in {}: {left:?}", saves.display());
}
