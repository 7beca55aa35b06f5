//! Opening actions as words, one per action, separated by spaces, for saves
//! and exports:
//!
//! | action | word |
//! | --- | --- |
//! | a stone | `h8` |
//! | swap / keep | `swap` / `keep` |
//! | Swap2's two more stones | `two` |
//! | Swap2's colour choice | `black` / `white` |
//! | Soosõrv's declaration of 5 fifth moves | `declare:5` |
//! | Taraguchi's ten offers instead of one stone | `ten` |
//! | an offered fifth move | `offer:j7` |
//! | White's pick among the offers | `pick:j7` |

use super::step::Action;
use crate::rules::{ParseError, Point, Side};

pub fn format_action(action: Action) -> String {
    match action {
        Action::Place(p) => p.to_string(),
        Action::Swap => "swap".into(),
        Action::Keep => "keep".into(),
        Action::PlaceTwo => "two".into(),
        Action::TakeColour(Side::First) => "black".into(),
        Action::TakeColour(Side::Second) => "white".into(),
        Action::Declare(n) => format!("declare:{n}"),
        Action::OfferTen => "ten".into(),
        Action::Offer(p) => format!("offer:{p}"),
        Action::Pick(p) => format!("pick:{p}"),
    }
}

pub fn format_actions(actions: &[Action]) -> String {
    actions
        .iter()
        .map(|a| format_action(*a))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn parse_action(word: &str) -> Result<Action, String> {
    let point = |text: &str| Point::parse(text).map_err(|e: ParseError| e.reason);
    Ok(match word {
        "swap" => Action::Swap,
        "keep" => Action::Keep,
        "two" => Action::PlaceTwo,
        "black" => Action::TakeColour(Side::First),
        "white" => Action::TakeColour(Side::Second),
        "ten" => Action::OfferTen,
        _ => match word.split_once(':') {
            Some(("declare", n)) => Action::Declare(
                n.parse()
                    .map_err(|_| format!("`{n}` is not a number of fifth moves"))?,
            ),
            Some(("offer", p)) => Action::Offer(point(p)?),
            Some(("pick", p)) => Action::Pick(point(p)?),
            Some(_) => return Err(format!("`{word}` is not an opening action")),
            None => Action::Place(
                point(word)
                    .map_err(|_| format!("`{word}` is neither a point nor an opening action"))?,
            ),
        },
    })
}

/// Every action of `text`, or the first word that is not one (with its
/// 0-based position).
pub fn parse_actions(text: &str) -> Result<Vec<Action>, (usize, String)> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, w)| parse_action(w).map_err(|e| (i, e)))
        .collect()
}
