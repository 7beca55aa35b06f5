//! Settings: how the board looks and moves. (Sound volumes and persistence
//! come with the sound and settings issues.)

use super::Menu;
use crate::actions::{Action, SettingField, UiAction};
use crate::settings::{AnimationSpeed, Settings};
use crate::theme::widgets::{self, RowLabels, RowValues};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Menu::Settings), spawn).add_systems(
        Update,
        (handle_actions, show_values)
            .chain()
            .run_if(in_state(Menu::Settings)),
    );
}

const FIELDS: [SettingField; 4] = [
    SettingField::ShowCoordinates,
    SettingField::ShowMoveNumbers,
    SettingField::ShowForbidden,
    SettingField::AnimationSpeed,
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
    commands.spawn((
        widgets::overlay("Settings", true),
        DespawnOnExit(Menu::Settings),
        children![(
            widgets::panel(700.0),
            children![
                widgets::title("Settings", 40.0),
                row(FIELDS[0]),
                row(FIELDS[1]),
                row(FIELDS[2]),
                row(FIELDS[3]),
                widgets::button("Back", Action::Back),
            ],
        )],
    ));
}

/// Changes one setting a step.
pub fn change(settings: &mut Settings, field: SettingField, dir: i8) {
    match field {
        SettingField::ShowCoordinates => settings.show_coordinates = !settings.show_coordinates,
        SettingField::ShowMoveNumbers => settings.show_move_numbers = !settings.show_move_numbers,
        SettingField::ShowForbidden => settings.show_forbidden = !settings.show_forbidden,
        SettingField::AnimationSpeed => {
            let all = AnimationSpeed::ALL;
            let i = all
                .iter()
                .position(|s| *s == settings.animation_speed)
                .unwrap_or(2) as i32;
            settings.animation_speed =
                all[(i + dir.signum() as i32).rem_euclid(all.len() as i32) as usize];
        }
    }
}

/// A row's label and value.
pub fn row_text(settings: &Settings, field: SettingField) -> (&'static str, String) {
    let on_off = |on: bool| if on { "On" } else { "Off" }.to_string();
    match field {
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
