//! The computer in every role of every opening rule, from its own
//! evaluation: it proposes stones it finds balanced, and decides by
//! evaluating what it is offered.
//!
//! Why balance: whoever places a stone that the other may swap does not
//! choose its colour, so the best stone is one after which neither colour
//! is clearly better. Whoever may swap takes the colour that is better.
//! Whoever offers fifth moves offers its best ones (White will take the one
//! worst for Black), and White takes exactly that one.
//!
//! Every judgement is a fixed-depth search with no clock (`GomokuEngine::evaluate`)
//! from a cleared table, so the same opening always gets the same answer;
//! `seed` only breaks ties among equally good stones.

use crate::ai::PlayRng;
use crate::ai::gomoku::GomokuEngine;
use crate::rules::gomoku::Move;
use crate::rules::opening::opening::within;
use crate::rules::opening::symmetry::same_move;
use crate::rules::opening::{Action, Opening, OpeningRule, Player, Step};
use crate::rules::{Game, Gomoku, Point, Side};
use std::sync::atomic::{AtomicBool, Ordering};

/// How deep each position is searched: enough to see threes and fours
/// coming, quick enough for the thousand or two positions a proposal
/// weighs. Odd, so that the search ends after the side to move's reply
/// with equal stones: at an even depth the other side always has one stone
/// more and no three-stone opening ever looks balanced.
const DEPTH: i32 = 3;
/// Swap2: a score (for the side to move) within this of zero is too close
/// to call, and the chooser places two more stones instead.
const BALANCED: i32 = 60;

/// The computer's action as `me` in `opening`, or `None` when it is not
/// its turn to act, the colours are decided (then it plays as usual), or
/// `stop` was raised.
pub fn opening_action(
    opening: &Opening,
    me: Player,
    engine: &mut GomokuEngine,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Action> {
    if opening.to_act() != me || opening.is_decided() {
        return None;
    }
    // No answer may depend on what the engine searched before.
    engine.clear();
    let mut judge = BalanceJudge {
        engine,
        stop,
        seed: seed ^ opening.actions().len() as u64,
    };
    let game = opening.game();
    let position = game.position();
    let stones = position.stones();
    let action = match (opening.rule(), opening.step()) {
        (OpeningRule::Swap2, Step::Place { .. }) => {
            let total = if stones < 3 { 3 } else { 5 };
            Action::Place(judge.balanced_completion(game, total, None)?)
        }
        (OpeningRule::Swap2, Step::Swap2Choice) => {
            // White is to move after three stones.
            let white = judge.score(position)?;
            if white > BALANCED {
                Action::Keep
            } else if white < -BALANCED {
                Action::Swap
            } else {
                Action::PlaceTwo
            }
        }
        (OpeningRule::Swap2, Step::ChooseColour) => {
            let white = judge.score(position)?;
            Action::TakeColour(if white > 0 { Side::Second } else { Side::First })
        }
        // Soosõrv's first three stones: the most balanced of the openings.
        (OpeningRule::Soosorv8, Step::Place { area: Some(_), .. }) => {
            let areas = |n: usize| OpeningRule::Soosorv8.area(n);
            Action::Place(judge.balanced_completion(game, 3, Some(&areas))?)
        }
        // Soosõrv's fourth stone: the one whose best declaration leaves
        // Black and White closest to even (the other may swap after it).
        (OpeningRule::Soosorv8, Step::Place { area: None, .. }) => {
            let mut best: Vec<(i32, Point)> = Vec::new();
            for p in near_stones(position, 2) {
                let mut next = game.clone();
                if next.play(Move::Stone(p)).is_err() {
                    continue;
                }
                let (_, value) = judge.best_declaration(next.position())?;
                best.push((value.abs(), p));
            }
            Action::Place(judge.least(&best)?)
        }
        (OpeningRule::Soosorv8, Step::Declare) => {
            Action::Declare(judge.best_declaration(position)?.0)
        }
        // Taraguchi's stones, each followed by a swap: balanced within
        // its square. The fifth, too: the computer never offers ten.
        (OpeningRule::Taraguchi10, Step::Place { area, .. }) => {
            let areas = |_: usize| area;
            Action::Place(judge.balanced_completion(game, stones + 1, Some(&areas))?)
        }
        (OpeningRule::Taraguchi10, Step::FifthChoice) => {
            let areas = |n: usize| OpeningRule::Taraguchi10.area(n);
            Action::Place(judge.balanced_completion(game, 5, Some(&areas))?)
        }
        (_, Step::MaySwap { .. }) => {
            // What the position is worth to Black as things stand: after
            // Soosõrv's declaration, the worst of Black's best offers.
            let black = if opening.rule() == OpeningRule::Soosorv8 && stones == 4 {
                judge.offers_value(position, opening.declared())?
            } else {
                judge.black_value(position)?
            };
            let mine = match opening.side_held_by(me) {
                Side::First => black,
                Side::Second => -black,
            };
            if mine < 0 { Action::Swap } else { Action::Keep }
        }
        (_, Step::Offer { .. }) => {
            let offered = opening.offers();
            let ranked = judge.ranked_fifths(position)?;
            let next = ranked.into_iter().find(|(_, p)| {
                !offered
                    .iter()
                    .any(|&o| o == *p || same_move(position, o, *p))
            })?;
            Action::Offer(next.1)
        }
        (_, Step::Pick) => {
            // White takes the offer worst for Black.
            let mut values = Vec::new();
            for &p in opening.offers() {
                let mut next = game.clone();
                if next.play(Move::Stone(p)).is_ok() {
                    values.push((judge.black_value(next.position())?, p));
                }
            }
            Action::Pick(values.into_iter().min_by_key(|(v, _)| *v)?.1)
        }
        _ => return None,
    };
    (!stop.load(Ordering::Relaxed)).then_some(action)
}

/// The engine and stop flag every judgement uses.
struct BalanceJudge<'a> {
    engine: &'a mut GomokuEngine,
    stop: &'a AtomicBool,
    seed: u64,
}

/// Which central square the stone numbered `n` (0-based) must be in.
type Areas<'a> = &'a dyn Fn(usize) -> Option<u8>;

impl BalanceJudge<'_> {
    /// What `position` is worth to the side to move.
    fn score(&mut self, position: &Gomoku) -> Option<i32> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        self.engine
            .evaluate(position, DEPTH, 0, self.stop)
            .map(|e| e.score)
    }

    /// What `position` is worth to Black.
    fn black_value(&mut self, position: &Gomoku) -> Option<i32> {
        let score = self.score(position)?;
        Some(if crate::rules::Rules::to_move(position) == Side::First {
            score
        } else {
            -score
        })
    }

    /// Black's fifth moves near the stones, best for Black first.
    fn ranked_fifths(&mut self, position: &Gomoku) -> Option<Vec<(i32, Point)>> {
        let mut ranked = Vec::new();
        let game = Game::new(position.clone());
        for p in near_stones(position, 2) {
            let mut next = game.clone();
            if next.play(Move::Stone(p)).is_ok() {
                ranked.push((self.black_value(next.position())?, p));
            }
        }
        ranked.sort_by_key(|(v, p)| (-v, p.y, p.x));
        Some(ranked)
    }

    /// What a position before the fifth move is worth to Black when Black
    /// offers its `n` best distinct fifth moves and White takes the worst.
    fn offers_value(&mut self, position: &Gomoku, n: u8) -> Option<i32> {
        let ranked = distinct(position, self.ranked_fifths(position)?);
        // Best first: the n-th is the worst of the n.
        let worst = ranked
            .get((n as usize).saturating_sub(1))
            .or(ranked.last())?;
        Some(worst.0)
    }

    /// The declaration (1 to 8 offers) that leaves the position closest to
    /// even, and what it is then worth to Black.
    fn best_declaration(&mut self, position: &Gomoku) -> Option<(u8, i32)> {
        let ranked = distinct(position, self.ranked_fifths(position)?);
        ranked
            .iter()
            .take(OpeningRule::Soosorv8.max_offers() as usize)
            .enumerate()
            .map(|(i, (value, _))| (i as u8 + 1, *value))
            .min_by_key(|(n, value)| (value.abs(), *n))
    }

    /// The next stone of the most balanced way to bring `game` to `total`
    /// stones, each colour in turn, among the points near the stones (or
    /// in each stone's central square).
    fn balanced_completion(
        &mut self,
        game: &Game<Gomoku>,
        total: usize,
        areas: Option<Areas>,
    ) -> Option<Point> {
        let mut found = Vec::new();
        let mut game = game.clone();
        self.complete(&mut game, total, areas, None, &mut found);
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        self.least(&found)
    }

    /// Tries every completion and records, for each first stone, how far
    /// from balanced its completion ends.
    fn complete(
        &mut self,
        game: &mut Game<Gomoku>,
        total: usize,
        areas: Option<Areas>,
        first: Option<Point>,
        found: &mut Vec<(i32, Point)>,
    ) {
        let position = game.position();
        let stones = position.stones();
        if stones == total {
            if let (Some(p), Some(s)) = (first, self.score(position)) {
                found.push((s.abs(), p));
            }
            return;
        }
        let size = position.size();
        let candidates: Vec<Point> = match areas.and_then(|a| a(stones)) {
            Some(n) => position
                .empty_points()
                .filter(|&p| within(size, n, p))
                .collect(),
            None => near_stones(position, 1),
        };
        for p in candidates {
            if game.play(Move::Stone(p)).is_ok() {
                self.complete(game, total, areas, first.or(Some(p)), found);
                game.undo();
            }
        }
    }

    /// The point with the least key; ties broken by the seed.
    fn least(&self, found: &[(i32, Point)]) -> Option<Point> {
        let least = found.iter().map(|(key, _)| *key).min()?;
        let ties: Vec<Point> = found
            .iter()
            .filter(|(key, _)| *key == least)
            .map(|(_, p)| *p)
            .collect();
        PlayRng::new(self.seed).pick(&ties)
    }
}

/// `ranked` without the points that are mirror images of a better one.
fn distinct(position: &Gomoku, ranked: Vec<(i32, Point)>) -> Vec<(i32, Point)> {
    let mut kept: Vec<(i32, Point)> = Vec::new();
    for (value, p) in ranked {
        if !kept.iter().any(|(_, k)| same_move(position, *k, p)) {
            kept.push((value, p));
        }
    }
    kept
}

/// Empty points within `reach` of a stone (the centre on an empty board):
/// where an opening's stones go. Swap2's proposals keep to one (a thousand
/// completions within two took seven seconds a stone; a compact opening is
/// also the usual kind), offers and the fourth stone look two away.
fn near_stones(position: &Gomoku, reach: i32) -> Vec<Point> {
    let size = position.size() as i32;
    if position.stones() == 0 {
        let centre = ((size - 1) / 2) as u8;
        return vec![Point::new(centre, centre)];
    }
    position
        .empty_points()
        .filter(|p| {
            (-reach..=reach).any(|dy| {
                (-reach..=reach).any(|dx| {
                    let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                    (0..size).contains(&x)
                        && (0..size).contains(&y)
                        && position.at(Point::new(x as u8, y as u8)).is_some()
                })
            })
        })
        .collect()
}
