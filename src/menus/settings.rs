//! Settings: sound, new games, the board, and the look and language. Each
//! row cycles its value; the settings file keeps them (`storage`).

use super::{Menu, MenuRequest, step};
use crate::locale::Locale;
use crate::locale::terms;
use crate::settings::{AnimationSpeed, Settings};
use crate::states::AppSystems;
use crate::theme::fonts::size;
use crate::theme::interaction::{self, ButtonMessage};
use crate::theme::palette::{PieceColours, Theme};
use crate::theme::widgets::{self, RowLabels, RowValues};
use bevy::prelude::*;
use lineup_core::i18n::Language;
use lineup_core::match_setup::Level;
use lineup_core::rules::{GomokuSize, RuleSet};

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<SettingChange>(app);
    app.add_systems(OnEnter(Menu::Settings), spawn).add_systems(
        Update,
        (
            change_settings.in_set(AppSystems::Apply),
            show_values.in_set(AppSystems::Present),
        )
            .run_if(in_state(Menu::Settings)),
    );
}

/// A setting a settings row changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SettingField {
    MusicVolume,
    EffectsVolume,
    UiVolume,
    Mute,
    ShowCoordinates,
    ShowMoveNumbers,
    ShowForbidden,
    AnimationSpeed,
    DefaultRule,
    DefaultSize,
    DefaultLevel,
    Fullscreen,
    Language,
    Theme,
    PieceColours,
    ReduceMotion,
}

/// One step of a setting's value: back (-1) or on (1).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettingChange(pub SettingField, pub i8);

impl ButtonMessage for SettingChange {
    fn stepped(&self, dir: i8) -> Option<Self> {
        Some(SettingChange(self.0, dir))
    }
}

const SOUND: [SettingField; 4] = [
    SettingField::MusicVolume,
    SettingField::EffectsVolume,
    SettingField::UiVolume,
    SettingField::Mute,
];
const GAME: [SettingField; 4] = [
    SettingField::DefaultRule,
    SettingField::DefaultSize,
    SettingField::DefaultLevel,
    SettingField::Fullscreen,
];
const BOARD: [SettingField; 4] = [
    SettingField::ShowCoordinates,
    SettingField::ShowMoveNumbers,
    SettingField::ShowForbidden,
    SettingField::AnimationSpeed,
];
const LOOK: [SettingField; 4] = [
    SettingField::Language,
    SettingField::Theme,
    SettingField::PieceColours,
    SettingField::ReduceMotion,
];

fn row(field: SettingField) -> impl Bundle {
    widgets::cycle_row(
        String::new(),
        String::new(),
        SettingChange(field, -1),
        SettingChange(field, 1),
    )
}

fn spawn(mut commands: Commands) {
    let section = |heading: &'static str, fields: [SettingField; 4]| {
        (
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                margin: UiRect::bottom(px(10)),
                ..default()
            },
            children![
                widgets::title(heading, size::HEADING),
                row(fields[0]),
                row(fields[1]),
                row(fields[2]),
                row(fields[3])
            ],
        )
    };
    let column = || Node {
        flex_direction: FlexDirection::Column,
        ..default()
    };
    commands.spawn((
        widgets::overlay("Settings", true),
        DespawnOnExit(Menu::Settings),
        children![(
            widgets::panel(1180.0),
            children![
                widgets::title("settings.title", size::TITLE),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(36),
                        ..default()
                    },
                    children![
                        (
                            column(),
                            children![
                                section("settings.sound", SOUND),
                                section("settings.new_games", GAME)
                            ]
                        ),
                        (
                            column(),
                            children![
                                section("settings.board", BOARD),
                                section("settings.look", LOOK)
                            ]
                        ),
                    ],
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(16),
                        ..default()
                    },
                    children![
                        widgets::button(
                            "identity.back_up",
                            crate::online::identity::IdentityRequest::BackUp
                        ),
                        widgets::button(
                            "identity.restore",
                            crate::online::identity::IdentityRequest::Restore
                        ),
                        widgets::button("common.back", MenuRequest::Back),
                    ],
                ),
            ],
        )],
    ));
}

/// Changes one setting a step (`shown_language`: the language on screen,
/// where the language row steps from while the player has chosen none).
pub fn change(settings: &mut Settings, field: SettingField, dir: i8, shown_language: Language) {
    let volume = |v: u8| (v as i32 + 10 * dir.signum() as i32).clamp(0, 100) as u8;
    match field {
        SettingField::MusicVolume => settings.music_volume = volume(settings.music_volume),
        SettingField::EffectsVolume => settings.effects_volume = volume(settings.effects_volume),
        SettingField::UiVolume => settings.ui_volume = volume(settings.ui_volume),
        SettingField::Mute => settings.muted = !settings.muted,
        SettingField::DefaultRule => {
            settings.default_rule = step(&RuleSet::ALL, settings.default_rule, dir)
        }
        SettingField::DefaultSize => {
            // Stops at the smallest and the largest board, as the volumes do.
            let next = settings.default_gomoku_size.get() as i32 + dir.signum() as i32;
            if let Some(size) = u8::try_from(next)
                .ok()
                .and_then(|n| GomokuSize::new(n).ok())
            {
                settings.default_gomoku_size = size;
            }
        }
        SettingField::DefaultLevel => {
            settings.default_level = step(&Level::ALL, settings.default_level, dir)
        }
        SettingField::Fullscreen => settings.fullscreen = !settings.fullscreen,
        SettingField::ShowCoordinates => settings.show_coordinates = !settings.show_coordinates,
        SettingField::ShowMoveNumbers => settings.show_move_numbers = !settings.show_move_numbers,
        SettingField::ShowForbidden => settings.show_forbidden = !settings.show_forbidden,
        SettingField::AnimationSpeed => {
            settings.animation_speed = step(&AnimationSpeed::ALL, settings.animation_speed, dir)
        }
        SettingField::Language => {
            let current = settings.language.unwrap_or(shown_language);
            settings.language = Some(step(&Language::ALL, current, dir));
        }
        SettingField::Theme => settings.theme = step(&Theme::ALL, settings.theme, dir),
        SettingField::PieceColours => {
            settings.piece_colours = step(&PieceColours::ALL, settings.piece_colours, dir)
        }
        SettingField::ReduceMotion => settings.reduce_motion = !settings.reduce_motion,
    }
}

/// A row's label and value.
pub fn row_text(settings: &Settings, locale: &Locale, field: SettingField) -> (String, String) {
    let on_off = |on: bool| locale.t(if on { "common.on" } else { "common.off" });
    let percent = |v: u8| locale.f("settings.percent", &[("n", &v)]);
    let (label, value) = match field {
        SettingField::MusicVolume => ("settings.music_volume", percent(settings.music_volume)),
        SettingField::EffectsVolume => {
            ("settings.effects_volume", percent(settings.effects_volume))
        }
        SettingField::UiVolume => ("settings.ui_volume", percent(settings.ui_volume)),
        SettingField::Mute => ("settings.mute", on_off(settings.muted).into()),
        SettingField::DefaultRule => (
            "settings.gomoku_rules",
            terms::rule(locale, settings.default_rule).into(),
        ),
        SettingField::DefaultSize => (
            "settings.gomoku_board",
            locale.f(
                "common.board_size",
                &[
                    ("columns", &settings.default_gomoku_size),
                    ("rows", &settings.default_gomoku_size),
                ],
            ),
        ),
        SettingField::DefaultLevel => (
            "settings.computer_level",
            terms::level(locale, settings.default_level).into(),
        ),
        SettingField::Fullscreen => ("settings.fullscreen", on_off(settings.fullscreen).into()),
        SettingField::ShowCoordinates => (
            "settings.coordinates",
            on_off(settings.show_coordinates).into(),
        ),
        SettingField::ShowMoveNumbers => (
            "settings.move_numbers",
            on_off(settings.show_move_numbers).into(),
        ),
        SettingField::ShowForbidden => {
            ("settings.forbidden", on_off(settings.show_forbidden).into())
        }
        SettingField::AnimationSpeed => (
            "settings.animations",
            locale.t(settings.animation_speed.key()).into(),
        ),
        // Each language is named in its own words.
        SettingField::Language => (
            "settings.language",
            Locale::of(locale.language()).t("language.name").into(),
        ),
        SettingField::Theme => (
            "settings.theme",
            locale
                .t(match settings.theme {
                    Theme::Dark => "settings.theme.dark",
                    Theme::Light => "settings.theme.light",
                })
                .into(),
        ),
        SettingField::PieceColours => (
            "settings.piece_colours",
            locale
                .t(match settings.piece_colours {
                    PieceColours::Classic => "settings.piece_colours.classic",
                    PieceColours::ColourBlindSafe => "settings.piece_colours.colour_blind",
                })
                .into(),
        ),
        SettingField::ReduceMotion => (
            "settings.reduce_motion",
            on_off(settings.reduce_motion).into(),
        ),
    };
    (locale.t(label).to_string(), value)
}

fn change_settings(
    mut changes: MessageReader<SettingChange>,
    mut settings: ResMut<Settings>,
    locale: Res<Locale>,
) {
    for SettingChange(field, dir) in changes.read() {
        change(&mut settings, *field, *dir, locale.language());
    }
}

fn show_values(
    settings: Res<Settings>,
    locale: Res<Locale>,
    mut values: RowValues<SettingChange>,
    mut labels: RowLabels<SettingChange>,
) {
    widgets::refresh_rows(&mut values, &mut labels, |SettingChange(field, _)| {
        row_text(&settings, &locale, *field)
    });
}
