//! Development aids (the `dev` feature, on by default; `cargo install
//! --no-default-features` leaves it out): every Screen, Menu and phase
//! transition, each move applied or refused, each piece landing and each
//! sound asked for goes to the log, so that the next flow bug shows there.
//! The window journeys (tests/it/journey.rs) wait on these lines.

use crate::audio::PlaySound;
use crate::board::{MoveApplied, MoveRefused, PieceLanded};
use crate::states::{GamePhase, Menu, Screen};
use bevy::prelude::*;
use bevy::state::state::StateTransitionEvent;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            log_transitions::<Screen>,
            log_transitions::<Menu>,
            log_transitions::<GamePhase>,
            log_moves,
        ),
    );
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
    for s in sounds.read() {
        info!("Sound: {:?}", s.sound);
    }
}
