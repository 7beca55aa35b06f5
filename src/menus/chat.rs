//! The chat dialog of an online game: the last lines and a field (Enter
//! sends). Players talk to players and watchers to watchers: the server
//! decides who hears a line, and limits its length and rate; the window
//! only shows and sends (`online::chat` keeps the lines and the mute).

use super::MenuRequest;
use crate::online::OnlineSession;
use crate::online::chat::ChatRequest;
use crate::states::{AppSystems, Menu};
use crate::theme::fonts::{lines_high, size};
use crate::theme::interaction::{Typed, Typing};
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use crate::theme::widgets;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::text::LineBreak;
use lineup_core::net::views::CHAT_LIMIT;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<KeyboardInput>()
        .init_resource::<ChatDraft>()
        .add_systems(OnEnter(Menu::Chat), spawn)
        .add_systems(
            Update,
            (
                dialog_requests
                    .in_set(AppSystems::Apply)
                    .run_if(resource_exists::<OnlineSession>),
                (
                    type_line.in_set(AppSystems::Input),
                    show_dialog.in_set(AppSystems::Present),
                )
                    .run_if(in_state(Menu::Chat)),
            ),
        );
}

/// The line being typed.
#[derive(Resource, Default, Debug)]
struct ChatDraft(String);

#[derive(Component)]
struct ChatField;

#[derive(Component)]
struct ChatProblem;

#[derive(Component)]
struct ChatLines;

/// How many chat lines the dialog shows (fewer when they wrap).
const SHOWN: usize = 8;

/// The history's height, in lines of its text.
const HISTORY_LINES: f32 = 9.0;

/// The field's height, in lines: room for [`CHAT_LIMIT`] wide characters
/// (Chinese, or W), so a line as long as can be sent never runs out of it.
const FIELD_LINES: f32 = 5.0;

/// How many characters are typed, of the most that can be sent.
#[derive(Component)]
struct ChatCount;

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Chat", true),
        DespawnOnExit(Menu::Chat),
        children![(
            widgets::panel(680.0),
            children![
                widgets::title("chat.title", size::TITLE),
                // The newest lines at the foot; older ones, and the start
                // of a line too long for the box, are cut at its top.
                (
                    Node {
                        width: px(600),
                        height: px(lines_high(HISTORY_LINES, size::SMALL)),
                        flex_direction: FlexDirection::Column,
                        justify_content: JustifyContent::FlexEnd,
                        overflow: Overflow::clip(),
                        flex_shrink: 0.0,
                        ..default()
                    },
                    children![(
                        ChatLines,
                        Text::new(""),
                        TextFont::from_font_size(size::SMALL),
                        TextLayout::new(Justify::Left, LineBreak::WordOrCharacter),
                        Ink(Colour::Text),
                        Node {
                            width: percent(100),
                            flex_shrink: 0.0,
                            ..default()
                        },
                    )],
                ),
                widgets::dim_label("chat.help"),
                widgets::text_area(ChatField, FIELD_LINES, size::SMALL),
                (
                    ChatCount,
                    Text::new(""),
                    TextFont::from_font_size(size::CAPTION),
                    Ink(Colour::TextDim),
                    Node {
                        width: px(600),
                        ..default()
                    },
                    TextLayout::justify(Justify::Right),
                ),
                widgets::problem_line(ChatProblem),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::mouse_button("chat.send", ChatRequest::Send),
                        widgets::mouse_button("common.back", MenuRequest::Back),
                    ],
                ),
            ],
        )],
    ));
}

fn type_line(
    mut keys: MessageReader<KeyboardInput>,
    mut typing: Local<Typing>,
    mut draft: ResMut<ChatDraft>,
    mut requests: MessageWriter<ChatRequest>,
) {
    for key in keys.read() {
        if typing.key(key, &mut draft.0, CHAT_LIMIT) == Typed::Enter {
            requests.write(ChatRequest::Send);
        }
    }
}

/// Chat opens the dialog, Send sends the line typed.
fn dialog_requests(
    mut requests: MessageReader<ChatRequest>,
    session: Res<OnlineSession>,
    mut draft: ResMut<ChatDraft>,
    mut next: ResMut<NextState<Menu>>,
) {
    for request in requests.read() {
        match request {
            ChatRequest::Open => next.set(Menu::Chat),
            ChatRequest::Send => {
                let text = draft.0.trim().to_string();
                if !text.is_empty() {
                    session.say(&text);
                    draft.0.clear();
                }
            }
            // `online::chat`'s.
            ChatRequest::ToggleMute => {}
        }
    }
}

fn show_dialog(
    session: Option<Res<OnlineSession>>,
    draft: Res<ChatDraft>,
    time: Res<Time<Real>>,
    mut field: Single<&mut Text, (With<ChatField>, Without<ChatLines>, Without<ChatCount>)>,
    mut lines: Single<&mut Text, (With<ChatLines>, Without<ChatField>, Without<ChatCount>)>,
    mut count: Single<&mut Text, (With<ChatCount>, Without<ChatField>, Without<ChatLines>)>,
) {
    let shown = widgets::with_caret(&draft.0, &time);
    if field.0 != shown {
        field.0 = shown;
    }
    let typed = format!("{} / {CHAT_LIMIT}", draft.0.chars().count());
    if count.0 != typed {
        count.0 = typed;
    }
    let text = session.map_or_else(String::new, |session| {
        let shown: Vec<String> = session
            .shown_chat()
            .map(crate::online::chat::line_text)
            .collect();
        shown[shown.len().saturating_sub(SHOWN)..].join("\n")
    });
    if lines.0 != text {
        lines.0 = text;
    }
}
