//! Board geometry: where each cell or intersection is in the board's own
//! coordinates (origin at the board's centre), and which cell a point is over.

use crate::current_match::CurrentMatch;
use crate::states::Screen;
use bevy::prelude::*;
use lineup_core::match_setup::GameKind;
use lineup_core::rules::connect_four::Cell;
use lineup_core::rules::{BoardMove, MatchGame, Point};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        super::SpawnBoard,
        insert_layout.in_set(super::BoardSpawn::Root),
    )
    .add_systems(OnExit(Screen::Game), |mut commands: Commands| {
        commands.remove_resource::<BoardLayout>()
    });
}

/// Room for a board: wide and high enough for any size, left of the panel.
const ROOM: Vec2 = Vec2::new(860.0, 720.0);

#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// Connect Four: a column's width. Gomoku: the gap between lines.
    pub cell: f32,
    pub columns: u8,
    pub rows: u8,
    pub gomoku: bool,
    /// Seen from the far side (Gomoku from White's side): the board turned
    /// half round, a1 at the top right.
    pub flipped: bool,
}

impl BoardLayout {
    /// Where `mv` would go on `board`: its point, or the cell a Connect
    /// Four disc dropped there lands in (`None` for a full column).
    pub fn spot_of(&self, board: &MatchGame, mv: BoardMove) -> Option<Vec2> {
        match (board, mv) {
            (_, BoardMove::Point(p)) => Some(self.point_centre(p)),
            (MatchGame::ConnectFour(game), BoardMove::Column(c)) => game
                .position()
                .landing_cell(c)
                .map(|cell| self.cell_centre(cell)),
            _ => None,
        }
    }

    pub fn for_kind(kind: GameKind) -> Self {
        match kind {
            GameKind::ConnectFour { size } => {
                let (columns, rows) = (size.columns(), size.rows());
                // One extra row of room above the frame for the falling disc.
                let cell = (ROOM.x / (columns as f32 + 0.6))
                    .min(ROOM.y / (rows as f32 + 1.5))
                    .floor();
                BoardLayout {
                    cell,
                    columns,
                    rows,
                    gomoku: false,
                    flipped: false,
                }
            }
            GameKind::Gomoku { size, .. } => {
                let size = size.get();
                // A margin of one gap each side holds the coordinates.
                let cell = (ROOM.y / (size as f32 + 1.0)).floor();
                BoardLayout {
                    cell,
                    columns: size,
                    rows: size,
                    gomoku: true,
                    flipped: false,
                }
            }
        }
    }

    /// The centre of a cell (Connect Four) or intersection (Gomoku).
    pub fn centre(&self, x: u8, y: u8) -> Vec2 {
        let (x, y) = self.turned(x, y);
        Vec2::new(
            (x as f32 - (self.columns as f32 - 1.0) / 2.0) * self.cell,
            (y as f32 - (self.rows as f32 - 1.0) / 2.0) * self.cell,
        )
    }

    /// Where column `x`, row `y` is drawn: itself, or its mirror through
    /// the centre on a flipped board.
    fn turned(&self, x: u8, y: u8) -> (u8, u8) {
        if self.flipped {
            (
                self.columns.saturating_sub(1).saturating_sub(x),
                self.rows.saturating_sub(1).saturating_sub(y),
            )
        } else {
            (x, y)
        }
    }

    pub fn cell_centre(&self, cell: Cell) -> Vec2 {
        self.centre(cell.column, cell.row)
    }

    pub fn point_centre(&self, p: Point) -> Vec2 {
        self.centre(p.x, p.y)
    }

    /// The frame's (Connect Four) or grid's (Gomoku) half size.
    pub fn half_extent(&self) -> Vec2 {
        if self.gomoku {
            Vec2::splat((self.columns as f32 - 1.0) * self.cell / 2.0)
        } else {
            Vec2::new(self.columns as f32, self.rows as f32) * self.cell / 2.0
        }
    }

    /// Where a falling disc starts and the ghost disc hovers: just above the frame.
    pub fn drop_height(&self) -> f32 {
        self.half_extent().y + self.cell * 0.62
    }

    /// The Connect Four column under a board position: anywhere over the
    /// frame or the space just above it.
    pub fn column_at(&self, local: Vec2) -> Option<u8> {
        let half = self.half_extent();
        if local.y < -half.y || local.y > half.y + self.cell * 1.2 {
            return None;
        }
        let x = (local.x + half.x) / self.cell;
        (x >= 0.0 && x < self.columns as f32).then_some(x as u8)
    }

    /// The Gomoku intersection nearest a board position, if it is within
    /// half a gap of it.
    pub fn point_at(&self, local: Vec2) -> Option<Point> {
        let half = self.half_extent();
        let x = ((local.x + half.x) / self.cell).round();
        let y = ((local.y + half.y) / self.cell).round();
        let inside = |v: f32| v >= 0.0 && v < self.columns as f32;
        (inside(x) && inside(y)).then(|| {
            let (x, y) = self.turned(x as u8, y as u8);
            Point::new(x, y)
        })
    }
}

fn insert_layout(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    mut flip: ResMut<super::flip::BoardFlip>,
) {
    let mut layout = BoardLayout::for_kind(game.setup().kind);
    layout.flipped = layout.gomoku && flip.for_match(&game);
    commands.insert_resource(layout);
}
