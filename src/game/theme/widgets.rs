//! Widget functions: each returns a bundle, so screens read as a tree of
//! `children![...]`. Sizes are in virtual pixels of the 1280×800 design; the
//! app scales the UI with the window.

use super::interaction::{Focusable, MenuLayer};
use super::palette;
use crate::game::actions::Action;
use bevy::prelude::*;

/// A full-window layer that centres its children, drawn above the board.
pub fn overlay(name: &'static str, backdrop: bool) -> impl Bundle {
    (
        Name::new(name),
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(if backdrop {
            palette::BACKDROP
        } else {
            Color::NONE
        }),
        GlobalZIndex(10),
        MenuLayer,
    )
}

/// A rounded panel that stacks its children.
pub fn panel(width: f32) -> impl Bundle {
    (
        Node {
            width: px(width),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(12),
            padding: UiRect::all(px(28)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(16)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        BorderColor::all(palette::PANEL_BORDER),
    )
}

/// A card in the column right of the board (the game panel, the game-over
/// banner, the online undo question), placed `top` or `bottom` pixels from
/// the window's edge, bordered in `border`.
pub fn side_card(top: Val, bottom: Val, border: Color) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            right: px(24),
            top,
            bottom,
            width: px(290),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(10),
            padding: UiRect::all(px(16)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(16)),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        BorderColor::all(border),
    )
}

pub fn title(text: impl Into<String>, size: f32) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(size),
        TextColor(palette::ACCENT),
    )
}

pub fn label(text: impl Into<String>) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(22.0),
        TextColor(palette::TEXT),
    )
}

pub fn dim_label(text: impl Into<String>) -> impl Bundle {
    (
        Text::new(text),
        TextFont::from_font_size(18.0),
        TextColor(palette::TEXT_DIM),
    )
}

/// A menu button that keyboard navigation can reach.
pub fn button(text: impl Into<String>, action: Action) -> impl Bundle {
    (sized_button(text, action, 300.0, 52.0, 24.0), Focusable)
}

/// A smaller button for dialogs, reachable by keyboard.
pub fn small_button(text: impl Into<String>, action: Action) -> impl Bundle {
    (mouse_button(text, action), Focusable)
}

/// Half a panel button, for the mouse: two side by side.
pub fn half_mouse_button(text: impl Into<String>, action: Action) -> impl Bundle {
    sized_button(text, action, 122.0, 40.0, 18.0)
}

/// A narrow button for the rows of a list, reachable by keyboard.
pub fn row_button(text: impl Into<String>, action: Action) -> impl Bundle {
    (sized_button(text, action, 110.0, 40.0, 18.0), Focusable)
}

/// A small button for the mouse only: the game panel's, so that the arrow
/// keys stay with the board.
pub fn mouse_button(text: impl Into<String>, action: Action) -> impl Bundle {
    sized_button(text, action, 200.0, 42.0, 20.0)
}

/// A mouse button of any size (the review panel's steps and move list).
pub fn sized_button(
    text: impl Into<String>,
    action: Action,
    width: f32,
    height: f32,
    font: f32,
) -> impl Bundle {
    coloured_button(text, action, Vec2::new(width, height), font, palette::TEXT)
}

/// A mouse button whose text has its own colour (a move of the review
/// list: the one on show, or one marked as a mistake).
pub fn coloured_button(
    text: impl Into<String>,
    action: Action,
    size: Vec2,
    font: f32,
    colour: Color,
) -> impl Bundle {
    let (width, height) = (size.x, size.y);
    (
        Name::new("Button"),
        Button,
        action,
        Node {
            width: px(width),
            height: px(height),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(10)),
            ..default()
        },
        BackgroundColor(palette::BUTTON),
        Outline::new(px(3), px(2), Color::NONE),
        children![(
            Text::new(text),
            TextFont::from_font_size(font),
            TextColor(colour),
            Pickable::IGNORE,
        )],
    )
}

/// The text showing the current value of the row whose button does `.0`.
#[derive(Component)]
pub struct ValueText(pub Action);

/// The label of the row whose button does `.0`.
#[derive(Component)]
pub struct RowLabel(pub Action);

/// A labelled row whose value changes with `<` / `>` (or Left/Right when the
/// value is focused; Enter steps forward).
pub fn cycle_row(
    label_text: impl Into<String>,
    value: impl Into<String>,
    back: Action,
    forward: Action,
) -> impl Bundle {
    (
        Node {
            width: px(540),
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::SpaceBetween,
            ..default()
        },
        children![
            (
                RowLabel(forward),
                Text::new(label_text),
                TextFont::from_font_size(22.0),
                TextColor(palette::TEXT_DIM)
            ),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(8),
                    align_items: AlignItems::Center,
                    ..default()
                },
                children![
                    arrow_button("<", back),
                    (
                        Name::new("Button"),
                        Button,
                        forward,
                        Focusable,
                        Node {
                            width: px(230),
                            height: px(44),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            border_radius: BorderRadius::all(px(8)),
                            ..default()
                        },
                        BackgroundColor(palette::BUTTON),
                        Outline::new(px(3), px(2), Color::NONE),
                        children![(
                            ValueText(forward),
                            Text::new(value),
                            TextFont::from_font_size(21.0),
                            TextColor(palette::TEXT),
                            Pickable::IGNORE,
                        )],
                    ),
                    arrow_button(">", forward),
                ],
            ),
        ],
    )
}

fn arrow_button(text: &'static str, action: Action) -> impl Bundle {
    sized_button(text, action, 44.0, 44.0, 22.0)
}

/// The texts of cycling rows, for [`refresh_rows`].
pub type RowValues<'w, 's> =
    Query<'w, 's, (&'static ValueText, &'static mut Text), Without<RowLabel>>;
pub type RowLabels<'w, 's> =
    Query<'w, 's, (&'static RowLabel, &'static mut Text), Without<ValueText>>;

/// Sets each cycling row's label and value to `text_of(its action)`, where
/// that gives one (rows of other menus answer `None`).
pub fn refresh_rows(
    values: &mut RowValues,
    labels: &mut RowLabels,
    text_of: impl Fn(Action) -> Option<(String, String)>,
) {
    for (ValueText(action), mut text) in values {
        if let Some((_, value)) = text_of(*action)
            && text.0 != value
        {
            text.0 = value;
        }
    }
    for (RowLabel(action), mut text) in labels {
        if let Some((label, _)) = text_of(*action)
            && text.0 != label
        {
            text.0 = label;
        }
    }
}
