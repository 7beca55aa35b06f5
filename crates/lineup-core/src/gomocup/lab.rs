//! The engine lab's match: two engines over an opening list in pairs of
//! games (each opening with A as Black, then as White), several pairs at
//! once, each finished pair logged so that a stopped match resumes. The
//! caller counts the pairs (a [`super::sprt::Pentanomial`]) and says when
//! to stop, as the SPRT decides; `examples/gomoku_match.rs` is its command
//! line.

use super::arena::{self, Entrant};
use super::client::TimeControl;
use super::sprt::GameScore;
use crate::rules::gomoku::Move;
use crate::rules::{Point, RuleSet, Side};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// What to play.
#[derive(Clone, Debug)]
pub struct LabMatch {
    /// A, then B.
    pub engines: [Entrant; 2],
    pub rule: RuleSet,
    pub time: TimeControl,
    /// Pair `k` plays opening `k` mod their number.
    pub openings: Vec<Vec<Point>>,
    /// Pairs `0..pairs` are played (less the ones logged already).
    pub pairs: usize,
    /// Pairs at once, each on a thread with its own two engine processes.
    pub jobs: usize,
    /// Where each finished pair is logged (`pair K: W L`, A's results),
    /// and read back from to resume.
    pub log: Option<PathBuf>,
}

/// One game of a pair.
#[derive(Clone, Debug)]
pub struct GamePlayed {
    /// 1-based: pair `k`'s games are `2k + 1` and `2k + 2`.
    pub number: usize,
    /// What to print of it.
    pub line: String,
    /// A's result, `None` when the game could not be played.
    pub result: Option<GameScore>,
    pub moves: Vec<Move>,
}

/// A pair: A as Black, then as White.
#[derive(Clone, Debug)]
pub struct PairPlayed {
    pub index: usize,
    pub games: [GamePlayed; 2],
}

impl PairPlayed {
    /// A's two results, when both games were played (a pair with a
    /// skipped game is no pair).
    pub fn results(&self) -> Option<(GameScore, GameScore)> {
        Some((self.games[0].result?, self.games[1].result?))
    }
}

/// The pairs a match's log says are finished, with A's results.
pub fn logged(path: &Path) -> Result<Vec<(usize, GameScore, GameScore)>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut seen = BTreeSet::new();
    let mut pairs = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = || {
            format!(
                "{} line {}: not \"pair K: W L\": {line}",
                path.display(),
                n + 1
            )
        };
        let (k, results) = line
            .strip_prefix("pair ")
            .and_then(|rest| rest.split_once(": "))
            .ok_or_else(bad)?;
        let k: usize = k.parse().map_err(|_| bad())?;
        let results: Vec<GameScore> = results
            .split(' ')
            .map(|r| match r {
                "W" => Some(GameScore::Win),
                "D" => Some(GameScore::Draw),
                "L" => Some(GameScore::Loss),
                _ => None,
            })
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        let [first, second] = <[GameScore; 2]>::try_from(results).map_err(|_| bad())?;
        // A pair logged twice (two runs racing) counts once.
        if seen.insert(k) {
            pairs.push((k, first, second));
        }
    }
    Ok(pairs)
}

fn log_pair(path: &Path, index: usize, (first, second): (GameScore, GameScore)) {
    use std::io::Write;
    let letter = |r: GameScore| match r {
        GameScore::Win => "W",
        GameScore::Draw => "D",
        GameScore::Loss => "L",
    };
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| writeln!(f, "pair {index}: {} {}", letter(first), letter(second)));
    if let Err(e) = written {
        eprintln!("lab: {}: {e}", path.display());
    }
}

/// Plays the match's pairs not in `done`, `jobs` at once, and hands each
/// finished pair to `each` (in the order they finish) after logging it;
/// `each` returns false to stop (the games under way are left
/// unfinished). Returns when every pair is played or `each` stopped it.
pub fn run(lab: &LabMatch, done: &BTreeSet<usize>, mut each: impl FnMut(&PairPlayed) -> bool) {
    if lab.openings.is_empty() {
        return;
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (report, reports) = mpsc::channel::<PairPlayed>();
    std::thread::scope(|scope| {
        for _ in 0..lab.jobs.max(1) {
            let report = report.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= lab.pairs {
                        break;
                    }
                    if !done.contains(&k) && report.send(play_pair(lab, k)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(report);
        for pair in reports {
            if let (Some(log), Some(results)) = (&lab.log, pair.results()) {
                log_pair(log, pair.index, results);
            }
            if !each(&pair) {
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
    });
}

fn play_pair(lab: &LabMatch, index: usize) -> PairPlayed {
    let [a, b] = &lab.engines;
    let opening = &lab.openings[index % lab.openings.len()];
    let shown = index % lab.openings.len() + 1;
    let game = |g: usize, a_plays: Side| {
        let number = 2 * index + g + 1;
        let engines = match a_plays {
            Side::First => [a, b],
            Side::Second => [b, a],
        };
        match arena::play_game(engines, opening, lab.rule, lab.time) {
            Ok(played) => GamePlayed {
                number,
                line: format!(
                    "game {number}: opening {shown}, {} Black: {} after {} moves",
                    engines[0].name,
                    played.result,
                    played.moves.len()
                ),
                result: Some(match played.result.winner() {
                    Some(side) if side == a_plays => GameScore::Win,
                    Some(_) => GameScore::Loss,
                    None => GameScore::Draw,
                }),
                moves: played.moves,
            },
            Err(e) => GamePlayed {
                number,
                line: format!("game {number}: opening {shown} skipped: {e}"),
                result: None,
                moves: Vec::new(),
            },
        }
    };
    PairPlayed {
        index,
        games: [game(0, Side::First), game(1, Side::Second)],
    }
}
