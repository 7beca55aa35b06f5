//! Every colour of the game, in one place.

use bevy::prelude::*;

pub const BACKGROUND: Color = Color::srgb(0.09, 0.11, 0.16);
pub const BACKDROP: Color = Color::srgba(0.03, 0.04, 0.07, 0.72);
pub const PANEL: Color = Color::srgb(0.15, 0.18, 0.25);
pub const PANEL_BORDER: Color = Color::srgb(0.27, 0.32, 0.43);
pub const TEXT: Color = Color::srgb(0.94, 0.95, 0.97);
pub const TEXT_DIM: Color = Color::srgb(0.66, 0.70, 0.78);
pub const ACCENT: Color = Color::srgb(0.99, 0.77, 0.27);
pub const WARNING: Color = Color::srgb(1.0, 0.45, 0.40);

pub const BUTTON: Color = Color::srgb(0.23, 0.28, 0.39);
pub const BUTTON_HOVER: Color = Color::srgb(0.31, 0.38, 0.53);
pub const BUTTON_PRESS: Color = Color::srgb(0.18, 0.22, 0.31);
pub const BUTTON_DISABLED: Color = Color::srgb(0.18, 0.20, 0.25);

// Connect Four.
pub const FRAME: Color = Color::srgb(0.10, 0.32, 0.80);
pub const FRAME_EDGE: Color = Color::srgb(0.07, 0.22, 0.58);
pub const FRAME_BACK: Color = Color::srgb(0.05, 0.07, 0.12);
pub const RED: Color = Color::srgb(0.88, 0.15, 0.17);
pub const RED_RIM: Color = Color::srgb(0.66, 0.08, 0.10);
pub const YELLOW: Color = Color::srgb(0.99, 0.81, 0.13);
pub const YELLOW_RIM: Color = Color::srgb(0.82, 0.62, 0.04);

// Gomoku.
pub const WOOD: Color = Color::srgb(0.87, 0.69, 0.43);
pub const WOOD_EDGE: Color = Color::srgb(0.55, 0.38, 0.20);
pub const GRID: Color = Color::srgb(0.27, 0.18, 0.09);
pub const STONE_BLACK: Color = Color::srgb(0.10, 0.10, 0.11);
pub const STONE_WHITE: Color = Color::srgb(0.95, 0.95, 0.93);
pub const STONE_WHITE_RIM: Color = Color::srgb(0.70, 0.70, 0.68);
pub const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.35);
pub const LAST_MOVE: Color = Color::srgb(0.90, 0.20, 0.15);
pub const FORBIDDEN: Color = Color::srgb(0.86, 0.08, 0.08);

/// The glow around a winning line: bright and distinct from every piece.
pub const WIN_GLOW: Color = Color::srgb(0.35, 1.0, 0.55);
