//! Swap2, the opening rule of freestyle and exact-five Gomoku tournaments
//! (Gomocup included):
//!
//! 1. The first player places three stones anywhere: Black, White, Black.
//! 2. The second player keeps White (and makes move 4), swaps (takes
//!    Black; the first player, now White, makes move 4), or places two
//!    more stones, White then Black.
//! 3. After those two the first player takes a colour; White makes move 6.

use super::opening::Opening;
use super::step::{Action, OpeningError, Player, Step};
use crate::rules::Side;

/// The step after `action`, which `opening` has just been asked to do.
pub(super) fn next(opening: &mut Opening, action: Action) -> Result<Step, OpeningError> {
    match (opening.step(), action) {
        (Step::Place { by, .. }, Action::Place(p)) => {
            opening.place(p, None)?;
            Ok(match opening.stones() {
                3 => Step::Swap2Choice,
                5 => Step::ChooseColour,
                _ => Step::Place { by, area: None },
            })
        }
        (Step::Swap2Choice, Action::Keep | Action::Swap) => {
            opening.swap_if(action)?;
            Ok(Step::Decided)
        }
        (Step::Swap2Choice, Action::PlaceTwo) => Ok(Step::Place {
            by: Player::Second,
            area: None,
        }),
        (Step::ChooseColour, Action::TakeColour(side)) => {
            opening.set_black(match side {
                Side::First => Player::First,
                Side::Second => Player::Second,
            });
            Ok(Step::Decided)
        }
        _ => Err(OpeningError::NotNow),
    }
}
