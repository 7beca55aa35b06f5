//! Soosõrv-8, RIF's opening rule for Renju World Championships since 2017:
//!
//! 1. The first player (tentative Black) places one of the 26 openings:
//!    Black in the centre, White in the central 3×3, Black in the 5×5.
//! 2. The other player may swap.
//! 3. White places the fourth stone anywhere and declares how many fifth
//!    moves (1 to 8) Black must offer.
//! 4. The other player may swap.
//! 5. Black offers that many fifth moves, no two of them symmetrical.
//! 6. White takes one of them and plays the sixth move.

use super::OpeningRule;
use super::opening::Opening;
use super::step::{Action, OpeningError, Step};
use crate::rules::Side;

const RULE: OpeningRule = OpeningRule::Soosorv8;

pub(super) fn next(opening: &mut Opening, action: Action) -> Result<Step, OpeningError> {
    let stones = opening.stones();
    match (opening.step(), action) {
        (Step::Place { by, .. }, Action::Place(p)) if stones < 3 => {
            opening.place(p, RULE.area(stones))?;
            Ok(match RULE.area(stones + 1) {
                Some(area) => Step::Place {
                    by,
                    area: Some(area),
                },
                None => Step::MaySwap { by: by.other() },
            })
        }
        (Step::MaySwap { .. }, Action::Swap | Action::Keep) if stones == 3 => {
            opening.swap_if(action)?;
            Ok(Step::Place {
                by: opening.holder(Side::Second),
                area: None,
            })
        }
        (Step::Place { .. }, Action::Place(p)) => {
            opening.place(p, None)?;
            Ok(Step::Declare)
        }
        (Step::Declare, Action::Declare(n)) => {
            if !(1..=RULE.max_offers()).contains(&n) {
                return Err(OpeningError::OfferCount(RULE.max_offers()));
            }
            opening.declared = n;
            Ok(Step::MaySwap {
                by: opening.holder(Side::First),
            })
        }
        (Step::MaySwap { .. }, Action::Swap | Action::Keep) => {
            opening.swap_if(action)?;
            Ok(Step::Offer {
                wanted: opening.declared,
            })
        }
        _ => Err(OpeningError::NotNow),
    }
}
