//! The window's toast line: news about files and connections (a damaged
//! settings file, a save done or failed, a server unreachable), over every
//! screen and menu: at the bottom of the window, but in a game at the top
//! of the column beside the board, where it covers no column number or
//! coordinate ("Saved as…" hid Connect Four's columns 4 to 7).

use crate::states::{AppSystems, Screen};
use crate::theme::fonts::size;
use crate::theme::paint::{Fill, Ink};
use crate::theme::palette::Colour;
use crate::theme::side_column::SideColumn;
use crate::theme::toast::{ToastPlace, toast_line};
use crate::theme::widgets::{SIDE_CARD_MARGIN, SIDE_CARD_WIDTH};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn)
        .add_systems(Update, place.in_set(AppSystems::Present));
}

/// The toast line's place, which follows the screen.
#[derive(Component)]
struct Notice;

fn spawn(mut commands: Commands) {
    commands.spawn((
        Name::new("Notice"),
        Notice,
        at_the_bottom(),
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

/// Under every screen but a game's: the bottom of the window, centred.
fn at_the_bottom() -> Node {
    Node {
        position_type: PositionType::Absolute,
        bottom: px(12),
        width: percent(100),
        justify_content: JustifyContent::Center,
        ..default()
    }
}

/// In a game: the top of the side column (its `right` is the column's).
fn beside_the_board() -> Node {
    Node {
        position_type: PositionType::Absolute,
        top: px(12),
        right: px(SIDE_CARD_MARGIN),
        width: px(SIDE_CARD_WIDTH),
        justify_content: JustifyContent::Center,
        ..default()
    }
}

fn place(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    notice: Single<(Entity, &mut Node), With<Notice>>,
) {
    if !screen.is_changed() {
        return;
    }
    let (entity, mut node) = notice.into_inner();
    if *screen.get() == Screen::Game {
        *node = beside_the_board();
        commands.entity(entity).insert(SideColumn(SIDE_CARD_MARGIN));
    } else {
        *node = at_the_bottom();
        commands.entity(entity).remove::<SideColumn>();
    }
}
