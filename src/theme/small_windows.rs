//! Text that stays readable in a small window. The interface and the board
//! are laid out for 1280×800 and scaled with the window; at 800×600 that
//! drew the captions 8.75 pixels high. Below the scale where a text would
//! fall under [`MIN_TEXT_PX`], it is drawn at that floor instead, with its
//! lines set solid (a line as high as the font) so that it keeps to the
//! box made for the smaller size. At 1097×686 and above no size of the
//! interface's type scale changes (the board's smallest texts, numbers on
//! stones, may still be raised to the floor).
//! Bevy rounds every size on screen to whole pixels, so the glyph atlases
//! stay few.

use bevy::prelude::*;
use bevy::text::{FontSize, LineHeight};
use bevy::window::PrimaryWindow;

use crate::states::AppSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, floor_small_text.in_set(AppSystems::Present));
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
        let (size, lines) = if designed < floor {
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
