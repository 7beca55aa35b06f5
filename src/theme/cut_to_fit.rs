//! A one-line text that its box may be too narrow for (the last chat line
//! in the bar under the board, a name): the text to show is set in
//! [`CutToFit`], and what is drawn is all of it when it fits, or as much of
//! its start as fits and "…". The box's width is the layout's (a text that
//! may shrink, in a row that ends before the side column); the cut is made
//! from the laid-out width, a few frames at most, so it holds for any font,
//! script and window size.

use bevy::prelude::*;
use bevy::text::{LineBreak, TextLayoutInfo};

use crate::states::AppSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, cut.in_set(AppSystems::Present));
}

const ELLIPSIS: char = '…';

/// The text a one-line box shows in full or cut. Spawn it with
/// [`cut_to_fit`]; set [`CutToFit::full`], never the `Text`.
#[derive(Component, Debug, Default)]
pub struct CutToFit {
    pub full: String,
    /// What is on show: the `full` it was made from, how many of its
    /// characters, and the box's width (physical pixels) that asked for
    /// the cut. `None`: all of it.
    shown: Option<Cut>,
}

#[derive(Debug, PartialEq)]
struct Cut {
    from: String,
    chars: usize,
    width: f32,
}

impl CutToFit {
    fn text(&self) -> String {
        match &self.shown {
            None => self.full.clone(),
            Some(cut) => {
                let start: String = self.full.chars().take(cut.chars).collect();
                format!("{}{ELLIPSIS}", start.trim_end())
            }
        }
    }
}

/// A one-line text of `font_size` that is cut to its box: it may shrink
/// to nothing in a row, and never wraps.
pub fn cut_to_fit(font_size: f32) -> impl Bundle {
    (
        CutToFit::default(),
        Text::new(""),
        TextFont::from_font_size(font_size),
        TextLayout::new(Justify::Left, LineBreak::NoWrap),
        Node {
            min_width: px(0),
            flex_shrink: 1.0,
            overflow: Overflow::clip(),
            ..default()
        },
    )
}

/// How many characters of `chars` to keep when they are laid out `laid`
/// wide in a box `room` wide: in proportion, and always fewer.
fn fewer(chars: usize, laid: f32, room: f32) -> usize {
    let share = (room / laid.max(1.0)).clamp(0.0, 1.0);
    ((chars as f32 * share) as usize).min(chars.saturating_sub(1))
}

fn cut(mut texts: Query<(&mut CutToFit, &mut Text, &ComputedNode, &TextLayoutInfo)>) {
    // A pixel of slack: glyph edges round.
    const SLACK: f32 = 1.0;
    for (mut fit, mut text, node, layout) in &mut texts {
        let room = node.size.x - node.padding.min_inset.x - node.padding.max_inset.x;
        // A new text, or a wider box than the cut was made for: all of it
        // again (cut again next frame if it still does not fit).
        let stale = fit
            .shown
            .as_ref()
            .is_some_and(|cut| cut.from != fit.full || room > cut.width + SLACK);
        if stale {
            fit.shown = None;
        }
        let wanted = fit.text();
        if text.0 != wanted {
            // Laid out at the end of this frame; looked at in the next.
            text.0 = wanted;
            continue;
        }
        let laid = layout.size.x * layout.scale_factor;
        if laid <= room + SLACK || fit.full.is_empty() {
            continue;
        }
        let chars = match &fit.shown {
            Some(cut) => cut.chars,
            None => fit.full.chars().count(),
        };
        let full = fit.full.clone();
        fit.shown = Some(Cut {
            from: full,
            chars: fewer(chars, laid, room),
            width: room,
        });
        text.0 = fit.text();
    }
}
