//! What an online player sees of the connection, on one line under the
//! board (below the column numbers): where the game is (the room code to
//! tell a friend) and whether the opponent is there; and under the game
//! panel, the opponent's undo request with Allow / Refuse. Beside them,
//! Chat, Mute and the chat's last line.

use super::RoomRequest;
use super::chat::ChatRequest;
use super::session::OnlineSession;
use crate::locale::Locale;
use crate::states::{AppSystems, Screen};
use crate::theme::cut_to_fit::{CutToFit, cut_to_fit};
use crate::theme::fonts::size;
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use crate::theme::widgets::{self, SIDE_CARD_MARGIN, SIDE_CARD_WIDTH};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_if_missing, show, show_chat)
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Game).and_then(resource_exists::<OnlineSession>)),
    )
    .add_systems(
        Update,
        despawn_with_the_session
            .in_set(AppSystems::Present)
            .run_if(resource_removed::<OnlineSession>),
    );
}

/// What this module spawns: gone with the session (a seat taken back whose
/// room is gone leaves the game to go on here, with no online line).
#[derive(Component)]
struct StatusRoot;

fn despawn_with_the_session(mut commands: Commands, roots: Query<Entity, With<StatusRoot>>) {
    for root in &roots {
        commands.entity(root).despawn();
    }
}

/// The line comes with the session, whichever came first: the game screen
/// (a room opened from the dialog) or the session (a seat taken back with
/// Continue, on a game screen already open).
fn spawn_if_missing(commands: Commands, shown: Query<(), With<ConnectionText>>) {
    if shown.is_empty() {
        spawn(commands);
    }
}

#[derive(Component)]
struct ConnectionText;

#[derive(Component)]
struct WhoText;

/// The chat's last line on show.
#[derive(Component)]
struct LastChatText;

/// Mute (`.0` false), or Unmute (shown while muted).
#[derive(Component)]
struct MuteButton(bool);

#[derive(Component)]
struct UndoPrompt;

#[derive(Component)]
struct PromptText;

/// A node that keeps `child`'s width in the bar when it is short of room
/// (the texts beside it give way).
fn unshrunk(child: impl Bundle) -> impl Bundle {
    (
        Node {
            flex_shrink: 0.0,
            ..default()
        },
        children![child],
    )
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        Name::new("Online status"),
        StatusRoot,
        DespawnOnExit(Screen::Game),
        Node {
            position_type: PositionType::Absolute,
            left: px(24),
            bottom: px(6),
            // It ends before the side column: a long name or chat line is
            // cut there, never drawn under the game panel.
            right: px(SIDE_CARD_WIDTH + 2.0 * SIDE_CARD_MARGIN),
            height: px(40),
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(18),
            ..default()
        },
        children![
            (
                ConnectionText,
                Text::new(""),
                TextFont::from_font_size(size::SMALL),
                Ink(Colour::Text),
                Node {
                    flex_shrink: 0.0,
                    ..default()
                },
            ),
            (WhoText, cut_to_fit(size::SMALL), Ink(Colour::TextDim)),
            unshrunk(widgets::sized_button(
                "chat.open",
                ChatRequest::Open,
                80.0,
                32.0,
                size::SMALL
            )),
            (
                MuteButton(false),
                unshrunk(widgets::sized_button(
                    "chat.mute",
                    ChatRequest::ToggleMute,
                    80.0,
                    32.0,
                    size::SMALL
                )),
            ),
            (
                MuteButton(true),
                unshrunk(widgets::sized_button(
                    "chat.unmute",
                    ChatRequest::ToggleMute,
                    100.0,
                    32.0,
                    size::SMALL
                )),
            ),
            (LastChatText, cut_to_fit(size::SMALL), Ink(Colour::Accent)),
        ],
    ));
    // The undo question sits under the game panel, where the buttons are
    // always in the same place whatever the names.
    commands.spawn((
        Name::new("Undo question"),
        StatusRoot,
        UndoPrompt,
        DespawnOnExit(Screen::Game),
        widgets::side_card(px(470), Val::Auto, Colour::Accent),
        children![
            (
                PromptText,
                Text::new(""),
                TextFont::from_font_size(size::SMALL),
                Ink(Colour::Text),
                TextLayout::justify(Justify::Center),
            ),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(10),
                    ..default()
                },
                children![
                    widgets::half_mouse_button("online.allow_undo", RoomRequest::AllowUndo),
                    widgets::half_mouse_button("online.refuse_undo", RoomRequest::RefuseUndo),
                ],
            ),
        ],
    ));
}

/// The two lines and the prompt, from the session.
pub fn lines(session: &OnlineSession, locale: &Locale) -> (String, String, Option<String>) {
    // A lobby session with no game of its own says nothing under the board
    // (a finished game opened in review, say).
    let client = session.client();
    if client.in_lobby() {
        return (String::new(), String::new(), None);
    }
    let room = session.room();
    let watchers = room.map_or(0, |r| r.watchers);
    if let Some(code) = client.watching() {
        let place = locale.f(
            "online.watching",
            &[("code", &code), ("watchers", &watchers)],
        );
        return (place, String::new(), None);
    }
    let code = session.seat().map(|seat| seat.code);
    let mut place = match (session.hosted_at, code) {
        (Some(at), Some(code)) => locale.f("online.hosting", &[("address", &at), ("code", &code)]),
        (None, Some(code)) => locale.f("online.room", &[("code", &code)]),
        (_, None) => locale.t("online.waiting_room").into(),
    };
    if watchers > 0 {
        place = format!(
            "{place} · {}",
            locale.f("online.watchers", &[("watchers", &watchers)])
        );
    }
    let Some(seat) = session.seat() else {
        return (place, String::new(), None);
    };
    let other = seat.side.other();
    let who = if client.is_lost() {
        locale.t("online.lost").into()
    } else {
        // The opponent's name, with their rating where the game has one.
        let rated = |name: String| match room.and_then(|r| r.ratings[other.index()]) {
            Some(rating) => locale.f(
                "hud.rating",
                &[("name", &name), ("rating", &rating.to_string())],
            ),
            None => name,
        };
        match room.and_then(|r| r.names[other.index()].clone()) {
            None => locale.t("online.waiting_friend").into(),
            Some(name) if room.is_some_and(|r| r.present[other.index()]) => {
                locale.f("online.playing", &[("name", &rated(name))])
            }
            Some(name) => locale.f("online.gone", &[("name", &name)]),
        }
    };
    let asked = room.is_some_and(|r| r.undo_asked_by == Some(other) && r.end.is_none());
    let name = session
        .opponent()
        .unwrap_or(locale.t("online.your_opponent"));
    let prompt = asked.then(|| locale.f("online.asks_undo", &[("name", &name)]));
    // A rematch is asked for with the game-over banner's Rematch: said here.
    let who = if room.is_some_and(|r| r.rematch_asked_by == Some(other)) {
        locale.f("online.rematch_asked", &[("name", &name)])
    } else {
        who
    };
    (place, who, prompt)
}

fn show(
    session: Res<OnlineSession>,
    locale: Res<Locale>,
    mut place: Single<&mut Text, (With<ConnectionText>, Without<PromptText>)>,
    mut who: Single<&mut CutToFit, With<WhoText>>,
    mut question: Single<&mut Text, (With<PromptText>, Without<ConnectionText>)>,
    mut prompt: Single<&mut Node, With<UndoPrompt>>,
) {
    let (where_line, who_line, asked) = lines(&session, &locale);
    if place.0 != where_line {
        place.0 = where_line;
    }
    if who.full != who_line {
        who.full = who_line;
    }
    let display = if asked.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    if prompt.display != display {
        prompt.display = display;
    }
    let asked = asked.unwrap_or_default();
    if question.0 != asked {
        question.0 = asked;
    }
}

/// The chat's last line on show, and Mute or Unmute as it stands; none of
/// it in a game with no room (a lobby session behind a review).
fn show_chat(
    session: Res<OnlineSession>,
    mut last: Single<&mut CutToFit, With<LastChatText>>,
    mut mutes: Query<(&MuteButton, &mut Node, &mut Visibility)>,
) {
    let in_room = session.seat().is_some() || session.client().watching().is_some();
    let line = session
        .shown_chat()
        .last()
        .filter(|_| in_room)
        .map(super::chat::line_text)
        .unwrap_or_default();
    if last.full != line {
        last.full = line;
    }
    for (MuteButton(unmute), node, visibility) in &mut mutes {
        widgets::set_shown(node, visibility, in_room && *unmute == session.chat.muted);
    }
}
