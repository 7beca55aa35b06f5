//! What the player does in an online match, through the server: undo and
//! resignation, the answers to the opponent's undo request, a rematch, and
//! Cancel while connecting or while no friend has come.

use super::session::OnlineSession;
use super::{RoomRequest, stop};
use crate::current_match::{CurrentMatch, HistoryRequest};
use crate::locale::Locale;
use crate::states::{Menu, MenuOnEntry, Screen};
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_core::net::Request;

/// Cancel: connecting stops (the dialog stays), or a host whose friend
/// has not come stops hosting and goes back to Play online.
pub(super) fn cancel(
    mut commands: Commands,
    mut requests: MessageReader<RoomRequest>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    if !requests.read().any(|r| *r == RoomRequest::Cancel) {
        return;
    }
    info!("Online: cancelled");
    commands.queue(stop);
    if *screen.get() == Screen::Game {
        next_screen.set(Screen::Title);
        commands.insert_resource(MenuOnEntry(Menu::Online));
    }
}

/// Undo, resignation, the undo answers and the rematch go through the
/// server.
pub(super) fn room_actions(
    locale: Res<Locale>,
    mut history: MessageReader<HistoryRequest>,
    mut answers: MessageReader<RoomRequest>,
    game: Option<Res<CurrentMatch>>,
    session: Res<OnlineSession>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut toasts: MessageWriter<Toast>,
) {
    if !game.is_some_and(|g| session.drives(&g)) {
        history.clear();
        answers.clear();
        return;
    }
    let answers = answers.read().filter_map(|answer| match answer {
        RoomRequest::AllowUndo => Some(Request::AnswerUndo { accept: true }),
        RoomRequest::RefuseUndo => Some(Request::AnswerUndo { accept: false }),
        RoomRequest::Rematch => {
            info!("Online: asked for a rematch");
            Some(Request::Rematch)
        }
        RoomRequest::Cancel => None,
    });
    let asked: Vec<Request> = history
        .read()
        .filter_map(|request| match request {
            HistoryRequest::Undo => {
                toasts.write(Toast::board(locale.t("online.asked_undo")));
                Some(Request::AskUndo)
            }
            HistoryRequest::Resign => {
                next_menu.set(Menu::None);
                Some(Request::Resign)
            }
            // No redo online: the server's history has none.
            HistoryRequest::Redo => None,
        })
        .collect();
    for request in asked.into_iter().chain(answers) {
        session.send(request);
    }
}
