//! The static evaluation's learned values: what a stone at an empty point
//! would be worth to a colour, read from three kinds of table, and what
//! the two sides' threats are worth together.
//!
//! - **Lines**: each of the point's four lines as a whole window, the four
//!   cells on either side (each empty, own, or blocked by the opponent or
//!   the edge: 3^8 = 6,561 windows), a value each. A window and its mirror
//!   image share one value, so 3,321 are fitted.
//! - **Sets**: the point's four line shapes (`pattern`) as a set (495 of
//!   them): what the lines make together, a four-three or a double three.
//! - **Threats**: an 8-bit mask of what each side can make somewhere (a
//!   four, an open four, a four-three, a double three), for the side to
//!   move: the one place where the evaluation is not a sum over points.
//! - **Move scores**: how likely a search is to choose a point, for the
//!   order moves are searched in: the point's lines and set for the mover
//!   (its attack) plus the same seen from the opponent's stones (its
//!   defence), again per table ([`move_features`]; `fit_eval fit-moves`).
//!
//! Each per table ([`PointTable`]: one for freestyle and exact five, one
//! for each colour under Renju, whose Black is bound by fouls) and per
//! role (the side to move's, the side waiting's: the same threat is worth
//! more to the side that plays first). The value of a position is the
//! side to move's points at its role minus the opponent's at theirs, plus
//! the threats' entry: linear in the values, so they are fitted by a
//! logistic regression ([`features`]; `examples/fit_eval.rs`).
//!
//! The values ship in `eval_model.bin`, built into the program:
//!
//! ```text
//! bytes 0..8    b"LINEUPEV"
//! bytes 8..12   the format's version, u32 little-endian (2)
//! bytes 12..16  N, the count of values, u32 little-endian (PARAMS)
//! N × i16 LE    the values in the order of `line_param`, `set_param`,
//!               `threat_param`, then the move scores' (`move_param`)
//! 8 bytes       FNV-1a (64-bit) of every byte before them, little-endian
//! ```

use super::board::Board;
use super::shape_sets::{SETS, set_index, shape_key};
use std::sync::OnceLock;

/// Index of the side to move's values.
pub const TO_MOVE: usize = 0;
/// Index of the waiting side's values.
pub const WAITING: usize = 1;

/// Which values a colour's points take: Renju has its own for each colour
/// (Black's fouls change what its shapes are worth); freestyle and exact
/// five share one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointTable {
    Shapes,
    RenjuBlack,
    RenjuWhite,
}

/// The evaluation's logistic scale: its values are fitted so that
/// 1 / (1 + e^(−score / 651)) predicts the result for the side to move
/// (`examples/fit_eval.rs` holds it). The search's margins are written in
/// these units, and review turns scores into chances with it.
pub const LOGISTIC_SCALE: f64 = 651.0;

/// Line windows: four cells each side, three states each.
pub const LINE_KEYS: usize = 6561;
/// Line windows up to their mirror image.
pub const LINE_IDS: usize = 3321;
/// Threat masks: four bits a side.
pub const THREATS: usize = 256;
/// Point tables: [`PointTable`]'s three.
pub const TABLES: usize = 3;
/// Values of one table and role: its lines, then its sets.
const PER_ROLE: usize = LINE_IDS + SETS;
/// The evaluation's values, before the move scores.
pub const VALUE_PARAMS: usize = TABLES * 2 * PER_ROLE + TABLES * THREATS;
/// Every value of a model, in the file's order.
pub const PARAMS: usize = VALUE_PARAMS + TABLES * 2 * PER_ROLE;

/// A move score's part from the mover's own stones.
pub const ATTACK: usize = 0;
/// A move score's part from the opponent's stones.
pub const DEFENCE: usize = 1;

const MAGIC: &[u8; 8] = b"LINEUPEV";
const VERSION: u32 = 2;
/// Shape quadruples: nine shapes in each of four directions.
const QUADS: usize = 9 * 9 * 9 * 9;

/// Why a model file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// Not a model file (its first bytes), or cut short.
    NotAModel,
    /// A model of a format this build does not read.
    Version(u32),
    /// The count of values is not this format's.
    Count(u32),
    /// The bytes are damaged: the checksum does not match.
    Checksum,
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::NotAModel => write!(f, "not an evaluation model"),
            ModelError::Version(v) => {
                write!(f, "an evaluation model of version {v}, not {VERSION}")
            }
            ModelError::Count(n) => write!(f, "an evaluation model of {n} values, not {PARAMS}"),
            ModelError::Checksum => write!(f, "a damaged evaluation model (checksum)"),
        }
    }
}

impl std::error::Error for ModelError {}

/// A model's values, laid out for the search: per table, each line window's
/// and each shape quadruple's values per role, read as the board changes.
pub struct EvalModel {
    params: Vec<i16>,
    line: [Box<[[i16; 2]]>; TABLES],
    quad: [Box<[[i16; 2]]>; TABLES],
    threat: [Box<[i16]>; TABLES],
    /// The move scores' parts, `[ATTACK, DEFENCE]`, by window and by
    /// shape quadruple.
    move_line: [Box<[[i16; 2]]>; TABLES],
    move_quad: [Box<[[i16; 2]]>; TABLES],
}

impl EvalModel {
    /// The model built into the program.
    pub fn shipped() -> &'static EvalModel {
        static SHIPPED: OnceLock<EvalModel> = OnceLock::new();
        SHIPPED.get_or_init(|| {
            EvalModel::from_bytes(include_bytes!("eval_model.bin"))
                .expect("the shipped evaluation model reads (a test checks it)")
        })
    }

    /// A model from the file's bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<EvalModel, ModelError> {
        let body_len = bytes.len().checked_sub(8).ok_or(ModelError::NotAModel)?;
        if body_len < 16 || &bytes[..8] != MAGIC {
            return Err(ModelError::NotAModel);
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let version = word(8);
        if version != VERSION {
            return Err(ModelError::Version(version));
        }
        let count = word(12);
        if count as usize != PARAMS {
            return Err(ModelError::Count(count));
        }
        if body_len != 16 + 2 * PARAMS {
            return Err(ModelError::NotAModel);
        }
        let sum = u64::from_le_bytes(bytes[body_len..].try_into().expect("8 bytes"));
        if sum != fnv1a(&bytes[..body_len]) {
            return Err(ModelError::Checksum);
        }
        let params = bytes[16..body_len]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(EvalModel::from_params(params))
    }

    /// The file's bytes of these values (`PARAMS` of them).
    pub fn to_bytes(params: &[i16]) -> Vec<u8> {
        assert_eq!(params.len(), PARAMS, "a model has PARAMS values");
        let mut bytes = MAGIC.to_vec();
        bytes.extend(VERSION.to_le_bytes());
        bytes.extend((PARAMS as u32).to_le_bytes());
        for v in params {
            bytes.extend(v.to_le_bytes());
        }
        let sum = fnv1a(&bytes);
        bytes.extend(sum.to_le_bytes());
        bytes
    }

    /// A model of these values (`PARAMS` of them, in the file's order).
    pub fn from_params(params: Vec<i16>) -> EvalModel {
        assert_eq!(params.len(), PARAMS, "a model has PARAMS values");
        let tables = [
            PointTable::Shapes,
            PointTable::RenjuBlack,
            PointTable::RenjuWhite,
        ];
        let line = tables.map(|t| {
            (0..LINE_KEYS)
                .map(|key| [TO_MOVE, WAITING].map(|role| params[line_param(t, role, key)]))
                .collect()
        });
        let quad = tables.map(|t| {
            (0..QUADS)
                .map(|key| {
                    let set = set_index(quad_shapes(key));
                    [TO_MOVE, WAITING].map(|role| params[set_param(t, role, set)])
                })
                .collect()
        });
        let threat = tables.map(|t| {
            (0..THREATS)
                .map(|mask| params[threat_param(t, mask)])
                .collect()
        });
        let move_line = tables.map(|t| {
            (0..LINE_KEYS)
                .map(|key| [ATTACK, DEFENCE].map(|part| params[move_line_param(t, part, key)]))
                .collect()
        });
        let move_quad = tables.map(|t| {
            (0..QUADS)
                .map(|key| {
                    let set = set_index(quad_shapes(key));
                    [ATTACK, DEFENCE].map(|part| params[move_set_param(t, part, set)])
                })
                .collect()
        });
        EvalModel {
            params,
            line,
            quad,
            threat,
            move_line,
            move_quad,
        }
    }

    /// The values in the file's order: where a fit starts from.
    pub fn params(&self) -> &[i16] {
        &self.params
    }

    /// What the line window `key` (of [`line_key`]) is worth, per role.
    #[inline]
    pub fn line_value(&self, table: PointTable, key: usize) -> [i32; 2] {
        self.line[table as usize][key].map(i32::from)
    }

    /// What a point's four shapes together are worth, per role.
    #[inline]
    pub fn set_value(&self, table: PointTable, shapes: [u8; 4]) -> [i32; 2] {
        self.quad[table as usize][shape_key(shapes)].map(i32::from)
    }

    /// A line window's part of a move score, `[ATTACK, DEFENCE]`.
    #[inline]
    pub fn move_line_score(&self, table: PointTable, key: usize) -> [i32; 2] {
        self.move_line[table as usize][key].map(i32::from)
    }

    /// A point's set's part of a move score, `[ATTACK, DEFENCE]`.
    #[inline]
    pub fn move_set_score(&self, table: PointTable, shapes: [u8; 4]) -> [i32; 2] {
        self.move_quad[table as usize][shape_key(shapes)].map(i32::from)
    }

    /// What the threats of `mask` ([`Board::threat_mask`]) are worth to the
    /// side to move, whose table is `table`.
    #[inline]
    pub fn threat_value(&self, table: PointTable, mask: usize) -> i32 {
        i32::from(self.threat[table as usize][mask])
    }
}

/// The line window of a cell's pattern key (`pattern`: five cells each
/// side, the first digit the farthest on the left): the inner four each
/// side, as a number below [`LINE_KEYS`].
#[inline]
pub fn line_key(pattern_key: u16) -> usize {
    (usize::from(pattern_key) / 3) % LINE_KEYS
}

/// The window seen from the other end of its line.
fn mirrored(key: usize) -> usize {
    (0..8).fold(0, |m, n| m * 3 + key / 3usize.pow(n) % 3)
}

/// Each window's fitted value's number below [`LINE_IDS`]: a window and its
/// mirror share one, numbered in the order of the lesser of the two.
pub fn line_id(key: usize) -> usize {
    static IDS: OnceLock<Vec<u16>> = OnceLock::new();
    let ids = IDS.get_or_init(|| {
        let mut ids = vec![u16::MAX; LINE_KEYS];
        let mut next = 0u16;
        for key in 0..LINE_KEYS {
            let least = key.min(mirrored(key));
            if ids[least] == u16::MAX {
                ids[least] = next;
                next += 1;
            }
            ids[key] = ids[least];
        }
        debug_assert_eq!(usize::from(next), LINE_IDS);
        ids
    });
    usize::from(ids[key])
}

/// The number of a line window's value for a table and role.
pub fn line_param(table: PointTable, role: usize, key: usize) -> usize {
    (table as usize * 2 + role) * PER_ROLE + line_id(key)
}

/// The number of a set's value (`shape_sets::set_index`) for a table and role.
pub fn set_param(table: PointTable, role: usize, set: usize) -> usize {
    (table as usize * 2 + role) * PER_ROLE + LINE_IDS + set
}

/// The number of a threat mask's value for the side to move's table.
pub fn threat_param(table: PointTable, mask: usize) -> usize {
    TABLES * 2 * PER_ROLE + table as usize * THREATS + mask
}

/// The number of a line window's part of a move score (`ATTACK` or
/// `DEFENCE`) for a table.
pub fn move_line_param(table: PointTable, part: usize, key: usize) -> usize {
    VALUE_PARAMS + (table as usize * 2 + part) * PER_ROLE + line_id(key)
}

/// The number of a set's part of a move score for a table.
pub fn move_set_param(table: PointTable, part: usize, set: usize) -> usize {
    VALUE_PARAMS + (table as usize * 2 + part) * PER_ROLE + LINE_IDS + set
}

/// The four shapes of a quadruple key (`shape_sets::shape_key`).
fn quad_shapes(key: usize) -> [u8; 4] {
    [0, 1, 2, 3].map(|k| (key / 9usize.pow(k) % 9) as u8)
}

/// What the evaluation of `board` counts of each value: `(number, times)`
/// pairs, each number once, such that the sum of the values times their
/// counts is `board.evaluate()` with this model. The side to move's
/// points count +1 at its role, the opponent's −1 at theirs.
pub fn features(board: &Board) -> Vec<(u16, i16)> {
    let me = board.to_move();
    let mut counts = std::collections::BTreeMap::<u16, i16>::new();
    let mut add = |param: usize, by: i16| *counts.entry(param as u16).or_default() += by;
    for &i in board.points() {
        if !board.is_empty(i) {
            continue;
        }
        for c in [me, 1 - me] {
            let (role, sign) = if c == me { (TO_MOVE, 1) } else { (WAITING, -1) };
            let table = board.point_table(c);
            for k in 0..4 {
                add(line_param(table, role, board.line_window(i, c, k)), sign);
            }
            add(set_param(table, role, set_index(board.shapes(i, c))), sign);
        }
    }
    add(
        threat_param(board.point_table(me), board.threat_mask(me)),
        1,
    );
    counts.into_iter().filter(|&(_, n)| n != 0).collect()
}

/// What the move score of the empty cell `i` for the side to move counts
/// of each value, as [`features`] does for the evaluation: the sum of the
/// values times their counts is `board.move_score(i, to move)`.
pub fn move_features(board: &Board, i: usize) -> Vec<(u16, i16)> {
    let me = board.to_move();
    let mut counts = Vec::with_capacity(10);
    for (c, part) in [(me, ATTACK), (1 - me, DEFENCE)] {
        let table = board.point_table(c);
        for k in 0..4 {
            counts.push(move_line_param(table, part, board.line_window(i, c, k)) as u16);
        }
        counts.push(move_set_param(table, part, set_index(board.shapes(i, c))) as u16);
    }
    counts.sort_unstable();
    let mut merged: Vec<(u16, i16)> = Vec::with_capacity(counts.len());
    for p in counts {
        match merged.last_mut() {
            Some((q, n)) if *q == p => *n += 1,
            _ => merged.push((p, 1)),
        }
    }
    merged
}

/// FNV-1a, 64 bits: a checksum that any reader can write in a few lines.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
