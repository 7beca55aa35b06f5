//! Development aids (the `dev` feature, on by default; `cargo install
//! --no-default-features` leaves it out): every Screen, Menu and phase
//! transition, each match begun, each move applied or refused, each piece
//! landing, each hint shown, each button the pointer comes onto and each
//! sound asked for goes to the log, so that the next flow bug shows there,
//! and every sixtieth frame.
//! The window journeys (tests/it/journey.rs) wait on these lines.

use crate::audio::PlaySound;
use crate::board::help_marks::{HintGlow, ValueLabel};
use crate::current_match::PieceLanded;
use crate::current_match::{CurrentMatch, MoveApplied, MoveRefused};
use crate::panel::opening::OpeningChoice;
use crate::search::help::Hint;
use crate::states::{AppSystems, GamePhase, Menu, Screen};
use crate::theme::interaction::{ButtonInfo, Sends};
use bevy::prelude::*;
use bevy::state::state::StateTransitionEvent;
use lineup_core::ai::advice::Found;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            log_pointer_on_buttons,
            log_transitions::<Screen>,
            log_transitions::<Menu>,
            log_transitions::<GamePhase>,
            log_matches,
            log_opening,
            log_opening_choices,
            log_moves,
            log_hints,
            log_values,
            log_messages,
            log_online_dialog,
            log_frames,
        )
            // One order, the frame's own, so a journey reads the lines of
            // one frame in it: the pointer (read first in the frame), state
            // transitions, then what Update did.
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// What the Play online dialog says of the connection, when it changes
/// ("Online dialog: connecting", "Online dialog: failed: Nothing answered
/// at …"), and its fields.
fn log_online_dialog(form: Option<Res<crate::menus::online::OnlineForm>>, mut last: Local<String>) {
    use crate::menus::online::Connection;
    let Some(form) = form else { return };
    let line = match &form.connection {
        Connection::Idle => "idle".to_string(),
        Connection::Connecting { to, .. } => format!("connecting to {to}"),
        Connection::Pairing { .. } => "pairing".to_string(),
        Connection::Failed { what, check } => format!("failed: {what} {check}"),
    };
    let line = format!("{line} (fields: {})", form.fields.texts().join(" | "));
    if line != *last {
        info!("Online dialog: {line}");
        *last = line;
    }
}

/// How many frames the game has run, every sixtieth ("Frames: 120"): the
/// journeys measure how long a step may take in frames the game ran, not in
/// seconds, so that a slow renderer or a loaded machine makes a journey
/// slower, never red.
fn log_frames(mut frames: Local<u64>) {
    *frames += 1;
    if (*frames).is_multiple_of(FRAMES_LOGGED_EVERY) {
        info!("Frames: {}", *frames);
    }
}

/// How often [`log_frames`] reports.
const FRAMES_LOGGED_EVERY: u64 = 60;

/// Every toast, as it is shown ("Message: ..." over the board, "Notice:
/// ..." at the window's foot).
fn log_messages(mut toasts: MessageReader<crate::theme::toast::Toast>) {
    use crate::theme::toast::ToastPlace;
    for toast in toasts.read() {
        match toast.at {
            ToastPlace::Board => info!("Message: {}", toast.text),
            ToastPlace::Window => info!("Notice: {}", toast.text),
        }
    }
}

fn log_transitions<S: States>(mut transitions: MessageReader<StateTransitionEvent<S>>) {
    let name = std::any::type_name::<S>()
        .rsplit("::")
        .next()
        .unwrap_or("?");
    for t in transitions.read() {
        info!("{name}: {:?} -> {:?}", t.exited, t.entered);
    }
}

fn log_moves(
    mut applied: MessageReader<MoveApplied>,
    mut refused: MessageReader<MoveRefused>,
    mut landed: MessageReader<PieceLanded>,
    mut taken_back: MessageReader<crate::current_match::MovesTakenBack>,
    mut sounds: MessageReader<PlaySound>,
) {
    for m in applied.read() {
        info!("Move applied: {} by {:?} (ply {})", m.mv, m.side, m.ply);
    }
    for m in refused.read() {
        info!("Move refused: {} ({:?})", m.mv, m.refusal);
    }
    for m in landed.read() {
        info!("Piece landed: {} (ply {})", m.mv, m.ply);
    }
    for m in taken_back.read() {
        info!("Moves taken back: {}", m.count);
    }
    for s in sounds.read() {
        info!("Sound: {:?}", s.sound);
    }
}

/// The match on entering the game screen, and each new one there (a new
/// game, a rematch, a loaded or continued game): its game, players and how
/// many moves it holds.
fn log_matches(
    game: Option<Res<CurrentMatch>>,
    screen: Res<State<Screen>>,
    mut last: Local<Option<u64>>,
) {
    let shown = (*screen.get() == Screen::Game)
        .then_some(game.as_deref())
        .flatten();
    let Some(game) = shown else {
        *last = None;
        return;
    };
    if *last == Some(game.id()) {
        return;
    }
    *last = Some(game.id());
    let [first, second] = game.setup().players.map(|p| p.short_label());
    let moves = game.game().move_count();
    info!(
        "Match: {}, {first} vs {second}, {moves} move{}, {}",
        game.setup().kind.title(),
        if moves == 1 { "" } else { "s" },
        if game.game().is_over() {
            "over"
        } else {
            "in play"
        }
    );
}

/// Each opening action as it is taken (or taken back), with the step it
/// leads to and who acts next.
fn log_opening(game: Option<Res<CurrentMatch>>, mut last: Local<Option<(u64, usize)>>) {
    let Some(opening) = game.as_ref().and_then(|g| g.opening()) else {
        return;
    };
    let id = game.as_ref().map_or(0, |g| g.id());
    let count = opening.actions().len();
    let seen = last.replace((id, count));
    match seen {
        Some((was, n)) if was == id && n == count => {}
        Some((was, n)) if was == id && n > count => {
            info!(
                "Opening taken back to {count} actions: {:?}",
                opening.step()
            );
        }
        _ => {
            let from = seen.filter(|(was, _)| *was == id).map_or(0, |(_, n)| n);
            for action in &opening.actions()[from.min(count)..] {
                info!(
                    "Opening action: {}",
                    lineup_core::rules::opening::notation::format_action(*action)
                );
            }
            info!(
                "Opening step: {:?}, {:?} to act",
                opening.step(),
                opening.to_act()
            );
        }
    }
}

/// The opening's choice buttons on show, with where their centres are in
/// the window (logical pixels), once they have stayed put for a few frames
/// (the panel's text settles a frame after the buttons show): a journey
/// clicks them there whatever the text made of the layout.
fn log_opening_choices(
    buttons: Query<
        (&ButtonInfo, &Node, &ComputedNode, &UiGlobalTransform),
        With<Sends<OpeningChoice>>,
    >,
    mut seen: Local<(String, u32)>,
    mut logged: Local<String>,
) {
    const SETTLED_FRAMES: u32 = 3;
    let mut shown: Vec<String> = buttons
        .iter()
        .filter(|(_, node, computed, _)| node.display != Display::None && computed.size().x > 0.0)
        .map(|(info, _, computed, at)| {
            let centre = at.affine().translation * computed.inverse_scale_factor();
            format!("{}@{},{}", info.name, centre.x.round(), centre.y.round())
        })
        .collect();
    shown.sort();
    let line = shown.join(" ");
    if line == seen.0 {
        seen.1 += 1;
    } else {
        *seen = (line.clone(), 1);
    }
    if seen.1 == SETTLED_FRAMES && line != *logged {
        if !line.is_empty() {
            info!("Opening choices: {line}");
        }
        *logged = line;
    }
}

fn log_hints(glows: Query<(), Added<HintGlow>>, hint: Option<Res<Hint>>) {
    if glows.is_empty() {
        return;
    }
    if let Some(Found::Hint { moves, certainty }) = hint.as_ref().map(|h| &h.0.found) {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        info!("Hint shown: {} ({certainty:?})", moves.join(", "));
    }
}

/// The pointer came onto a button, or pressed it (a journey presses once
/// the game has seen the pointer there, and lets go once it has seen the
/// press, as a hand does; at a few frames a second a quicker click is lost).
fn log_pointer_on_buttons(buttons: Query<(&ButtonInfo, &Interaction), Changed<Interaction>>) {
    for (info, interaction) in &buttons {
        match interaction {
            Interaction::Hovered => info!("Pointer on: {}", info.name),
            Interaction::Pressed => info!("Pointer pressed: {}", info.name),
            Interaction::None => {}
        }
    }
}

/// The column values under the board, left to right, each time they change
/// ("Values shown: Win 3 | Lose … | …").
fn log_values(labels: Query<(&Text2d, &Transform), With<ValueLabel>>, mut last: Local<String>) {
    let mut shown: Vec<(f32, &str)> = labels
        .iter()
        .map(|(text, at)| (at.translation.x, text.0.as_str()))
        .collect();
    shown.sort_by(|a, b| a.0.total_cmp(&b.0));
    let line = shown
        .iter()
        .map(|(_, text)| *text)
        .collect::<Vec<_>>()
        .join(" | ");
    if line != *last {
        if !line.is_empty() {
            info!("Values shown: {line}");
        }
        *last = line;
    }
}
