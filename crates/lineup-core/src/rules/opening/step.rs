//! The words of every opening rule: who acts, what is asked, what may be
//! done, and why an action is refused.

use crate::rules::{MoveError, Point, Side};
use std::fmt;

/// The two people (or programs), by the order they sat down: `First` is
/// the tentative Black and places the first stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    First,
    Second,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// What the opening waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// `by` places the next stone (its colour is the game's side to move),
    /// within the central `area`×`area` square when there is one.
    Place { by: Player, area: Option<u8> },
    /// `by` may take the other colour ([`Action::Swap`]) or keep its own
    /// ([`Action::Keep`]).
    MaySwap { by: Player },
    /// Swap2, after three stones: the second player keeps White, swaps, or
    /// places two more stones.
    Swap2Choice,
    /// Swap2, after five stones: the first player takes a colour.
    ChooseColour,
    /// Soosõrv: White, having placed the fourth stone, says how many fifth
    /// moves Black must offer (1 to 8).
    Declare,
    /// Taraguchi: Black places one fifth move in the central 9×9 square, or
    /// offers ten anywhere ([`Action::OfferTen`]).
    FifthChoice,
    /// Black offers fifth moves, `wanted` in all.
    Offer { wanted: u8 },
    /// White takes one of the offered fifth moves; then White plays on.
    Pick,
    /// The colours are settled: the game goes on as usual.
    Decided,
}

/// What a player may do in an opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Place(Point),
    /// Take the other colour.
    Swap,
    /// Keep the colour held (Swap2: the second player plays White).
    Keep,
    /// Swap2: place two more stones instead of choosing.
    PlaceTwo,
    /// Swap2: the first player takes this colour.
    TakeColour(Side),
    /// Soosõrv: how many fifth moves Black must offer.
    Declare(u8),
    /// Taraguchi: offer ten fifth moves instead of placing one.
    OfferTen,
    /// Black offers this point as the fifth move.
    Offer(Point),
    /// White takes this offered fifth move.
    Pick(Point),
}

/// Why an action was refused. A refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// It is the other player's turn to act.
    NotYourTurn,
    /// This step awaits another kind of action (a stone, or a choice).
    NotNow,
    /// The stone must go in the central `.0`×`.0` square.
    OutsideArea(u8),
    /// Soosõrv: Black offers between 1 and `.0` fifth moves.
    OfferCount(u8),
    /// That point is offered already, or is the mirror image of one that is.
    SameOffer,
    /// White may only take one of the offered points.
    NotOffered,
    /// The stone itself was refused by the rules.
    Stone(MoveError),
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::NotYourTurn => f.write_str("it is the other player's turn"),
            OpeningError::NotNow => f.write_str("that is not what this step of the opening asks"),
            OpeningError::OutsideArea(n) => {
                write!(f, "this stone goes in the central {n}x{n} square")
            }
            OpeningError::OfferCount(n) => write!(f, "Black offers between 1 and {n} fifth moves"),
            OpeningError::SameOffer => {
                f.write_str("that fifth move is offered already (or its mirror image is)")
            }
            OpeningError::NotOffered => f.write_str("only an offered fifth move can be taken"),
            OpeningError::Stone(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OpeningError {}
