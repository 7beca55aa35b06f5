//! The title screen: the game's name and a small animated scene of both
//! games (`title_scene`), with the main menu on top.

use crate::locale::Words;
use crate::states::Menu;
use crate::states::Screen;
use crate::theme::fonts::{Bold, size};
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Title),
        (spawn_title, super::open_menu(Menu::Main)),
    );
}

fn spawn_title(mut commands: Commands) {
    commands.spawn((
        Name::new("Title"),
        DespawnOnExit(Screen::Title),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            top: px(36),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            ..default()
        },
        children![
            (
                Words::Key("title.name"),
                TextFont::from_font_size(size::DISPLAY),
                Bold,
                Ink(Colour::Accent),
            ),
            (
                Words::Key("title.subtitle"),
                TextFont::from_font_size(size::HEADING),
                Ink(Colour::TextDim),
            ),
        ],
    ));
}
