//! The design the board and panels are laid out in, and how a window of
//! any size fits it: the camera and the UI scale by one factor, so the
//! whole design is always on screen.

use bevy::prelude::*;

/// The design size: the board and panel are laid out for this many virtual
/// pixels, and the camera and UI scale so that it always fits the window.
pub const DESIGN_SIZE: Vec2 = Vec2::new(1280.0, 800.0);

/// Pixels a design unit for a window of `size`: the 1280×800 design fitted
/// whole (the camera's `AutoMin`), `None` for a window of no size.
pub fn design_scale(size: Vec2) -> Option<f32> {
    let factor = (size.x / DESIGN_SIZE.x).min(size.y / DESIGN_SIZE.y);
    (factor.is_finite() && factor > 0.0).then_some(factor)
}
