//! Text that stays readable in a small window. The interface and the board
//! are laid out for 1280×800 and scaled with the window; at 800×600 that
//! drew the captions 8.75 pixels high. Below the scale where a text would
//! fall under [`MIN_TEXT_PX`], it is drawn at that floor instead, with its
//! lines set solid (a line as high as the font) so that it keeps to the
//! box made for the smaller size. At 1097×686 and above no size of the
//! interface's type scale changes (the board's smallest texts, numbers on
//! stones, may still be raised to the floor).
//! A box that keeps room for some lines of text (so that nothing below it
//! moves as the text changes) says so with a [`LineRoom`], and is made as
//! high as those lines are drawn at the window's scale: two floored lines
//! are taller than two lines of the smaller size (an "Analysed in 17.2 s"
//! that wrapped at 800×600 ran out of its box).
//! Bevy rounds every size on screen to whole pixels, so the glyph atlases
//! stay few.

use bevy::prelude::*;
use bevy::text::{FontSize, LineHeight};
use bevy::window::PrimaryWindow;

use crate::states::AppSystems;
use crate::theme::fonts::lines_high;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (floor_small_text, keep_line_room).in_set(AppSystems::Present),
    );
}

/// The smallest a text is drawn on screen, in physical pixels.
pub const MIN_TEXT_PX: f32 = 12.0;

/// A text's size in the type scale, as it was spawned: what it is drawn
/// at whenever that is above the floor.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
struct TypeSize(f32);

/// The smallest size in design pixels that is [`MIN_TEXT_PX`] on screen at
/// `scale` physical pixels a design pixel.
pub fn floor_for(scale: f32) -> f32 {
    if scale <= 0.0 || !scale.is_finite() {
        return 0.0;
    }
    MIN_TEXT_PX / scale
}

/// Whether a text designed at `designed` pixels is drawn at `floor`
/// instead (and its lines set solid).
fn is_floored(designed: f32, floor: f32) -> bool {
    designed < floor
}

/// Room for a number of lines of text at a size of the type scale, kept
/// at every window size: the box's height (or its least height) is those
/// lines as they are drawn, at the floor where the text is raised to it.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
#[require(Node)]
pub struct LineRoom {
    lines: f32,
    font_size: f32,
    grows: bool,
}

impl LineRoom {
    /// Exactly `lines` lines high: a longer text is cut, nothing moves.
    pub fn exactly(lines: f32, font_size: f32) -> Self {
        Self {
            lines,
            font_size,
            grows: false,
        }
    }

    /// At least `lines` lines high, taller for a longer text.
    pub fn at_least(lines: f32, font_size: f32) -> Self {
        Self {
            lines,
            font_size,
            grows: true,
        }
    }

    /// The room's height in design pixels where texts under `floor` are
    /// drawn at it.
    pub fn height(&self, floor: f32) -> f32 {
        if is_floored(self.font_size, floor) {
            self.lines * floor
        } else {
            lines_high(self.lines, self.font_size)
        }
    }
}

/// The floor at the window's scale; none headless (nothing is drawn).
fn current_floor(window: &Query<&Window, With<PrimaryWindow>>, ui_scale: Option<&UiScale>) -> f32 {
    match (window.single(), ui_scale) {
        (Ok(window), Some(ui_scale)) => floor_for(ui_scale.0 * window.scale_factor()),
        _ => 0.0,
    }
}

/// Every [`LineRoom`]'s box as high as its lines at the current scale.
fn keep_line_room(
    window: Query<&Window, With<PrimaryWindow>>,
    ui_scale: Option<Res<UiScale>>,
    mut last_floor: Local<f32>,
    mut rooms: Query<(Ref<LineRoom>, &mut Node)>,
) {
    let floor = current_floor(&window, ui_scale.as_deref());
    let all = floor != *last_floor;
    *last_floor = floor;
    for (room, mut node) in &mut rooms {
        if !all && !room.is_added() {
            continue;
        }
        let height = px(room.height(floor));
        let field = if room.grows {
            &mut node.min_height
        } else {
            &mut node.height
        };
        if *field != height {
            *field = height;
        }
    }
}

/// The UI and the board share one scale (`app::scale_ui`, the camera's
/// `AutoMin`): the window's physical pixels a design pixel.
fn floor_small_text(
    mut commands: Commands,
    window: Query<&Window, With<PrimaryWindow>>,
    ui_scale: Option<Res<UiScale>>,
    mut last_floor: Local<f32>,
    mut texts: Query<
        (Entity, &mut TextFont, &mut LineHeight, Option<&TypeSize>),
        Or<(With<Text>, With<Text2d>)>,
    >,
) {
    // Headless (no window, no UI scale): nothing is drawn.
    let (Ok(window), Some(ui_scale)) = (window.single(), ui_scale) else {
        return;
    };
    let floor = floor_for(ui_scale.0 * window.scale_factor());
    // A new scale (the window resized, or moved to a screen of another
    // pixel density): every text again.
    let all = floor != *last_floor;
    *last_floor = floor;
    for (entity, mut font, mut line_height, type_size) in &mut texts {
        if !all && !font.is_added() {
            continue;
        }
        let designed = match type_size {
            Some(size) => size.0,
            None => {
                let FontSize::Px(px) = font.font_size else {
                    continue;
                };
                commands.entity(entity).try_insert(TypeSize(px));
                px
            }
        };
        let (size, lines) = if is_floored(designed, floor) {
            (floor, LineHeight::RelativeToFont(1.0))
        } else {
            (designed, LineHeight::default())
        };
        let size = FontSize::Px(size);
        if font.font_size != size {
            font.font_size = size;
        }
        if *line_height != lines {
            *line_height = lines;
        }
    }
}
