//! The window's toast line: news about files and connections (a damaged
//! settings file, a save done or failed, a server unreachable), at the
//! bottom of the window over every screen and menu.

use crate::theme::fonts::size;
use crate::theme::paint::{Fill, Ink};
use crate::theme::palette::Colour;
use crate::theme::toast::{ToastPlace, toast_line};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn);
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        Name::new("Notice"),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(12),
            width: percent(100),
            justify_content: JustifyContent::Center,
            ..default()
        },
        GlobalZIndex(20),
        Pickable::IGNORE,
        // On a backing of the panel's colour: over the board it must read
        // clearly, never mix with the board's letters.
        children![(
            toast_line(ToastPlace::Window),
            TextFont::from_font_size(size::SMALL),
            Ink(Colour::Accent),
            Fill(Colour::Panel),
            TextLayout::justify(Justify::Center),
            Node {
                max_width: percent(90),
                padding: UiRect::axes(px(14), px(6)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
        )],
    ));
}
