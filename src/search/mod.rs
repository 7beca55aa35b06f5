//! Searches, off the frame: each runs on a thread of its own through the
//! background-search helper (`background`), is keyed on the match's
//! revision so that an answer is never taken for another position's, and
//! is collected in the frame order's Think: the computer player's move
//! (`computer`), and the engine's help, Hint and Values (`help`).

pub mod background;
pub mod computer;
pub mod help;

pub use background::{BackgroundSearch, SearchKind};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((computer::plugin, help::plugin));
}
