//! The engine's help on the board: a hint is a ghost piece of the side to
//! move in a breathing accent ring where it would go (a glow on the wood
//! was all but invisible; a glow over a Connect Four column tinted its
//! discs), with a question mark when a Connect Four hint is only the
//! engine's judgement, and each
//! Connect Four column's value is written under it while Values is on, in
//! words as well as colours so that it reads without telling red from
//! green. What is shown comes from `search::help`.

use super::BoardRoot;
use super::connect_four_view;
use super::layout::BoardLayout;
use super::ringed_ghost::{self, PieceArt};
use crate::current_match::CurrentMatch;
use crate::locale::Locale;
use crate::locale::terms;
use crate::search::help::{Hint, ShowValues, ValuesShown};
use crate::states::{AppSystems, BoardMode, GamePhase, Screen};
use crate::theme::fonts::layout_size;
use crate::theme::palette::Palette;
use bevy::prelude::*;
use lineup_core::ai::advice::{Certainty, Found, Value};
use lineup_core::ai::connect_four::values;
use lineup_core::rules::{Column, MatchGame};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_hint, show_values)
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Game)),
    );
}

/// The mark of a hinted move: a ringed ghost piece.
#[derive(Component)]
pub struct HintGlow;

/// The question mark on a Connect Four hint that is not proven (yet): there
/// a player expects the perfect move, so a guess says it is one.
#[derive(Component)]
pub struct HintGuessMark;

/// One column's value under the board.
#[derive(Component)]
pub struct ValueLabel;

/// Each hinted move is a ghost piece of the side to move in a breathing
/// ring where it would go: the point, or the cell a Connect Four disc lands
/// in (a glow over the whole column turned the red discs in it orange),
/// with a question mark when a Connect Four hint is only the engine's
/// judgement, until the position changes; a proven hint that follows a
/// provisional one replaces it.
fn show_hint(
    palette: Res<Palette>,
    mut commands: Commands,
    game: Res<CurrentMatch>,
    insight: Option<Res<Hint>>,
    mode: Res<State<BoardMode>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    glows: Query<Entity, With<HintGlow>>,
    mut drawn: Local<Option<Found>>,
    art: PieceArt,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let wanted = insight
        .as_ref()
        .filter(|i| i.0.revision == game.revision() && *mode.get() == BoardMode::Play)
        .map(|i| i.0.found.clone())
        .filter(|found| matches!(found, Found::Hint { .. }));
    if *drawn == wanted && (wanted.is_none() || !glows.is_empty()) {
        return;
    }
    for glow in &glows {
        commands.entity(glow).despawn();
    }
    if let Some(Found::Hint { moves, certainty }) = &wanted {
        let guess =
            *certainty != Certainty::Proven && matches!(game.game(), MatchGame::ConnectFour(_));
        let side = game.game().to_move();
        for &mv in moves {
            let Some(at) = layout.spot_of(game.game(), mv) else {
                continue;
            };
            let Some(ghost) = ringed_ghost::spawn(
                &mut commands,
                &art,
                &mut meshes,
                &mut materials,
                &palette,
                side,
                at,
                true,
            ) else {
                continue;
            };
            commands.entity(ghost).insert((Name::new("Hint"), HintGlow));
            if guess {
                // In front of the frame, like the ring.
                let mark = commands
                    .spawn((
                        Name::new("Hint guess"),
                        HintGuessMark,
                        Text2d::new("?"),
                        TextFont::from_font_size(layout_size(
                            (layout.cell * 0.45).clamp(16.0, 48.0),
                        )),
                        TextColor(palette.text),
                        Transform::from_xyz(
                            0.0,
                            0.0,
                            connect_four_view::z::GLOW + 1.0 - (connect_four_view::z::DISC + 0.5),
                        ),
                    ))
                    .id();
                commands.entity(ghost).add_child(mark);
            }
            commands.entity(*root).add_child(ghost);
        }
    }
    *drawn = wanted;
}

/// Column values under the board while Values is on.
fn show_values(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    shown: Res<ShowValues>,
    phase: Res<State<GamePhase>>,
    mode: Res<State<BoardMode>>,
    insight: Option<Res<ValuesShown>>,
    layout: Res<BoardLayout>,
    locale: Res<Locale>,
    palette: Res<Palette>,
    root: Single<Entity, With<BoardRoot>>,
    labels: Query<Entity, With<ValueLabel>>,
    mut last: Local<Option<(u64, Option<Vec<Option<Value>>>, bool)>>,
) {
    let MatchGame::ConnectFour(g) = &game.game() else {
        return;
    };
    let values = insight
        .as_ref()
        .filter(|i| i.0.revision == game.revision())
        .and_then(|i| match &i.0.found {
            Found::Columns(values) => Some(values.clone()),
            Found::Hint { .. } => None,
        });
    let show = shown.0
        && *phase.get() == GamePhase::Playing
        && *mode.get() == BoardMode::Play
        && values::solvable(g.position());
    let key = (game.revision(), values.clone(), show);
    if last.as_ref() == Some(&key) && !locale.is_changed() && !palette.is_changed() {
        return;
    }
    *last = Some(key);
    for label in &labels {
        commands.entity(label).despawn();
    }
    if !show {
        return;
    }
    // Until the search's first report, each open column shows that its
    // value is coming.
    let values = values.unwrap_or_else(|| {
        (0..layout.columns)
            .map(|c| g.position().can_play(Column(c)).then_some(Value::Pending))
            .collect()
    });
    let y = -layout.half_extent().y - layout.cell * 0.72;
    for (column, value) in values.iter().enumerate() {
        let Some(value) = value else { continue };
        let colour = match value {
            Value::WinIn(_) | Value::Win => Color::srgb(0.45, 0.75, 1.0),
            Value::Draw | Value::Pending => palette.text_dim,
            Value::LoseIn(_) | Value::Lose => Color::srgb(1.0, 0.62, 0.25),
        };
        let label = commands
            .spawn((
                Name::new("Analysis"),
                ValueLabel,
                Text2d::new(terms::value(&locale, *value)),
                TextFont::from_font_size(layout_size((layout.cell * 0.2).clamp(12.0, 20.0))),
                TextColor(colour),
                Transform::from_xyz(layout.centre(column as u8, 0).x, y, 7.0),
            ))
            .id();
        commands.entity(*root).add_child(label);
    }
}
