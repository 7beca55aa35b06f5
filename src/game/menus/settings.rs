//! Settings: how the board looks and moves. (Sound volumes and persistence
//! come with the sound and settings issues.)

use super::{Menu, step};
use crate::game::actions::{Action, SettingField, UiAction};
use crate::game::settings::{AnimationSpeed, Settings};
use crate::game::theme::widgets::{self, RowLabels, RowValues};
use crate::match_setup::Level;
use crate::rules::RuleSet;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Settings), spawn).add_systems(
        Update,
        (handle_actions, show_values)
            .chain()
            .run_if(in_state(Menu::Settings)),
    );
}

const SOUND: [SettingField; 4] = [
    SettingField::MusicVolume,
    SettingField::EffectsVolume,
    SettingField::UiVolume,
    SettingField::Mute,
];
const BOARD: [SettingField; 4] = [
    SettingField::ShowCoordinates,
    SettingField::ShowMoveNumbers,
    SettingField::ShowForbidden,
    SettingField::AnimationSpeed,
];
const GAME: [SettingField; 4] = [
    SettingField::DefaultRule,
    SettingField::DefaultSize,
    SettingField::DefaultLevel,
    SettingField::Fullscreen,
];

fn row(field: SettingField) -> impl Bundle {
    widgets::cycle_row(
        "",
        "",
        Action::ChangeSetting(field, -1),
        Action::ChangeSetting(field, 1),
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
                widgets::title(heading, 22.0),
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
                widgets::title("Settings", 36.0),
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
                                section("Sound", SOUND),
                                section("New games and window", GAME)
                            ]
                        ),
                        (column(), children![section("Board", BOARD)]),
                    ],
                ),
                widgets::button("Back", Action::Back),
            ],
        )],
    ));
}

/// Changes one setting a step.
pub fn change(settings: &mut Settings, field: SettingField, dir: i8) {
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
            settings.default_gomoku_size =
                (settings.default_gomoku_size as i32 + dir.signum() as i32).clamp(9, 20) as u8
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
    }
}

/// A row's label and value.
pub fn row_text(settings: &Settings, field: SettingField) -> (&'static str, String) {
    let on_off = |on: bool| if on { "On" } else { "Off" }.to_string();
    match field {
        SettingField::MusicVolume => ("Music volume", format!("{}%", settings.music_volume)),
        SettingField::EffectsVolume => ("Effects volume", format!("{}%", settings.effects_volume)),
        SettingField::UiVolume => ("Interface sounds", format!("{}%", settings.ui_volume)),
        SettingField::Mute => ("Mute all sound", on_off(settings.muted)),
        SettingField::DefaultRule => (
            "Gomoku rules",
            rule_title(settings.default_rule).to_string(),
        ),
        SettingField::DefaultSize => (
            "Gomoku board",
            format!("{0} x {0}", settings.default_gomoku_size),
        ),
        SettingField::DefaultLevel => ("Computer level", settings.default_level.name().to_string()),
        SettingField::Fullscreen => ("Full screen", on_off(settings.fullscreen)),
        SettingField::ShowCoordinates => ("Board coordinates", on_off(settings.show_coordinates)),
        SettingField::ShowMoveNumbers => {
            ("Move numbers on stones", on_off(settings.show_move_numbers))
        }
        SettingField::ShowForbidden => (
            "Mark Renju forbidden points",
            on_off(settings.show_forbidden),
        ),
        SettingField::AnimationSpeed => ("Animations", settings.animation_speed.name().to_string()),
    }
}

fn handle_actions(mut actions: MessageReader<UiAction>, mut settings: ResMut<Settings>) {
    for UiAction(action) in actions.read() {
        if let Action::ChangeSetting(field, dir) = *action {
            change(&mut settings, field, dir);
        }
    }
}

fn show_values(settings: Res<Settings>, mut values: RowValues, mut labels: RowLabels) {
    widgets::refresh_rows(&mut values, &mut labels, |action| match action {
        Action::ChangeSetting(field, _) => {
            let (label, value) = row_text(&settings, field);
            Some((label.to_string(), value))
        }
        _ => None,
    });
}

fn rule_title(rule: RuleSet) -> &'static str {
    match rule {
        RuleSet::Freestyle => "Freestyle",
        RuleSet::ExactFive => "Exact five",
        RuleSet::Renju => "Renju",
    }
}
