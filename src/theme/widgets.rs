//! Widget functions: each returns a bundle, so screens read as a tree of
//! `children![...]`. Sizes are in virtual pixels of the 1280×800 design; the
//! app scales the UI with the window. Texts are [`Words`]: a string-table
//! key (`"menu.new_game"`) or a text made elsewhere (a `String`); colours
//! are roles of the palette (`Fill`, `Ink`, `Edge`), sizes the type scale's.

use super::fonts::{Bold, size};
use super::interaction::{ButtonInfo, ButtonMessage, Focusable, MenuLayer, Sends};
use super::paint::{Edge, Fill, Ink};
use super::palette::Colour;
use super::side_column::SideColumn;
use crate::locale::Words;
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
        Fill(if backdrop {
            Colour::Backdrop
        } else {
            Colour::Transparent
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
        Fill(Colour::Panel),
        Edge(Colour::PanelBorder),
    )
}

/// The side cards' width, and their distance from the window's right edge.
pub const SIDE_CARD_WIDTH: f32 = 290.0;
pub const SIDE_CARD_MARGIN: f32 = 24.0;

/// A card in the column right of the board (the game panel, the game-over
/// banner, the online undo question), placed `top` or `bottom` pixels from
/// the window's edge, bordered in `border`.
pub fn side_card(top: Val, bottom: Val, border: Colour) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            right: px(SIDE_CARD_MARGIN),
            top,
            bottom,
            width: px(SIDE_CARD_WIDTH),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: px(10),
            padding: UiRect::all(px(16)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(16)),
            ..default()
        },
        SideColumn(SIDE_CARD_MARGIN),
        Fill(Colour::Panel),
        Edge(border),
    )
}

/// A heading in the accent colour, bold, of a size of the type scale.
pub fn title(words: impl Into<Words>, font_size: f32) -> impl Bundle {
    (
        words.into(),
        TextFont::from_font_size(font_size),
        Bold,
        Ink(Colour::Accent),
    )
}

pub fn label(words: impl Into<Words>) -> impl Bundle {
    (
        words.into(),
        TextFont::from_font_size(size::BODY),
        Ink(Colour::Text),
    )
}

/// Secondary text.
pub fn dim_label(words: impl Into<Words>) -> impl Bundle {
    (
        words.into(),
        TextFont::from_font_size(size::SMALL),
        Ink(Colour::TextDim),
    )
}

/// Children side by side, a little apart.
pub fn row(children: impl Bundle) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(8),
            ..default()
        },
        children,
    )
}

/// A menu button that keyboard navigation can reach; activated, it sends
/// `message`.
pub fn button(text: impl Into<Words>, message: impl ButtonMessage) -> impl Bundle {
    (
        sized_button(text, message, 300.0, 52.0, size::HEADING),
        Focusable,
    )
}

/// A smaller button for dialogs, reachable by keyboard.
pub fn small_button(text: impl Into<Words>, message: impl ButtonMessage) -> impl Bundle {
    (mouse_button(text, message), Focusable)
}

/// Half a panel button, for the mouse: two side by side.
pub fn half_mouse_button(text: impl Into<Words>, message: impl ButtonMessage) -> impl Bundle {
    sized_button(text, message, 122.0, 40.0, size::SMALL)
}

/// A narrow button for the rows of a list, reachable by keyboard.
pub fn row_button(text: impl Into<Words>, message: impl ButtonMessage) -> impl Bundle {
    (
        sized_button(text, message, 110.0, 40.0, size::SMALL),
        Focusable,
    )
}

/// A small button for the mouse only: the game panel's, so that the arrow
/// keys stay with the board.
pub fn mouse_button(text: impl Into<Words>, message: impl ButtonMessage) -> impl Bundle {
    sized_button(text, message, 200.0, 42.0, size::BODY)
}

/// A mouse button of any size (the review panel's steps and move list).
pub fn sized_button(
    text: impl Into<Words>,
    message: impl ButtonMessage,
    width: f32,
    height: f32,
    font: f32,
) -> impl Bundle {
    coloured_button(text, message, Vec2::new(width, height), font, Colour::Text)
}

/// What makes a node a button that sends `message` (its picking, its
/// colours by state, its message).
fn sends<M: ButtonMessage>(message: M) -> impl Bundle {
    (
        Name::new("Button"),
        Button,
        ButtonInfo::of(&message),
        Sends(message),
        BackgroundColor::default(),
        Outline::new(px(3), px(2), Color::NONE),
    )
}

/// A mouse button whose text has its own colour (a move of the review
/// list: the one on show, or one marked as a mistake).
pub fn coloured_button(
    text: impl Into<Words>,
    message: impl ButtonMessage,
    size: Vec2,
    font: f32,
    colour: Colour,
) -> impl Bundle {
    let (width, height) = (size.x, size.y);
    (
        sends(message),
        Node {
            width: px(width),
            height: px(height),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(10)),
            ..default()
        },
        children![(
            text.into(),
            TextFont::from_font_size(font),
            Ink(colour),
            TextLayout::justify(Justify::Center),
            Pickable::IGNORE,
        )],
    )
}

/// The text showing the current value of the row whose button sends `.0`.
#[derive(Component)]
pub struct ValueText<M: ButtonMessage>(pub M);

/// The label of the row whose button sends `.0`.
#[derive(Component)]
pub struct RowLabel<M: ButtonMessage>(pub M);

/// A labelled row whose value changes with `<` / `>` (or Left/Right when the
/// value is focused; Enter steps forward).
pub fn cycle_row<M: ButtonMessage>(
    label_text: impl Into<Words>,
    value: impl Into<Words>,
    back: M,
    forward: M,
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
                RowLabel(forward.clone()),
                label_text.into(),
                TextFont::from_font_size(size::BODY),
                Ink(Colour::TextDim),
                Node {
                    flex_shrink: 1.0,
                    ..default()
                },
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
                        sends(forward.clone()),
                        Focusable,
                        Node {
                            width: px(230),
                            height: px(44),
                            justify_content: JustifyContent::Center,
                            align_items: AlignItems::Center,
                            border_radius: BorderRadius::all(px(8)),
                            ..default()
                        },
                        children![(
                            ValueText(forward.clone()),
                            value.into(),
                            TextFont::from_font_size(size::BODY),
                            Ink(Colour::Text),
                            Pickable::IGNORE,
                        )],
                    ),
                    arrow_button(">", forward),
                ],
            ),
        ],
    )
}

fn arrow_button(text: &'static str, message: impl ButtonMessage) -> impl Bundle {
    sized_button(Words::Plain(text.into()), message, 44.0, 44.0, size::BODY)
}

/// The texts of cycling rows sending `M`, for [`refresh_rows`].
pub type RowValues<'w, 's, M> =
    Query<'w, 's, (&'static ValueText<M>, &'static mut Text), Without<RowLabel<M>>>;
pub type RowLabels<'w, 's, M> =
    Query<'w, 's, (&'static RowLabel<M>, &'static mut Text), Without<ValueText<M>>>;

/// Sets each cycling row's label and value to `text_of(its message)`.
pub fn refresh_rows<M: ButtonMessage>(
    values: &mut RowValues<M>,
    labels: &mut RowLabels<M>,
    text_of: impl Fn(&M) -> (String, String),
) {
    for (ValueText(message), mut text) in values {
        let (_, value) = text_of(message);
        if text.0 != value {
            text.0 = value;
        }
    }
    for (RowLabel(message), mut text) in labels {
        let (label, _) = text_of(message);
        if text.0 != label {
            text.0 = label;
        }
    }
}

/// Shows a node, or takes it out of the layout and hides it with its text
/// (a hidden text must not count in the text-fit check).
/// A text whose lines break only where its own line breaks are: the
/// screenshot check (`--screenshot`) reports one that wraps inside a line.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct OwnLines;

pub fn set_shown(mut node: Mut<Node>, mut visibility: Mut<Visibility>, shown: bool) {
    let (display, visible) = if shown {
        (Display::Flex, Visibility::Inherited)
    } else {
        (Display::None, Visibility::Hidden)
    };
    if node.display != display {
        node.display = display;
    }
    visibility.set_if_neq(visible);
}

/// A one-line text field, typed into through `interaction::Typing`; its
/// text carries `marker` (see [`with_caret`]).
pub fn text_field(marker: impl Component) -> impl Bundle {
    (
        Node {
            width: px(600),
            padding: UiRect::axes(px(14), px(10)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        Fill(Colour::Background),
        Edge(Colour::Accent),
        children![(
            marker,
            Text::new(""),
            TextFont::from_font_size(size::BODY),
            Ink(Colour::Text)
        )],
    )
}

/// A field of `lines` lines at `font_size`, typed into as [`text_field`]
/// is: a long text wraps (between words, or anywhere in a word longer
/// than the line) inside its room, which is reserved, so nothing under it
/// moves as it fills.
pub fn text_area(marker: impl Component, lines: f32, font_size: f32) -> impl Bundle {
    (
        Node {
            width: px(600),
            padding: UiRect::axes(px(14), px(10)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            overflow: Overflow::clip(),
            flex_shrink: 0.0,
            ..default()
        },
        Fill(Colour::Background),
        Edge(Colour::Accent),
        children![(
            marker,
            Text::new(""),
            TextFont::from_font_size(font_size),
            TextLayout::new(Justify::Left, bevy::text::LineBreak::WordOrCharacter),
            Ink(Colour::Text),
            crate::theme::small_windows::LineRoom::exactly(lines, font_size),
            Node {
                width: percent(100),
                ..default()
            },
        )],
    )
}

/// What a field holding `text` shows: the text and a caret blinking at its
/// end, on for half of each second.
pub fn with_caret(text: &str, time: &Time<Real>) -> String {
    let caret = if time.elapsed_secs().fract() < 0.5 {
        "|"
    } else {
        " "
    };
    format!("{text}{caret}")
}

/// The line under a field that says what was wrong (empty when nothing).
pub fn problem_line(marker: impl Component) -> impl Bundle {
    (
        marker,
        Text::new(""),
        TextFont::from_font_size(size::SMALL),
        Ink(Colour::Warning),
        TextLayout::justify(Justify::Center),
    )
}

/// A panel that asks for one line of text: a title, a help line, the
/// field (its text carries `field`), the line for what was wrong (carries
/// `problem`), and the button that confirms beside Cancel. Mouse buttons:
/// the keys are for typing.
pub fn entry_panel(
    title_key: &'static str,
    help_key: &'static str,
    field: impl Component,
    problem: impl Component,
    confirm: (&'static str, impl ButtonMessage),
    cancel: impl ButtonMessage,
) -> impl Bundle {
    (
        panel(680.0),
        children![
            title(title_key, size::TITLE),
            dim_label(help_key),
            text_field(field),
            problem_line(problem),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(12),
                    ..default()
                },
                children![
                    mouse_button(confirm.0, confirm.1),
                    mouse_button("common.cancel", cancel),
                ],
            ),
        ],
    )
}
