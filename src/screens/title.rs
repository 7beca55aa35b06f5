//! The title screen: the game's name and a small animated scene of both
//! games (`title_scene`), with the main menu on top. The name shows over
//! the main menu only: a taller dialog (New game for Gomoku) cut through
//! it.

use crate::locale::Words;
use crate::states::{AppSystems, Menu, Screen};
use crate::theme::fonts::{Bold, size};
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Title),
        (spawn_title, super::open_menu(Menu::Main)),
    )
    .add_systems(
        Update,
        name_over_the_main_menu_only
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Title)),
    );
}

/// The game's name at the top of the title screen.
#[derive(Component)]
pub struct TitleName;

fn name_over_the_main_menu_only(
    menu: Res<State<Menu>>,
    mut names: Query<&mut Visibility, With<TitleName>>,
) {
    let wanted = if matches!(menu.get(), Menu::Main | Menu::None) {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut visibility in &mut names {
        visibility.set_if_neq(wanted);
    }
}

fn spawn_title(mut commands: Commands) {
    commands.spawn((
        Name::new("Title"),
        TitleName,
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
