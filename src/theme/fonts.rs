//! The interface's typeface and type scale. One family for every language:
//! Lineup Sans, a subset of Noto Sans CJK SC (OFL-1.1, see
//! `assets/fonts/OFL.txt`; `scripts/make_fonts.py` makes it), whose Latin
//! letters are Source Sans: English and Chinese screens look alike.
//!
//! The regular weight replaces Bevy's default font, so every text without a
//! font of its own uses it; a text marked [`Bold`] gets the bold weight.
//! The fonts are built into the program, as the sounds are.

use bevy::prelude::*;
use bevy::text::Font;

/// The type scale: every text on screen uses one of these sizes (virtual
/// pixels of the 1280×800 design, scaled with the window).
pub mod size {
    /// The game's name on the title screen.
    pub const DISPLAY: f32 = 88.0;
    /// A menu's heading.
    pub const TITLE: f32 = 36.0;
    /// A section's heading, the side cards' titles, the main menu's buttons.
    pub const HEADING: f32 = 24.0;
    /// Labels, values and most buttons.
    pub const BODY: f32 = 20.0;
    /// Secondary text: explanations, small buttons.
    pub const SMALL: f32 = 17.0;
    /// Hints, key help, list details.
    pub const CAPTION: f32 = 14.0;
}

/// A line of text is this many times its font size high (Bevy's default
/// `LineHeight`): the room a text's lines take, where space is reserved
/// for a text that comes and goes so that nothing below it moves.
pub const LINE_HEIGHT: f32 = 1.2;

/// The height of `lines` lines of text at `font_size`.
pub fn lines_high(lines: f32, font_size: f32) -> f32 {
    lines * font_size * LINE_HEIGHT
}

/// A text size worked out from the board's layout, in whole pixels. Why:
/// Bevy keeps a glyph atlas (an image of up to a megabyte) for every font
/// size it has drawn, for the whole run. Sizes straight from the layout's
/// arithmetic made new atlases for each board size played, never given
/// back (the soak saw the images and the heap grow game after game);
/// whole pixels keep them to a few.
pub fn layout_size(size: f32) -> f32 {
    size.round()
}

pub const REGULAR: &[u8] = include_bytes!("../../assets/fonts/LineupSans-Regular.otf");
pub const BOLD: &[u8] = include_bytes!("../../assets/fonts/LineupSans-Bold.otf");

pub(super) fn plugin(app: &mut App) {
    // Headless apps without text have no fonts to set.
    let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() else {
        app.insert_resource(UiFonts {
            bold: Handle::default(),
        });
        return;
    };
    fonts
        .insert(AssetId::default(), Font::from_bytes(REGULAR.to_vec()))
        .expect("the default font's slot takes a font");
    let bold = fonts.add(Font::from_bytes(BOLD.to_vec()));
    app.insert_resource(UiFonts { bold }).add_observer(embolden);
}

/// The fonts besides the default (regular) one.
#[derive(Resource, Debug)]
pub struct UiFonts {
    pub bold: Handle<Font>,
}

/// A text in the bold weight.
#[derive(Component, Default, Clone, Copy, Debug)]
#[require(TextFont)]
pub struct Bold;

fn embolden(add: On<Add, Bold>, fonts: Res<UiFonts>, mut texts: Query<&mut TextFont>) {
    if let Ok(mut font) = texts.get_mut(add.entity) {
        font.font = fonts.bold.clone().into();
    }
}
