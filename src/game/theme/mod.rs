//! The look shared by every screen: colours, widget functions that return
//! bundles, and the hover/press/focus feedback of buttons.

pub mod interaction;
pub mod palette;
pub mod widgets;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(interaction::plugin);
}
