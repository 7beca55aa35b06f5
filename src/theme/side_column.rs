//! The column right of the board (the game panel, review's, the analysis
//! board's, the game-over banner, the evaluation bar): its cards keep their
//! place beside the board, not at the window's edge. A window wider than
//! the 1280×800 design's 16:10 (16:9, say) has room to spare left and right of the
//! board; the column is set in by half of it, so that the board and the
//! panel stay together in the middle instead of a wide gap between them.

use super::design::{DESIGN_SIZE, design_scale};
use crate::states::AppSystems;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_in.in_set(AppSystems::Present));
}

/// A node of the side column, `0` design pixels from the design's right
/// edge (its `right` is set from this, with the window).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct SideColumn(pub f32);

/// Design pixels the side column is set in from the window's right edge:
/// half of what a window wider than the design has to spare.
pub fn set_in_by(window: Vec2) -> f32 {
    design_scale(window).map_or(0.0, |scale| {
        ((window.x / scale - DESIGN_SIZE.x) / 2.0).max(0.0)
    })
}

fn set_in(
    window: Query<Ref<Window>, With<PrimaryWindow>>,
    mut nodes: Query<(Ref<SideColumn>, &mut Node)>,
) {
    let Ok(window) = window.single() else {
        return;
    };
    let by = set_in_by(window.size());
    for (column, mut node) in &mut nodes {
        if window.is_changed() || column.is_added() {
            let right = px(column.0 + by);
            if node.right != right {
                node.right = right;
            }
        }
    }
}
