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
    /// How hard the full search cuts what it expects not to matter (the
    /// weak levels search every node they reach).
    pub pruning: Pruning,
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

/// The full search's forward pruning: the moves and nodes it leaves out or
/// searches shallower because it expects them not to matter. The engine
/// lab changes one at a time for Master (`pbrain-lineup`'s
/// `INFO lab_NAME VALUE`, [`Pruning::set`]) and a change is kept only when
/// its SPRT passes (docs/gomocup.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// Plies from the horizon within which a node off the main line whose
    /// static value is far above beta is cut (0: never).
    pub futility_depth: i32,
    /// How far above beta, per ply of depth left, that value must be.
    pub futility_margin: i32,
    /// Late-move pruning off the main line, once a move that does not
    /// lose was found: 0 none; 1 the quiet moves past a count that grows
    /// with the depth (`search.rs`, `late_move_count`); 2 every move past it.
    pub late_moves: i32,
    /// Late quiet moves are reduced by ln(depth)·ln(n)·10 / this.
    pub reduction_divisor: i32,
    /// Plies from the horizon within which a node off the main line whose
    /// static value plus `razor_margin` a ply stays under alpha is taken at
    /// its look through fours (`quiesce`) instead of searched (0: never).
    pub razor_depth: i32,
    pub razor_margin: i32,
    /// Whether the moves after one that raised alpha are searched a ply
    /// shallower (0 or 1).
    pub after_alpha: i32,
    /// Depth from which a node off the main line whose static value is at
    /// or above beta first lets the opponent move twice (a null move),
    /// searched `null_move_reduction` + depth/4 plies shallower, and is cut
    /// if it still holds beta (0: never).
    pub null_move_depth: i32,
    pub null_move_reduction: i32,
    /// Depth from which a node with no table move is searched a ply
    /// shallower (internal iterative reduction; 0: never).
    pub iir_depth: i32,
}

impl Pruning {
    /// The full search without forward pruning.
    pub const NONE: Pruning = Pruning {
        futility_depth: 0,
        futility_margin: 0,
        late_moves: 0,
        reduction_divisor: 22,
        razor_depth: 0,
        razor_margin: 0,
        after_alpha: 0,
        null_move_depth: 0,
        null_move_reduction: 3,
        iir_depth: 0,
    };

    /// The strong levels' pruning. Late quiet moves left out: SPRT
    /// [0, 20] at 25,000 nodes a move on the lab's Renju book, H1 after 914
    /// pairs, +18 ± 15 Elo (docs/gomocup.md, "The engine lab"; every move
    /// past the count, `late_moves` 2, lost 90). Futility to 20 plies (+7 ±
    /// 9), razoring (+1 ± 16) and a harder reduction (divisor 13, −11 ±
    /// 23) were each turned down; the null move from depth 4 stood at +10
    /// ± 13 after 725 pairs, undecided, and waits for a finer test.
    pub const STRONG: Pruning = Pruning {
        futility_depth: 5,
        futility_margin: FUTILITY_MARGIN,
        late_moves: 1,
        ..Pruning::NONE
    };

    /// Sets the setting `name` (as `INFO lab_NAME` spells it) to `value`.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let slot = match name {
            "futility_depth" => &mut self.futility_depth,
            "futility_margin" => &mut self.futility_margin,
            "late_moves" => &mut self.late_moves,
            "reduction_divisor" => &mut self.reduction_divisor,
            "razor_depth" => &mut self.razor_depth,
            "razor_margin" => &mut self.razor_margin,
            "after_alpha" => &mut self.after_alpha,
            "null_move_depth" => &mut self.null_move_depth,
            "null_move_reduction" => &mut self.null_move_reduction,
            "iir_depth" => &mut self.iir_depth,
            _ => return Err(format!("no pruning setting named {name}")),
        };
        *slot = value;
        if self.reduction_divisor <= 0 {
            self.reduction_divisor = 22;
            return Err("reduction_divisor must be above 0".to_string());
        }
        Ok(())
    }
}

/// How far above beta, per ply of depth left, a node's static value must be
/// for a futility cut: a little under a quarter of the evaluation's logistic
/// scale (651). Chosen by matches against Rapfi at depth 12 (60 games each):
/// 150 a ply up to 5 plies, 29 and 31 wins; 100 up to 7, 30; 200 up to 3,
/// 27; none, 27 and 25.
const FUTILITY_MARGIN: i32 = 150;

pub fn settings(level: Level) -> LevelSettings {
    match level {
        Level::Beginner => LevelSettings {
            depth: 1,
            time_percent: 20,
            vcf_depth: 0,
            vct_depth: 0,
            leaf_vcf: 0,
            quiesce_fours: 0,
            pruning: Pruning::NONE,
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
            pruning: Pruning::NONE,
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
            pruning: Pruning::NONE,
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
            pruning: Pruning::STRONG,
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
            pruning: Pruning::STRONG,
            aspiration: ASPIRATION,
            singular_depth: SINGULAR_DEPTH,
            guard_vcf: true,
            miss_win: 0,
            miss_block: 0,
            margin: 0,
        },
    }
}
