//! Positions reached by random play, for tests and measurements that need
//! many ordinary positions (Values' latency, the solver against a plain
//! search, the game's Values row).

use crate::ai::PlayRng;
use crate::rules::{Column, ConnectFour, ConnectFourSize, Game};

/// The position after `plies` random legal moves on an empty `size` board,
/// `None` when the game ended on the way.
pub fn random_play(size: ConnectFourSize, plies: usize, rng: &mut PlayRng) -> Option<ConnectFour> {
    let mut game = Game::new(ConnectFour::new(size));
    while game.position().moves_played() < plies && !game.is_over() {
        let legal: Vec<Column> = game.position().legal_columns().collect();
        game.play(legal[rng.below(legal.len())]).ok()?;
    }
    (!game.is_over()).then(|| *game.position())
}
