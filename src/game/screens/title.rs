//! The title screen: the game's name over a few decorative pieces, with the
//! main menu on top.

use crate::game::states::Menu;
use crate::game::states::Screen;
use crate::game::theme::palette;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Title),
        (spawn_title, super::open_menu(Menu::Main)),
    );
}

fn spawn_title(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    commands.spawn((
        Name::new("Title"),
        DespawnOnExit(Screen::Title),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            top: px(40),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            ..default()
        },
        children![
            (
                Text::new("LINEUP"),
                TextFont::from_font_size(84.0),
                TextColor(palette::ACCENT)
            ),
            (
                Text::new("Connect Four  -  Gomoku  -  Renju"),
                TextFont::from_font_size(22.0),
                TextColor(palette::TEXT_DIM),
            ),
        ],
    ));
    // A faint row of pieces along the bottom: red, yellow, white.
    let circle = meshes.add(Circle::new(45.0).mesh().resolution(64));
    for (i, colour) in [palette::RED, palette::YELLOW, palette::STONE_WHITE]
        .into_iter()
        .cycle()
        .take(9)
        .enumerate()
    {
        commands.spawn((
            Name::new("Title piece"),
            DespawnOnExit(Screen::Title),
            Mesh2d(circle.clone()),
            MeshMaterial2d(materials.add(colour.with_alpha(0.22))),
            Transform::from_xyz(-520.0 + i as f32 * 130.0, -330.0, -5.0),
        ));
    }
}
