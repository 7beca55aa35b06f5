//! The review panel beside the board: where in the game the board is, what
//! the move on show was worth, the steps, a slider, the move list (click a
//! move to see it), the graph, and the ways on (a new game from here, a
//! picture of the board, back to the game).

use super::ReviewRequest;
use super::graph::{GRAPH_SIZE, GraphArea, ProgressFill, ProgressText, ReviewValues};
use crate::analysis::AnalysisRequest;
use crate::board::drawn_position::ReviewPosition;
use crate::current_match::{CurrentMatch, MatchAuthority};
use crate::locale::Locale;
use crate::locale::terms;
use crate::settings::Settings;
use crate::states::{AppSystems, BoardMode};
use crate::theme::fonts::size;
use crate::theme::interaction::{Disabled, Sends, pressed_across, set_enabled};
use crate::theme::move_list::{self, ListedMove, move_name};
use crate::theme::paint::{Fill, Ink};
use crate::theme::palette::{Colour, Palette};
use crate::theme::small_windows::LineRoom;
use crate::theme::widgets;
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use lineup_core::match_clock::spent_text;
use lineup_core::rules::{MatchGame, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(BoardMode::Review), spawn)
        .add_systems(
            Update,
            (slide, (describe, list_moves, place_knob, enable_buttons))
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(BoardMode::Review)),
        );
}

/// Rows of the move list on show at once (two moves a row); two fewer
/// under an opening rule, whose steps take their room.
const ROWS: usize = 8;
const ROWS_UNDER_OPENING: usize = 6;
/// The button that names the engine judging (Gomoku), room for its name.
const ENGINE_BUTTON_WIDTH: f32 = 90.0;
/// What the move on show was worth: its size, and its lines of room.
const WORTH_FONT: f32 = size::CAPTION + 1.0;
const WORTH_LINES: f32 = 2.0;
/// The opening's story gets this many lines of room.
const OPENING_LINES: f32 = 2.0;
const INNER: f32 = GRAPH_SIZE.x;

#[derive(Component)]
struct ReviewWhereText;

#[derive(Component)]
struct ReviewMoveText;

#[derive(Component)]
struct WorthText;

/// The move list, and how many rows it shows.
#[derive(Component)]
struct MoveList(usize);

#[derive(Component)]
struct Slider;

#[derive(Component)]
struct SliderKnob;

fn text(marker: impl Component, font_size: f32, colour: Colour) -> impl Bundle {
    (
        marker,
        Text::new(""),
        TextFont::from_font_size(font_size),
        Ink(colour),
        TextLayout::justify(Justify::Center),
    )
}

/// How the game began under an opening rule, in words, with two lines
/// of room whatever the opening, so the buttons below stay where they are.
fn opening_story(story: String) -> impl Bundle {
    (
        Name::new("Opening story"),
        LineRoom::at_least(OPENING_LINES, size::CAPTION),
        Node {
            width: px(INNER),
            flex_shrink: 0.0,
            justify_content: JustifyContent::Center,
            ..default()
        },
        children![(
            Text::new(story),
            TextFont::from_font_size(size::CAPTION),
            Ink(Colour::TextDim),
            TextLayout::justify(Justify::Center),
        )],
    )
}

/// The slider under the steps: the whole game, its knob at the move on
/// show.
fn slider() -> impl Bundle {
    (
        Name::new("Slider"),
        Slider,
        Interaction::default(),
        RelativeCursorPosition::default(),
        Node {
            width: px(INNER),
            height: px(12),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        Fill(Colour::Button),
        children![(
            SliderKnob,
            Node {
                position_type: PositionType::Absolute,
                left: px(0),
                top: px(-3),
                width: px(18),
                height: px(18),
                border_radius: BorderRadius::MAX,
                ..default()
            },
            Fill(Colour::Accent),
            Pickable::IGNORE,
        )],
    )
}

/// Where the moves are listed, `rows` rows high at most.
fn move_list_area(rows: usize) -> impl Bundle {
    (
        Name::new("Move list"),
        MoveList(rows),
        Node {
            width: px(INNER),
            max_height: px(rows as f32 * move_list::ROW_HEIGHT),
            min_height: px(move_list::ROW_HEIGHT),
            flex_direction: FlexDirection::Column,
            flex_shrink: 1.0,
            flex_grow: 1.0,
            overflow: Overflow::clip(),
            ..default()
        },
    )
}

/// The graph of the game's values, move by move.
fn graph_area() -> impl Bundle {
    (
        Name::new("Graph"),
        GraphArea,
        Interaction::default(),
        RelativeCursorPosition::default(),
        Node {
            width: px(GRAPH_SIZE.x),
            height: px(GRAPH_SIZE.y),
            flex_shrink: 0.0,
            ..default()
        },
        Fill(Colour::Track),
    )
}

/// How far the review's search has come.
fn progress_bar() -> impl Bundle {
    (
        Node {
            width: px(INNER),
            height: px(5),
            ..default()
        },
        Fill(Colour::Track),
        children![(
            ProgressFill,
            Node {
                width: px(0),
                height: percent(100),
                ..default()
            },
            Fill(Colour::Accent),
        )],
    )
}

fn spawn(mut commands: Commands, game: Res<CurrentMatch>, locale: Res<Locale>) {
    let gomoku = matches!(game.game(), MatchGame::Gomoku(_));
    let rows = if game.opening().is_some() {
        ROWS_UNDER_OPENING
    } else {
        ROWS
    };
    // Gomoku's engine line, with its button, is one move row taller than
    // Connect Four's line of progress: the list gives that row up.
    let rows = if gomoku { rows - 1 } else { rows };
    // How the game began, under an opening rule: its decisions in words.
    let opening = game
        .opening()
        .map(|o| terms::opening_story(&locale, game.setup().kind, o));
    let panel = commands
        .spawn((
            Name::new("Review panel"),
            DespawnOnExit(BoardMode::Review),
            widgets::side_card(px(24), px(24), Colour::Accent),
        ))
        .with_children(|panel| {
            panel.spawn(widgets::title("review.title", size::HEADING));
            panel.spawn(text(ReviewWhereText, size::BODY, Colour::Text));
            panel.spawn(text(ReviewMoveText, size::SMALL, Colour::Text));
            // Hovered, it gives the engine's raw score. Two lines of room
            // whatever it says (nothing at the start, a verdict that wraps),
            // so that the steps below never move under the pointer.
            panel.spawn((
                text(WorthText, WORTH_FONT, Colour::TextDim),
                Interaction::default(),
                LineRoom::exactly(WORTH_LINES, WORTH_FONT),
                Node {
                    width: px(INNER),
                    flex_shrink: 0.0,
                    ..default()
                },
            ));
            if let Some(opening) = opening {
                panel.spawn(opening_story(opening));
            }
            let step = |label: &'static str, action| {
                widgets::sized_button(String::from(label), action, 56.0, 32.0, size::SMALL)
            };
            panel.spawn(widgets::row(children![
                step("|<", ReviewRequest::First),
                step("<", ReviewRequest::Back),
                step(">", ReviewRequest::Forward),
                step(">|", ReviewRequest::Last),
            ]));
            panel.spawn(slider());
            // The one part that gives way when the panel is too full (the
            // larger text of a small window): rows at its foot are cut off,
            // the move on show stays in the middle.
            panel.spawn(move_list_area(rows));
            panel.spawn(graph_area());
            if gomoku {
                // The engine that judges, and the button to choose another.
                // The line has one height whatever it says: the move list
                // above takes what room is left, so a taller line would
                // move everything over it.
                panel.spawn((
                    Node {
                        flex_direction: FlexDirection::Row,
                        align_items: AlignItems::Center,
                        column_gap: px(8),
                        flex_shrink: 0.0,
                        ..default()
                    },
                    children![
                        (
                            text(ProgressText, size::CAPTION, Colour::TextDim),
                            LineRoom::exactly(2.0, size::CAPTION),
                            Node {
                                width: px(INNER - ENGINE_BUTTON_WIDTH - 8.0),
                                ..default()
                            },
                        ),
                        crate::study_engine::button(ENGINE_BUTTON_WIDTH, 28.0),
                    ],
                ));
            } else {
                panel.spawn(text(ProgressText, size::CAPTION, Colour::TextDim));
            }
            panel.spawn(progress_bar());
            let small = |label: &'static str, action, width: f32| {
                widgets::sized_button(label, action, width, 34.0, size::CAPTION + 1.0)
            };
            panel.spawn(small(
                "review.play_from_here",
                ReviewRequest::PlayFromHere,
                INNER,
            ));
            panel.spawn(widgets::row(children![
                small(
                    "review.other_players",
                    ReviewRequest::PlayFromHereChoosing,
                    123.0
                ),
                small("review.save_image", ReviewRequest::ShareImage, 123.0),
            ]));
            panel.spawn(widgets::row(())).with_children(|row| {
                // Move numbers are drawn on stones (Gomoku) only.
                let width = if gomoku { 123.0 } else { INNER };
                if gomoku {
                    row.spawn(small(
                        "review.numbers_off",
                        ReviewRequest::ToggleMoveNumbers,
                        123.0,
                    ));
                }
                row.spawn(small("review.back_to_game", ReviewRequest::Leave, width));
            });
            // The position on show on the analysis board, the game's moves
            // as its main line.
            panel.spawn(widgets::sized_button(
                "pause.analyse",
                AnalysisRequest::Open,
                INNER,
                34.0,
                size::CAPTION + 1.0,
            ));
        })
        .id();
    commands.entity(panel).insert(GlobalZIndex(4));
}

/// "Move 12 of 40", the move on show and what it did, and a better one.
fn describe(
    game: Res<CurrentMatch>,
    locale: Res<Locale>,
    palette: Res<Palette>,
    position: Res<ReviewPosition>,
    values: Option<Res<ReviewValues>>,
    hover: Single<Ref<Interaction>, With<WorthText>>,
    mut texts: ParamSet<(
        Single<&mut Text, With<ReviewWhereText>>,
        Single<&mut Text, With<ReviewMoveText>>,
        Single<(&mut Text, &mut TextColor), With<WorthText>>,
    )>,
) {
    if !position.is_changed()
        && !values.as_ref().is_some_and(|v| v.is_changed())
        && !locale.is_changed()
        && !palette.is_changed()
        && !hover.is_changed()
    {
        return;
    }
    let total = game.game().move_count();
    texts.p0().0 = if position.ply == 0 {
        locale.f("review.start", &[("total", &total)])
    } else {
        locale.f("review.move_of", &[("n", &position.ply), ("total", &total)])
    };
    let move_name = |mv| move_name(&locale, mv);
    let (said, value, marked) = match position.ply.checked_sub(1) {
        None => (
            locale.t("review.empty_board").to_string(),
            String::new(),
            false,
        ),
        Some(ply) => {
            let side = terms::side(&locale, game.setup().kind, Side::of_ply(ply));
            let mv = game.game().moves()[ply];
            let report = values.as_ref().and_then(|v| v.review.report(ply));
            let mark = report
                .as_ref()
                .and_then(|r| r.mark)
                .map_or("", |m| m.symbol());
            let value = match &report {
                None => locale.t("review.value_pending").to_string(),
                Some(r) => {
                    let worth = terms::worth(&locale, game.setup().kind, r.after, r.ply);
                    // Hovered, the raw score takes the better move's place:
                    // the two lines of room hold either.
                    match (terms::raw_score(&locale, r.after), r.better) {
                        (Some(raw), _) if **hover != Interaction::None => {
                            format!("{worth}\n{raw}")
                        }
                        (_, Some(b)) => locale.f(
                            "review.better",
                            &[("worth", &worth), ("move", &move_name(b))],
                        ),
                        (_, None) => worth,
                    }
                }
            };
            let said = locale.f(
                "review.said",
                &[
                    ("n", &(ply + 1)),
                    ("side", &side),
                    ("move", &format!("{}{mark}", move_name(mv))),
                ],
            );
            // A timed game: how long the move took.
            let said = match game.clock().and_then(|c| c.spent_ms().get(ply)) {
                Some(ms) => format!("{said} · {}", spent_text(*ms)),
                None => said,
            };
            (said, value, !mark.is_empty())
        }
    };
    texts.p1().0 = said;
    let mut worth = texts.p2();
    let (text, colour) = &mut *worth;
    text.0 = value;
    colour.0 = if marked {
        palette.warning
    } else {
        palette.text_dim
    };
}

/// The moves around the one on show, each a button that shows it.
fn list_moves(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    position: Res<ReviewPosition>,
    values: Option<Res<ReviewValues>>,
    locale: Res<Locale>,
    list: Single<(Entity, &MoveList)>,
    mut drawn: Local<Option<(usize, usize, Entity)>>,
) {
    let judged = values.as_ref().map_or(0, |v| v.review.judged());
    let (list, &MoveList(shown_rows)) = *list;
    let now = (position.ply, judged, list);
    if *drawn == Some(now) && !locale.is_changed() {
        return;
    }
    *drawn = Some(now);
    let moves: Vec<ListedMove> = game
        .game()
        .moves()
        .iter()
        .enumerate()
        .map(|(ply, mv)| {
            let mark = values
                .as_ref()
                .and_then(|v| v.review.report(ply))
                .and_then(|r| r.mark)
                .map_or("", |m| m.symbol());
            // A timed game lists each move's time beside it.
            let time = game
                .clock()
                .and_then(|c| c.spent_ms().get(ply))
                .map_or_else(String::new, |ms| format!(" {}", spent_text(*ms)));
            ListedMove {
                label: format!("{}{mark}{time}", move_name(&locale, *mv)),
                marked: !mark.is_empty(),
            }
        })
        .collect();
    move_list::fill(
        &mut commands,
        list,
        &moves,
        position.ply,
        shown_rows,
        INNER,
        ReviewRequest::Jump,
    );
}

/// Pressing (and dragging) on the slider shows the move under the pointer.
fn slide(
    slider: Single<(&Interaction, &RelativeCursorPosition), With<Slider>>,
    game: Res<CurrentMatch>,
    mut requests: MessageWriter<ReviewRequest>,
) {
    let Some(x) = pressed_across(slider.0, slider.1) else {
        return;
    };
    let ply = (x * game.game().move_count() as f32).round() as usize;
    requests.write(ReviewRequest::Jump(ply));
}

fn place_knob(
    game: Res<CurrentMatch>,
    position: Res<ReviewPosition>,
    mut knob: Single<&mut Node, With<SliderKnob>>,
) {
    let n = game.game().move_count().max(1) as f32;
    let left = px(position.ply as f32 / n * (INNER - 18.0));
    if knob.left != left {
        knob.left = left;
    }
}

/// A new game from here needs a position the game is not over in, and a
/// game of this screen's own (not online); the numbers button says its
/// state.
fn enable_buttons(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    authority: Res<MatchAuthority>,
    position: Res<ReviewPosition>,
    settings: Res<Settings>,
    locale: Res<Locale>,
    buttons: Query<(Entity, &Sends<ReviewRequest>, Has<Disabled>, &Children)>,
    mut texts: Query<&mut Text>,
) {
    let can_play_on = *authority == MatchAuthority::Local && !position.game.is_over();
    for (entity, Sends(request), disabled, children) in &buttons {
        let enabled = match request {
            ReviewRequest::PlayFromHere | ReviewRequest::PlayFromHereChoosing => can_play_on,
            ReviewRequest::First | ReviewRequest::Back => position.ply > 0,
            ReviewRequest::Forward | ReviewRequest::Last => position.ply < game.game().move_count(),
            ReviewRequest::ToggleMoveNumbers => {
                let label = locale.t(if settings.show_move_numbers {
                    "review.numbers_on"
                } else {
                    "review.numbers_off"
                });
                for child in children.iter() {
                    if let Ok(mut text) = texts.get_mut(child)
                        && text.0 != label
                    {
                        text.0 = label.to_string();
                    }
                }
                true
            }
            _ => continue,
        };
        set_enabled(&mut commands, entity, enabled, disabled);
    }
}
