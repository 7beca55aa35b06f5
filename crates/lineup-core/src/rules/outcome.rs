use super::Side;

/// How a game ended. `C` is the game's cell type, so a win can name the exact
/// cells of its winning line(s) for the board to light up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<C> {
    /// `winner` completed a line; `cells` holds every cell of every winning
    /// line made by the last move, sorted.
    Win { winner: Side, cells: Vec<C> },
    /// The board filled up with no winner.
    Draw,
    /// `winner`'s opponent resigned.
    Resignation { winner: Side },
}

impl<C> Outcome<C> {
    /// The winner, if the game was not drawn.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } | Outcome::Resignation { winner } => Some(*winner),
            Outcome::Draw => None,
        }
    }
}
