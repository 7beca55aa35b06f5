//! One entity per move on the board, kept in step with the history of the
//! game on show (`shown`): after any change (a move, undo, redo, a loaded
//! game, a step in review) the pieces are reconciled with the move list,
//! so a piece can never be missing or doubled.
//! A freshly played piece animates (a disc falls and bounces, a stone drops
//! in and settles) and reports `PieceLanded` when it rests.

use super::drawn_position::DrawnPosition;
use super::layout::BoardLayout;
use super::{BoardRoot, connect_four_view, gomoku_view};
use crate::current_match::MoveApplied;
use crate::current_match::{PieceLanded, PiecesAtRest};
use crate::settings::Settings;
use crate::states::{AppSystems, Screen};
use bevy::prelude::*;
use lineup_core::analysis::setup::Spot;
use lineup_core::rules::connect_four::Cell;
use lineup_core::rules::{BoardMove, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<DiscBounced>()
        .add_systems(
            Update,
            (sync_pieces, sync_setup_pieces, fall, settle)
                .chain()
                .in_set(AppSystems::Animate)
                .run_if(in_state(Screen::Game)),
        )
        // At the end of the frame's animation: what Present (the game's
        // phase) and the next frame's Think and Apply read.
        .add_systems(
            Update,
            publish_at_rest.in_set(AppSystems::Animate).after(settle),
        );
}

/// Tells the match and the computer whether every piece rests, once the
/// frame's animation is done.
fn publish_at_rest(animating: Query<(), With<Animating>>, mut at_rest: ResMut<PiecesAtRest>) {
    at_rest.set_if_neq(PiecesAtRest(board_at_rest(animating)));
}

/// The piece of move `ply` (0-based).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub ply: usize,
    pub mv: BoardMove,
    pub side: Side,
}

/// A falling disc bounced off what it landed on (the first, harder bounce).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscBounced {
    pub ply: usize,
}

/// Still moving; the next move waits until nothing is.
#[derive(Component, Default)]
pub struct Animating;

/// Whether every piece rests, for the board's own systems (outside the
/// board, [`PiecesAtRest`] says it).
pub(super) fn board_at_rest(animating: Query<(), With<Animating>>) -> bool {
    animating.is_empty()
}

/// A Connect Four disc on its way down.
#[derive(Component, Debug)]
pub struct Falling {
    pub velocity: f32,
    pub target: f32,
    pub start: f32,
    pub bounces: u8,
}

/// A Gomoku stone dropping onto the wood: `t` runs from 0 to 1.
#[derive(Component, Debug, Default)]
pub struct Settling {
    pub t: f32,
}

/// Gravity in board units per second squared: a 6-row fall takes about a
/// third of a second, quick enough for play, slow enough to see.
const GRAVITY: f32 = 9000.0;
/// A stone takes this long to settle.
const SETTLE_SECONDS: f32 = 0.2;

fn sync_pieces(
    mut commands: Commands,
    shown: DrawnPosition,
    mut drawn: Local<Option<(u64, Entity)>>,
    mut setup_seen: Local<Vec<(Spot, Side)>>,
    mut applied: MessageReader<MoveApplied>,
    pieces: Query<(Entity, &Piece)>,
    root: Single<Entity, With<BoardRoot>>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    mut landed: MessageWriter<PieceLanded>,
    disc_art: Option<Res<connect_four_view::DiscArt>>,
    stone_art: Option<Res<gomoku_view::StoneArt>>,
) {
    let fresh: Vec<usize> = applied.read().map(|m| m.ply).collect();
    // A new board (the screen entered again) is drawn even for the same game.
    let now = (shown.key(), *root);
    if *drawn == Some(now) && fresh.is_empty() {
        return;
    }
    *drawn = Some(now);
    // Only a move just played animates; a reviewed position appears at once.
    let fresh = if shown.reviewing() { Vec::new() } else { fresh };
    let moves = shown.game().moves();
    let first = shown.first_side();
    let side_of = |ply: usize| {
        if ply.is_multiple_of(2) {
            first
        } else {
            first.other()
        }
    };
    // Another set-up under the same moves: discs may rest on other rows.
    let same_setup = *setup_seen == shown.setup_pieces();
    if !same_setup {
        *setup_seen = shown.setup_pieces().to_vec();
    }
    let mut present = vec![false; moves.len()];
    for (entity, piece) in &pieces {
        let keep = same_setup
            && moves.get(piece.ply) == Some(&piece.mv)
            && piece.side == side_of(piece.ply)
            && !present[piece.ply];
        if keep {
            present[piece.ply] = true;
        } else {
            commands.entity(entity).despawn();
        }
    }
    let animate = settings.animation_speed.factor().is_some();
    for (ply, mv) in moves.iter().enumerate().filter(|(ply, _)| !present[*ply]) {
        let piece = Piece {
            ply,
            mv: *mv,
            side: side_of(ply),
        };
        let fresh = fresh.contains(&ply);
        let entity = match (mv, &disc_art, &stone_art) {
            (BoardMove::Column(column), Some(art), _) => {
                // The disc rests on the discs played into its column before
                // it, and on the set-up's discs there.
                let below_set_up = shown
                    .setup_pieces()
                    .iter()
                    .filter(|(spot, _)| matches!(spot, Spot::Cell(c) if c.column == column.0))
                    .count();
                let row = moves[..ply]
                    .iter()
                    .filter(|m| **m == BoardMove::Column(*column))
                    .count()
                    + below_set_up;
                let cell = Cell {
                    column: column.0,
                    row: row as u8,
                };
                connect_four_view::spawn_disc(
                    &mut commands,
                    art,
                    &layout,
                    piece.side,
                    ply + SETUP_ORDER,
                    cell,
                    fresh && animate,
                )
            }
            (BoardMove::Point(p), _, Some(art)) => gomoku_view::spawn_stone(
                &mut commands,
                art,
                &layout,
                &settings,
                piece.side,
                Some(ply + 1),
                *p,
                fresh && animate,
            ),
            _ => continue,
        };
        commands.entity(entity).insert(piece);
        commands.entity(*root).add_child(entity);
        if fresh && !animate {
            landed.write(PieceLanded {
                mv: *mv,
                side: piece.side,
                ply,
                drop: 0.0,
            });
        }
    }
}

/// Set-up pieces sit behind the moves played after them.
const SETUP_ORDER: usize = 100;

/// A piece of the analysis board's set-up position: on the board, but no
/// move of the game shown.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupPiece {
    pub spot: Spot,
    pub side: Side,
}

/// Keeps the set-up pieces in step with the position shown: drawn anew
/// whenever it changes (they never animate; only the few an edit changed
/// differ, and an edit shows at once).
fn sync_setup_pieces(
    mut commands: Commands,
    shown: DrawnPosition,
    mut drawn: Local<Option<(u64, Entity)>>,
    pieces: Query<(Entity, &SetupPiece)>,
    root: Single<Entity, With<BoardRoot>>,
    layout: Res<BoardLayout>,
    settings: Res<Settings>,
    disc_art: Option<Res<connect_four_view::DiscArt>>,
    stone_art: Option<Res<gomoku_view::StoneArt>>,
) {
    let now = (shown.key(), *root);
    if *drawn == Some(now) {
        return;
    }
    *drawn = Some(now);
    let wanted = shown.setup_pieces();
    let mut present = vec![false; wanted.len()];
    for (entity, piece) in &pieces {
        match wanted
            .iter()
            .position(|&(spot, side)| piece.spot == spot && piece.side == side)
        {
            Some(i) if !present[i] => present[i] = true,
            _ => commands.entity(entity).despawn(),
        }
    }
    for (i, &(spot, side)) in wanted.iter().enumerate().filter(|(i, _)| !present[*i]) {
        let entity = match (spot, &disc_art, &stone_art) {
            (Spot::Cell(cell), Some(art), _) => {
                connect_four_view::spawn_disc(&mut commands, art, &layout, side, i, cell, false)
            }
            (Spot::Point(p), _, Some(art)) => gomoku_view::spawn_stone(
                &mut commands,
                art,
                &layout,
                &settings,
                side,
                None,
                p,
                false,
            ),
            _ => continue,
        };
        commands.entity(entity).insert(SetupPiece { spot, side });
        commands.entity(*root).add_child(entity);
    }
}

fn fall(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    layout: Option<Res<BoardLayout>>,
    mut discs: Query<(Entity, &mut Transform, &mut Falling, &Piece)>,
    mut landed: MessageWriter<PieceLanded>,
    mut bounced: MessageWriter<DiscBounced>,
) {
    let dt = time.delta_secs() * settings.animation_speed.factor().unwrap_or(1000.0);
    let height = layout.map_or(1.0, |l| l.drop_height() + l.half_extent().y);
    for (entity, mut transform, mut falling, piece) in &mut discs {
        falling.velocity -= GRAVITY * dt;
        transform.translation.y += falling.velocity * dt;
        if transform.translation.y > falling.target {
            continue;
        }
        transform.translation.y = falling.target;
        // A hard landing bounces back up a little, at most twice.
        let speed = -falling.velocity;
        if speed > 500.0 && falling.bounces < 2 {
            if falling.bounces == 0 {
                bounced.write(DiscBounced { ply: piece.ply });
            }
            falling.velocity = speed * 0.22;
            falling.bounces += 1;
            continue;
        }
        commands.entity(entity).remove::<(Falling, Animating)>();
        landed.write(PieceLanded {
            mv: piece.mv,
            side: piece.side,
            ply: piece.ply,
            drop: ((falling.start - falling.target) / height).clamp(0.0, 1.0),
        });
    }
}

fn settle(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut stones: Query<(Entity, &mut Transform, &mut Settling, &Piece)>,
    mut landed: MessageWriter<PieceLanded>,
) {
    let dt = time.delta_secs() * settings.animation_speed.factor().unwrap_or(1000.0);
    for (entity, mut transform, mut settling, piece) in &mut stones {
        settling.t = (settling.t + dt / SETTLE_SECONDS).min(1.0);
        // Ease out: fast at first, gentle at the end, as a stone meeting wood.
        let lift = (1.0 - settling.t).powi(2);
        transform.scale = Vec3::splat(1.0 + 0.28 * lift);
        if settling.t >= 1.0 {
            commands.entity(entity).remove::<(Settling, Animating)>();
            landed.write(PieceLanded {
                mv: piece.mv,
                side: piece.side,
                ply: piece.ply,
                drop: 0.0,
            });
        }
    }
}
