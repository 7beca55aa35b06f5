//! What a click on the analysis board does: play a move (a branch of the
//! tree), place a piece of either colour, or erase one. A right click
//! always erases. A ghost piece of the tool's colour follows the pointer.

use super::{AnalysisRequest, Studied};
use crate::board::BoardRoot;
use crate::board::connect_four_view::DiscArt;
use crate::board::gomoku_view::StoneArt;
use crate::board::input::{pointer_on_board, target_at};
use crate::board::layout::BoardLayout;
use crate::board::markers::GhostArt;
use crate::states::{AppSystems, BoardMode, Menu};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use lineup_core::analysis::setup::{SetupEdit, Spot};
use lineup_core::rules::{BoardMove, MatchGame, Side};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tool>()
        .add_systems(OnEnter(BoardMode::Analysis), (reset_tool, spawn_ghost))
        .add_systems(
            Update,
            (
                (choose_tool, click)
                    .chain()
                    .in_set(AppSystems::Input)
                    .run_if(in_state(BoardMode::Analysis).and_then(in_state(Menu::None))),
                move_ghost
                    .in_set(AppSystems::Present)
                    .run_if(in_state(BoardMode::Analysis)),
            ),
        );
}

/// What a left click on the board does.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// A move for the side to move, into the tree.
    #[default]
    Play,
    /// A piece of this side on the set-up (in Gomoku, a second click on a
    /// stone of the same colour takes it off).
    Place(Side),
    Erase,
    /// A mark on a point (triangle, square, circle, none in turn).
    Mark,
}

fn reset_tool(mut tool: ResMut<Tool>) {
    *tool = Tool::Play;
}

fn choose_tool(mut requests: MessageReader<AnalysisRequest>, mut tool: ResMut<Tool>) {
    for request in requests.read() {
        if let AnalysisRequest::Tool(chosen) = request {
            *tool = *chosen;
        }
    }
}

/// A click on the board, as the tool says.
fn click(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    tool: Res<Tool>,
    studied: Option<Res<Studied>>,
    mut requests: MessageWriter<AnalysisRequest>,
) {
    let (Some(mouse), Some(studied)) = (mouse, studied) else {
        return;
    };
    let left = mouse.just_pressed(MouseButton::Left);
    let right = mouse.just_pressed(MouseButton::Right);
    if !left && !right {
        return;
    }
    let Some(at) = pointer_on_board(&window, *camera).and_then(|p| target_at(&layout, p)) else {
        return;
    };
    let request = match (*tool, right) {
        (_, true) | (Tool::Erase, _) => AnalysisRequest::Edit(SetupEdit::Erase { at }),
        (Tool::Play, false) => AnalysisRequest::Play(at),
        (Tool::Mark, false) => AnalysisRequest::PointMark(at),
        (Tool::Place(side), false) => {
            let same_there = match at {
                BoardMove::Point(p) => studied_at(&studied, Spot::Point(p)) == Some(side),
                _ => false,
            };
            if same_there {
                AnalysisRequest::Edit(SetupEdit::Erase { at })
            } else {
                AnalysisRequest::Edit(SetupEdit::Place { at, side })
            }
        }
    };
    requests.write(request);
}

/// The piece at `spot` in the position on show.
fn studied_at(studied: &Studied, spot: Spot) -> Option<Side> {
    match (studied.study.position(), spot) {
        (Ok(MatchGame::Gomoku(game)), Spot::Point(p)) => game.position().at(p),
        (Ok(MatchGame::ConnectFour(game)), Spot::Cell(c)) => game.position().at(c),
        _ => studied.study.setup().at(spot),
    }
}

#[derive(Component)]
struct ToolGhost;

fn spawn_ghost(
    mut commands: Commands,
    root: Single<Entity, With<BoardRoot>>,
    discs: Option<Res<DiscArt>>,
    stones: Option<Res<StoneArt>>,
) {
    let Some(GhostArt { mesh, material, z }) =
        GhostArt::of(discs.as_deref(), stones.as_deref(), Side::First)
    else {
        return;
    };
    let ghost = commands
        .spawn((
            Name::new("Tool ghost"),
            ToolGhost,
            DespawnOnExit(BoardMode::Analysis),
            Mesh2d(mesh),
            MeshMaterial2d(material),
            Visibility::Hidden,
            Transform::from_xyz(0.0, 0.0, z),
        ))
        .id();
    commands.entity(*root).add_child(ghost);
}

/// The ghost shows the colour the tool would place (the side to move when
/// playing) over an empty point or above a column; none for Erase.
fn move_ghost(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    tool: Res<Tool>,
    studied: Option<Res<Studied>>,
    menu: Res<State<Menu>>,
    discs: Option<Res<DiscArt>>,
    stones: Option<Res<StoneArt>>,
    mut ghost: Query<
        (
            &mut Transform,
            &mut Visibility,
            &mut MeshMaterial2d<ColorMaterial>,
        ),
        With<ToolGhost>,
    >,
) {
    let Ok((mut transform, mut visibility, mut material)) = ghost.single_mut() else {
        return;
    };
    let target = pointer_on_board(&window, *camera).and_then(|p| target_at(&layout, p));
    let side = match (*tool, &studied) {
        (Tool::Place(side), _) => Some(side),
        (Tool::Play, Some(s)) => s.study.position().ok().map(|g| g.to_move()),
        _ => None,
    };
    let spot = match (target, &studied) {
        (Some(BoardMove::Column(c)), Some(_)) => {
            Some(Vec2::new(layout.centre(c.0, 0).x, layout.drop_height()))
        }
        (Some(BoardMove::Point(p)), Some(s)) if studied_at(s, Spot::Point(p)).is_none() => {
            Some(layout.point_centre(p))
        }
        _ => None,
    };
    let (Some(at), Some(side), Menu::None) = (spot, side, *menu.get()) else {
        visibility.set_if_neq(Visibility::Hidden);
        return;
    };
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
