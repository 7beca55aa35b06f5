//! Symmetrical fifth moves. Why: RIF forbids Black to offer two fifth
//! moves that are the same move seen in a mirror, "symmetrical in any
//! aspect of the position". The stones' symmetry is what counts, not the
//! board's: Black h8 and j8 with White i7 and i9 mirror across the i file,
//! which is not the board's middle, so g6 and k6 are one move there.
//!
//! A symmetry of the stones is one of the eight turns and mirrors of the
//! grid ([`Symmetry`], the same transforms the analysis board rotates and
//! flips with) followed by a shift. Knowing it must take `a` to `b` fixes
//! the shift, so each of the eight is checked on every stone.

use crate::rules::symmetry::Symmetry;
use crate::rules::{Gomoku, Point};

fn coords(p: Point) -> (i32, i32) {
    (i32::from(p.x), i32::from(p.y))
}

/// Whether `a` and `b` are the same move on `position`: some symmetry of
/// the stones (every stone onto a stone of its colour) takes `a` to `b`.
pub fn same_move(position: &Gomoku, a: Point, b: Point) -> bool {
    let size = position.size();
    let stones: Vec<(Point, _)> = (0..size)
        .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
        .filter_map(|p| Some((p, Some(position.at(p)?))))
        .collect();
    // Each board symmetry is a turn or mirror of the grid plus a fixed
    // shift; the shift that takes `a` to `b` absorbs that one.
    let range = 0..i32::from(size);
    Symmetry::ALL.into_iter().any(|sym| {
        let (ax, ay) = coords(sym.point(a, size));
        let (bx, by) = coords(b);
        let shift = (bx - ax, by - ay);
        stones.iter().all(|&(p, colour)| {
            let (x, y) = coords(sym.point(p, size));
            let (x, y) = (x + shift.0, y + shift.1);
            range.contains(&x)
                && range.contains(&y)
                && position.at(Point::new(x as u8, y as u8)) == colour
        })
    })
}
