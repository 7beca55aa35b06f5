//! Every colour of the game, in one place: the interface's two themes (dark
//! and light) and the pieces' two palettes (classic and colour-blind safe).
//! The [`Palette`] resource holds the colours in use; widgets name a
//! [`Colour`] role instead of a colour (see `paint.rs`), so a change of
//! theme repaints every screen at once.

use bevy::prelude::*;
use lineup_core::match_setup::GameKind;
use lineup_core::rules::Side;
use serde::{Deserialize, Serialize};

/// The interface's look, chosen in Settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Theme {
    #[default]
    Dark,
    Light,
}

impl Theme {
    pub const ALL: [Theme; 2] = [Theme::Dark, Theme::Light];
}

/// The pieces' colours, chosen in Settings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceColours {
    #[default]
    Classic,
    /// Okabe and Ito's vermilion and yellow, told apart by lightness in
    /// every kind of colour blindness, with a sky-blue winning glow; the
    /// yellow discs also carry a second ring, so shape tells them apart too.
    ColourBlindSafe,
}

impl PieceColours {
    pub const ALL: [PieceColours; 2] = [PieceColours::Classic, PieceColours::ColourBlindSafe];
}

/// The roles a colour plays in the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// No colour at all (an overlay without a backdrop).
    Transparent,
    /// Behind everything (the clear colour).
    Background,
    /// Dims the screen under a menu.
    Backdrop,
    Panel,
    PanelBorder,
    Text,
    TextDim,
    Accent,
    Warning,
    Button,
    ButtonHover,
    ButtonPress,
    ButtonDisabled,
    /// A slider's or a progress bar's empty track.
    Track,
    /// What shows through the Connect Four frame's holes.
    Holes,
    /// A board's shadow on the background.
    BoardShadow,
}

/// The colours in use: the theme's and the pieces'.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub theme: Theme,
    pub background: Color,
    pub backdrop: Color,
    pub panel: Color,
    pub panel_border: Color,
    pub text: Color,
    pub text_dim: Color,
    pub accent: Color,
    pub warning: Color,
    pub button: Color,
    pub button_hover: Color,
    pub button_press: Color,
    pub button_disabled: Color,
    pub track: Color,
    pub holes: Color,
    pub board_shadow: Color,
    pub pieces: Pieces,
}

impl Default for Palette {
    fn default() -> Self {
        Palette::of(Theme::Dark, PieceColours::Classic)
    }
}

impl Palette {
    /// The colour of `side`'s pieces in a game of `kind`.
    pub fn piece_colour(&self, kind: GameKind, side: Side) -> Color {
        match (kind, side) {
            (GameKind::ConnectFour { .. }, Side::First) => self.pieces.red,
            (GameKind::ConnectFour { .. }, Side::Second) => self.pieces.yellow,
            (GameKind::Gomoku { .. }, Side::First) => STONE_BLACK,
            (GameKind::Gomoku { .. }, Side::Second) => STONE_WHITE,
        }
    }

    pub fn of(theme: Theme, pieces: PieceColours) -> Palette {
        let pieces = Pieces::of(pieces);
        match theme {
            Theme::Dark => Palette {
                theme,
                background: Color::srgb(0.09, 0.11, 0.16),
                backdrop: Color::srgba(0.03, 0.04, 0.07, 0.72),
                panel: Color::srgb(0.15, 0.18, 0.25),
                panel_border: Color::srgb(0.27, 0.32, 0.43),
                text: Color::srgb(0.94, 0.95, 0.97),
                text_dim: Color::srgb(0.66, 0.70, 0.78),
                accent: Color::srgb(0.99, 0.77, 0.27),
                warning: Color::srgb(1.0, 0.45, 0.40),
                button: Color::srgb(0.23, 0.28, 0.39),
                button_hover: Color::srgb(0.31, 0.38, 0.53),
                button_press: Color::srgb(0.18, 0.22, 0.31),
                button_disabled: Color::srgb(0.18, 0.20, 0.25),
                track: Color::srgb(0.10, 0.12, 0.17),
                holes: Color::srgb(0.05, 0.07, 0.12),
                board_shadow: Color::srgba(0.0, 0.0, 0.0, 0.45),
                pieces,
            },
            Theme::Light => Palette {
                theme,
                background: Color::srgb(0.90, 0.92, 0.95),
                backdrop: Color::srgba(0.16, 0.19, 0.26, 0.45),
                panel: Color::srgb(0.985, 0.985, 0.99),
                panel_border: Color::srgb(0.76, 0.80, 0.87),
                text: Color::srgb(0.10, 0.12, 0.17),
                text_dim: Color::srgb(0.34, 0.38, 0.46),
                accent: Color::srgb(0.70, 0.38, 0.0),
                warning: Color::srgb(0.78, 0.13, 0.10),
                button: Color::srgb(0.87, 0.89, 0.93),
                button_hover: Color::srgb(0.78, 0.84, 0.93),
                button_press: Color::srgb(0.70, 0.76, 0.86),
                button_disabled: Color::srgb(0.93, 0.94, 0.95),
                track: Color::srgb(0.82, 0.85, 0.90),
                holes: Color::srgb(0.80, 0.84, 0.90),
                board_shadow: Color::srgba(0.10, 0.14, 0.24, 0.28),
                pieces,
            },
        }
    }

    pub fn get(&self, colour: Colour) -> Color {
        match colour {
            Colour::Transparent => Color::NONE,
            Colour::Background => self.background,
            Colour::Backdrop => self.backdrop,
            Colour::Panel => self.panel,
            Colour::PanelBorder => self.panel_border,
            Colour::Text => self.text,
            Colour::TextDim => self.text_dim,
            Colour::Accent => self.accent,
            Colour::Warning => self.warning,
            Colour::Button => self.button,
            Colour::ButtonHover => self.button_hover,
            Colour::ButtonPress => self.button_press,
            Colour::ButtonDisabled => self.button_disabled,
            Colour::Track => self.track,
            Colour::Holes => self.holes,
            Colour::BoardShadow => self.board_shadow,
        }
    }
}

/// The pieces' colours, and the glow of a winning line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pieces {
    pub kind: PieceColours,
    pub red: Color,
    pub red_rim: Color,
    pub yellow: Color,
    pub yellow_rim: Color,
    /// Bright and distinct from every piece.
    pub win_glow: Color,
}

impl Pieces {
    pub fn of(kind: PieceColours) -> Pieces {
        match kind {
            PieceColours::Classic => Pieces {
                kind,
                red: Color::srgb(0.88, 0.15, 0.17),
                red_rim: Color::srgb(0.66, 0.08, 0.10),
                yellow: Color::srgb(0.99, 0.81, 0.13),
                yellow_rim: Color::srgb(0.82, 0.62, 0.04),
                win_glow: Color::srgb(0.35, 1.0, 0.55),
            },
            PieceColours::ColourBlindSafe => Pieces {
                kind,
                // Okabe–Ito vermilion (#D55E00) and yellow (#F0E442).
                red: Color::srgb_u8(0xD5, 0x5E, 0x00),
                red_rim: Color::srgb_u8(0x9A, 0x40, 0x00),
                yellow: Color::srgb_u8(0xF0, 0xE4, 0x42),
                yellow_rim: Color::srgb_u8(0xB8, 0xAA, 0x1C),
                // Okabe–Ito sky blue (#56B4E9).
                win_glow: Color::srgb_u8(0x56, 0xB4, 0xE9),
            },
        }
    }
}

// The boards' own materials: the same in both themes, as a real board is.

// Connect Four.
pub const FRAME: Color = Color::srgb(0.10, 0.32, 0.80);
pub const FRAME_LIGHT: Color = Color::srgb(0.22, 0.46, 0.92);
pub const FRAME_EDGE: Color = Color::srgb(0.07, 0.22, 0.58);

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
