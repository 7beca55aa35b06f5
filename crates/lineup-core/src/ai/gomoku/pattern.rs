//! Line patterns: what one more stone at an empty point makes along one
//! line, read from a table.
//!
//! Why a table: the shape depends only on the five cells either side of the
//! point, each empty, own or blocked (opponent or edge), so there are only
//! 3^10 = 59049 cases. Classifying one by hand takes thousands of bit
//! operations (a two is "one more stone makes a three", recursively); the
//! table does it once per process and the search pays one lookup.
//!
//! Five cells each side (not four) so that the exact-five rule can see the
//! sixth stone that turns a five into an overline.

use std::sync::OnceLock;

/// Nothing worth a name.
pub const NONE: u8 = 0;
/// One more stone makes a (closed) three.
pub const TWO: u8 = 1;
/// One more stone makes an open three.
pub const OPEN_TWO: u8 = 2;
/// One more stone makes a four (one winning point).
pub const THREE: u8 = 3;
/// One more stone makes an open four (two winning points): a real threat.
pub const OPEN_THREE: u8 = 4;
/// One winning point: the opponent must block it.
pub const FOUR: u8 = 5;
/// Two or more winning points on this line: unstoppable by one stone.
pub const OPEN_FOUR: u8 = 6;
/// Wins now.
pub const FIVE: u8 = 7;
/// Six or more where only exactly five wins: no win (and a Renju foul).
pub const OVERLINE: u8 = 8;

/// Number of table keys: ten neighbours, three states each.
const KEYS: usize = 59049;

/// The line offsets of the ten neighbours, in key digit order.
pub const OFFSETS: [isize; 10] = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5];

/// Powers of three, the weight of each key digit.
pub const POW3: [usize; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// The table for "five or more wins" (`exact == false`) or "exactly five
/// wins" (`exact == true`), indexed by the neighbour key: digit `n` is 0 for
/// empty, 1 for own, 2 for blocked at `OFFSETS[n]`.
pub fn table(exact: bool) -> &'static [u8] {
    static TABLES: OnceLock<[Box<[u8]>; 2]> = OnceLock::new();
    &TABLES.get_or_init(|| [build(false), build(true)])[usize::from(exact)]
}

fn build(exact: bool) -> Box<[u8]> {
    (0..KEYS)
        .map(|key| {
            let (mut own, mut empty) = (1u16 << 5, 0u16);
            for (n, off) in OFFSETS.iter().enumerate() {
                let bit = 1u16 << (5 + off) as u32;
                match key / POW3[n] % 3 {
                    0 => empty |= bit,
                    1 => own |= bit,
                    _ => {}
                }
            }
            classify(own, empty, exact)
        })
        .collect()
}

/// The length of the run of own stones through the centre (bit 5).
fn run(own: u16) -> u32 {
    let (mut lo, mut hi) = (5, 5);
    while lo > 0 && own >> (lo - 1) & 1 == 1 {
        lo -= 1;
    }
    while hi < 10 && own >> (hi + 1) & 1 == 1 {
        hi += 1;
    }
    hi - lo + 1
}

/// The empty cells that would complete a winning five through the centre.
fn five_points(own: u16, empty: u16, exact: bool) -> u16 {
    let mut points = 0;
    for start in 1..=5 {
        let window = 0b11111u16 << start;
        if (own & window).count_ones() != 4 || (empty & window).count_ones() != 1 {
            continue;
        }
        // Under exact five an own stone just outside makes an overline.
        if exact && (own >> (start - 1) & 1 == 1 || own >> (start + 5) & 1 == 1) {
            continue;
        }
        points |= empty & window;
    }
    points
}

/// Fours and threes only: the level a two is defined from.
fn threat(own: u16, empty: u16, exact: bool) -> u8 {
    let fives = five_points(own, empty, exact).count_ones();
    if fives >= 2 {
        return OPEN_FOUR;
    }
    if fives == 1 {
        return FOUR;
    }
    let mut best = NONE;
    for e in (1..=9).filter(|&e| e != 5 && empty >> e & 1 == 1) {
        let bit = 1 << e;
        match five_points(own | bit, empty & !bit, exact).count_ones() {
            0 => {}
            1 => best = THREE,
            _ => return OPEN_THREE,
        }
    }
    best
}

fn classify(own: u16, empty: u16, exact: bool) -> u8 {
    match run(own) {
        5 => return FIVE,
        n if n > 5 => return if exact { OVERLINE } else { FIVE },
        _ => {}
    }
    let shape = threat(own, empty, exact);
    if shape != NONE {
        return shape;
    }
    let mut best = NONE;
    for e in (1..=9).filter(|&e| e != 5 && empty >> e & 1 == 1) {
        let bit = 1 << e;
        match threat(own | bit, empty & !bit, exact) {
            OPEN_THREE => return OPEN_TWO,
            THREE => best = TWO,
            _ => {}
        }
    }
    best
}
