//! The look shared by every screen: the palette and its two themes, colours
//! by role, the typeface and type scale, widget functions that return
//! bundles, and the hover/press/focus feedback of buttons.

pub mod fonts;
pub mod interaction;
pub mod paint;
pub mod palette;
pub mod widgets;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((fonts::plugin, paint::plugin, interaction::plugin));
}
