//! Everything drawn over the pieces that is not a piece: the ghost piece
//! where the next move would go, the last-move dot, Renju's forbidden points,
//! and the glow of the winning line.

use super::connect_four_view::{self, DiscArt};
use super::drawn_position::DrawnPosition;
use super::gomoku_view::{self, StoneArt};
use super::input::BoardCursor;
use super::layout::BoardLayout;
use super::pieces::{Animating, board_at_rest};
use super::smooth;
use super::{BoardRoot, BoardSpawn};
use crate::current_match::CurrentMatch;
use crate::settings::Settings;
use crate::states::{AppSystems, BoardMode, GamePhase, Menu, Screen};
use crate::theme::palette::{self, Palette};
use bevy::prelude::*;
use lineup_core::rules::{BoardMove, Column, MatchGame, Outcome, Point, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        super::SpawnBoard,
        spawn_markers.in_set(BoardSpawn::Contents),
    )
    .add_systems(
        Update,
        (
            move_ghost,
            move_last_move_dot,
            mark_forbidden_points,
            light_winning_line,
            pulse,
        )
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Game)),
    );
}

#[derive(Component)]
struct Ghost;

/// What a ghost piece of `side` is drawn with on the board in use: the
/// plain disc or stone, `side`'s translucent colour, and the depth a ghost
/// sits at (a disc among the discs, a stone over the stones). The hover
/// ghost, the analysis board's tool ghost and its numbered lines use it.
pub struct GhostArt {
    pub mesh: Handle<Mesh>,
    pub material: Handle<ColorMaterial>,
    pub z: f32,
}

impl GhostArt {
    pub fn of(discs: Option<&DiscArt>, stones: Option<&StoneArt>, side: Side) -> Option<Self> {
        match (discs, stones) {
            (Some(art), _) => Some(GhostArt {
                mesh: art.disc.clone(),
                material: art.ghosts[side.index()].clone(),
                z: connect_four_view::z::DISC,
            }),
            (_, Some(art)) => Some(GhostArt {
                mesh: art.stone.clone(),
                material: art.ghosts[side.index()].clone(),
                z: gomoku_view::z::MARK,
            }),
            _ => None,
        }
    }
}

#[derive(Component)]
struct LastMoveDot;

/// A red cross on a point forbidden to Black.
#[derive(Component)]
pub struct ForbiddenMark(pub Point);

/// A ring glowing around a piece of the winning line.
#[derive(Component)]
pub struct WinGlow;

/// Breathes the alpha and size of a marker.
#[derive(Component)]
struct Pulse {
    phase: f32,
}

fn spawn_markers(
    mut commands: Commands,
    root: Single<Entity, With<BoardRoot>>,
    discs: Option<Res<DiscArt>>,
    stones: Option<Res<StoneArt>>,
    layout: Res<BoardLayout>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(GhostArt { mesh, material, z }) =
        GhostArt::of(discs.as_deref(), stones.as_deref(), Side::First)
    else {
        return;
    };
    let ghost = commands
        .spawn((
            Name::new("Ghost"),
            Ghost,
            Mesh2d(mesh),
            MeshMaterial2d(material),
            Visibility::Hidden,
            Transform::from_xyz(0.0, 0.0, z),
        ))
        .id();
    let dot = commands
        .spawn((
            Name::new("Last move"),
            LastMoveDot,
            Mesh2d(meshes.add(smooth::disc(layout.cell * 0.11))),
            MeshMaterial2d(materials.add(smooth::material(palette::LAST_MOVE))),
            Visibility::Hidden,
            Transform::from_xyz(0.0, 0.0, gomoku_view::z::MARK + 0.5),
        ))
        .id();
    commands.entity(*root).add_children(&[ghost, dot]);
}

/// The ghost follows the cursor on a human's turn and hides otherwise.
fn move_ghost(
    game: Res<CurrentMatch>,
    cursor: Res<BoardCursor>,
    layout: Res<BoardLayout>,
    phase: Res<State<GamePhase>>,
    menu: Res<State<Menu>>,
    mode: Res<State<BoardMode>>,
    discs: Option<Res<DiscArt>>,
    stones: Option<Res<StoneArt>>,
    mut ghost: Single<
        (
            &mut Transform,
            &mut Visibility,
            &mut MeshMaterial2d<ColorMaterial>,
        ),
        With<Ghost>,
    >,
) {
    let side = game.game().to_move();
    // Only for a person at this screen: not the computer, not an online opponent.
    let human = game.player_to_move() == lineup_core::match_setup::PlayerKind::Human;
    let playing = *phase.get() == GamePhase::Playing
        && *menu.get() == Menu::None
        && *mode.get() == BoardMode::Play;
    let (transform, visibility, material) = &mut *ghost;
    let spot = match (cursor.target, &game.game()) {
        (Some(BoardMove::Column(c)), MatchGame::ConnectFour(g)) if g.position().can_play(c) => {
            Some(Vec2::new(layout.centre(c.0, 0).x, layout.drop_height()))
        }
        (Some(BoardMove::Point(p)), MatchGame::Gomoku(g)) if g.position().at(p).is_none() => {
            Some(layout.point_centre(p))
        }
        _ => None,
    };
    match spot {
        Some(at) if human && playing => {
            transform.translation.x = at.x;
            transform.translation.y = at.y;
            visibility.set_if_neq(Visibility::Inherited);
            let Some(wanted) = GhostArt::of(discs.as_deref(), stones.as_deref(), side) else {
                return;
            };
            if material.0 != wanted.material {
                material.0 = wanted.material;
            }
        }
        _ => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// A small red dot on the last stone once it has settled (Gomoku); not
/// with move numbers on, where the highest number tells, and the dot would
/// hide it.
fn move_last_move_dot(
    shown: DrawnPosition,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    animating: Query<(), With<Animating>>,
    mut dot: Single<(&mut Transform, &mut Visibility), With<LastMoveDot>>,
) {
    let (transform, visibility) = &mut *dot;
    let at_rest = board_at_rest(animating);
    match shown.game().last_move() {
        Some(BoardMove::Point(p)) if at_rest && !settings.show_move_numbers => {
            let at = layout.point_centre(p);
            transform.translation.x = at.x;
            transform.translation.y = at.y;
            visibility.set_if_neq(Visibility::Inherited);
        }
        _ => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

/// Renju: on Black's turn, a red cross on every point Black may not play
/// (in play and on the analysis board, where they follow every edit; not
/// in review). Recomputed only when the position or the settings change.
fn mark_forbidden_points(
    mut commands: Commands,
    shown: DrawnPosition,
    mode: Res<State<BoardMode>>,
    settings: Res<Settings>,
    phase: Res<State<GamePhase>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    marks: Query<Entity, With<ForbiddenMark>>,
    mut shown_for: Local<Option<(u64, bool)>>,
) {
    let MatchGame::Gomoku(gomoku) = shown.game() else {
        return;
    };
    let in_play = *phase.get() == GamePhase::Playing && *mode.get() == BoardMode::Play;
    let show = settings.show_forbidden
        && (in_play || *mode.get() == BoardMode::Analysis)
        && gomoku.to_move() == Side::First;
    // A board drawn anew (flipped) has lost its marks.
    if *shown_for == Some((shown.key(), show)) && !layout.is_changed() {
        return;
    }
    *shown_for = Some((shown.key(), show));
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    if !show {
        return;
    }
    let arm = Vec2::new(layout.cell * 0.62, (layout.cell * 0.1).max(2.5));
    for (p, _) in gomoku.position().forbidden_points() {
        let at = layout.point_centre(p);
        let mark = commands
            .spawn((
                Name::new("Forbidden"),
                ForbiddenMark(p),
                Transform::from_xyz(at.x, at.y, gomoku_view::z::MARK),
                Visibility::default(),
                children![
                    (
                        Sprite::from_color(palette::FORBIDDEN, arm),
                        Transform::from_rotation(Quat::from_rotation_z(0.785))
                    ),
                    (
                        Sprite::from_color(palette::FORBIDDEN, arm),
                        Transform::from_rotation(Quat::from_rotation_z(-0.785))
                    ),
                ],
            ))
            .id();
        commands.entity(*root).add_child(mark);
    }
}

/// When the position on show is won and every piece rests, a glowing ring
/// pulses around each piece of the winning line.
fn light_winning_line(
    mut commands: Commands,
    shown: DrawnPosition,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    animating: Query<(), With<Animating>>,
    glows: Query<Entity, With<WinGlow>>,
    mut lit_for: Local<Option<(u64, Entity, bool)>>,
    palette: Res<Palette>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let now = (shown.key(), *root, board_at_rest(animating));
    if *lit_for == Some(now) && !palette.is_changed() {
        return;
    }
    *lit_for = Some(now);
    for glow in &glows {
        commands.entity(glow).despawn();
    }
    if !now.2 {
        return;
    }
    let centres = winning_centres(shown.game(), &layout);
    if centres.is_empty() {
        return;
    }
    let (inner, outer, z) = if layout.gomoku {
        (layout.cell * 0.47, layout.cell * 0.6, gomoku_view::z::MARK)
    } else {
        (
            layout.cell * 0.36,
            layout.cell * 0.46,
            connect_four_view::z::GLOW,
        )
    };
    let ring = meshes.add(smooth::ring(inner, outer));
    for (i, at) in centres.into_iter().enumerate() {
        // Each ring gets its own material, so each can pulse in its own phase.
        let glow = commands
            .spawn((
                Name::new("Win glow"),
                WinGlow,
                Pulse {
                    phase: i as f32 * 0.5,
                },
                Mesh2d(ring.clone()),
                MeshMaterial2d(materials.add(smooth::material(palette.pieces.win_glow))),
                Transform::from_xyz(at.x, at.y, z),
            ))
            .id();
        commands.entity(*root).add_child(glow);
    }
}

/// Where the pieces of a won game's winning line are (none if not won).
pub fn winning_centres(game: &MatchGame, layout: &BoardLayout) -> Vec<Vec2> {
    match game {
        MatchGame::ConnectFour(g) => match g.outcome() {
            Some(Outcome::Win { cells, .. }) => {
                cells.iter().map(|c| layout.cell_centre(*c)).collect()
            }
            _ => Vec::new(),
        },
        MatchGame::Gomoku(g) => match g.outcome() {
            Some(Outcome::Win { cells, .. }) => {
                cells.iter().map(|p| layout.point_centre(*p)).collect()
            }
            _ => Vec::new(),
        },
    }
}

fn pulse(
    time: Res<Time>,
    palette: Res<Palette>,
    settings: Res<Settings>,
    mut rings: Query<(&Pulse, &mut Transform, &MeshMaterial2d<ColorMaterial>)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (pulse, mut transform, material) in &mut rings {
        // Reduced motion: a steady glow.
        let wave = if settings.reduce_motion {
            1.0
        } else {
            (time.elapsed_secs() * 4.0 - pulse.phase).sin() * 0.5 + 0.5
        };
        transform.scale = Vec3::splat(0.95 + 0.1 * wave);
        if let Some(mut m) = materials.get_mut(&material.0) {
            m.color = palette.pieces.win_glow.with_alpha(0.55 + 0.45 * wave);
        }
    }
}

/// The area of a column or point on the board (centre, size): where a
/// refused move flashes and a hint glows.
pub fn spot_of(layout: &BoardLayout, mv: BoardMove) -> (Vec2, Vec2) {
    match mv {
        BoardMove::Column(Column(c)) => {
            let x = layout.centre(c.min(layout.columns.saturating_sub(1)), 0).x;
            (
                Vec2::new(x, 0.0),
                Vec2::new(layout.cell * 0.9, layout.half_extent().y * 2.0),
            )
        }
        BoardMove::Point(p) => (layout.point_centre(p), Vec2::splat(layout.cell * 0.9)),
        // A pass has no place on the board: nothing to light.
        BoardMove::Pass => (Vec2::ZERO, Vec2::ZERO),
    }
}
