//! Which position the board shows: the match's own, or in review mode an
//! earlier one of the same game. Everything drawn on the board (pieces,
//! last-move dot, win glow) reads it through [`DrawnPosition`], so browsing a game
//! never touches the match itself.

use crate::current_match::CurrentMatch;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use lineup_core::match_state::fresh_revision;
use lineup_core::rules::MatchGame;

/// The position review mode shows: the match's game with its last moves
/// taken back (a copy; the match keeps its own).
#[derive(Resource, Clone, Debug)]
pub struct ReviewPosition {
    pub game: MatchGame,
    /// Moves shown, from 0 (the empty board) to every move of the game.
    pub ply: usize,
    /// Names this view as a revision names a state of the match.
    pub key: u64,
}

impl ReviewPosition {
    /// `game` shown after its first `ply` moves (at most all of them; with
    /// all, a resignation shows too).
    pub fn of(game: &MatchGame, ply: usize) -> Self {
        let mut shown = game.clone();
        // A resignation is taken back first, then the moves after `ply`.
        while shown.move_count() > ply || (ply < game.move_count() && shown.is_over()) {
            if shown.undo().is_none() {
                break;
            }
        }
        ReviewPosition {
            ply: shown.move_count(),
            game: shown,
            key: fresh_revision(),
        }
    }
}

/// The game on show and its name, for the systems that draw the board.
#[derive(SystemParam)]
pub struct DrawnPosition<'w> {
    current: Res<'w, CurrentMatch>,
    review: Option<Res<'w, ReviewPosition>>,
}

impl DrawnPosition<'_> {
    pub fn game(&self) -> &MatchGame {
        match &self.review {
            Some(review) => &review.game,
            None => self.current.game(),
        }
    }

    /// Changes whenever the board should show something else.
    pub fn key(&self) -> u64 {
        match &self.review {
            Some(review) => review.key,
            None => self.current.revision(),
        }
    }

    pub fn reviewing(&self) -> bool {
        self.review.is_some()
    }
}
