//! A line at the bottom of the window for news about files (a damaged
//! settings file, a save done or failed), over every screen and menu.

use crate::storage::Notice;
use crate::theme::fonts::size;
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn).add_systems(Update, show);
}

#[derive(Component)]
struct NoticeText;

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
        children![(
            NoticeText,
            Text::new(""),
            TextFont::from_font_size(size::SMALL),
            Ink(Colour::Accent),
            TextLayout::justify(Justify::Center),
            Node {
                max_width: percent(90),
                ..default()
            },
        )],
    ));
}

fn show(notice: Res<Notice>, mut text: Single<&mut Text, With<NoticeText>>) {
    if notice.is_changed() && text.0 != notice.text {
        text.0 = notice.text.clone();
    }
}
