//! Once a change of the window's size has settled, the glyph atlases of
//! every font size are dropped and the text is laid out again, which makes
//! atlases for the sizes now drawn only.
//!
//! Why: Bevy keeps a glyph atlas (an image of 512×512 or more) for every
//! font size it has drawn, times the scale it was drawn at, for the whole
//! run. The UI's scale follows the window's size, so dragging a window's
//! edge through 30 sizes kept 215 MB that were never given back (measured
//! with `xdotool windowsize`). Laying all text out again costs one frame.

use crate::states::AppSystems;
use bevy::prelude::*;
use bevy::text::FontAtlasSet;
use bevy::window::WindowResized;
use std::time::Duration;

/// How long the size must stay the same before the atlases go: a drag of
/// the window's edge resizes it every frame.
const SETTLED: Duration = Duration::from_millis(500);

pub(super) fn plugin(app: &mut App) {
    // Registered here too for the headless app, which has no window plugin.
    app.add_message::<WindowResized>()
        .add_systems(Update, drop_after_resize.in_set(AppSystems::Present));
}

fn drop_after_resize(
    mut resized: MessageReader<WindowResized>,
    time: Res<Time<Real>>,
    mut last_resize: Local<Option<Duration>>,
    atlases: Option<ResMut<FontAtlasSet>>,
    mut fonts: Query<&mut TextFont>,
) {
    if resized.read().count() > 0 {
        *last_resize = Some(time.elapsed());
        return;
    }
    let (Some(at), Some(mut atlases)) = (*last_resize, atlases) else {
        return;
    };
    if time.elapsed() < at + SETTLED {
        return;
    }
    *last_resize = None;
    atlases.clear();
    for mut font in &mut fonts {
        font.set_changed();
    }
}
