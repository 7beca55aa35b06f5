//! Every position of a board, layer by layer (a layer: the positions with
//! the same number of stones), for a book that holds them all up to a
//! depth (`examples/make_layer_book.rs`).
//!
//! Why bottom-up: solving every position of the deepest layer is the whole
//! cost; each shallower position's score is then the best of its
//! children's, read from the layer below without any search. So only the
//! deepest layer is solved (in parts, on as many machines or days as
//! wanted), and [`scores_above`] derives the rest in seconds.

use super::position::Position;
use super::shape::Shape;
use super::solver::win_now_score;
use std::collections::HashMap;

/// Every position with `stones` stones that play can reach with nobody's
/// four on the board, one of each mirror pair, with its
/// [`Position::symmetric_key`], sorted by that key.
pub fn layer<S: Shape>(shape: S, stones: u32) -> Vec<(u64, Position<S>)> {
    layers(shape, stones).pop().unwrap_or_default()
}

/// Layers 0 to `deepest`, as [`layer`] gives each.
pub fn layers<S: Shape>(shape: S, deepest: u32) -> Vec<Vec<(u64, Position<S>)>> {
    let empty = Position::empty(shape);
    let mut all = vec![vec![(empty.symmetric_key(), empty)]];
    for _ in 0..deepest {
        let mut next = HashMap::new();
        for (_, position) in all.last().into_iter().flatten() {
            for column in 0..shape.width() {
                // A winning move ends the game: its position is in no layer.
                if position.can_play(column) && !position.is_winning_move(column) {
                    let mut child = *position;
                    child.play_column(column);
                    next.entry(child.symmetric_key()).or_insert(child);
                }
            }
        }
        let mut layer: Vec<(u64, Position<S>)> = next.into_iter().collect();
        layer.sort_unstable_by_key(|&(key, _)| key);
        all.push(layer);
    }
    all
}

/// The exact score of every position in the layers above `deepest`, from
/// the scores of every position of layer `deepest` (by symmetric key), as
/// `(symmetric key, score)`. `None` when a child is missing from `deepest`.
pub fn scores_above<S: Shape>(
    shape: S,
    deepest: u32,
    deepest_scores: HashMap<u64, i8>,
) -> Option<Vec<(u64, i8)>> {
    let mut above = layers(shape, deepest);
    above.pop();
    let mut below = deepest_scores;
    let mut all = Vec::new();
    for layer in above.iter().rev() {
        let mut scores = HashMap::with_capacity(layer.len());
        for &(key, position) in layer {
            let mut best = i32::MIN;
            for column in 0..shape.width() {
                if !position.can_play(column) {
                    continue;
                }
                let score = if position.is_winning_move(column) {
                    win_now_score(&position)
                } else {
                    let mut child = position;
                    child.play_column(column);
                    -i32::from(*below.get(&child.symmetric_key())?)
                };
                best = best.max(score);
            }
            // Every layer above the last cell has a playable column.
            scores.insert(key, best as i8);
        }
        all.extend(scores.iter().map(|(&k, &s)| (k, s)));
        below = scores;
    }
    Some(all)
}
