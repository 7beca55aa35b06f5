//! What each level may do: how deep and how long it searches, how far its
//! threat searches look, and its deliberate weaknesses.

use crate::ai::Level;

pub struct LevelSettings {
    /// Deepest full-width iteration.
    pub depth: i32,
    /// Share of the given time the level uses, in percent.
    pub time_percent: u32,
    /// Fours in a row the VCF may look through (0: no VCF).
    pub vcf_depth: u8,
    /// Threes in a row the VCT may look through (0: no VCT).
    pub vct_depth: u8,
    /// Fours the search's leaves look through for a VCF (0: none).
    pub leaf_vcf: u8,
    /// Fours in a row the search's leaves look through before taking the
    /// static value (0: none, the leaf is taken as it is).
    pub quiesce_fours: i32,
    /// Plies from the horizon within which a node off the main line whose
    /// static value is far above beta is cut (0: never; the weak levels
    /// search every node they reach).
    pub futility_depth: i32,
    /// Half the width of the root's first window around the last
    /// iteration's score, from depth 4 (0: the full window; the weak levels
    /// keep exact root scores).
    pub aspiration: i32,
    /// Depth from which the search extends a table move that alone holds
    /// its score (0: never; see `search.rs`, singular extension).
    pub singular_depth: i32,
    /// Whether the level checks that its move leaves the opponent no VCF.
    pub guard_vcf: bool,
    /// Chance in percent of overlooking a win in one.
    pub miss_win: u32,
    /// Chance in percent of overlooking a four to block.
    pub miss_block: u32,
    /// Choose at random among moves this close to the best score (0: the
    /// best only, ties broken at random).
    pub margin: i32,
}

/// The strong levels' aspiration half-width: under a tenth of the
/// evaluation's logistic scale (651). Measured, it changes little: Master's
/// mean depth at 850 ms on the 30 Renju openings (`gomoku_depth`, four runs
/// each) 11.38 plies against 11.32 without, and 29 of 60 against Rapfi at
/// depth 12 against 31 without.
const ASPIRATION: i32 = 60;

/// The strong levels test table moves for a singular extension from this
/// depth on (Master completes about 10 plies in 850 ms on the Renju
/// openings). Measured against Rapfi at depth 12, 60 games each, open
/// threes unreduced: from depth 7, 38 and 36 wins; from depth 6, 34; from 7
/// with twice `search.rs`'s `SINGULAR_MARGIN`, 34.
const SINGULAR_DEPTH: i32 = 7;

pub fn settings(level: Level) -> LevelSettings {
    match level {
        Level::Beginner => LevelSettings {
            depth: 1,
            time_percent: 20,
            vcf_depth: 0,
            vct_depth: 0,
            leaf_vcf: 0,
            quiesce_fours: 0,
            futility_depth: 0,
            aspiration: 0,
            singular_depth: 0,
            guard_vcf: false,
            miss_win: 15,
            miss_block: 30,
            margin: 120,
        },
        Level::Easy => LevelSettings {
            depth: 2,
            time_percent: 30,
            vcf_depth: 3,
            vct_depth: 0,
            leaf_vcf: 0,
            quiesce_fours: 0,
            futility_depth: 0,
            aspiration: 0,
            singular_depth: 0,
            guard_vcf: false,
            miss_win: 0,
            miss_block: 5,
            margin: 40,
        },
        Level::Medium => LevelSettings {
            depth: 4,
            time_percent: 50,
            vcf_depth: 8,
            vct_depth: 0,
            leaf_vcf: 0,
            quiesce_fours: 6,
            futility_depth: 0,
            aspiration: 0,
            singular_depth: 0,
            guard_vcf: true,
            miss_win: 0,
            miss_block: 0,
            margin: 0,
        },
        Level::Hard => LevelSettings {
            depth: 10,
            time_percent: 60,
            vcf_depth: 14,
            vct_depth: 3,
            leaf_vcf: 0,
            quiesce_fours: 6,
            futility_depth: 5,
            aspiration: ASPIRATION,
            singular_depth: SINGULAR_DEPTH,
            guard_vcf: true,
            miss_win: 0,
            miss_block: 0,
            margin: 0,
        },
        Level::Master => LevelSettings {
            depth: 40,
            time_percent: 100,
            vcf_depth: 20,
            vct_depth: 3,
            leaf_vcf: 0,
            quiesce_fours: 6,
            futility_depth: 5,
            aspiration: ASPIRATION,
            singular_depth: SINGULAR_DEPTH,
            guard_vcf: true,
            miss_win: 0,
            miss_block: 0,
            margin: 0,
        },
    }
}
