//! A point's four line shapes (`pattern`) as a set: what they make
//! together (a four-three, a double three), and the sets' numbering that
//! the evaluation's values are read by (`eval_model`).
//!
//! Why sets: the order of a point's four lines does not change what they
//! make together, so 9^4 = 6,561 quadruples are 495 sets.

use super::pattern::{FIVE, FOUR, OPEN_FOUR, OPEN_THREE, OPEN_TWO, THREE};
use std::sync::OnceLock;

/// What a point's four shapes make together, beyond their sum: the
/// combinations that win by force (four-three, and for any colour but
/// Renju's Black double four and double three) or build towards one.
/// Why: the sum of shapes alone rates two lines crossing at one point no
/// higher than the same lines apart, yet the crossing is the threat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combination {
    DoubleFour,
    FourThree,
    DoubleThree,
    /// A four with an open two or a closed three beside it.
    FourBuilder,
    /// An open three with an open two or a closed three beside it.
    ThreeBuilder,
}

impl Combination {
    /// The combination at a point with these four shapes for a colour;
    /// `fouls` when the colour is Renju's Black (double four and double
    /// three are fouls then, no threat). `None`: nothing beyond the sum, a
    /// five or open four included (their shapes say it all).
    pub fn of(shapes: [u8; 4], fouls: bool) -> Option<Combination> {
        let count = |wanted: &[u8]| shapes.iter().filter(|s| wanted.contains(s)).count();
        if shapes.contains(&FIVE) || shapes.contains(&OPEN_FOUR) {
            return None;
        }
        let fours = count(&[FOUR]);
        let threes = count(&[OPEN_THREE]);
        let builders = count(&[OPEN_TWO, THREE]);
        match (fours, threes) {
            (2.., _) if !fouls => Some(Combination::DoubleFour),
            (1, 1..) => Some(Combination::FourThree),
            (0, 2..) if !fouls => Some(Combination::DoubleThree),
            (1, 0) if builders > 0 => Some(Combination::FourBuilder),
            (0, 1) if builders > 0 => Some(Combination::ThreeBuilder),
            _ => None,
        }
    }
}

/// [`threat_bits`]' bit for a four-three.
pub const FOUR_THREE_BIT: u8 = 1;
/// [`threat_bits`]' bit for a double three.
pub const DOUBLE_THREE_BIT: u8 = 2;

/// Whether a point with these four shapes is a four-three
/// ([`FOUR_THREE_BIT`]) or a double three ([`DOUBLE_THREE_BIT`]) for a
/// colour, `fouls` as for [`Combination::of`] (a double three is then a
/// foul, no threat): what the evaluation's threat mask counts.
pub fn threat_bits(shapes: [u8; 4], fouls: bool) -> u8 {
    static BITS: OnceLock<[Box<[u8]>; 2]> = OnceLock::new();
    let tables = BITS.get_or_init(|| {
        [false, true].map(|fouls| {
            (0..SHAPE_KEYS)
                .map(|key| match Combination::of(key_shapes(key), fouls) {
                    Some(Combination::FourThree) => FOUR_THREE_BIT,
                    Some(Combination::DoubleThree) => DOUBLE_THREE_BIT,
                    _ => 0,
                })
                .collect()
        })
    });
    tables[usize::from(fouls)][shape_key(shapes)]
}

/// How many sets of four shapes there are: multisets of four of nine.
pub const SETS: usize = 495;

/// The set of `shapes`, as an index below [`SETS`].
pub fn set_index(shapes: [u8; 4]) -> usize {
    usize::from(set_tables().0[shape_key(shapes)])
}

/// The shapes of the set `index`, in ascending order.
pub fn set_shapes(index: usize) -> [u8; 4] {
    set_tables().1[index]
}

/// Each quadruple's set index by its key, and each set's sorted shapes; the
/// indices in order of each set's first quadruple.
fn set_tables() -> &'static (Vec<u16>, Vec<[u8; 4]>) {
    static SETS_BY_KEY: OnceLock<(Vec<u16>, Vec<[u8; 4]>)> = OnceLock::new();
    SETS_BY_KEY.get_or_init(|| {
        let mut index = vec![u16::MAX; SHAPE_KEYS];
        let mut sets: Vec<[u8; 4]> = Vec::new();
        for key in 0..SHAPE_KEYS {
            let mut shapes = key_shapes(key);
            shapes.sort_unstable();
            let sorted = shape_key(shapes);
            if index[sorted] == u16::MAX {
                index[sorted] = sets.len() as u16;
                sets.push(shapes);
            }
            index[key] = index[sorted];
        }
        debug_assert_eq!(sets.len(), SETS);
        (index, sets)
    })
}

/// Number of shape quadruples: nine shapes in each of four directions.
const SHAPE_KEYS: usize = 9 * 9 * 9 * 9;

/// A point's four shapes as one number below [`SHAPE_KEYS`], the first
/// direction's shape the lowest digit in base 9: the index of the tables.
#[inline]
pub fn shape_key(shapes: [u8; 4]) -> usize {
    shapes.iter().rev().fold(0, |key, &s| key * 9 + s as usize)
}

/// The four shapes of `key`, as [`shape_key`] numbered them.
fn key_shapes(key: usize) -> [u8; 4] {
    [0, 1, 2, 3].map(|k| (key / 9usize.pow(k) % 9) as u8)
}
