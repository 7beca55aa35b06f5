//! The computer in every role of Swap2, from its own evaluation: it
//! proposes openings that it finds balanced, and decides by evaluating the
//! opening it is offered.
//!
//! Why balance: in Swap2 the proposer does not choose its colour, so the
//! best proposal is one where neither colour is clearly better; the chooser
//! takes the colour that is better, and when it cannot tell, places two
//! more stones and hands the choice back.
//!
//! Every judgement is a fixed-depth search with no clock (`Engine::evaluate`)
//! from a cleared table, so the same opening always gets the same answer;
//! `seed` only breaks ties among equally balanced proposals.

use crate::ai::Rng;
use crate::ai::gomoku::Engine;
use crate::rules::gomoku::Move;
use crate::rules::opening::swap2::{Action, Player, Step, Swap2};
use crate::rules::{Game, Gomoku, Point, Side};
use std::sync::atomic::AtomicBool;

/// How deep each opening is searched: enough to see threes and fours
/// coming, quick enough for the thousand or two candidates a proposal
/// weighs (about a second). Odd, so that the search ends after the side to
/// move's reply with equal stones: at an even depth the other side always
/// has one stone more and no three-stone opening ever looks balanced.
const DEPTH: i32 = 3;
/// A score (for the side to move) within this of zero counts as balanced.
const BALANCED: i32 = 60;

/// The computer's action as `me` in `opening`, or `None` when it is not
/// its turn to act, the colours are decided (then it plays as usual), or
/// `stop` was raised.
pub fn swap2_action(
    opening: &Swap2,
    me: Player,
    engine: &mut Engine,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Action> {
    if opening.to_act() != me {
        return None;
    }
    // No answer may depend on what the engine searched before.
    engine.clear();
    let position = opening.game().position();
    match opening.step() {
        Step::PlaceThree { .. } => {
            next_of_balanced(position, 3, engine, seed, stop).map(Action::Place)
        }
        Step::PlaceTwo { .. } => {
            next_of_balanced(position, 5, engine, seed, stop).map(Action::Place)
        }
        Step::SecondChooses => {
            // The score is White's (White is to move after three stones).
            let white = score(position, engine, stop)?;
            Some(if white > BALANCED {
                Action::PlayWhite
            } else if white < -BALANCED {
                Action::Swap
            } else {
                Action::PlaceTwo
            })
        }
        Step::FirstChooses => {
            let white = score(position, engine, stop)?;
            Some(Action::TakeColour(if white > 0 {
                Side::Second
            } else {
                Side::First
            }))
        }
        Step::Decided { .. } => None,
    }
}

/// What the position is worth to the side to move.
fn score(position: &Gomoku, engine: &mut Engine, stop: &AtomicBool) -> Option<i32> {
    engine.evaluate(position, DEPTH, 0, stop).map(|e| e.score)
}

/// The next stone of the most balanced way to bring `position` to `total`
/// stones: each colour's stones in turn (the game's alternation), chosen
/// among the points near the stones (the centre on an empty board).
fn next_of_balanced(
    position: &Gomoku,
    total: usize,
    engine: &mut Engine,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Point> {
    let mut best: Vec<(i32, Point)> = Vec::new();
    let mut game = Game::new(position.clone());
    search(&mut game, total, None, engine, stop, &mut best);
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let least = best.iter().map(|(imbalance, _)| *imbalance).min()?;
    let ties: Vec<Point> = best
        .iter()
        .filter(|(imbalance, _)| *imbalance == least)
        .map(|(_, p)| *p)
        .collect();
    Rng::new(seed ^ position.stones() as u64).pick(&ties)
}

/// Tries every completion of `game` to `total` stones and records, for each
/// first stone, how far from balanced its completion ends.
fn search(
    game: &mut Game<Gomoku>,
    total: usize,
    first: Option<Point>,
    engine: &mut Engine,
    stop: &AtomicBool,
    found: &mut Vec<(i32, Point)>,
) {
    let position = game.position();
    if position.stones() == total {
        if let (Some(p), Some(s)) = (first, score(position, engine, stop)) {
            found.push((s.abs(), p));
        }
        return;
    }
    for p in candidates(position) {
        if game.play(Move::Stone(p)).is_ok() {
            search(game, total, first.or(Some(p)), engine, stop, found);
            game.undo();
        }
    }
}

/// Empty points within two of a stone (the centre on an empty board):
/// where an opening's stones go.
fn candidates(position: &Gomoku) -> Vec<Point> {
    let size = position.size() as i32;
    if position.stones() == 0 {
        return vec![Point::new((size / 2) as u8, (size / 2) as u8)];
    }
    position
        .empty_points()
        .filter(|p| {
            (-2..=2).any(|dy| {
                (-2..=2).any(|dx| {
                    let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
                    (0..size).contains(&x)
                        && (0..size).contains(&y)
                        && position.at(Point::new(x as u8, y as u8)).is_some()
                })
            })
        })
        .collect()
}
