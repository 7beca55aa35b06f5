//! Which position the board shows: the match's own, in review mode an
//! earlier one of the same game, on the analysis board the study's.
//! Everything drawn on the board (pieces, last-move dot, win glow) reads it
//! through [`DrawnPosition`], so browsing a game never touches the match
//! itself.

use crate::current_match::CurrentMatch;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use lineup_core::analysis::setup::Spot;
use lineup_core::match_state::fresh_revision;
use lineup_core::rules::{MatchGame, Side};

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

/// The position the analysis board shows (kept by `analysis`): a game
/// from the set-up position, whose moves are the line on show, and the
/// set-up's own pieces, which are not moves.
#[derive(Resource, Clone, Debug)]
pub struct StudyPosition {
    pub game: MatchGame,
    pub setup_pieces: Vec<(Spot, Side)>,
    pub key: u64,
}

/// The game on show and its name, for the systems that draw the board.
#[derive(SystemParam)]
pub struct DrawnPosition<'w> {
    current: Res<'w, CurrentMatch>,
    review: Option<Res<'w, ReviewPosition>>,
    study: Option<Res<'w, StudyPosition>>,
}

impl DrawnPosition<'_> {
    pub fn game(&self) -> &MatchGame {
        match (&self.study, &self.review) {
            (Some(study), _) => &study.game,
            (None, Some(review)) => &review.game,
            (None, None) => self.current.game(),
        }
    }

    /// Changes whenever the board should show something else.
    pub fn key(&self) -> u64 {
        match (&self.study, &self.review) {
            (Some(study), _) => study.key,
            (None, Some(review)) => review.key,
            (None, None) => self.current.revision(),
        }
    }

    /// Whether the board shows something other than the match in play
    /// (review, analysis): nothing animates as if just played.
    pub fn reviewing(&self) -> bool {
        self.review.is_some() || self.study.is_some()
    }

    /// Who played the first move of [`Self::game`]: the first side, but on
    /// the analysis board whoever the set-up gave the move to.
    pub fn first_side(&self) -> Side {
        let game = self.game();
        if game.move_count().is_multiple_of(2) {
            game.to_move()
        } else {
            game.to_move().other()
        }
    }

    /// Pieces on the board that are no move of [`Self::game`]: the
    /// analysis board's set-up.
    pub fn setup_pieces(&self) -> &[(Spot, Side)] {
        self.study.as_ref().map_or(&[], |s| &s.setup_pieces)
    }
}
