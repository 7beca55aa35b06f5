//! An online game's chat as the window keeps it: the lines as they came,
//! and the mute (the others' lines hidden; this player's own always
//! show). The status line under the board shows the last line; the dialog
//! is `menus::chat`.

use super::session::OnlineSession;
use crate::theme::interaction::ButtonMessage;
use bevy::prelude::*;
use lineup_core::net::views::ChatLine;

/// How many chat lines a session keeps.
pub const CHAT_KEPT: usize = 50;

/// The chat's buttons: open the dialog, send the line typed, hide or show
/// the others' lines.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChatRequest {
    Open,
    Send,
    ToggleMute,
}

impl ButtonMessage for ChatRequest {}

/// The room's chat as it came, the newest last.
#[derive(Debug, Default)]
pub struct ChatLog {
    lines: Vec<ChatLine>,
    pub muted: bool,
}

impl ChatLog {
    /// Keeps `line`, dropping the oldest past [`CHAT_KEPT`].
    pub fn push(&mut self, line: ChatLine) {
        self.lines.push(line);
        if self.lines.len() > CHAT_KEPT {
            self.lines.remove(0);
        }
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

impl OnlineSession {
    /// The chat lines on show: this player's own, and the others' unless
    /// muted.
    pub fn shown_chat(&self) -> impl Iterator<Item = &ChatLine> {
        let mine = self.seat().map(|seat| seat.side);
        let own_name = self.client().shown_name();
        let muted = self.chat.muted;
        self.chat.lines.iter().filter(move |line| {
            !muted || (line.side.is_some() && line.side == mine) || line.from == own_name
        })
    }
}

/// A chat line as shown: "Bo: good luck".
pub fn line_text(line: &ChatLine) -> String {
    format!("{}: {}", line.from, line.text)
}

/// Mute hides (or shows again) the others' lines.
pub(super) fn toggle_mute(
    mut requests: MessageReader<ChatRequest>,
    mut session: ResMut<OnlineSession>,
) {
    for request in requests.read() {
        if *request == ChatRequest::ToggleMute {
            session.chat.muted = !session.chat.muted;
        }
    }
}
