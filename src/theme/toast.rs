//! Short messages for the player, shown for a while where they belong: why
//! a move was refused, on the line over the board; news about files and
//! connections, at the window's foot over every screen and menu. Anything
//! writes a [`Toast`]; the line of its place shows it, then clears.

use crate::states::AppSystems;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Toast>().add_systems(
        Update,
        (show_toasts, fade_toasts)
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// Where a toast shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToastPlace {
    /// The line over the board (in a game).
    Board,
    /// The window's foot, over every screen and menu.
    Window,
}

/// A message for the player.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Toast {
    pub text: String,
    pub at: ToastPlace,
}

impl Toast {
    /// About the game on the board: a refused move, an undo asked.
    pub fn board(text: impl Into<String>) -> Toast {
        Toast {
            text: text.into(),
            at: ToastPlace::Board,
        }
    }

    /// About files, connections and the like.
    pub fn window(text: impl Into<String>) -> Toast {
        Toast {
            text: text.into(),
            at: ToastPlace::Window,
        }
    }

    /// How long it stays: a line about the board is read at a glance, news
    /// of files may need reading twice.
    fn seconds(&self) -> f32 {
        match self.at {
            ToastPlace::Board => 3.0,
            ToastPlace::Window => 8.0,
        }
    }
}

/// The text that shows the toasts of one place, and how long the one on
/// show has left.
#[derive(Component, Debug)]
pub struct ToastLine {
    pub at: ToastPlace,
    seconds_left: f32,
}

/// A toast line's text (its font, colour and node are the caller's).
pub fn toast_line(at: ToastPlace) -> impl Bundle {
    (
        ToastLine {
            at,
            seconds_left: 0.0,
        },
        Text::new(""),
        // Hidden while empty, so a line with a backing shows no empty pill.
        Visibility::Hidden,
    )
}

fn show_toasts(
    mut toasts: MessageReader<Toast>,
    mut lines: Query<(&mut ToastLine, &mut Text, &mut Visibility)>,
) {
    for toast in toasts.read() {
        for (mut line, mut text, mut visibility) in &mut lines {
            if line.at == toast.at {
                text.0.clone_from(&toast.text);
                line.seconds_left = toast.seconds();
                *visibility = Visibility::Inherited;
            }
        }
    }
}

fn fade_toasts(time: Res<Time>, mut lines: Query<(&mut ToastLine, &mut Text, &mut Visibility)>) {
    for (mut line, mut text, mut visibility) in &mut lines {
        if line.seconds_left > 0.0 {
            line.seconds_left -= time.delta_secs();
            if line.seconds_left <= 0.0 {
                text.0.clear();
                *visibility = Visibility::Hidden;
            }
        }
    }
}
