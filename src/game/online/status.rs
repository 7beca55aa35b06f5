//! What an online player sees of the connection, under the board: where
//! the game is (the room code to tell a friend), whether the opponent is
//! there, and the opponent's undo request with Allow / Refuse.

use super::client::{Link, OnlineSession};
use crate::game::actions::Action;
use crate::game::states::{AppSystems, Screen};
use crate::game::theme::{palette, widgets};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Game),
        spawn.run_if(resource_exists::<OnlineSession>),
    )
    .add_systems(
        Update,
        show.in_set(AppSystems::Present)
            .run_if(in_state(Screen::Game).and_then(resource_exists::<OnlineSession>)),
    );
}

#[derive(Component)]
struct WhereText;

#[derive(Component)]
struct WhoText;

#[derive(Component)]
struct UndoPrompt;

fn spawn(mut commands: Commands) {
    commands.spawn((
        Name::new("Online status"),
        DespawnOnExit(Screen::Game),
        Node {
            position_type: PositionType::Absolute,
            left: px(24),
            bottom: px(12),
            flex_direction: FlexDirection::Column,
            row_gap: px(4),
            ..default()
        },
        children![
            (
                WhereText,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(palette::TEXT),
            ),
            (
                WhoText,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(palette::TEXT_DIM),
            ),
            (
                UndoPrompt,
                Node {
                    display: Display::None,
                    flex_direction: FlexDirection::Row,
                    align_items: AlignItems::Center,
                    column_gap: px(10),
                    ..default()
                },
                children![
                    (
                        Text::new("Your opponent asks to take back a move:"),
                        TextFont::from_font_size(18.0),
                        TextColor(palette::ACCENT),
                    ),
                    widgets::half_mouse_button("Allow", Action::AllowUndo),
                    widgets::half_mouse_button("Refuse", Action::RefuseUndo),
                ],
            ),
        ],
    ));
}

/// The two lines and the prompt, from the session.
pub fn lines(session: &OnlineSession) -> (String, String, bool) {
    let code = session.seat.map(|(code, _, _)| code);
    let place = match (session.hosted_at, code) {
        (Some(at), Some(code)) => format!("Hosting on {at} - room {code}"),
        (None, Some(code)) => format!("Online - room {code}"),
        (_, None) => "Online - waiting for a room...".to_string(),
    };
    let Some((_, side, _)) = session.seat else {
        return (place, String::new(), false);
    };
    let room = session.room.as_ref();
    let other = side.other();
    let who = if session.link == Link::Lost {
        "Connection lost: reconnecting...".to_string()
    } else {
        match room.and_then(|r| r.names[other.index()].clone()) {
            None => "Waiting for a friend to join with the room code...".to_string(),
            Some(name) if room.is_some_and(|r| r.present[other.index()]) => {
                format!("Playing {name}")
            }
            Some(name) => format!("{name} has gone: their seat waits a minute"),
        }
    };
    let asked = room.is_some_and(|r| r.undo_asked_by == Some(other) && r.end.is_none());
    (place, who, asked)
}

fn show(
    session: Res<OnlineSession>,
    mut place: Single<&mut Text, (With<WhereText>, Without<WhoText>)>,
    mut who: Single<&mut Text, (With<WhoText>, Without<WhereText>)>,
    mut prompt: Single<&mut Node, With<UndoPrompt>>,
) {
    let (where_line, who_line, asked) = lines(&session);
    if place.0 != where_line {
        place.0 = where_line;
    }
    if who.0 != who_line {
        who.0 = who_line;
    }
    let display = if asked { Display::Flex } else { Display::None };
    if prompt.display != display {
        prompt.display = display;
    }
}
