//! The player's settings as one resource with sensible defaults. Views read
//! it live; `storage` reads it at start and writes it after changes.

use crate::states::AppSystems;
use crate::theme::entrance::ReduceMotion;
use crate::theme::paint::PaletteChosen;
use crate::theme::palette::{Palette, PieceColours, Theme};
use bevy::prelude::*;
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::i18n::Language;
use lineup_core::match_setup::{Level, MatchSetup};
use lineup_core::rules::{GomokuSize, RuleSet};
use serde::{Deserialize, Serialize};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<ReduceMotion>()
        // Before the frame's state transitions spawn menus (which read it).
        .add_systems(PreUpdate, motion_follows)
        .add_systems(
            Update,
            palette_follows
                .in_set(AppSystems::Present)
                .in_set(PaletteChosen),
        );
}

/// The palette is the settings' theme and piece colours.
fn palette_follows(settings: Res<Settings>, mut palette: ResMut<Palette>) {
    let wanted = Palette::of(settings.theme, settings.piece_colours);
    if *palette != wanted {
        *palette = wanted;
    }
}

/// Menus come in unless motion is reduced.
fn motion_follows(settings: Res<Settings>, mut motion: ResMut<ReduceMotion>) {
    motion.set_if_neq(ReduceMotion(settings.reduce_motion));
}

/// How fast pieces fall and settle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AnimationSpeed {
    /// Pieces appear in place at once.
    Off,
    Slow,
    #[default]
    Normal,
    Fast,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 4] = [
        AnimationSpeed::Off,
        AnimationSpeed::Slow,
        AnimationSpeed::Normal,
        AnimationSpeed::Fast,
    ];

    /// How much faster than normal time runs for animations (`None`: off).
    pub fn factor(self) -> Option<f32> {
        match self {
            AnimationSpeed::Off => None,
            AnimationSpeed::Slow => Some(0.6),
            AnimationSpeed::Normal => Some(1.0),
            AnimationSpeed::Fast => Some(1.8),
        }
    }

    /// Its name's key in the string table.
    pub fn key(self) -> &'static str {
        match self {
            AnimationSpeed::Off => "common.off",
            AnimationSpeed::Slow => "settings.animations.slow",
            AnimationSpeed::Normal => "settings.animations.normal",
            AnimationSpeed::Fast => "settings.animations.fast",
        }
    }
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Volumes from 0 to 100.
    pub music_volume: u8,
    pub effects_volume: u8,
    pub ui_volume: u8,
    pub muted: bool,
    /// Letters and numbers on the Gomoku board's edges.
    pub show_coordinates: bool,
    /// Move numbers on Gomoku stones.
    pub show_move_numbers: bool,
    /// Red crosses on Black's forbidden points under Renju.
    pub show_forbidden: bool,
    pub animation_speed: AnimationSpeed,
    pub default_rule: RuleSet,
    pub default_gomoku_size: GomokuSize,
    pub default_level: Level,
    /// The last set-up used, offered again by "New game".
    pub last_setup: Option<MatchSetup>,
    pub fullscreen: bool,
    /// The name shown to online opponents.
    pub player_name: String,
    /// The last address typed in Play online (a host's or a server's).
    pub online_address: String,
    /// The language chosen in Settings; `None` follows the system's.
    pub language: Option<Language>,
    pub theme: Theme,
    pub piece_colours: PieceColours,
    /// No menu slides, no celebration, a still title scene.
    pub reduce_motion: bool,
    /// The window's size and place when it last closed (not in full screen).
    pub window: Option<WindowPlacement>,
    /// The Gomocup engines New game offers as players (`pbrain-lineup`
    /// beside the game always among them).
    pub engines: Vec<EngineEntry>,
    /// The one of `engines` the analysis board and review ask, by name;
    /// `None`: Lineup's own, in the game (`study_engine`).
    pub study_engine: Option<String>,
}

/// Where the window was, in physical pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowPlacement {
    pub width: u32,
    pub height: u32,
    /// The top-left corner on the desktop, when the system told it.
    pub position: Option<(i32, i32)>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            music_volume: 60,
            effects_volume: 80,
            ui_volume: 60,
            muted: false,
            show_coordinates: true,
            show_move_numbers: false,
            show_forbidden: true,
            animation_speed: AnimationSpeed::Normal,
            default_rule: RuleSet::Renju,
            default_gomoku_size: GomokuSize::STANDARD,
            default_level: Level::Medium,
            last_setup: None,
            fullscreen: false,
            player_name: "Player".into(),
            online_address: String::new(),
            language: None,
            theme: Theme::Dark,
            piece_colours: PieceColours::Classic,
            reduce_motion: false,
            window: None,
            engines: Vec::new(),
            study_engine: None,
        }
    }
}
