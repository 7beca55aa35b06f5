/// One of the two players. `First` moves first: red in Connect Four, Black in
/// Gomoku. The rules never need more than "which of the two"; names and
/// colours belong to the presentation.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    First,
    Second,
}

impl Side {
    /// The other player.
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side that makes move number `ply` (0-based) when play alternates.
    pub const fn of_ply(ply: usize) -> Side {
        if ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }
}
