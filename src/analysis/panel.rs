//! The analysis panel beside the board: the tools, what the position is,
//! the engine's lines (hover one to see it on the board, click to step into
//! it), the threat searches, the tree of lines (`tree_list`), and the ways
//! on (export to SGF, back).

use super::lines_on_board::HoveredLine;
use super::thinking::{EngineLines, EngineSettings};
use super::threats::{ThreatShown, attacker_on};
use super::tools::Tool;
use super::{AnalysisRequest, Studied};
use crate::locale::{Locale, Words, terms};
use crate::states::{AppSystems, BoardMode};
use crate::study_engine;
use crate::theme::fonts::size;
use crate::theme::interaction::{Disabled, Sends, set_enabled};
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::analysis::thinking::{LineScore, MAX_LINES, ThinkingReport, can_think};
use lineup_core::analysis::threats::{ThreatAnswer, ThreatKind};
use lineup_core::analysis::tree::MoveMark;
use lineup_core::match_setup::GameKind;
use lineup_core::rules::BoardMove;
use lineup_core::rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(BoardMode::Analysis), spawn)
        .add_systems(
            Update,
            (
                hover_lines,
                (
                    describe_position,
                    describe_engine,
                    list_lines,
                    describe_threat,
                    label_threat_buttons,
                    mark_tool,
                ),
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(BoardMode::Analysis)),
        );
}

/// The panel's inner width.
pub const INNER: f32 = 254.0;

#[derive(Component)]
struct PositionText;

#[derive(Component)]
struct EngineText;

#[derive(Component)]
struct ThreatText;

/// The button of the engine's line `.0` (0 first).
#[derive(Component)]
struct LineSlot(usize);

/// A tool's button, lit while it is the tool.
#[derive(Component)]
struct ToolButton(Tool);

/// A line of text that keeps its room when empty, so that nothing below
/// it moves when it fills.
fn text(marker: impl Component, font: f32, colour: Colour) -> impl Bundle {
    (
        marker,
        Text::new(""),
        TextFont::from_font_size(font),
        Ink(colour),
        TextLayout::justify(Justify::Center),
        Node {
            max_width: px(INNER),
            min_height: px(font * 1.3),
            ..default()
        },
    )
}

/// A small button, `across` of them to a row.
fn small(
    label: impl Into<crate::locale::Words>,
    request: AnalysisRequest,
    across: usize,
) -> impl Bundle {
    let gap = 6.0 * (across as f32 - 1.0);
    let width = (INNER - gap) / across as f32;
    widgets::sized_button(label, request, width, 28.0, size::CAPTION)
}

fn row(children: impl Bundle) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(6),
            ..default()
        },
        children,
    )
}

fn spawn(mut commands: Commands, studied: Option<Res<Studied>>, locale: Res<Locale>) {
    let Some(studied) = studied else { return };
    let kind = studied.study.setup().kind();
    let gomoku = matches!(kind, GameKind::Gomoku { .. });
    let first = terms::side(&locale, kind, Side::First).to_string();
    let second = terms::side(&locale, kind, Side::Second).to_string();
    let mut card = commands.spawn((
        Name::new("Analysis panel"),
        DespawnOnExit(BoardMode::Analysis),
        widgets::side_card(px(16), px(16), Colour::Accent),
    ));
    card.entry::<Node>().and_modify(|mut node| {
        node.row_gap = px(6);
        node.padding = UiRect::all(px(14));
    });
    card.with_children(|panel| {
        panel.spawn(widgets::title("analysis.title", size::HEADING));
        panel.spawn(row(children![
            (
                small("analysis.play", AnalysisRequest::Tool(Tool::Play), 5),
                ToolButton(Tool::Play)
            ),
            (
                small(
                    first.clone(),
                    AnalysisRequest::Tool(Tool::Place(Side::First)),
                    5
                ),
                ToolButton(Tool::Place(Side::First))
            ),
            (
                small(
                    second.clone(),
                    AnalysisRequest::Tool(Tool::Place(Side::Second)),
                    5
                ),
                ToolButton(Tool::Place(Side::Second))
            ),
            (
                small("analysis.erase", AnalysisRequest::Tool(Tool::Erase), 5),
                ToolButton(Tool::Erase)
            ),
            (
                small("analysis.mark_tool", AnalysisRequest::Tool(Tool::Mark), 5),
                ToolButton(Tool::Mark)
            ),
        ]));
        if gomoku {
            panel.spawn(row(children![
                small("analysis.side_to_move", AnalysisRequest::SwapSideToMove, 3),
                small("analysis.rotate", AnalysisRequest::Rotate, 3),
                small("analysis.flip", AnalysisRequest::Flip, 3),
            ]));
        } else {
            panel.spawn(row(children![small(
                "analysis.mirror",
                AnalysisRequest::Flip,
                1
            )]));
        }
        panel.spawn(row(children![
            small("analysis.take_back", AnalysisRequest::TakeBack, 4),
            small(
                "analysis.clear",
                AnalysisRequest::Edit(lineup_core::analysis::setup::SetupEdit::Clear),
                4
            ),
            small("analysis.copy", AnalysisRequest::Copy, 4),
            small("analysis.paste", AnalysisRequest::Paste, 4),
        ]));
        panel.spawn(text(PositionText, size::CAPTION, Colour::Text));
        panel.spawn(text(EngineText, size::CAPTION, Colour::TextDim));
        if gomoku {
            let width = (INNER - 18.0) / 4.0;
            panel.spawn(row(children![
                study_engine::button(width, 28.0),
                small("analysis.pause", AnalysisRequest::PauseEngine, 4),
                small("analysis.fewer_lines", AnalysisRequest::FewerLines, 4),
                small("analysis.more_lines", AnalysisRequest::MoreLines, 4),
            ]));
        } else {
            panel.spawn(row(children![
                small("analysis.pause", AnalysisRequest::PauseEngine, 3),
                small("analysis.fewer_lines", AnalysisRequest::FewerLines, 3),
                small("analysis.more_lines", AnalysisRequest::MoreLines, 3),
            ]));
        }
        for slot in 0..MAX_LINES {
            panel.spawn((
                LineSlot(slot),
                widgets::coloured_button(
                    String::new(),
                    AnalysisRequest::StepInto(slot, usize::MAX),
                    Vec2::new(INNER, 22.0),
                    size::CAPTION,
                    Colour::Text,
                ),
            ));
        }
        if gomoku {
            for (side, name) in [(Side::First, &first), (Side::Second, &second)] {
                let search = |kind: &str| {
                    locale.f("analysis.search_for", &[("search", &kind), ("side", name)])
                };
                panel.spawn(row(children![
                    small(
                        search("VCF"),
                        AnalysisRequest::Threat(ThreatKind::Vcf, side),
                        2
                    ),
                    small(
                        search("VCT"),
                        AnalysisRequest::Threat(ThreatKind::Vct, side),
                        2
                    ),
                ]));
            }
        } else {
            panel.spawn(row(children![small(
                "analysis.win_in_n",
                AnalysisRequest::Threat(ThreatKind::Vcf, Side::First),
                1
            )]));
        }
        panel.spawn(text(ThreatText, size::CAPTION, Colour::TextDim));
        panel.spawn(super::tree_list::list());
        panel.spawn(row(children![
            small("|<", AnalysisRequest::First, 4),
            small("<", AnalysisRequest::Back, 4),
            small(">", AnalysisRequest::Forward, 4),
            small(">|", AnalysisRequest::Last, 4),
        ]));
        panel.spawn(row(children![
            small("analysis.promote", AnalysisRequest::Promote, 3),
            small("analysis.delete", AnalysisRequest::Delete, 3),
            small("analysis.comment", AnalysisRequest::Comment, 3),
        ]));
        panel.spawn(row(children![
            small("!", AnalysisRequest::Mark(Some(MoveMark::Good)), 5),
            small("?", AnalysisRequest::Mark(Some(MoveMark::Bad)), 5),
            small("!?", AnalysisRequest::Mark(Some(MoveMark::Interesting)), 5),
            small("?!", AnalysisRequest::Mark(Some(MoveMark::Doubtful)), 5),
            small("analysis.unmark", AnalysisRequest::Mark(None), 5),
        ]));
        panel.spawn(row(children![
            small("analysis.save", AnalysisRequest::Save, 4),
            small("analysis.find", AnalysisRequest::Find, 4),
            small("analysis.export_sgf", AnalysisRequest::ExportSgf, 4),
            small("common.back", AnalysisRequest::Leave, 4),
        ]));
    });
}

/// What the position is: who moves, or why it cannot be played from, and
/// what the editor flags.
fn describe_position(
    studied: Option<Res<Studied>>,
    locale: Res<Locale>,
    mut shown: Single<&mut Text, With<PositionText>>,
) {
    let Some(studied) = studied.filter(|s| s.is_changed() || locale.is_changed()) else {
        return;
    };
    let study = &studied.study;
    let kind = study.setup().kind();
    let mut said = match study.position() {
        Ok(game) => match game.ending() {
            Some(_) => locale.t("analysis.game_over").to_string(),
            None => locale.f(
                "analysis.to_move",
                &[("side", &terms::side(&locale, kind, game.to_move()))],
            ),
        },
        Err(why) => why.to_string(),
    };
    for warning in study.setup().warnings() {
        said.push_str(" · ");
        said.push_str(&warning.to_string());
    }
    shown.0 = said;
}

fn describe_engine(
    studied: Option<Res<Studied>>,
    lines: Res<EngineLines>,
    engine: Res<EngineSettings>,
    locale: Res<Locale>,
    mut shown: Single<&mut Text, With<EngineText>>,
) {
    if !lines.is_changed() && !engine.is_changed() {
        return;
    }
    let thinkable = studied
        .as_ref()
        .is_some_and(|s| s.study.position().is_ok_and(can_think));
    let current = studied.is_some_and(|s| s.key == lines.key);
    let report = lines.report.as_ref().filter(|_| current);
    let trouble = lines.trouble.as_ref().filter(|_| current);
    let said = match report {
        // A Gomocup engine that failed: what it did.
        _ if trouble.is_some() => {
            let (name, fault) = trouble.expect("checked");
            locale.f(
                "analysis.engine_trouble",
                &[("engine", name), ("fault", fault)],
            )
        }
        // A finished game, a position that cannot be played, a board too
        // large for the solver: nothing for the engine to do.
        None if !thinkable && !engine.paused => locale.t("analysis.no_engine").to_string(),
        None if engine.paused => locale.t("analysis.paused").to_string(),
        None => match lines.engine() {
            Some(name) => locale.f(
                "analysis.thinking_of",
                &[("engine", &name), ("lines", &engine.lines)],
            ),
            None => locale.f("analysis.thinking", &[("lines", &engine.lines)]),
        },
        // What it found, and whether it still looks.
        Some(r) => {
            // Connect Four's values are the solver's, exact: no depth to
            // tell. Another engine's lines: its name and depth.
            let found = if let Some(name) = &r.engine {
                locale.f(
                    "analysis.depth_of",
                    &[
                        ("engine", name),
                        ("depth", &r.depth),
                        ("lines", &engine.lines),
                    ],
                )
            } else if r.nodes == 0 {
                locale.t("analysis.exact").to_string()
            } else {
                locale.f(
                    "analysis.depth",
                    &[
                        ("depth", &r.depth),
                        ("speed", &format_speed(r.nodes_per_second)),
                        ("lines", &engine.lines),
                    ],
                )
            };
            if engine.paused {
                format!("{found} · {}", locale.t("analysis.paused"))
            } else {
                found
            }
        }
    };
    shown.0 = said;
}

/// Nodes a second, short: "640 k/s", "1.2 M/s".
fn format_speed(nps: u64) -> String {
    match nps {
        n if n >= 1_000_000 => format!("{:.1} M/s", n as f64 / 1e6),
        n if n >= 1_000 => format!("{} k/s", n / 1_000),
        n => format!("{n}/s"),
    }
}

/// A line's score as the panel says it: the engine's score and the win
/// chance it means ("+135 · 61%"), or "wins in 7".
pub fn score_text(locale: &Locale, score: LineScore) -> String {
    match score {
        LineScore::Estimate { score, win_percent } => {
            format!("{score:+} · {win_percent}%")
        }
        LineScore::Wins { in_moves } => locale.f("analysis.wins_in", &[("n", &in_moves)]),
        LineScore::Loses { in_moves } => locale.f("analysis.loses_in", &[("n", &in_moves)]),
        LineScore::Draw => locale.t("analysis.draw").to_string(),
        LineScore::Untold => "?".to_string(),
    }
}

/// Each line: its score and its first moves; the slot's button steps into
/// the whole line.
fn list_lines(
    mut commands: Commands,
    studied: Option<Res<Studied>>,
    lines: Res<EngineLines>,
    locale: Res<Locale>,
    mut slots: Query<(
        Entity,
        &LineSlot,
        &Children,
        &mut Sends<AnalysisRequest>,
        &mut Visibility,
        Has<Disabled>,
    )>,
    mut texts: Query<&mut Text>,
) {
    if !lines.is_changed() {
        return;
    }
    let current = studied.as_ref().is_some_and(|s| s.key == lines.key);
    let report: Option<&ThinkingReport> = lines.report.as_ref().filter(|_| current);
    for (entity, slot, children, mut sends, mut visibility, disabled) in &mut slots {
        let line = report.and_then(|r| r.lines.get(slot.0));
        let said = line.map_or_else(String::new, |line| {
            let head = format!("{}. {}  ", slot.0 + 1, score_text(&locale, line.score));
            fitted(head, line.moves.iter().map(|&mv| short_name(mv)))
        });
        sends.0 = AnalysisRequest::StepInto(slot.0, line.map_or(0, |l| l.moves.len()));
        set_enabled(&mut commands, entity, line.is_some(), disabled);
        // An empty slot keeps its room (the list does not jump) but shows nothing.
        visibility.set_if_neq(if line.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.0 = said.clone();
            }
        }
    }
}

/// Characters a line of the panel holds at its type size.
const LINE_CHARACTERS: usize = 36;

/// A move as a line of the engine writes it: "h8", or a column's number.
fn short_name(mv: BoardMove) -> String {
    match mv {
        BoardMove::Column(c) => (c.0 + 1).to_string(),
        BoardMove::Point(p) => p.to_string(),
        BoardMove::Pass => "--".to_string(),
    }
}

/// How many Latin characters' room `text` takes: a Chinese character (or
/// a full-width form) is about two.
fn width_of(text: &str) -> usize {
    text.chars()
        .map(|c| if u32::from(c) >= 0x2E80 { 2 } else { 1 })
        .sum()
}

/// `head` and as many of `moves` as fit on one line, "…" when some do not.
fn fitted(head: String, moves: impl Iterator<Item = String>) -> String {
    let mut said = head;
    for name in moves {
        if width_of(&said) + width_of(&name) + 2 > LINE_CHARACTERS {
            said.push('…');
            break;
        }
        said.push_str(&name);
        said.push(' ');
    }
    said.trim_end().to_string()
}

/// The line under the pointer is drawn on the board.
fn hover_lines(
    slots: Query<(&LineSlot, &Interaction), Without<Disabled>>,
    mut hovered: ResMut<HoveredLine>,
) {
    let now = slots
        .iter()
        .find(|(_, i)| matches!(i, Interaction::Hovered | Interaction::Pressed))
        .map(|(slot, _)| slot.0);
    hovered.set_if_neq(HoveredLine(now));
}

fn describe_threat(
    studied: Option<Res<Studied>>,
    threat: Option<Res<ThreatShown>>,
    locale: Res<Locale>,
    mut shown: Single<&mut Text, With<ThreatText>>,
) {
    let (Some(studied), Some(threat)) = (studied, threat) else {
        if !shown.0.is_empty() {
            shown.0.clear();
        }
        return;
    };
    if !threat.is_changed() {
        return;
    }
    let kind = studied.study.setup().kind();
    let side = terms::side(&locale, kind, threat.attacker);
    let name = match (kind, threat.kind) {
        (GameKind::ConnectFour { .. }, _) => locale.t("analysis.win_in_n").to_string(),
        (_, ThreatKind::Vcf) => "VCF".to_string(),
        (_, ThreatKind::Vct) => "VCT".to_string(),
    };
    shown.0 = match &threat.answer {
        None => locale.f(
            "analysis.threat_searching",
            &[("search", &name), ("side", &side)],
        ),
        Some(ThreatAnswer::Found(win)) => {
            // The line's first moves are on the board, numbered; here, as
            // much of it as fits.
            let head = locale.f(
                "analysis.threat_found",
                &[
                    ("search", &name),
                    ("side", &side),
                    ("n", &win.moves.len().div_ceil(2)),
                ],
            );
            fitted(
                format!("{head} "),
                win.moves.iter().map(|&mv| short_name(mv)),
            )
        }
        Some(ThreatAnswer::NoneWithin(n)) => locale.f(
            "analysis.threat_none",
            &[("search", &name), ("side", &side), ("n", n)],
        ),
        Some(ThreatAnswer::Stopped) => locale.t("analysis.threat_stopped").to_string(),
    };
}

/// A search's button, once its line is on the board, hides it: it says so.
fn label_threat_buttons(
    studied: Option<Res<Studied>>,
    threat: Option<Res<ThreatShown>>,
    locale: Res<Locale>,
    buttons: Query<(&Sends<AnalysisRequest>, &Children)>,
    mut labels: Query<(&Words, &mut Text)>,
) {
    let game = studied.as_ref().and_then(|s| s.study.position().ok());
    for (Sends(request), children) in &buttons {
        let AnalysisRequest::Threat(kind, asked) = *request else {
            continue;
        };
        let hides = match (&studied, game, &threat) {
            (Some(studied), Some(game), Some(threat)) => {
                threat.hides(studied.key, kind, attacker_on(game, asked))
            }
            _ => false,
        };
        for child in children.iter() {
            if let Ok((words, mut text)) = labels.get_mut(child) {
                let wanted = if hides {
                    locale.t("analysis.hide_line").to_string()
                } else {
                    words.text(&locale)
                };
                if text.0 != wanted {
                    text.0 = wanted;
                }
            }
        }
    }
}

/// The tool in use has its label in the accent colour.
fn mark_tool(tool: Res<Tool>, buttons: Query<(&ToolButton, &Children)>, mut inks: Query<&mut Ink>) {
    for (button, children) in &buttons {
        let wanted = if button.0 == *tool {
            Colour::Accent
        } else {
            Colour::Text
        };
        for child in children.iter() {
            if let Ok(mut ink) = inks.get_mut(child)
                && ink.0 != wanted
            {
                ink.0 = wanted;
            }
        }
    }
}
