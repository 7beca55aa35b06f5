//! Mouse and keyboard on the board become `MoveRequested`. The cursor (where
//! the ghost piece shows) follows the mouse, or the arrow keys.

use super::BOARD_CENTRE;
use super::layout::BoardLayout;
use crate::current_match::{CurrentMatch, MoveRequested, Requester};
use crate::states::{AppSystems, GamePhase, InPlay};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use lineup_core::match_setup::PlayerKind;
use lineup_core::rules::{BoardMove, Column, Point};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>().add_systems(
        Update,
        (follow_mouse, keyboard, click, pass_when_nothing_else)
            .chain()
            .in_set(AppSystems::Input)
            .in_set(InPlay)
            .run_if(in_state(GamePhase::Playing)),
    );
}

/// A person to move with no point they may take (under Renju, every empty
/// point a foul for Black) passes: it is their only move, so it is made for
/// them, and the panel says so. Whether they must is worked out once per
/// position; the pass is asked for again each second until the position
/// changes (online, the server may not be ready for it the first time).
fn pass_when_nothing_else(
    game: Res<CurrentMatch>,
    time: Res<Time<Real>>,
    mut checked: Local<Option<((u64, u64), bool)>>,
    mut asked_at: Local<Option<Duration>>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let key = (game.id(), game.revision());
    let must = match *checked {
        Some((seen, must)) if seen == key => must,
        _ => {
            let must = game.player_to_move() == PlayerKind::Human && game.game().must_pass();
            *checked = Some((key, must));
            *asked_at = None;
            must
        }
    };
    let due = asked_at.is_none_or(|at| time.elapsed() >= at + Duration::from_secs(1));
    if must && due {
        *asked_at = Some(time.elapsed());
        requests.write(MoveRequested {
            mv: BoardMove::Pass,
            by: Requester::Human,
        });
    }
}

/// Where the next move would go: a column (Connect Four) or a point
/// (Gomoku), `None` when the pointer is off the board.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct BoardCursor {
    pub target: Option<BoardMove>,
    /// The last pointer position seen, so that a still mouse does not undo
    /// what the arrow keys did.
    last_pointer: Option<Vec2>,
}

impl BoardCursor {
    pub fn at(target: BoardMove) -> Self {
        BoardCursor {
            target: Some(target),
            last_pointer: None,
        }
    }
}

/// The pointer in the board's own coordinates.
pub(crate) fn pointer_on_board(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
) -> Option<Vec2> {
    let screen = window.cursor_position()?;
    let world = camera.0.viewport_to_world_2d(camera.1, screen).ok()?;
    Some(world - BOARD_CENTRE)
}

fn follow_mouse(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    mut cursor: ResMut<BoardCursor>,
) {
    let pointer = pointer_on_board(&window, *camera);
    if pointer == cursor.last_pointer {
        return;
    }
    cursor.last_pointer = pointer;
    cursor.target = pointer.and_then(|p| target_at(&layout, p));
}

pub(crate) fn target_at(layout: &BoardLayout, local: Vec2) -> Option<BoardMove> {
    if layout.gomoku {
        layout.point_at(local).map(BoardMove::Point)
    } else {
        layout
            .column_at(local)
            .map(|c| BoardMove::Column(Column(c)))
    }
}

fn click(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    mut requests: MessageWriter<MoveRequested>,
) {
    if !mouse.is_some_and(|m| m.just_pressed(MouseButton::Left)) {
        return;
    }
    if let Some(mv) = pointer_on_board(&window, *camera).and_then(|p| target_at(&layout, p)) {
        requests.write(MoveRequested {
            mv,
            by: Requester::Human,
        });
    }
}

const DIGITS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// Number keys drop a disc; arrows move the cursor; Enter or Space plays it.
fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    game: Res<CurrentMatch>,
    layout: Res<BoardLayout>,
    mut cursor: ResMut<BoardCursor>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let Some(keys) = keys else { return };
    if keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let (columns, rows) = (layout.columns as i32, layout.rows as i32);
    if !layout.gomoku
        && let Some(i) = DIGITS
            .iter()
            .take(columns as usize)
            .position(|k| keys.just_pressed(*k))
    {
        let mv = BoardMove::Column(Column(i as u8));
        cursor.target = Some(mv);
        requests.write(MoveRequested {
            mv,
            by: Requester::Human,
        });
        return;
    }
    let dx = keys.just_pressed(KeyCode::ArrowRight) as i32
        - keys.just_pressed(KeyCode::ArrowLeft) as i32;
    // In Connect Four only left and right move; Down drops the disc.
    let dy = if layout.gomoku {
        keys.just_pressed(KeyCode::ArrowUp) as i32 - keys.just_pressed(KeyCode::ArrowDown) as i32
    } else {
        0
    };
    // On a flipped board the arrows move as the player sees the board.
    let (dx, dy) = if layout.flipped { (-dx, -dy) } else { (dx, dy) };
    if dx != 0 || dy != 0 {
        cursor.target = Some(match cursor.target {
            Some(BoardMove::Column(c)) => {
                BoardMove::Column(Column((c.0 as i32 + dx).clamp(0, columns - 1) as u8))
            }
            Some(BoardMove::Point(p)) => BoardMove::Point(Point::new(
                (p.x as i32 + dx).clamp(0, columns - 1) as u8,
                (p.y as i32 + dy).clamp(0, rows - 1) as u8,
            )),
            // The first arrow press starts in the middle.
            Some(BoardMove::Pass) | None if layout.gomoku => {
                BoardMove::Point(Point::new(layout.columns / 2, layout.rows / 2))
            }
            Some(BoardMove::Pass) | None => BoardMove::Column(Column(layout.columns / 2)),
        });
        return;
    }
    let play = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        || (!layout.gomoku && keys.just_pressed(KeyCode::ArrowDown));
    if play
        && !game.player_to_move().is_computer()
        && let Some(mv) = cursor.target
    {
        requests.write(MoveRequested {
            mv,
            by: Requester::Human,
        });
    }
}
