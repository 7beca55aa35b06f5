//! The chat dialog of an online game: the last lines and a field (Enter
//! sends). Players talk to players and watchers to watchers: the server
//! decides who hears a line, and limits its length and rate; the window
//! only shows and sends (`online::chat` keeps the lines and the mute).

use super::MenuRequest;
use crate::online::OnlineSession;
use crate::online::chat::ChatRequest;
use crate::states::{AppSystems, Menu};
use crate::theme::fonts::size;
use crate::theme::interaction::{Typed, Typing};
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use crate::theme::widgets;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
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

/// How many lines the dialog shows.
const SHOWN: usize = 8;

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Chat", true),
        DespawnOnExit(Menu::Chat),
        children![(
            widgets::panel(680.0),
            children![
                widgets::title("chat.title", size::TITLE),
                (
                    ChatLines,
                    Text::new(""),
                    TextFont::from_font_size(size::SMALL),
                    Ink(Colour::Text),
                    Node {
                        width: px(600),
                        min_height: px(180),
                        ..default()
                    },
                ),
                widgets::dim_label("chat.help"),
                widgets::text_field(ChatField),
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
    mut field: Single<&mut Text, (With<ChatField>, Without<ChatLines>)>,
    mut lines: Single<&mut Text, (With<ChatLines>, Without<ChatField>)>,
) {
    let shown = widgets::with_caret(&draft.0, &time);
    if field.0 != shown {
        field.0 = shown;
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
