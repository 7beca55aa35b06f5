//! Taraguchi-10, RIF's other certified Renju opening rule:
//!
//! 1. The first player places Black in the centre; the other may swap.
//! 2. White places the second stone in the central 3×3; the other may swap.
//! 3. Black places the third in the 5×5; the other may swap.
//! 4. White places the fourth in the 7×7; the other may swap.
//! 5. Black either places the fifth in the 9×9, after which the other may
//!    swap, or offers ten fifth moves anywhere, no two symmetrical, and
//!    White takes one. White plays the sixth move.
//!
//! Each "the other may swap" is the choice of the player who did not place
//! the stone: keep the colour held, or take the colour of that stone.

use super::OpeningRule;
use super::opening::Opening;
use super::step::{Action, OpeningError, Step};
use crate::rules::Side;

const RULE: OpeningRule = OpeningRule::Taraguchi10;

pub(super) fn next(opening: &mut Opening, action: Action) -> Result<Step, OpeningError> {
    let stones = opening.stones();
    match (opening.step(), action) {
        (Step::Place { .. } | Step::FifthChoice, Action::Place(p)) => {
            opening.place(p, RULE.area(stones))?;
            // The holder of the other colour may swap.
            Ok(Step::MaySwap {
                by: opening.holder(Side::of_ply(stones).other()),
            })
        }
        (Step::MaySwap { .. }, Action::Swap | Action::Keep) => {
            opening.swap_if(action)?;
            Ok(match stones {
                0..=3 => Step::Place {
                    by: opening.holder(Side::of_ply(stones)),
                    area: RULE.area(stones),
                },
                4 => Step::FifthChoice,
                _ => Step::Decided,
            })
        }
        (Step::FifthChoice, Action::OfferTen) => {
            opening.declared = RULE.max_offers();
            Ok(Step::Offer {
                wanted: RULE.max_offers(),
            })
        }
        _ => Err(OpeningError::NotNow),
    }
}
