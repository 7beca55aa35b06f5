//! The opening on the board: the offered fifth moves drawn as faint
//! numbered stones, and the central square the next stone must go in. The
//! panel's choices and the status line's words are `panel::opening`'s; the
//! rules are `rules::opening`'s.

use super::BoardRoot;
use super::drawn_position::DrawnPosition;
use super::gomoku_view::{self, StoneArt};
use super::layout::BoardLayout;
use crate::current_match::CurrentMatch;
use crate::states::{AppSystems, Screen};
use crate::theme::fonts::size;
use crate::theme::palette;
use bevy::prelude::*;
use lineup_core::match_state::Match;
use lineup_core::rules::Point;
use lineup_core::rules::opening::Step;
use lineup_core::rules::opening::story::{self, Decision};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (mark_offers, frame_area)
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Game)),
    );
}

/// A faint stone, numbered, on each offered fifth move.
#[derive(Component)]
pub struct OfferMark(pub Point);

fn mark_offers(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    shown: DrawnPosition,
    art: Option<Res<StoneArt>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    marks: Query<Entity, With<OfferMark>>,
    mut drawn_for: Local<Option<u64>>,
) {
    // Drawn anew with each change of what the board shows, or of the board.
    if *drawn_for == Some(shown.key()) && !layout.is_changed() {
        return;
    }
    *drawn_for = Some(shown.key());
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    // Review shows an earlier position, without the opening's marks.
    let (Some(art), false) = (art, shown.reviewing()) else {
        return;
    };
    for (i, p) in offers_on_show(&game) {
        let at = layout.point_centre(p);
        let mark = commands
            .spawn((
                Name::new("Offered fifth move"),
                OfferMark(p),
                Mesh2d(art.stone.clone()),
                MeshMaterial2d(art.ghosts[0].clone()),
                Transform::from_xyz(at.x, at.y, gomoku_view::z::MARK),
                Visibility::default(),
                children![(
                    Text2d::new((i + 1).to_string()),
                    TextFont::from_font_size(size::CAPTION),
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.5),
                )],
            ))
            .id();
        commands.entity(*root).add_child(mark);
    }
}

/// The offered fifth moves to mark, numbered from 0 in the order offered:
/// while they are on offer, and after White's pick the ones not taken,
/// until the next move (so that a player sees what was chosen from).
fn offers_on_show(game: &Match) -> Vec<(usize, Point)> {
    let Some(opening) = game.opening() else {
        return Vec::new();
    };
    if !opening.is_decided() {
        return opening.offers().iter().copied().enumerate().collect();
    }
    if game.game().move_count() != game.opening_moves() {
        return Vec::new();
    }
    story::decisions(opening)
        .into_iter()
        .find_map(|decision| match decision {
            Decision::Picked { point, offers, .. } => Some(
                offers
                    .into_iter()
                    .enumerate()
                    .filter(|&(_, p)| p != point)
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default()
}

/// The frame of the central square the next stone must go in.
#[derive(Component)]
pub struct AreaFrame;

fn frame_area(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    shown: DrawnPosition,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    frames: Query<Entity, With<AreaFrame>>,
    mut drawn_for: Local<Option<u64>>,
) {
    // Drawn anew with each change of what the board shows, or of the board.
    if *drawn_for == Some(shown.key()) && !layout.is_changed() {
        return;
    }
    *drawn_for = Some(shown.key());
    for frame in &frames {
        commands.entity(frame).despawn();
    }
    if shown.reviewing() {
        return;
    }
    let area = match game.opening_under_way().map(|o| o.step()) {
        Some(Step::Place { area: Some(n), .. }) if n > 1 => n,
        Some(Step::FifthChoice) => match game.setup().opening().area(4) {
            Some(n) => n,
            None => return,
        },
        _ => return,
    };
    let size = layout.columns;
    let centre = (size - 1) / 2;
    let (low, high) = (centre - area / 2, centre + area / 2);
    // Half a cell outside the square's outer points.
    let a = layout.point_centre(Point::new(low, low));
    let b = layout.point_centre(Point::new(high, high));
    let (min, max) = (a.min(b), a.max(b));
    let pad = layout.cell * 0.5;
    let (min, max) = (min - pad, max + pad);
    let thick = (layout.cell * 0.08).max(2.0);
    let colour = palette::LAST_MOVE.with_alpha(0.8);
    let mid = (min + max) / 2.0;
    let sides = [
        (
            Vec2::new(mid.x, min.y),
            Vec2::new(max.x - min.x + thick, thick),
        ),
        (
            Vec2::new(mid.x, max.y),
            Vec2::new(max.x - min.x + thick, thick),
        ),
        (
            Vec2::new(min.x, mid.y),
            Vec2::new(thick, max.y - min.y + thick),
        ),
        (
            Vec2::new(max.x, mid.y),
            Vec2::new(thick, max.y - min.y + thick),
        ),
    ];
    for (at, extent) in sides {
        let side = commands
            .spawn((
                Name::new("Opening square"),
                AreaFrame,
                Sprite::from_color(colour, extent),
                Transform::from_xyz(at.x, at.y, gomoku_view::z::MARK - 0.5),
            ))
            .id();
        commands.entity(*root).add_child(side);
    }
}
