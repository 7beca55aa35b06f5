//! The evaluation graph of review mode: what each move left its mover,
//! one bar per move in the mover's colour (up: better for the mover, a
//! proven win at least half way up, in Gomoku with a green tip), gold "?"
//! and red "??" ticks under the moves that threw a result away, and a line
//! at the move on show. The values are worked out
//! on a thread of their own (`ai::review`), last position first, and the
//! graph fills in as they come, with a progress line under it. A Gomoku
//! game is judged by Lineup's engine or by the Gomocup engine the player
//! chose (`study_engine`), named on that line.

use super::ReviewRequest;
use crate::board::drawn_position::ReviewPosition;
use crate::current_match::CurrentMatch;
use crate::locale::Locale;
use crate::settings::Settings;
use crate::states::{AppSystems, BoardMode, Screen};
use crate::study_engine;
use crate::theme::interaction::pressed_across;
use crate::theme::palette::{Palette, Theme};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use lineup_core::ai::review::{GameReview, Reviewer};
use lineup_core::gomocup::outside::OutsideJudge;
use lineup_core::match_setup::GameKind;
use lineup_core::rules::{BoardMove, MatchGame, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Game), |mut commands: Commands| {
        commands.remove_resource::<GraphAnalysis>();
        commands.remove_resource::<ReviewValues>();
    })
    .add_systems(
        Update,
        (
            start.in_set(AppSystems::Think),
            (collect, draw, show_progress, click)
                .chain()
                .in_set(AppSystems::Present),
        )
            .run_if(in_state(BoardMode::Review)),
    );
}

/// The graph's area in the review panel (`panel` places it).
#[derive(Component)]
pub struct GraphArea;

/// The line under the graph that says how far the analysis is.
#[derive(Component)]
pub struct ProgressText;

/// The filled part of the progress bar.
#[derive(Component)]
pub struct ProgressFill;

pub const GRAPH_SIZE: Vec2 = Vec2::new(254.0, 96.0);

/// What the analysis thread has found so far, and when it finished.
#[derive(Default)]
struct GraphFindings {
    review: GameReview,
    took: Option<Duration>,
    trouble: Option<String>,
}

/// The analysis of the match's moves, running or done. Dropping it stops
/// its thread.
#[derive(Resource)]
pub struct GraphAnalysis {
    moves: Vec<BoardMove>,
    /// The Gomocup engine that judges (`None`: Lineup's own).
    engine: Option<String>,
    found: Arc<Mutex<GraphFindings>>,
    stop: Arc<AtomicBool>,
}

impl Drop for GraphAnalysis {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The answers so far, copied out of the thread's for the panel to read.
#[derive(Resource, Clone, Debug, Default)]
pub struct ReviewValues {
    pub review: GameReview,
    /// How long the whole analysis took, once done.
    pub took: Option<Duration>,
    /// The Gomocup engine that judges (`None`: Lineup's own).
    pub engine: Option<String>,
    /// What went wrong with it, if anything did.
    pub trouble: Option<String>,
}

/// Starts the analysis of the match's moves, unless it is already done or
/// under way (it carries over from one visit of review mode to the next).
fn start(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    settings: Res<Settings>,
    analysis: Option<Res<GraphAnalysis>>,
) {
    if analysis.is_some() && !game.is_changed() && !settings.is_changed() {
        return;
    }
    let moves = game.game().moves();
    let outside = study_engine::chosen(&settings)
        .filter(|_| matches!(game.game(), MatchGame::Gomoku(_)))
        .cloned();
    let engine = outside.as_ref().map(|e| e.name.clone());
    if analysis.is_some_and(|a| a.moves == moves && a.engine == engine) {
        return;
    }
    let found = Arc::new(Mutex::new(GraphFindings {
        review: GameReview::new(game.game()).under_opening(game.opening_moves()),
        took: None,
        trouble: None,
    }));
    let stop = Arc::new(AtomicBool::new(false));
    let (sink, flag, position) = (found.clone(), stop.clone(), game.game().clone());
    let spawned = std::thread::Builder::new()
        .name("lineup-review".into())
        .spawn(move || {
            crate::search::background::give_way_to_the_frame();
            let started = Instant::now();
            let mut reviewer = match outside {
                Some(entry) => Reviewer::with_judge(&position, Box::new(OutsideJudge::new(entry))),
                None => Reviewer::new(&position),
            };
            while let Some(step) = reviewer.next(&flag) {
                let mut found = sink.lock().unwrap_or_else(|e| e.into_inner());
                found.review.record(step);
                if found.trouble.is_none()
                    && let Some(trouble) = reviewer.trouble()
                {
                    warn!("Review: the engine {trouble}");
                    found.trouble = Some(trouble);
                }
            }
            // Its engine ended (and a Gomocup one reaped) before the
            // analysis is called done: a game that quits then leaves no
            // engine process behind.
            drop(reviewer);
            if !flag.load(Ordering::Relaxed) {
                let took = started.elapsed();
                let mut found = sink.lock().unwrap_or_else(|e| e.into_inner());
                found.took = Some(took);
                info!(
                    "Review: analysis done, {} positions in {:.1} s",
                    found.review.positions(),
                    took.as_secs_f64()
                );
            }
        });
    if let Err(error) = spawned {
        error!("No thread for the review's analysis: {error}");
    }
    commands.remove_resource::<ReviewValues>();
    commands.insert_resource(GraphAnalysis {
        moves,
        engine,
        found,
        stop,
    });
}

/// Copies the thread's answers when there are new ones.
fn collect(
    mut commands: Commands,
    analysis: Option<Res<GraphAnalysis>>,
    values: Option<Res<ReviewValues>>,
) {
    let Some(analysis) = analysis else { return };
    let found = analysis.found.lock().unwrap_or_else(|e| e.into_inner());
    let fresh = values.is_none_or(|v| {
        v.review.judged() != found.review.judged()
            || v.took != found.took
            || v.trouble != found.trouble
    });
    if fresh {
        commands.insert_resource(ReviewValues {
            review: found.review.clone(),
            took: found.took,
            engine: analysis.engine.clone(),
            trouble: found.trouble.clone(),
        });
    }
}

/// The colour of a side's bars: the pieces' colours, except that a stone
/// the graph's background would hide is drawn in a grey that shows (black
/// on the dark theme, white on the light one).
fn bar_colour(palette: &Palette, kind: GameKind, side: Side) -> Color {
    match (kind, side, palette.theme) {
        (GameKind::Gomoku { .. }, Side::First, Theme::Dark) => Color::srgb(0.52, 0.56, 0.64),
        (GameKind::Gomoku { .. }, Side::Second, Theme::Light) => Color::srgb(0.60, 0.62, 0.67),
        _ => palette.piece_colour(kind, side),
    }
}

/// Redraws the bars when the values or the move on show change.
fn draw(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    values: Option<Res<ReviewValues>>,
    position: Option<Res<ReviewPosition>>,
    area: Single<Entity, With<GraphArea>>,
    palette: Res<Palette>,
    mut drawn: Local<Option<(usize, usize, Entity)>>,
) {
    let (Some(values), Some(position)) = (values, position) else {
        return;
    };
    let review = &values.review;
    let now = (review.judged(), position.ply, *area);
    if *drawn == Some(now) && !palette.is_changed() {
        return;
    }
    *drawn = Some(now);
    commands.entity(*area).despawn_children();
    let n = review.moves.len().max(1);
    let step = GRAPH_SIZE.x / n as f32;
    let width = (step - 1.0).max(1.0);
    let mid = GRAPH_SIZE.y / 2.0;
    let kind = game.setup().kind;
    let gomoku = matches!(kind, GameKind::Gomoku { .. });
    let mut parts: Vec<Entity> = Vec::new();
    // The axis.
    parts.push(
        commands
            .spawn(block(
                0.0,
                mid - 0.5,
                GRAPH_SIZE.x,
                1.0,
                palette.panel_border,
            ))
            .id(),
    );
    for ply in 0..review.moves.len() {
        let x = ply as f32 * step;
        let Some(report) = review.report(ply) else {
            continue;
        };
        match report.after.height(report.ply) {
            Some(h) => {
                let length = (h.abs() * (mid - 2.0)).max(1.0);
                let top = if h >= 0.0 { mid - length } else { mid };
                let colour = bar_colour(&palette, kind, Side::of_ply(ply));
                parts.push(commands.spawn(block(x, top, width, length, colour)).id());
                // Gomoku's proven results (a win by fours found) get a
                // bright tip: Connect Four's are all proven.
                if gomoku && report.after.class().is_some_and(|c| c != 0) {
                    let tip = if h >= 0.0 { top } else { top + length - 3.0 };
                    parts.push(
                        commands
                            .spawn(block(x, tip, width, 3.0, palette.pieces.win_glow))
                            .id(),
                    );
                }
            }
            None => {
                // Not worked out: a grey tick on the axis.
                parts.push(
                    commands
                        .spawn(block(x, mid - 2.0, width, 4.0, palette.text_dim))
                        .id(),
                );
            }
        }
        if let Some(mark) = report.mark {
            let colour = match mark {
                lineup_core::ai::review::Mark::Blunder => palette.warning,
                lineup_core::ai::review::Mark::Mistake => palette.accent,
            };
            parts.push(
                commands
                    .spawn(block(x, GRAPH_SIZE.y - 5.0, width.max(2.0), 5.0, colour))
                    .id(),
            );
        }
    }
    // The move on show.
    if position.ply > 0 {
        let x = (position.ply - 1) as f32 * step + width / 2.0 - 1.0;
        parts.push(
            commands
                .spawn(block(x, 0.0, 2.0, GRAPH_SIZE.y, palette.accent))
                .id(),
        );
    }
    commands.entity(*area).add_children(&parts);
}

/// A rectangle at (`x`, `y`) from the graph's top left.
fn block(x: f32, y: f32, width: f32, height: f32, colour: Color) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            left: px(x),
            top: px(y),
            width: px(width),
            height: px(height),
            ..default()
        },
        BackgroundColor(colour),
        Pickable::IGNORE,
    )
}

/// "Analysing: 12 of 43 positions" with a bar, then how long it took.
fn show_progress(
    values: Option<Res<ReviewValues>>,
    locale: Res<Locale>,
    mut text: Single<&mut Text, With<ProgressText>>,
    mut fill: Single<&mut Node, With<ProgressFill>>,
) {
    let Some(values) = values else { return };
    let (judged, total) = (values.review.judged(), values.review.positions());
    let seconds = values.took.map(|t| format!("{:.1}", t.as_secs_f64()));
    // The engine's name is on the button beside this line.
    let line = match (&values.engine, &values.trouble, seconds) {
        (Some(engine), Some(trouble), _) => locale.f(
            "analysis.engine_trouble",
            &[("engine", engine), ("fault", trouble)],
        ),
        (_, _, Some(seconds)) => locale.f("review.analysed", &[("seconds", &seconds)]),
        (_, _, None) => locale.f(
            "review.analysing",
            &[("judged", &judged), ("total", &total)],
        ),
    };
    if text.0 != line {
        text.0 = line;
    }
    let share = if values.took.is_some() {
        1.0
    } else {
        judged as f32 / total.max(1) as f32
    };
    let width = px(share * GRAPH_SIZE.x);
    if fill.width != width {
        fill.width = width;
    }
}

/// A press on the graph (held and dragged, too) shows that move.
fn click(
    area: Single<(&Interaction, &RelativeCursorPosition), With<GraphArea>>,
    game: Res<CurrentMatch>,
    mut requests: MessageWriter<ReviewRequest>,
) {
    let Some(x) = pressed_across(area.0, area.1) else {
        return;
    };
    // The bar under the pointer: move k of n is the k-th n-th of the width.
    let n = game.game().move_count();
    let bar = ((x * n as f32) as usize).min(n.saturating_sub(1));
    requests.write(ReviewRequest::Jump(bar + 1));
}
