//! Fits the Gomoku engine's learned values (`src/ai/gomoku/eval_model.rs`)
//! to self-play games from `make_eval_data`: the evaluation's values by a
//! logistic regression over what it counts (Texel's method), the move
//! scores by a softmax regression over the moves the searches chose.
//!
//! ```sh
//! # The model to start from and the one to write; games of one rule.
//! cargo run --release -p lineup-core --example fit_eval -- fit renju|freestyle \
//!     FROM.bin OUT.bin GAMES.txt... [--epochs N] [--result-share S] [--jobs N]
//! cargo run --release -p lineup-core --example fit_eval -- fit-moves renju|freestyle \
//!     FROM.bin OUT.bin GAMES.txt... [--epochs N] [--jobs N]
//! # What a model predicts of games, without fitting.
//! cargo run --release -p lineup-core --example fit_eval -- check renju|freestyle MODEL.bin GAMES.txt...
//! ```
//!
//! The evaluation (`fit`):
//! - The positions: every one a search played from (`x,y:SCORE`) that the
//!   search would take at its static value (no five to make, no open four
//!   to win with: `Board::is_static_leaf`), and not proven won or lost.
//! - The label: `S` × the game's result for the side to move (1, ½, 0)
//!   plus `1 − S` × the search's score through the logistic curve; `S` is
//!   ½ by default. A result alone says little of a position early in a
//!   long game; a shallow search's score alone repeats the evaluation's
//!   own mistakes.
//! - The curve's scale is the model's (`eval_model::LOGISTIC_SCALE`, so
//!   the values keep the units the search's margins are written in; the
//!   scale that would fit the starting values best is printed beside it).
//!
//! The move scores (`fit-moves`): every position a search played from
//! where the mover had a choice (no five to make or block); the label is
//! the move played, among the candidates the search orders (empty points
//! near a stone, fouls left out). The softmax's temperature is the one
//! that fits the starting scores best, then held, so the scores keep their
//! units beside the search's history bonuses.
//!
//! Both: Adam on the loss, in batches, each batch's gradient summed in
//! parts on the jobs' threads and then in a fixed order (the same fit on
//! any number of jobs). Every tenth game is held out, and its loss printed
//! before and after. Held towards the start: the sets' values by a small
//! penalty on their change, the lines' and threats' (which start at 0) by
//! one on their size. Only the rule's own tables move (freestyle's games
//! fit `PointTable::Shapes`, Renju's the two colours'); the set of four
//! empty shapes stays at 0, as the board counts values from it.

use lineup_core::ai::gomoku::WON;
use lineup_core::ai::gomoku::board::Board;
use lineup_core::ai::gomoku::eval_model::{
    self, ATTACK, DEFENCE, EvalModel, LINE_KEYS, LOGISTIC_SCALE, PARAMS, PointTable, TO_MOVE,
    VALUE_PARAMS, WAITING,
};
use lineup_core::ai::gomoku::pattern::NONE;
use lineup_core::ai::gomoku::shape_sets::{SETS, set_index};
use lineup_core::gomocup::wire;
use lineup_core::rules::RuleSet;

/// Counts of values: a position's (the evaluation) or a candidate's (a
/// move score), one after the other.
#[derive(Default)]
struct Counts {
    all: Vec<(u16, i16)>,
    ends: Vec<usize>,
}

impl Counts {
    fn push(&mut self, counts: impl IntoIterator<Item = (u16, i16)>) {
        self.all.extend(counts);
        self.ends.push(self.all.len());
    }

    fn get(&self, n: usize) -> &[(u16, i16)] {
        let start = if n == 0 { 0 } else { self.ends[n - 1] };
        &self.all[start..self.ends[n]]
    }

    fn len(&self) -> usize {
        self.ends.len()
    }
}

fn value(params: &[f64], counts: &[(u16, i16)]) -> f64 {
    counts
        .iter()
        .map(|&(p, n)| params[usize::from(p)] * f64::from(n))
        .sum()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A fit's data: what it predicts, how wrong a prediction is, and which
/// samples are held out.
trait Objective: Sync {
    fn len(&self) -> usize;
    fn held(&self, k: usize) -> bool;
    /// Sample `k`'s loss, with its gradient added to `grad`.
    fn loss_and_gradient(&self, params: &[f64], scale: f64, k: usize, grad: &mut [f64]) -> f64;
    /// Sample `k`'s loss.
    fn loss(&self, params: &[f64], scale: f64, k: usize) -> f64;

    /// The mean loss over the held-out samples or the others.
    fn mean_loss(&self, params: &[f64], scale: f64, held: bool) -> f64 {
        let ks: Vec<usize> = (0..self.len()).filter(|&k| self.held(k) == held).collect();
        ks.iter().map(|&k| self.loss(params, scale, k)).sum::<f64>() / ks.len().max(1) as f64
    }
}

/// Positions and their labels, for the evaluation.
struct Positions {
    counts: Counts,
    /// The result for the side to move (1, ½, 0).
    results: Vec<f32>,
    /// The search's score for the side to move.
    scores: Vec<f32>,
    held: Vec<bool>,
    /// The result's share of the label.
    share: f64,
}

impl Positions {
    fn label(&self, k: usize, scale: f64) -> f64 {
        let searched = sigmoid(f64::from(self.scores[k]) / scale);
        self.share * f64::from(self.results[k]) + (1.0 - self.share) * searched
    }

    /// The mean squared error of the predictions against the results of
    /// the held-out positions: comparable between any two fits.
    fn result_error(&self, params: &[f64], scale: f64) -> f64 {
        let ks: Vec<usize> = (0..self.len()).filter(|&k| self.held[k]).collect();
        ks.iter()
            .map(|&k| {
                let p = sigmoid(value(params, self.counts.get(k)) / scale);
                (p - f64::from(self.results[k])).powi(2)
            })
            .sum::<f64>()
            / ks.len().max(1) as f64
    }
}

fn entropy(predicted: f64, label: f64) -> f64 {
    let p = predicted.clamp(1e-9, 1.0 - 1e-9);
    -(label * p.ln() + (1.0 - label) * (1.0 - p).ln())
}

impl Objective for Positions {
    fn len(&self) -> usize {
        self.counts.len()
    }

    fn held(&self, k: usize) -> bool {
        self.held[k]
    }

    fn loss_and_gradient(&self, params: &[f64], scale: f64, k: usize, grad: &mut [f64]) -> f64 {
        let counts = self.counts.get(k);
        let p = sigmoid(value(params, counts) / scale);
        let label = self.label(k, scale);
        let d = (p - label) / scale;
        for &(i, n) in counts {
            grad[usize::from(i)] += d * f64::from(n);
        }
        entropy(p, label)
    }

    fn loss(&self, params: &[f64], scale: f64, k: usize) -> f64 {
        let p = sigmoid(value(params, self.counts.get(k)) / scale);
        entropy(p, self.label(k, scale))
    }
}

/// Positions with their candidates and the move chosen, for the move
/// scores.
struct Choices {
    /// Every candidate's counts; position `k`'s are `firsts[k]..firsts[k+1]`.
    candidates: Counts,
    firsts: Vec<usize>,
    /// The index among its candidates of the move played.
    chosen: Vec<u32>,
    held: Vec<bool>,
}

impl Choices {
    fn scores(&self, params: &[f64], scale: f64, k: usize) -> Vec<f64> {
        (self.firsts[k]..self.firsts[k + 1])
            .map(|c| value(params, self.candidates.get(c)) / scale)
            .collect()
    }

    /// The share of held-out positions whose move played is the best
    /// scored candidate.
    fn first_choice(&self, params: &[f64]) -> f64 {
        let ks: Vec<usize> = (0..self.len()).filter(|&k| self.held[k]).collect();
        let hits = ks
            .iter()
            .filter(|&&k| {
                let s = self.scores(params, 1.0, k);
                let best = s.iter().cloned().fold(f64::MIN, f64::max);
                s[self.chosen[k] as usize] >= best
            })
            .count();
        hits as f64 / ks.len().max(1) as f64
    }
}

/// The softmax's probabilities of scores, and the log of its sum.
fn softmax(scores: &[f64]) -> (Vec<f64>, f64) {
    let top = scores.iter().cloned().fold(f64::MIN, f64::max);
    let exps: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let sum: f64 = exps.iter().sum();
    (exps.iter().map(|e| e / sum).collect(), top + sum.ln())
}

impl Objective for Choices {
    fn len(&self) -> usize {
        self.chosen.len()
    }

    fn held(&self, k: usize) -> bool {
        self.held[k]
    }

    fn loss_and_gradient(&self, params: &[f64], scale: f64, k: usize, grad: &mut [f64]) -> f64 {
        let scores = self.scores(params, scale, k);
        let (p, log_sum) = softmax(&scores);
        let chosen = self.chosen[k] as usize;
        for (n, c) in (self.firsts[k]..self.firsts[k + 1]).enumerate() {
            let d = (p[n] - f64::from(u8::from(n == chosen))) / scale;
            for &(i, times) in self.candidates.get(c) {
                grad[usize::from(i)] += d * f64::from(times);
            }
        }
        log_sum - scores[chosen]
    }

    fn loss(&self, params: &[f64], scale: f64, k: usize) -> f64 {
        let scores = self.scores(params, scale, k);
        let (_, log_sum) = softmax(&scores);
        log_sum - scores[self.chosen[k] as usize]
    }
}

/// Calls `each` with every position of the games in `files` before a
/// move a search chose: the game's number from 1, the board, the move's
/// cell, its search score and Black's result (1, ½, 0).
fn positions(
    rule: RuleSet,
    files: &[String],
    mut each: impl FnMut(usize, &mut Board, usize, i32, f32),
) {
    let mut game = 0usize;
    for file in files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            game += 1;
            let mut words = line.split_whitespace();
            let Some(black) = words.next().and_then(|w| w.parse::<f32>().ok()) else {
                continue;
            };
            let black = (black + 1.0) / 2.0;
            let mut board = Board::new(15, rule);
            for word in words {
                let (point, score) = match word.split_once(':') {
                    Some((p, s)) => (p, s.parse::<i32>().ok()),
                    None => (word, None),
                };
                let Ok(p) = wire::parse_point(point, 15) else {
                    break; // a pass: the game's end is near anyway
                };
                let i = board.index(p);
                if !board.is_empty(i) {
                    break;
                }
                if let Some(score) = score {
                    each(game, &mut board, i, score, black);
                }
                board.play(i);
            }
        }
    }
}

fn read_positions(rule: RuleSet, files: &[String], share: f64) -> Positions {
    let mut data = Positions {
        counts: Counts::default(),
        results: Vec::new(),
        scores: Vec::new(),
        held: Vec::new(),
        share,
    };
    positions(rule, files, |game, board, _, score, black| {
        if score.abs() >= WON || !board.is_static_leaf() {
            return;
        }
        let mine = if board.to_move() == 0 {
            black
        } else {
            1.0 - black
        };
        data.counts.push(eval_model::features(board));
        data.results.push(mine);
        data.scores.push(score as f32);
        data.held.push(game % 10 == 0);
    });
    data
}

fn read_choices(rule: RuleSet, files: &[String]) -> Choices {
    let mut data = Choices {
        candidates: Counts::default(),
        firsts: vec![0],
        chosen: Vec::new(),
        held: Vec::new(),
    };
    positions(rule, files, |game, board, played, _, _| {
        let me = board.to_move();
        if board.has_five(me) || board.has_five(1 - me) {
            return;
        }
        let points: Vec<usize> = board.points().to_vec();
        let mut list = Vec::new();
        for i in points {
            if board.is_empty(i) && board.near(i) && board.legal(i, me) {
                list.push(i);
            }
        }
        let Some(chosen) = list.iter().position(|&i| i == played) else {
            return; // a move far from the stones: no candidate to learn from
        };
        if list.len() < 2 {
            return;
        }
        for &i in &list {
            data.candidates.push(eval_model::move_features(board, i));
        }
        data.firsts.push(data.candidates.len());
        data.chosen.push(chosen as u32);
        data.held.push(game % 10 == 0);
    });
    data
}

/// The scale between 1 and 10,000 with the least mean loss on the samples
/// not held out (golden-section search).
fn best_scale(data: &dyn Objective, params: &[f64]) -> f64 {
    let loss = |scale: f64| data.mean_loss(params, scale, false);
    let (mut lo, mut hi) = (1.0f64, 10_000.0f64);
    for _ in 0..40 {
        let a = hi - (hi - lo) / 1.618;
        let b = lo + (hi - lo) / 1.618;
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Which values may move, and which of them are sets (held towards their
/// start rather than towards 0): the rule's tables of the evaluation or
/// of the move scores.
fn movable(rule: RuleSet, moves: bool) -> (Vec<bool>, Vec<bool>) {
    let tables: &[PointTable] = match rule {
        RuleSet::Renju => &[PointTable::RenjuBlack, PointTable::RenjuWhite],
        _ => &[PointTable::Shapes],
    };
    let (mut free, mut set) = (vec![false; PARAMS], vec![false; PARAMS]);
    let empty_set = set_index([NONE; 4]);
    for &table in tables {
        for (role, part) in [(TO_MOVE, ATTACK), (WAITING, DEFENCE)] {
            for key in 0..LINE_KEYS {
                let p = if moves {
                    eval_model::move_line_param(table, part, key)
                } else {
                    eval_model::line_param(table, role, key)
                };
                free[p] = true;
            }
            for s in 0..SETS {
                let p = if moves {
                    eval_model::move_set_param(table, part, s)
                } else {
                    eval_model::set_param(table, role, s)
                };
                free[p] = s != empty_set;
                set[p] = true;
            }
        }
        if !moves {
            for mask in 0..eval_model::THREATS {
                free[eval_model::threat_param(table, mask)] = true;
            }
        }
    }
    (free, set)
}

struct Fit {
    epochs: usize,
    jobs: usize,
    /// Learning rate, in the values' units a step.
    rate: f64,
    batch: usize,
    /// The penalties: on a set's change, and on a line's or threat's size.
    hold_sets: f64,
    hold_lines: f64,
}

fn fit(
    data: &dyn Objective,
    start: &[f64],
    (free, set): (Vec<bool>, Vec<bool>),
    scale: f64,
    how: &Fit,
    report: impl Fn(&[f64]) -> String,
) -> Vec<f64> {
    let mut params = start.to_vec();
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let train: Vec<usize> = (0..data.len()).filter(|&k| !data.held(k)).collect();
    let mut step = 0i32;
    for epoch in 0..how.epochs {
        let mut total = 0.0;
        for batch in train.chunks(how.batch) {
            let parts: Vec<(Vec<f64>, f64)> = std::thread::scope(|scope| {
                let params = &params;
                let handles: Vec<_> = batch
                    .chunks(batch.len().div_ceil(how.jobs))
                    .map(|part| {
                        scope.spawn(move || {
                            let mut g = vec![0.0; PARAMS];
                            let loss: f64 = part
                                .iter()
                                .map(|&k| data.loss_and_gradient(params, scale, k, &mut g))
                                .sum();
                            (g, loss)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a gradient thread"))
                    .collect()
            });
            step += 1;
            let n = batch.len() as f64;
            total += parts.iter().map(|(_, l)| l).sum::<f64>();
            for p in (0..PARAMS).filter(|&p| free[p]) {
                let mut g: f64 = parts.iter().map(|(part, _)| part[p]).sum::<f64>() / n;
                g += if set[p] {
                    how.hold_sets * (params[p] - start[p])
                } else {
                    how.hold_lines * params[p]
                };
                m[p] = b1 * m[p] + (1.0 - b1) * g;
                v[p] = b2 * v[p] + (1.0 - b2) * g * g;
                let mh = m[p] / (1.0 - b1.powi(step));
                let vh = v[p] / (1.0 - b2.powi(step));
                params[p] = (params[p] - how.rate * mh / (vh.sqrt() + eps))
                    .clamp(f64::from(i16::MIN), f64::from(i16::MAX));
            }
        }
        eprintln!(
            "epoch {}: training loss {:.5}; held out: loss {:.5}, {}",
            epoch + 1,
            total / train.len().max(1) as f64,
            data.mean_loss(&params, scale, true),
            report(&params)
        );
    }
    params
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| -> Option<String> {
        args.iter()
            .position(|a| a == name)
            .and_then(|n| args.get(n + 1).cloned())
    };
    let positional: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(n, a)| !a.starts_with("--") && (n == 0 || !args[n - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    let usage = || -> ! {
        eprintln!(
            "usage: fit_eval fit|fit-moves RULE FROM.bin OUT.bin GAMES... [--epochs N] [--result-share S] [--jobs N]\n       fit_eval check RULE MODEL.bin GAMES..."
        );
        std::process::exit(2)
    };
    if positional.len() < 4 {
        usage();
    }
    let rule = match positional[1].as_str() {
        "renju" => RuleSet::Renju,
        "freestyle" => RuleSet::Freestyle,
        _ => usage(),
    };
    let read_model = |path: &str| -> Vec<f64> {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let model = EvalModel::from_bytes(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        model.params().iter().map(|&v| f64::from(v)).collect()
    };
    let number = |name: &str, default: f64| -> f64 {
        flag(name).map_or(default, |v| v.parse().unwrap_or_else(|_| usage()))
    };
    let share = number("--result-share", 0.5);
    let how = Fit {
        epochs: number("--epochs", 10.0) as usize,
        jobs: number("--jobs", 2.0).max(1.0) as usize,
        rate: number("--rate", 0.3),
        batch: number("--batch", 1024.0) as usize,
        hold_sets: number("--hold-sets", 1e-6),
        hold_lines: number("--hold-lines", 1e-6),
    };
    let files =
        |from: usize| -> Vec<String> { positional[from..].iter().map(|s| s.to_string()).collect() };
    let write = |out: &str, params: &[f64]| {
        let rounded: Vec<i16> = params.iter().map(|&v| v.round() as i16).collect();
        std::fs::write(out, EvalModel::to_bytes(&rounded)).unwrap_or_else(|e| panic!("{out}: {e}"));
        rounded.iter().map(|&v| f64::from(v)).collect::<Vec<f64>>()
    };
    match positional[0].as_str() {
        "check" => {
            let params = read_model(positional[2]);
            let data = read_positions(rule, &files(3), share);
            let best = best_scale(&data, &params);
            println!(
                "{} positions; held out: squared error against the results {:.5}, loss {:.5} (the best scale for them {best:.0})",
                data.len(),
                data.result_error(&params, LOGISTIC_SCALE),
                data.mean_loss(&params, LOGISTIC_SCALE, true),
            );
            let choices = read_choices(rule, &files(3));
            let scale = best_scale(&choices, &params);
            println!(
                "{} choices; held out: the move played scored best in {:.1}%, loss {:.5} at temperature {scale:.0}",
                choices.len(),
                100.0 * choices.first_choice(&params),
                choices.mean_loss(&params, scale, true),
            );
        }
        "fit" if positional.len() >= 5 => {
            let start = read_model(positional[2]);
            let data = read_positions(rule, &files(4), share);
            let scale = LOGISTIC_SCALE;
            eprintln!(
                "{} positions ({} held out); held out before: squared error {:.5}, loss {:.5} (the best scale for the start {:.0})",
                data.len(),
                data.held.iter().filter(|&&h| h).count(),
                data.result_error(&start, scale),
                data.mean_loss(&start, scale, true),
                best_scale(&data, &start)
            );
            let report = |p: &[f64]| format!("squared error {:.5}", data.result_error(p, scale));
            let params = fit(&data, &start, movable(rule, false), scale, &how, report);
            // The move scores stay as they were.
            let mut kept = start.clone();
            kept[..VALUE_PARAMS].copy_from_slice(&params[..VALUE_PARAMS]);
            let rounded = write(positional[3], &kept);
            eprintln!(
                "held out after: squared error {:.5}, loss {:.5}",
                data.result_error(&rounded, scale),
                data.mean_loss(&rounded, scale, true)
            );
        }
        "fit-moves" if positional.len() >= 5 => {
            let start = read_model(positional[2]);
            let data = read_choices(rule, &files(4));
            let scale = best_scale(&data, &start);
            eprintln!(
                "{} choices ({} held out); temperature {scale:.1}; held out before: first choice {:.1}%, loss {:.5}",
                data.len(),
                data.held.iter().filter(|&&h| h).count(),
                100.0 * data.first_choice(&start),
                data.mean_loss(&start, scale, true)
            );
            let report = |p: &[f64]| format!("first choice {:.1}%", 100.0 * data.first_choice(p));
            let params = fit(&data, &start, movable(rule, true), scale, &how, report);
            let mut kept = start.clone();
            kept[VALUE_PARAMS..].copy_from_slice(&params[VALUE_PARAMS..]);
            let rounded = write(positional[3], &kept);
            eprintln!(
                "held out after: first choice {:.1}%, loss {:.5}",
                100.0 * data.first_choice(&rounded),
                data.mean_loss(&rounded, scale, true)
            );
        }
        _ => usage(),
    }
}
