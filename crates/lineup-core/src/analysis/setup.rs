//! A position set up by hand for the analysis board: any stones or discs of
//! either colour, who moves, cleared, turned and mirrored, then handed to
//! the engine as a game with no moves yet.
//!
//! Why a type of its own rather than a rules position: the editor must hold
//! positions play cannot reach (a Renju overline for Black, a five already
//! standing, Connect Four counts that do not alternate) so the player can
//! build them up step by step; those are flagged ([`SetupWarning`]) and only
//! refused when the position is turned into a game ([`Setup::game`]). What
//! no board can show is not buildable at all: a stone off the board, two
//! stones on one point, a floating Connect Four disc.

use super::symmetry::Symmetry;
use crate::match_setup::GameKind;
use crate::rules::connect_four::{Cell, ColumnsError};
use crate::rules::gomoku::SetupError;
use crate::rules::{
    BoardMove, Column, ConnectFour, ConnectFourSize, Foul, Game, Gomoku, GomokuSize, MatchGame,
    Point, RuleSet, Side,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a set-up piece sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Spot {
    Cell(Cell),
    Point(Point),
}

/// One change to a set-up position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetupEdit {
    /// Gomoku: a stone of `side` on a point. Connect Four: a disc of `side`
    /// dropped into a column (it lands on the lowest empty cell: a floating
    /// disc cannot be built).
    Place {
        at: BoardMove,
        side: Side,
    },
    /// Gomoku: the stone on a point. Connect Four: the top disc of a column
    /// (the only one that can go without leaving the others floating).
    Erase {
        at: BoardMove,
    },
    /// Who moves next (Gomoku; in Connect Four the counts decide, so this is
    /// refused unless it names the side the counts give).
    SideToMove(Side),
    Clear,
    Transform(Symmetry),
}

/// Why an edit was refused. A refused edit changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetupRefusal {
    /// A stone is already on that point.
    Occupied,
    /// Nothing there to erase.
    Empty,
    OutsideBoard,
    ColumnFull,
    /// Connect Four: the disc counts say whose turn it is.
    SideFixedByCounts,
    /// A pass, or the other game's kind of move: nothing to place or erase.
    NotAPlace,
    /// Connect Four: only the left-right mirror keeps the discs resting on
    /// the ones below.
    NotASymmetry,
}

impl fmt::Display for SetupRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupRefusal::Occupied => "that point is already taken",
            SetupRefusal::Empty => "there is nothing there to erase",
            SetupRefusal::OutsideBoard => "that is outside the board",
            SetupRefusal::ColumnFull => "that column is full",
            SetupRefusal::SideFixedByCounts => {
                "in Connect Four the number of discs decides who moves"
            }
            SetupRefusal::NotAPlace => "that is not a place on this board",
            SetupRefusal::NotASymmetry => "a Connect Four board can only be mirrored left to right",
        })
    }
}

impl std::error::Error for SetupRefusal {}

/// Something the editor allows but play could not have produced: shown to
/// the player, and (except the overline) a reason [`Setup::game`] refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetupWarning {
    /// A black overline under Renju: allowed in the editor, flagged. The
    /// point is the overline's first stone (lowest, then leftmost).
    Overline(Point),
    /// A five (or a Connect Four four) already stands for this side.
    Line(Side),
    /// Connect Four: counts no game can reach (red must equal yellow or be
    /// one more).
    Counts,
}

impl fmt::Display for SetupWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupWarning::Overline(p) => write!(f, "Black has an overline at {p}"),
            SetupWarning::Line(side) => write!(f, "{} already has a winning line", player(*side)),
            SetupWarning::Counts => {
                f.write_str("red must have as many discs as yellow, or one more")
            }
        }
    }
}

/// Why [`Setup::game`] refuses a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotPlayable {
    /// A winning line already stands: the game would be over before it began.
    Line(Side),
    /// Connect Four: red must have as many discs as yellow or one more.
    Counts { first: usize, second: usize },
    /// No empty place: nothing for the engine to play.
    BoardFull,
    /// The Gomoku rules refused the stones.
    Gomoku(SetupError),
    /// The Connect Four rules refused the discs.
    ConnectFour(ColumnsError),
}

impl fmt::Display for NotPlayable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotPlayable::Line(side) => write!(f, "{} already has a winning line", player(*side)),
            NotPlayable::Counts { first, second } => write!(
                f,
                "red has {first} discs and yellow {second}: red must have as many or one more"
            ),
            NotPlayable::BoardFull => f.write_str("the board is full"),
            NotPlayable::Gomoku(e) => e.fmt(f),
            NotPlayable::ConnectFour(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotPlayable {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotPlayable::Gomoku(e) => Some(e),
            NotPlayable::ConnectFour(e) => Some(e),
            _ => None,
        }
    }
}

/// The side's name when the game is not known (messages shared by both).
fn player(side: Side) -> &'static str {
    match side {
        Side::First => "the first player",
        Side::Second => "the second player",
    }
}

/// A set-up position: the pieces, and for Gomoku who moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SetupData", into = "SetupData")]
pub struct Setup {
    board: Board,
}

/// The pieces as each game's board holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Board {
    /// `cells` has `size * size` entries, row by row from the bottom left.
    Gomoku {
        size: GomokuSize,
        rule: RuleSet,
        cells: Vec<Option<Side>>,
        to_move: Side,
    },
    /// One list per column, bottom disc first, none taller than the board:
    /// a floating disc has no way to be written.
    ConnectFour {
        size: ConnectFourSize,
        columns: Vec<Vec<Side>>,
    },
}

impl Setup {
    /// An empty board of `kind`.
    pub fn empty(kind: &GameKind) -> Setup {
        let board = match *kind {
            GameKind::ConnectFour { size } => Board::ConnectFour {
                size,
                columns: vec![Vec::new(); size.columns() as usize],
            },
            GameKind::Gomoku { size, rule } => Board::Gomoku {
                size,
                rule,
                cells: vec![None; size.cells()],
                to_move: Side::First,
            },
        };
        Setup { board }
    }

    /// The stones of `game`'s current position and its side to move.
    pub fn of_game(game: &MatchGame) -> Setup {
        let board = match game {
            MatchGame::Gomoku(game) => {
                let position = game.position();
                let n = position.size();
                Board::Gomoku {
                    size: position.board_size(),
                    rule: position.rule(),
                    cells: (0..n)
                        .flat_map(|y| (0..n).map(move |x| Point::new(x, y)))
                        .map(|p| position.at(p))
                        .collect(),
                    to_move: game.to_move(),
                }
            }
            MatchGame::ConnectFour(game) => {
                let position = game.position();
                let size = position.size();
                Board::ConnectFour {
                    size,
                    columns: (0..size.columns())
                        .map(|column| {
                            (0..size.rows())
                                .map_while(|row| position.at(Cell { column, row }))
                                .collect()
                        })
                        .collect(),
                }
            }
        };
        Setup { board }
    }

    pub fn kind(&self) -> GameKind {
        match &self.board {
            Board::Gomoku { size, rule, .. } => GameKind::Gomoku {
                size: *size,
                rule: *rule,
            },
            Board::ConnectFour { size, .. } => GameKind::ConnectFour { size: *size },
        }
    }

    /// Who moves next: as chosen in Gomoku; in Connect Four the side with
    /// fewer discs, red when they are equal.
    pub fn to_move(&self) -> Side {
        match &self.board {
            Board::Gomoku { to_move, .. } => *to_move,
            Board::ConnectFour { .. } => {
                let [first, second] = self.counts();
                if first <= second {
                    Side::First
                } else {
                    Side::Second
                }
            }
        }
    }

    /// Every piece: Gomoku row by row from the bottom left, Connect Four
    /// column by column from the bottom.
    pub fn pieces(&self) -> Vec<(Spot, Side)> {
        match &self.board {
            Board::Gomoku { size, cells, .. } => cells
                .iter()
                .enumerate()
                .filter_map(|(i, side)| Some((Spot::Point(point_at(size.get(), i)), (*side)?)))
                .collect(),
            Board::ConnectFour { columns, .. } => columns
                .iter()
                .enumerate()
                .flat_map(|(column, discs)| {
                    discs.iter().enumerate().map(move |(row, side)| {
                        let cell = Cell {
                            column: column as u8,
                            row: row as u8,
                        };
                        (Spot::Cell(cell), *side)
                    })
                })
                .collect(),
        }
    }

    /// Who is on `spot` (`None` when empty, off the board, or the other
    /// game's kind of spot).
    pub fn at(&self, spot: Spot) -> Option<Side> {
        match (&self.board, spot) {
            (Board::Gomoku { size, cells, .. }, Spot::Point(p)) => {
                *cells.get(index_of(size.get(), p)?)?
            }
            (Board::ConnectFour { columns, .. }, Spot::Cell(cell)) => columns
                .get(cell.column as usize)?
                .get(cell.row as usize)
                .copied(),
            _ => None,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.counts() == [0, 0]
    }

    /// How many pieces each side has, indexed by [`Side::index`].
    pub fn counts(&self) -> [usize; 2] {
        let mut counts = [0; 2];
        for (_, side) in self.pieces() {
            counts[side.index()] += 1;
        }
        counts
    }

    /// A refusal leaves the setup unchanged.
    pub fn apply(&mut self, edit: SetupEdit) -> Result<(), SetupRefusal> {
        match edit {
            SetupEdit::Place { at, side } => self.place(at, side),
            SetupEdit::Erase { at } => self.erase(at),
            SetupEdit::SideToMove(side) => self.choose_side(side),
            SetupEdit::Clear => {
                *self = Setup::empty(&self.kind());
                Ok(())
            }
            SetupEdit::Transform(symmetry) => self.transform(symmetry),
        }
    }

    /// What the position has that play could not have produced.
    pub fn warnings(&self) -> Vec<SetupWarning> {
        let mut warnings = Vec::new();
        let mut lines = [false; 2];
        match &self.board {
            Board::Gomoku { size, rule, .. } => {
                for run in runs(size.get(), size.get(), |x, y| {
                    self.at(Spot::Point(Point::new(x, y)))
                }) {
                    let black = run.side == Side::First;
                    if *rule == RuleSet::Renju && black && run.length > 5 {
                        warnings.push(SetupWarning::Overline(Point::new(run.x, run.y)));
                    }
                    lines[run.side.index()] |= rule.wins(run.length, black);
                }
            }
            Board::ConnectFour { .. } => {
                for run in self.connect_four_runs() {
                    lines[run.side.index()] |= run.length >= 4;
                }
                if !counts_alternate(self.counts()) {
                    warnings.push(SetupWarning::Counts);
                }
            }
        }
        for side in [Side::First, Side::Second] {
            if lines[side.index()] {
                warnings.push(SetupWarning::Line(side));
            }
        }
        warnings
    }

    /// Renju foul points for Black in this position (empty unless Renju),
    /// for the live marks. Whoever is to move: the player sets up Black's
    /// next moves as well as White's.
    pub fn fouls(&self) -> Vec<(Point, Foul)> {
        match &self.board {
            Board::Gomoku {
                size,
                rule: rule @ RuleSet::Renju,
                cells,
                ..
            } => gomoku_position(size.get(), *rule, cells)
                .map(|position| position.forbidden_points())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The position as a game with no moves yet, this side to move; refused
    /// when a line already stands, when the board is full, or (Connect
    /// Four) when the counts cannot be.
    pub fn game(&self) -> Result<MatchGame, NotPlayable> {
        if let Some(side) = self.warnings().iter().find_map(|w| match w {
            SetupWarning::Line(side) => Some(*side),
            _ => None,
        }) {
            return Err(NotPlayable::Line(side));
        }
        let [first, second] = self.counts();
        match &self.board {
            Board::Gomoku {
                size,
                rule,
                cells,
                to_move,
            } => {
                if first + second == size.cells() {
                    return Err(NotPlayable::BoardFull);
                }
                // The rules count stones and passes: Black moves when the
                // counts are equal, White when Black is one ahead, and turns
                // alternate only from there. Passes bring the counts to
                // that, so the chosen side moves and then the other.
                let passes = match to_move {
                    Side::First if first >= second => vec![Side::Second; first - second],
                    Side::First => vec![Side::First; second - first],
                    Side::Second if first > second => vec![Side::Second; first - second - 1],
                    Side::Second => vec![Side::First; second - first + 1],
                };
                let position = gomoku_position(size.get(), *rule, cells)
                    .map_err(NotPlayable::Gomoku)?
                    .with_passes(passes);
                Ok(MatchGame::Gomoku(Game::new(position)))
            }
            Board::ConnectFour { size, columns } => {
                if !counts_alternate([first, second]) {
                    return Err(NotPlayable::Counts { first, second });
                }
                if first + second == size.cells() {
                    return Err(NotPlayable::BoardFull);
                }
                let position =
                    ConnectFour::from_columns(*size, columns).map_err(NotPlayable::ConnectFour)?;
                Ok(MatchGame::ConnectFour(Game::new(position)))
            }
        }
    }

    fn place(&mut self, at: BoardMove, side: Side) -> Result<(), SetupRefusal> {
        match (&mut self.board, at) {
            (Board::Gomoku { size, cells, .. }, BoardMove::Point(p)) => {
                let i = index_of(size.get(), p).ok_or(SetupRefusal::OutsideBoard)?;
                if cells[i].is_some() {
                    return Err(SetupRefusal::Occupied);
                }
                cells[i] = Some(side);
            }
            (Board::ConnectFour { size, columns }, BoardMove::Column(c)) => {
                let discs = columns
                    .get_mut(c.0 as usize)
                    .ok_or(SetupRefusal::OutsideBoard)?;
                if discs.len() >= size.rows() as usize {
                    return Err(SetupRefusal::ColumnFull);
                }
                discs.push(side);
            }
            _ => return Err(SetupRefusal::NotAPlace),
        }
        self.follow_counts();
        Ok(())
    }

    fn erase(&mut self, at: BoardMove) -> Result<(), SetupRefusal> {
        match (&mut self.board, at) {
            (Board::Gomoku { size, cells, .. }, BoardMove::Point(p)) => {
                let i = index_of(size.get(), p).ok_or(SetupRefusal::OutsideBoard)?;
                cells[i].take().ok_or(SetupRefusal::Empty)?;
            }
            (Board::ConnectFour { columns, .. }, BoardMove::Column(c)) => {
                let discs = columns
                    .get_mut(c.0 as usize)
                    .ok_or(SetupRefusal::OutsideBoard)?;
                discs.pop().ok_or(SetupRefusal::Empty)?;
            }
            _ => return Err(SetupRefusal::NotAPlace),
        }
        self.follow_counts();
        Ok(())
    }

    /// After a stone is placed or erased, Gomoku's side to move is again the
    /// one the counts give (fewer stones, Black when equal). Why: a position
    /// entered stone by stone in the order played then needs no extra click,
    /// and a side chosen once the stones stand is kept.
    fn follow_counts(&mut self) {
        let [first, second] = self.counts();
        if let Board::Gomoku { to_move, .. } = &mut self.board {
            *to_move = if first <= second {
                Side::First
            } else {
                Side::Second
            };
        }
    }

    fn choose_side(&mut self, side: Side) -> Result<(), SetupRefusal> {
        let fixed = self.to_move();
        match &mut self.board {
            Board::Gomoku { to_move, .. } => {
                *to_move = side;
                Ok(())
            }
            Board::ConnectFour { .. } if side == fixed => Ok(()),
            Board::ConnectFour { .. } => Err(SetupRefusal::SideFixedByCounts),
        }
    }

    fn transform(&mut self, symmetry: Symmetry) -> Result<(), SetupRefusal> {
        match &mut self.board {
            Board::Gomoku { size, cells, .. } => {
                let mut turned = vec![None; cells.len()];
                for (i, side) in cells.iter().enumerate() {
                    if side.is_some() {
                        let p = symmetry.point(point_at(size.get(), i), size.get());
                        // Every symmetry takes the board onto itself.
                        if let Some(j) = index_of(size.get(), p) {
                            turned[j] = *side;
                        }
                    }
                }
                *cells = turned;
                Ok(())
            }
            Board::ConnectFour { size, columns } => {
                let width = size.columns();
                let mut turned = vec![Vec::new(); columns.len()];
                for (c, discs) in columns.iter().enumerate() {
                    let to = symmetry
                        .column(Column(c as u8), width)
                        .ok_or(SetupRefusal::NotASymmetry)?;
                    turned[to.0 as usize] = discs.clone();
                }
                *columns = turned;
                Ok(())
            }
        }
    }

    /// Discs in column `c` (0 for Gomoku and off the board).
    fn height(&self, c: u8) -> usize {
        match &self.board {
            Board::ConnectFour { columns, .. } => columns.get(c as usize).map_or(0, Vec::len),
            Board::Gomoku { .. } => 0,
        }
    }

    fn connect_four_runs(&self) -> Vec<Run> {
        match &self.board {
            Board::ConnectFour { size, .. } => runs(size.columns(), size.rows(), |column, row| {
                self.at(Spot::Cell(Cell { column, row }))
            }),
            Board::Gomoku { .. } => Vec::new(),
        }
    }
}

/// Red must have as many discs as yellow or one more.
fn counts_alternate([first, second]: [usize; 2]) -> bool {
    first == second || first == second + 1
}

/// The stones as a rules position. The rules place them as given, so this
/// fails only if the cells were not the board they say.
fn gomoku_position(size: u8, rule: RuleSet, cells: &[Option<Side>]) -> Result<Gomoku, SetupError> {
    let stones = cells
        .iter()
        .enumerate()
        .filter_map(|(i, side)| Some((point_at(size, i), (*side)?)));
    Gomoku::with_stones(size, rule, stones)
}

fn index_of(size: u8, p: Point) -> Option<usize> {
    (p.x < size && p.y < size).then(|| p.y as usize * size as usize + p.x as usize)
}

fn point_at(size: u8, i: usize) -> Point {
    let size = size as usize;
    Point::new((i % size) as u8, (i / size) as u8)
}

/// A maximal run of one side's pieces along one line direction.
struct Run {
    /// Its first piece (the one with no piece of the side just before it).
    x: u8,
    y: u8,
    side: Side,
    length: usize,
}

/// Every maximal run on a `width`×`height` grid (`x` from the left, `y`
/// from the bottom) across, up and along both diagonals: the one line test
/// both games' warnings use.
fn runs(width: u8, height: u8, at: impl Fn(u8, u8) -> Option<Side>) -> Vec<Run> {
    let on =
        |x: i32, y: i32| (0..i32::from(width)).contains(&x) && (0..i32::from(height)).contains(&y);
    let side_at = |x: i32, y: i32| on(x, y).then(|| at(x as u8, y as u8)).flatten();
    let mut found = Vec::new();
    for y in 0..i32::from(height) {
        for x in 0..i32::from(width) {
            let Some(side) = side_at(x, y) else { continue };
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                if side_at(x - dx, y - dy) == Some(side) {
                    continue;
                }
                let mut length = 1;
                while side_at(x + dx * length as i32, y + dy * length as i32) == Some(side) {
                    length += 1;
                }
                found.push(Run {
                    x: x as u8,
                    y: y as u8,
                    side,
                    length,
                });
            }
        }
    }
    found
}

/// The setup as saved: plain pieces, checked again when read back so that
/// a hand-edited file cannot build what the editor refuses.
#[derive(Serialize, Deserialize)]
struct SetupData {
    kind: GameKind,
    pieces: Vec<(Spot, Side)>,
    to_move: Side,
}

impl From<Setup> for SetupData {
    fn from(setup: Setup) -> SetupData {
        SetupData {
            kind: setup.kind(),
            pieces: setup.pieces(),
            to_move: setup.to_move(),
        }
    }
}

/// Why saved setup data could not be read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnreadableSetup {
    /// A piece the editor would have refused.
    Piece(Spot, SetupRefusal),
    /// A Connect Four disc with an empty cell below it.
    Floating(Cell),
    /// The side to move (Connect Four: not the one the counts give).
    Side(SetupRefusal),
}

impl fmt::Display for UnreadableSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnreadableSetup::Piece(spot, refusal) => write!(f, "piece at {spot:?}: {refusal}"),
            UnreadableSetup::Floating(cell) => write!(
                f,
                "the disc in column {} row {} floats",
                cell.column + 1,
                cell.row + 1
            ),
            UnreadableSetup::Side(refusal) => write!(f, "side to move: {refusal}"),
        }
    }
}

impl std::error::Error for UnreadableSetup {}

impl TryFrom<SetupData> for Setup {
    type Error = UnreadableSetup;

    fn try_from(data: SetupData) -> Result<Setup, UnreadableSetup> {
        let mut setup = Setup::empty(&data.kind);
        let mut pieces = data.pieces;
        // Bottom discs first, so each lands where it was.
        pieces.sort();
        for (spot, side) in pieces {
            let at = match spot {
                Spot::Point(p) => BoardMove::Point(p),
                Spot::Cell(cell) => {
                    let connect_four = matches!(data.kind, GameKind::ConnectFour { .. });
                    if connect_four && setup.height(cell.column) != cell.row as usize {
                        return Err(UnreadableSetup::Floating(cell));
                    }
                    BoardMove::Column(Column(cell.column))
                }
            };
            setup
                .apply(SetupEdit::Place { at, side })
                .map_err(|refusal| UnreadableSetup::Piece(spot, refusal))?;
        }
        setup
            .apply(SetupEdit::SideToMove(data.to_move))
            .map_err(UnreadableSetup::Side)?;
        Ok(setup)
    }
}
