//! The side of a square Gomoku board, checked once where it comes in (a
//! menu, the command line, a saved file, a client's request) so that no
//! board of a size the rules and the engine do not support is ever made.
//!
//! Why a type and not a `u8`: an unchecked number once let a client's Host
//! request open a 0×0 room, and an empty game quietly turned an odd size
//! into 15×15. A `GomokuSize` can only hold a supported size, and reading
//! one from a file or the wire fails with [`SizeError`] instead.

use crate::rules::error::SizeError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A board of `n`×`n` points, `n` from [`GomokuSize::MIN`] to
/// [`GomokuSize::MAX`]. In files and on the wire it is the plain number.
///
/// ```
/// use lineup_core::rules::GomokuSize;
///
/// assert_eq!(GomokuSize::new(19).map(GomokuSize::get), Ok(19));
/// assert_eq!(GomokuSize::STANDARD.get(), 15);
/// let error = GomokuSize::new(0).unwrap_err();
/// assert_eq!(error.to_string(), "board size must be from 9 to 20, not 0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct GomokuSize(u8);

impl GomokuSize {
    /// The smallest board played on.
    pub const MIN: u8 = 9;
    /// The largest: the Gomocup's 20×20.
    pub const MAX: u8 = 20;
    /// The usual 15×15.
    pub const STANDARD: GomokuSize = GomokuSize(15);
    /// Every size, smallest first (for menus that step through them).
    pub const ALL: [GomokuSize; (Self::MAX - Self::MIN + 1) as usize] = {
        let mut all = [GomokuSize(Self::MIN); (Self::MAX - Self::MIN + 1) as usize];
        let mut i = 0;
        while i < all.len() {
            all[i] = GomokuSize(Self::MIN + i as u8);
            i += 1;
        }
        all
    };

    /// The size `n`×`n`, if the rules support it.
    pub fn new(n: u8) -> Result<GomokuSize, SizeError> {
        if (Self::MIN..=Self::MAX).contains(&n) {
            Ok(GomokuSize(n))
        } else {
            Err(SizeError {
                what: "board size",
                got: n,
                min: Self::MIN,
                max: Self::MAX,
            })
        }
    }

    /// The number of points along a side.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The number of points on the board.
    pub const fn cells(self) -> usize {
        self.0 as usize * self.0 as usize
    }
}

impl Default for GomokuSize {
    fn default() -> Self {
        Self::STANDARD
    }
}

/// The side's length, as titles show it (`15` in "Renju 15x15").
impl fmt::Display for GomokuSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl TryFrom<u8> for GomokuSize {
    type Error = SizeError;
    fn try_from(n: u8) -> Result<Self, SizeError> {
        GomokuSize::new(n)
    }
}

impl From<GomokuSize> for u8 {
    fn from(size: GomokuSize) -> u8 {
        size.0
    }
}
