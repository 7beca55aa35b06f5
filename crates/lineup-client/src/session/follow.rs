//! How the board follows the room: given the moves the server's room holds
//! and the moves the local match holds (of which the first `handed` came
//! from the server), what the board must do to show the room.

use lineup_core::rules::BoardMove;

/// The step that brings the local match to the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomStep {
    /// Play these moves, as the board plays any move (none: in step).
    Play(Vec<BoardMove>),
    /// Take back this many moves (an undo agreed).
    TakeBack(usize),
    /// Anything else (after a reconnection, a server that restarted): take
    /// the server's game as it is, on a new board.
    Rebuild,
}

/// The step from `local` (of which `handed` moves came from the room) to
/// the room's `room` moves.
///
/// ```
/// use lineup_client::session::{RoomStep, step_to};
/// use lineup_core::rules::BoardMove;
/// use lineup_core::rules::connect_four::Column;
/// let (a, b) = (BoardMove::Column(Column(3)), BoardMove::Column(Column(4)));
/// assert_eq!(step_to(&[a, b], &[a], 1), RoomStep::Play(vec![b]));
/// assert_eq!(step_to(&[a], &[a, b], 2), RoomStep::TakeBack(1));
/// assert_eq!(step_to(&[b], &[a], 1), RoomStep::Rebuild);
/// ```
pub fn step_to(room: &[BoardMove], local: &[BoardMove], handed: usize) -> RoomStep {
    let applied = handed.min(local.len());
    if room.len() >= handed && room[..applied] == local[..applied] {
        RoomStep::Play(room[handed..].to_vec())
    } else if handed == local.len() && local.starts_with(room) {
        RoomStep::TakeBack(local.len() - room.len())
    } else {
        RoomStep::Rebuild
    }
}
