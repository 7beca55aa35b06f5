//! Load game: the unfinished games (but the one Continue offers, or the one
//! in play), the saved games and the recent finished ones, each newest
//! first under its heading, five to a page, each with its game, players,
//! move count, date and a small picture of the board. A damaged file is
//! listed with what is wrong with it; deleting asks first.

use super::MenuRequest;
use crate::current_match::{CurrentMatch, StartMatch};
use crate::disk::Storage;
use crate::locale::Locale;
use crate::locale::terms;
use crate::review::OpenReview;
use crate::settings::Settings;
use crate::states::{AppSystems, Menu, Screen};
use crate::theme::fonts::size;
use crate::theme::interaction::{self, ButtonMessage};
use crate::theme::paint::Ink;
use crate::theme::palette::{self, Colour, Palette};
use crate::theme::toast::Toast;
use crate::theme::widgets;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use lineup_core::analysis::study::{Study, StudySummary};
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::match_setup::GameKind;
use lineup_core::match_state::Match;
use lineup_core::persist::games;
use lineup_core::persist::slots::{self, SaveEntry};
use lineup_core::rules::Side;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<LoadRequest>(app);
    app.init_resource::<SavePage>()
        .add_systems(OnEnter(Menu::Load), (list_saves, spawn).chain())
        .add_systems(OnEnter(Menu::ConfirmDelete), spawn_confirm)
        .add_systems(
            Update,
            handle_requests
                .in_set(AppSystems::Apply)
                .run_if(in_state(Menu::Load).or_else(in_state(Menu::ConfirmDelete))),
        );
}

/// The load list's buttons: entry `.0` of the list opened, reviewed or
/// deleted (asked first), and its pages.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadRequest {
    Load(usize),
    Review(usize),
    /// Asks whether to delete.
    Delete(usize),
    ConfirmDelete,
    /// Older (+1) or newer (-1) saves.
    Page(i8),
}

impl ButtonMessage for LoadRequest {
    fn is_destructive(&self) -> bool {
        matches!(self, LoadRequest::Delete(_) | LoadRequest::ConfirmDelete)
    }
}

const PER_PAGE: usize = 5;

/// The games found when the menu opened, in the order listed.
#[derive(Resource, Default)]
pub struct SaveList(pub Vec<ListedGame>);

/// A line of the load list, under its heading.
#[derive(Debug)]
pub struct ListedGame {
    pub section: Section,
    pub entry: SaveEntry,
}

/// The load list's headings, in their order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// Kept without asking, not over.
    Unfinished,
    /// Saved by name.
    Saved,
    /// Kept without asking, over (the newest few).
    Finished,
    /// The analysis board's study library.
    Studies,
}

impl Section {
    fn heading(self) -> &'static str {
        match self {
            Section::Unfinished => "load.section_unfinished",
            Section::Saved => "load.section_saved",
            Section::Finished => "load.section_finished",
            Section::Studies => "load.section_studies",
        }
    }
}

/// Which page of the list shows.
#[derive(Resource, Default)]
struct SavePage(usize);

/// The entry the delete dialog asks about.
#[derive(Resource)]
struct DeleteTarget(usize);

/// Every game to list: the unfinished ones but the one Continue offers
/// (from the title) or the one in play (from the pause menu), the named
/// saves, and the finished ones kept.
fn list_saves(
    mut commands: Commands,
    storage: Option<Res<Storage>>,
    in_play: Option<Res<CurrentMatch>>,
    screen: Res<State<Screen>>,
    mut page: ResMut<SavePage>,
) {
    let Some(folders) = storage.as_ref().and_then(|s| s.folders.as_ref()) else {
        commands.insert_resource(SaveList::default());
        return;
    };
    let set_aside = match (screen.get(), in_play) {
        (Screen::Game, Some(game)) => Some(game.id()),
        _ => games::newest_unfinished(folders).map(|(save, _)| save.game_id),
    };
    let id_of = |entry: &SaveEntry| entry.content.as_ref().ok().map(|s| s.save.game_id);
    let unfinished = games::unfinished(folders)
        .into_iter()
        .filter(|entry| set_aside.is_none() || id_of(entry) != set_aside)
        .map(|entry| (Section::Unfinished, entry));
    let saved = slots::list(&folders.saves())
        .into_iter()
        .map(|entry| (Section::Saved, entry));
    let finished = games::finished(folders)
        .into_iter()
        .map(|entry| (Section::Finished, entry));
    let studies = slots::list(&folders.studies())
        .into_iter()
        .map(|entry| (Section::Studies, entry));
    let entries: Vec<ListedGame> = unfinished
        .chain(saved)
        .chain(studies)
        .chain(finished)
        .map(|(section, entry)| ListedGame { section, entry })
        .collect();
    if page.0 * PER_PAGE >= entries.len() {
        page.0 = 0;
    }
    commands.insert_resource(SaveList(entries));
}

fn entry_name(entry: &SaveEntry) -> String {
    match &entry.content {
        Ok(summary) => summary.save.name.clone(),
        Err(_) => entry
            .path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
    }
}

/// A saved file's line under its name: a game's kind, players, state and
/// date; a study's contents; or why it can't be read.
fn entry_line(
    locale: &Locale,
    entry: &SaveEntry,
    study: Option<&Study>,
    engines: &[EngineEntry],
) -> (String, Colour) {
    match (&entry.content, study) {
        // A study is told by what it holds, not as a game
        // between two people of no moves.
        (Ok(s), Some(study)) => {
            let (y, mo, d, h, mi) = slots::civil_time(s.save.saved);
            let date = format!("{y}-{mo:02}-{d:02} {h:02}:{mi:02}");
            (
                locale.f(
                    "load.study_line",
                    &[
                        ("game", &terms::game_title(locale, s.save.setup.kind)),
                        ("contents", &study_contents(locale, study.summary())),
                        ("date", &date),
                    ],
                ),
                Colour::TextDim,
            )
        }
        (Ok(s), None) => {
            let (y, mo, d, h, mi) = slots::civil_time(s.save.saved);
            let players = locale.f(
                "load.players",
                &[
                    (
                        "first",
                        &terms::player(locale, s.save.setup.players[0], engines),
                    ),
                    (
                        "second",
                        &terms::player(locale, s.save.setup.players[1], engines),
                    ),
                ],
            );
            let state = match s.game.ending() {
                Some(_) => locale.t("load.finished").to_string(),
                None => locale.n("load.moves", s.game.move_count(), &[]),
            };
            let date = format!("{y}-{mo:02}-{d:02} {h:02}:{mi:02}");
            (
                locale.f(
                    "load.line",
                    &[
                        ("game", &terms::game_title(locale, s.save.setup.kind)),
                        ("players", &players),
                        ("state", &state),
                        ("date", &date),
                    ],
                ),
                Colour::TextDim,
            )
        }
        (Err(e), _) => (locale.f("load.damaged", &[("error", &e)]), Colour::Warning),
    }
}

fn spawn(
    mut commands: Commands,
    list: Res<SaveList>,
    page: Res<SavePage>,
    locale: Res<Locale>,
    palette: Res<Palette>,
    settings: Res<Settings>,
    mut images: ResMut<Assets<Image>>,
) {
    let engines = &settings.engines;
    let first = page.0 * PER_PAGE;
    let shown: Vec<(usize, &ListedGame)> = list
        .0
        .iter()
        .enumerate()
        .skip(first)
        .take(PER_PAGE)
        .collect();
    let more_older = list.0.len() > first + PER_PAGE;
    let panel = commands
        .spawn(widgets::panel(900.0))
        .with_children(|panel| {
            panel.spawn(widgets::title("load.title", size::TITLE));
            if list.0.is_empty() {
                panel.spawn(widgets::dim_label("load.empty"));
            }
            let mut heading = None;
            for (index, listed) in shown {
                // Each section's heading over its first line on the page.
                if heading != Some(listed.section) {
                    heading = Some(listed.section);
                    panel.spawn((
                        widgets::dim_label(listed.section.heading()),
                        Node {
                            align_self: AlignSelf::Start,
                            ..default()
                        },
                    ));
                }
                let entry = &listed.entry;
                let study = entry
                    .content
                    .as_ref()
                    .ok()
                    .and_then(|s| s.save.study().ok().flatten());
                // A study's thumbnail is the position it was left at.
                let preview = entry.content.as_ref().ok().map(|s| {
                    let shown = study.as_ref().and_then(|st| st.position().ok());
                    let game = shown.unwrap_or(&s.game);
                    images.add(preview_image(game, s.save.setup.kind, &palette))
                });
                let (line, colour) = entry_line(&locale, entry, study.as_ref(), engines);
                panel
                    .spawn(Node {
                        width: percent(100),
                        flex_direction: FlexDirection::Row,
                        align_items: AlignItems::Center,
                        column_gap: px(14),
                        ..default()
                    })
                    .with_children(|row| {
                        match preview {
                            Some(image) => row.spawn((
                                ImageNode::new(image),
                                Node {
                                    width: px(64),
                                    height: px(64),
                                    ..default()
                                },
                            )),
                            None => row.spawn(Node {
                                width: px(64),
                                height: px(64),
                                ..default()
                            }),
                        };
                        row.spawn(Node {
                            flex_grow: 1.0,
                            flex_shrink: 1.0,
                            flex_basis: px(0),
                            flex_direction: FlexDirection::Column,
                            ..default()
                        })
                        .with_children(|text| {
                            text.spawn(widgets::label(entry_name(entry)));
                            text.spawn((
                                Text::new(line),
                                TextFont::from_font_size(size::CAPTION),
                                Ink(colour),
                            ));
                        });
                        if entry.content.is_ok() {
                            row.spawn(widgets::row_button("load.load", LoadRequest::Load(index)));
                            // A study has no game to review: Load opens it to study.
                            if listed.section != Section::Studies {
                                row.spawn(widgets::row_button(
                                    "load.review",
                                    LoadRequest::Review(index),
                                ));
                            }
                        }
                        row.spawn(widgets::row_button(
                            "load.delete",
                            LoadRequest::Delete(index),
                        ));
                    });
            }
            panel
                .spawn(Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(12),
                    margin: UiRect::top(px(6)),
                    ..default()
                })
                .with_children(|row| {
                    if page.0 > 0 {
                        row.spawn(widgets::small_button("load.newer", LoadRequest::Page(-1)));
                    }
                    row.spawn(widgets::small_button("common.back", MenuRequest::Back));
                    row.spawn(widgets::small_button(
                        "load.results",
                        MenuRequest::OpenResults,
                    ));
                    if more_older {
                        row.spawn(widgets::small_button("load.older", LoadRequest::Page(1)));
                    }
                });
        })
        .id();
    commands
        .spawn((
            widgets::overlay("Load game", true),
            DespawnOnExit(Menu::Load),
        ))
        .add_child(panel);
}

/// A tiny picture of the board: one 4×4 block per cell.
fn preview_image(game: &lineup_core::rules::MatchGame, kind: GameKind, palette: &Palette) -> Image {
    const BLOCK: usize = 4;
    let rows = slots::preview(game);
    let (h, w) = (rows.len(), rows.first().map_or(0, Vec::len));
    let (board, first, second) = match kind {
        GameKind::ConnectFour { .. } => (palette.holes, palette.pieces.red, palette.pieces.yellow),
        GameKind::Gomoku { .. } => (palette::WOOD, palette::STONE_BLACK, palette::STONE_WHITE),
    };
    let mut data = vec![0u8; w * h * BLOCK * BLOCK * 4];
    for (y, row) in rows.iter().enumerate() {
        for (x, cell) in row.iter().enumerate() {
            let colour = match cell {
                Some(Side::First) => first,
                Some(Side::Second) => second,
                None => board,
            }
            .to_srgba();
            let rgba = [colour.red, colour.green, colour.blue, 1.0].map(|c| (c * 255.0) as u8);
            for dy in 0..BLOCK {
                for dx in 0..BLOCK {
                    let i = ((y * BLOCK + dy) * w * BLOCK + x * BLOCK + dx) * 4;
                    data[i..i + 4].copy_from_slice(&rgba);
                }
            }
        }
    }
    Image::new(
        Extent3d {
            width: (w * BLOCK) as u32,
            height: (h * BLOCK) as u32,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

fn spawn_confirm(mut commands: Commands, list: Res<SaveList>, target: Option<Res<DeleteTarget>>) {
    let name = target
        .and_then(|t| list.0.get(t.0))
        .map(|listed| entry_name(&listed.entry))
        .unwrap_or_default();
    commands.spawn((
        widgets::overlay("Delete?", true),
        DespawnOnExit(Menu::ConfirmDelete),
        children![(
            widgets::panel(560.0),
            children![
                widgets::title("load.delete_title", size::TITLE),
                widgets::label(name),
                widgets::dim_label("load.delete_warning"),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::small_button("load.delete", LoadRequest::ConfirmDelete),
                        widgets::small_button("load.keep", MenuRequest::Back),
                    ],
                ),
            ],
        )],
    ));
}

fn handle_requests(
    mut commands: Commands,
    mut requests: MessageReader<LoadRequest>,
    list: Res<SaveList>,
    target: Option<Res<DeleteTarget>>,
    mut page: ResMut<SavePage>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut starts: MessageWriter<StartMatch>,
) {
    for request in requests.read() {
        match *request {
            LoadRequest::Load(i) | LoadRequest::Review(i) => {
                let listed = list.0.get(i);
                // A study opens on the analysis board.
                if let Some(listed) = listed.filter(|l| l.section == Section::Studies) {
                    match listed.entry.content.as_ref().map(|s| s.save.study()) {
                        Ok(Ok(Some(study))) => crate::analysis::start_from_title(
                            study,
                            Some(listed.entry.path.clone()),
                            &mut commands,
                            &mut starts,
                        ),
                        Ok(Err(e)) => {
                            toasts.write(Toast::window(e.to_string()));
                        }
                        Err(e) => {
                            toasts.write(Toast::window(e.to_string()));
                        }
                        Ok(Ok(None)) => {}
                    }
                    if listed
                        .entry
                        .content
                        .as_ref()
                        .is_ok_and(|s| s.save.analysis.is_some())
                    {
                        continue;
                    }
                }
                if let Some(Ok(summary)) = listed.map(|l| &l.entry.content) {
                    if matches!(request, LoadRequest::Review(_)) {
                        commands.insert_resource(OpenReview(None));
                    }
                    starts.write(StartMatch(Match::from_save(
                        &summary.save,
                        summary.game.clone(),
                    )));
                }
            }
            LoadRequest::Delete(i) => {
                commands.insert_resource(DeleteTarget(i));
                next_menu.set(Menu::ConfirmDelete);
            }
            LoadRequest::ConfirmDelete => {
                if let Some(entry) = target
                    .as_ref()
                    .and_then(|t| list.0.get(t.0))
                    .map(|l| &l.entry)
                {
                    match std::fs::remove_file(&entry.path) {
                        Ok(()) => {
                            toasts.write(Toast::window(
                                locale.f("notice.deleted", &[("name", &entry_name(entry))]),
                            ));
                        }
                        Err(e) => {
                            toasts.write(Toast::window(locale.f(
                                "notice.delete_failed",
                                &[("file", &entry.path.display()), ("error", &e)],
                            )));
                        }
                    }
                }
                next_menu.set(Menu::Load);
            }
            LoadRequest::Page(step) => {
                let pages = list.0.len().div_ceil(PER_PAGE).max(1);
                page.0 = (page.0 as i64 + step as i64).clamp(0, pages as i64 - 1) as usize;
                // Re-entering the menu redraws it at the new page.
                next_menu.set(Menu::Load);
            }
        }
    }
}

/// A study's contents in words: "3 pieces set up · 12 moves · 2 side
/// lines · 1 comment" (what it has none of left out, but the moves).
fn study_contents(locale: &Locale, summary: StudySummary) -> String {
    let mut parts = Vec::new();
    if summary.set_up > 0 {
        parts.push(locale.n("load.study_setup", summary.set_up, &[]));
    }
    parts.push(locale.n("load.moves", summary.main_line, &[]));
    if summary.variations > 0 {
        parts.push(locale.n("load.study_variations", summary.variations, &[]));
    }
    if summary.comments > 0 {
        parts.push(locale.n("load.study_comments", summary.comments, &[]));
    }
    parts.join(" · ")
}
