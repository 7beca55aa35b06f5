//! An opening told as its decisions, for people: who kept or swapped the
//! colours, who placed two more stones, who took a colour, how many fifth
//! moves Black had to offer and which one White chose. The stones are not
//! decisions: the board shows them.
//!
//! This is the data; the window puts it in words (`panel::opening::
//! story_line`) on the game's panel and in review, so that a player who
//! does not know the rule can follow it.

use super::opening::Opening;
use super::step::{Action, Player};
use crate::rules::{Point, Side};

/// One decision of an opening, by the colour its maker held when making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// `by` kept its colour with `stones` stones down.
    Kept { by: Side, stones: usize },
    /// `by` took the other colour with `stones` stones down.
    Swapped { by: Side, stones: usize },
    /// Swap2: `by` (White) placed two more stones instead of choosing.
    PlacedTwo { by: Side },
    /// Swap2: `by` (the first player, holding Black) took `colour`.
    TookColour { by: Side, colour: Side },
    /// Black is to offer `n` fifth moves: White declared them (Soosõrv),
    /// or Black chose to offer ten (Taraguchi).
    AskedFifths { by: Side, n: u8 },
    /// `by` (White) chose `point` among the `offers`.
    Picked {
        by: Side,
        point: Point,
        offers: Vec<Point>,
    },
}

/// The decisions of `opening` so far, oldest first.
pub fn decisions(opening: &Opening) -> Vec<Decision> {
    let mut replay = Opening::new(opening.rule(), opening.game().position());
    let mut told = Vec::new();
    // The offers made so far: `Opening::offers` forgets them once picked.
    let mut offers = Vec::new();
    for &action in opening.actions() {
        let actor: Player = replay.to_act();
        let by = replay.side_held_by(actor);
        let stones = replay.game().position().stones();
        if replay.act(actor, action).is_err() {
            break;
        }
        told.extend(match action {
            Action::Place(_) => None,
            Action::Keep => Some(Decision::Kept { by, stones }),
            Action::Swap => Some(Decision::Swapped { by, stones }),
            Action::PlaceTwo => Some(Decision::PlacedTwo { by }),
            Action::TakeColour(colour) => Some(Decision::TookColour { by, colour }),
            Action::Declare(n) => Some(Decision::AskedFifths { by, n }),
            Action::OfferTen => Some(Decision::AskedFifths { by, n: 10 }),
            Action::Offer(p) => {
                offers.push(p);
                None
            }
            Action::Pick(point) => Some(Decision::Picked {
                by,
                point,
                offers: std::mem::take(&mut offers),
            }),
        });
    }
    told
}
