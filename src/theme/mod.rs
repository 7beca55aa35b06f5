//! The look shared by every screen: the palette and its two themes, colours
//! by role, the typeface and type scale, widget functions that return
//! bundles, the hover/press/focus feedback of buttons, the menus'
//! entrance, the toasts (short messages shown for a while), the glyph
//! atlases dropped after a resize, and one-line texts cut to their box.

pub mod cut_to_fit;
pub mod design;
pub mod diagram;
pub mod entrance;
pub mod fonts;
pub mod glyph_atlases;
pub mod interaction;
pub mod move_list;
pub mod paint;
pub mod palette;
pub mod side_column;
pub mod small_windows;
pub mod toast;
pub mod widgets;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        fonts::plugin,
        cut_to_fit::plugin,
        glyph_atlases::plugin,
        paint::plugin,
        interaction::plugin,
        entrance::plugin,
        toast::plugin,
        side_column::plugin,
        small_windows::plugin,
    ));
}
