//! The evaluation bar beside the board: the first side's share of it is
//! its chance to win by the engine's best line (a proven win fills it).

use super::Studied;
use super::thinking::EngineLines;
use crate::states::{AppSystems, BoardMode};
use crate::theme::paint::Edge;
use crate::theme::palette::{Colour, Palette};
use crate::theme::side_column::SideColumn;
use crate::theme::widgets::{SIDE_CARD_MARGIN, SIDE_CARD_WIDTH};
use bevy::prelude::*;
use lineup_core::analysis::thinking::LineScore;
use lineup_core::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(BoardMode::Analysis), spawn)
        .add_systems(
            Update,
            fill.in_set(AppSystems::Present)
                .run_if(in_state(BoardMode::Analysis)),
        );
}

#[derive(Component)]
struct EvalBar;

/// The first side's part, from the bottom.
#[derive(Component)]
struct EvalFill;

fn spawn(mut commands: Commands) {
    commands.spawn((
        Name::new("Evaluation bar"),
        EvalBar,
        DespawnOnExit(BoardMode::Analysis),
        Node {
            position_type: PositionType::Absolute,
            // Left of the side panel, a little apart.
            right: px(SIDE_CARD_MARGIN + SIDE_CARD_WIDTH + 14.0),
            top: px(90),
            bottom: px(90),
            width: px(16),
            flex_direction: FlexDirection::ColumnReverse,
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            overflow: Overflow::clip(),
            ..default()
        },
        SideColumn(SIDE_CARD_MARGIN + SIDE_CARD_WIDTH + 14.0),
        Edge(Colour::PanelBorder),
        BackgroundColor(Color::NONE),
        children![(
            EvalFill,
            Node {
                width: percent(100),
                height: percent(50),
                ..default()
            },
            BackgroundColor(Color::NONE),
        )],
    ));
}

/// The first side's chance, 0 to 100, from the best line's score; `None`
/// while the engine has not reported.
pub fn first_side_percent(lines: &EngineLines, studied: &Studied) -> Option<u8> {
    let report = lines.report.as_ref().filter(|_| lines.key == studied.key)?;
    let to_move = studied.study.position().ok()?.to_move();
    let mover = match report.lines.first()?.score {
        LineScore::Estimate { win_percent, .. } => win_percent.min(100),
        LineScore::Wins { .. } => 100,
        LineScore::Loses { .. } => 0,
        LineScore::Draw => 50,
        // An engine's move with no value told: the bar says nothing.
        LineScore::Untold => return None,
    };
    Some(if to_move == Side::First {
        mover
    } else {
        100 - mover
    })
}

fn fill(
    studied: Option<Res<Studied>>,
    lines: Res<EngineLines>,
    palette: Res<Palette>,
    mut bar: Query<&mut BackgroundColor, (With<EvalBar>, Without<EvalFill>)>,
    mut fill: Query<(&mut Node, &mut BackgroundColor), With<EvalFill>>,
) {
    let Some(studied) = studied else { return };
    let kind = studied.study.setup().kind();
    let percent_first = first_side_percent(&lines, &studied);
    let (Ok(mut back), Ok((mut node, mut front))) = (bar.single_mut(), fill.single_mut()) else {
        return;
    };
    let (first, second) = (
        palette.piece_colour(kind, Side::First),
        palette.piece_colour(kind, Side::Second),
    );
    // Unknown yet: the bar greys, half and half.
    let (first, second) = match percent_first {
        Some(_) => (first, second),
        None => (first.with_alpha(0.35), second.with_alpha(0.35)),
    };
    back.set_if_neq(BackgroundColor(second));
    front.set_if_neq(BackgroundColor(first));
    let height = percent(f32::from(percent_first.unwrap_or(50)));
    if node.height != height {
        node.height = height;
    }
}
