//! Symmetrical fifth moves. Why: RIF forbids Black to offer two fifth
//! moves that are the same move seen in a mirror, "symmetrical in any
//! aspect of the position". The stones' symmetry is what counts, not the
//! board's: Black h8 and j8 with White i7 and i9 mirror across the i file,
//! which is not the board's middle, so g6 and k6 are one move there.
//!
//! A symmetry of the stones is one of the eight turns and mirrors of the
//! grid followed by a shift. Knowing it must take `a` to `b` fixes the
//! shift, so each of the eight is checked on every stone.

use crate::rules::{Gomoku, Point};

/// The eight turns and mirrors of the grid, as 2×2 matrices `[[xx, xy],
/// [yx, yy]]` acting on (x, y).
const TURNS_AND_MIRRORS: [[[i32; 2]; 2]; 8] = [
    [[1, 0], [0, 1]],
    [[0, -1], [1, 0]],
    [[-1, 0], [0, -1]],
    [[0, 1], [-1, 0]],
    [[-1, 0], [0, 1]],
    [[1, 0], [0, -1]],
    [[0, 1], [1, 0]],
    [[0, -1], [-1, 0]],
];

fn turn(m: [[i32; 2]; 2], (x, y): (i32, i32)) -> (i32, i32) {
    (m[0][0] * x + m[0][1] * y, m[1][0] * x + m[1][1] * y)
}

fn coords(p: Point) -> (i32, i32) {
    (i32::from(p.x), i32::from(p.y))
}

/// Whether `a` and `b` are the same move on `position`: some symmetry of
/// the stones (every stone onto a stone of its colour) takes `a` to `b`.
pub fn same_move(position: &Gomoku, a: Point, b: Point) -> bool {
    let size = i32::from(position.size());
    let stones: Vec<(Point, _)> = (0..position.size())
        .flat_map(|y| (0..position.size()).map(move |x| Point::new(x, y)))
        .filter_map(|p| Some((p, Some(position.at(p)?))))
        .collect();
    TURNS_AND_MIRRORS.into_iter().any(|m| {
        let (ax, ay) = turn(m, coords(a));
        let (bx, by) = coords(b);
        let shift = (bx - ax, by - ay);
        stones.iter().all(|&(p, colour)| {
            let (x, y) = turn(m, coords(p));
            let (x, y) = (x + shift.0, y + shift.1);
            (0..size).contains(&x)
                && (0..size).contains(&y)
                && position.at(Point::new(x as u8, y as u8)) == colour
        })
    })
}
