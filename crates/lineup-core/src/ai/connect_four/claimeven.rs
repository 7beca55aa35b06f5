//! A bound without search from the second player's "claimeven" (Victor
//! Allis, "A Knowledge-based Approach of Connect-Four", 1988).
//!
//! Why it holds: on a board of even height with the first player to move
//! (an even number of stones), the second player can answer each move in
//! the same column, on the cell above it, whenever that cell is in an even
//! row (2nd, 4th, ... from the bottom). Columns whose next cell is in an
//! even row come in pairs (the empty cells add up to an even number), and a
//! move into one of them is answered in another, which leaves both with an
//! odd row next. So the second player gets every empty even-row cell that
//! is not playable now, and the first player at most the rest. If the rest
//! holds no line of four, the side to move cannot win: its score is at
//! most a draw. If moreover the second player's stones and claimed cells
//! hold a four, the second player completes it and the side to move loses.
//!
//! Why here: the search's null windows sit around a draw, and in middle
//! and late positions the first player's odd-row lines are often all
//! blocked, so the bound ends such a node before any move is searched.

use super::position::Position;
use super::shape::Shape;

/// The cells of the even rows (the 2nd, 4th, ... from the bottom).
#[inline]
fn even_rows<S: Shape>(shape: S) -> u64 {
    shape.bottom() * (0xAAAA_AAAA_AAAA_AAAA & ((1 << shape.height()) - 1))
}

/// Whether `cells` (board cells only) hold four in a line: each direction's
/// step is a shift, and the guard bit above each column stops a line from
/// wrapping into the next.
#[inline]
fn has_four<S: Shape>(shape: S, cells: u64) -> bool {
    let h = shape.height();
    [1, h + 1, h, h + 2].into_iter().any(|d| {
        let two = cells & (cells >> d);
        two & (two >> (2 * d)) != 0
    })
}

/// The best score the side to move can still hope for under the second
/// player's claimeven: `Some(0)` (a draw at best) or `Some(-1)` (a loss),
/// or `None` when the rule gives nothing. Where claimeven does not apply
/// (an odd height, or the second player to move), only the plain case:
/// `Some(0)` when no line of four is left open to the side to move.
#[inline]
pub fn bound<S: Shape>(position: &Position<S>) -> Option<i32> {
    let shape = position.shape();
    if !shape.height().is_multiple_of(2) || !position.moves().is_multiple_of(2) {
        let open = shape.board() & !(position.current() ^ position.mask());
        return (!has_four(shape, open)).then_some(0);
    }
    let empty = shape.board() & !position.mask();
    let claimed = empty & even_rows(shape) & !position.possible();
    let second = (position.current() ^ position.mask()) | claimed;
    let first = shape.board() & !second;
    if has_four(shape, first) {
        None
    } else if has_four(shape, second) {
        Some(-1)
    } else {
        Some(0)
    }
}
