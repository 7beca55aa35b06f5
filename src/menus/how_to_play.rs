//! How to play: a page for each game with small diagrams (Connect Four,
//! Gomoku), Renju's three fouls, and the tournament openings, with the keys
//! and the version underneath. It opens at the page of the game in play
//! (or last set up); F1 opens it from anywhere.

use super::MenuRequest;
use crate::current_match::CurrentMatch;
use crate::locale::Locale;
use crate::settings::Settings;
use crate::states::{AppSystems, Menu};
use crate::theme::diagram::{self, DiagramPiece, GomokuMarks, Spawner};
use crate::theme::fonts::size;
use crate::theme::interaction::{self, ButtonMessage, FirstFocus, Focusable, Sends};
use crate::theme::paint::Ink;
use crate::theme::palette::{Colour, Palette};
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::match_setup::GameKind;
use lineup_core::rules::Side;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<HowToPlayRequest>(app);
    app.add_systems(
        OnEnter(Menu::HowToPlay),
        (first_page, spawn, focus_first_page).chain(),
    )
    .add_systems(
        Update,
        (
            turn_page.in_set(AppSystems::Apply),
            (show_page, mark_tab).chain().in_set(AppSystems::Present),
        )
            .run_if(in_state(Menu::HowToPlay)),
    );
}

/// A page of How to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Page {
    #[default]
    ConnectFour,
    Gomoku,
    Renju,
    Openings,
}

impl Page {
    pub const ALL: [Page; 4] = [Page::ConnectFour, Page::Gomoku, Page::Renju, Page::Openings];

    fn tab(self) -> &'static str {
        match self {
            Page::ConnectFour => "game.connect_four",
            Page::Gomoku => "game.gomoku",
            Page::Renju => "rule.renju",
            Page::Openings => "how_to.openings",
        }
    }
}

/// How to play's tabs.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum HowToPlayRequest {
    Show(Page),
}

impl ButtonMessage for HowToPlayRequest {}

/// The page on show.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShownPage(pub Page);

/// Every page's room, the tallest's (English Gomoku, about 386): the tabs
/// and Back stay where they are from page to page.
const PAGE_HEIGHT: f32 = 400.0;

/// Where the page's own content goes (drawn anew for each page).
#[derive(Component)]
struct PageArea;

/// The page of the game in play, else of the game last set up.
fn first_page(mut commands: Commands, game: Option<Res<CurrentMatch>>, settings: Res<Settings>) {
    let kind = game
        .map(|g| g.setup().kind)
        .or(settings.last_setup.map(|s| s.kind));
    let page = match kind {
        Some(GameKind::Gomoku { .. }) => Page::Gomoku,
        _ => Page::ConnectFour,
    };
    commands.insert_resource(ShownPage(page));
}

/// The tab of the page it opens at takes the focus, not the first tab.
fn focus_first_page(
    mut commands: Commands,
    shown: Res<ShownPage>,
    tabs: Query<(Entity, &Sends<HowToPlayRequest>)>,
) {
    for (tab, Sends(request)) in &tabs {
        if *request == HowToPlayRequest::Show(shown.0) {
            commands.entity(tab).insert(FirstFocus);
        }
    }
}

fn spawn(mut commands: Commands, locale: Res<Locale>) {
    let tab = |page: Page| {
        (
            widgets::sized_button(
                page.tab(),
                HowToPlayRequest::Show(page),
                160.0,
                40.0,
                size::SMALL,
            ),
            Focusable,
        )
    };

    commands.spawn((
        widgets::overlay("How to play", true),
        DespawnOnExit(Menu::HowToPlay),
        children![(
            widgets::panel(820.0),
            children![
                widgets::title("how_to.title", size::TITLE),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(10),
                        ..default()
                    },
                    children![
                        tab(Page::ConnectFour),
                        tab(Page::Gomoku),
                        tab(Page::Renju),
                        tab(Page::Openings),
                    ],
                ),
                (
                    PageArea,
                    Name::new("Page"),
                    Node {
                        width: percent(100),
                        height: px(PAGE_HEIGHT),
                        flex_shrink: 0.0,
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        justify_content: JustifyContent::Center,
                        row_gap: px(14),
                        ..default()
                    },
                ),
                (
                    widgets::dim_label("how_to.keys"),
                    widgets::OwnLines,
                    TextLayout::justify(Justify::Center),
                ),
                widgets::dim_label(
                    locale.f("how_to.version", &[("version", &env!("CARGO_PKG_VERSION"))])
                ),
                widgets::button("common.back", MenuRequest::Back),
            ],
        )],
    ));
}

fn turn_page(mut requests: MessageReader<HowToPlayRequest>, mut shown: ResMut<ShownPage>) {
    for HowToPlayRequest::Show(page) in requests.read() {
        shown.set_if_neq(ShownPage(*page));
    }
}

/// The tab of the page on show is in the accent colour.
fn mark_tab(
    shown: Res<ShownPage>,
    tabs: Query<(&Sends<HowToPlayRequest>, &Children)>,
    mut inks: Query<&mut Ink>,
) {
    for (Sends(HowToPlayRequest::Show(page)), children) in &tabs {
        let colour = if *page == shown.0 {
            Colour::Accent
        } else {
            Colour::Text
        };
        for child in children.iter() {
            if let Ok(mut ink) = inks.get_mut(child)
                && ink.0 != colour
            {
                ink.0 = colour;
            }
        }
    }
}

/// A paragraph of the page, above its diagrams (a text squeezed beside
/// one in a row was laid out a word a line).
fn paragraph(key: &'static str, width: f32) -> impl Bundle {
    (
        widgets::label(key),
        Node {
            width: px(width),
            flex_shrink: 0.0,
            ..default()
        },
    )
}

/// Draws the page on show (again when the page or the language changes).
fn show_page(
    mut commands: Commands,
    shown: Res<ShownPage>,
    locale: Res<Locale>,
    palette: Res<Palette>,
    area: Single<Entity, With<PageArea>>,
    mut drawn: Local<Option<(Page, Entity)>>,
) {
    let now = (shown.0, *area);
    if *drawn == Some(now) && !locale.is_changed() && !palette.is_changed() {
        return;
    }
    *drawn = Some(now);
    let (r, y) = (Side::First, Side::Second);
    let (b, w) = (Side::First, Side::Second);
    commands
        .entity(*area)
        .despawn_children()
        .with_children(|area| match shown.0 {
            Page::ConnectFour => {
                // Red has just made four on a diagonal, resting on the
                // discs below.
                let discs: [DiagramPiece; 11] = [
                    (0, 0, r),
                    (1, 0, y),
                    (1, 1, r),
                    (2, 0, r),
                    (2, 1, y),
                    (2, 2, r),
                    (3, 0, y),
                    (3, 1, r),
                    (3, 2, y),
                    (3, 3, r),
                    (4, 0, y),
                ];
                area.spawn(paragraph("how_to.connect_four.text", 720.0));
                side_by_side(area, |row| {
                    diagram::captioned(row, locale.t("how_to.connect_four.caption"), |d| {
                        diagram::connect_four(
                            d,
                            &palette,
                            (7, 6),
                            &discs,
                            &[(0, 0), (1, 1), (2, 2), (3, 3)],
                            30.0,
                        )
                    });
                });
            }
            Page::Gomoku => {
                let five = [(2, 4), (3, 4), (4, 4), (5, 4), (6, 4)];
                let mut stones: Vec<DiagramPiece> = five.iter().map(|&(x, y)| (x, y, b)).collect();
                stones.extend([(3, 5, w), (4, 3, w), (5, 5, w), (6, 3, w)]);
                area.spawn(paragraph("how_to.gomoku.text", 720.0));
                side_by_side(area, |row| {
                    diagram::captioned(row, locale.t("how_to.gomoku.caption"), |d| {
                        diagram::gomoku(
                            d,
                            &palette,
                            9,
                            &stones,
                            GomokuMarks {
                                line: &five,
                                foul: None,
                            },
                            24.0,
                        )
                    });
                });
            }
            Page::Renju => {
                area.spawn(paragraph("how_to.renju.text", 720.0));
                // Black's stones around the crossed point, which would make
                // each foul.
                let fouls: [(&str, Vec<DiagramPiece>); 3] = [
                    (
                        "how_to.renju.double_three",
                        vec![
                            (1, 3, b),
                            (2, 3, b),
                            (3, 1, b),
                            (3, 2, b),
                            (5, 1, w),
                            (1, 5, w),
                        ],
                    ),
                    (
                        "how_to.renju.double_four",
                        vec![
                            (0, 3, b),
                            (1, 3, b),
                            (2, 3, b),
                            (3, 0, b),
                            (3, 1, b),
                            (3, 2, b),
                            (5, 5, w),
                            (1, 1, w),
                            (5, 2, w),
                        ],
                    ),
                    (
                        "how_to.renju.overline",
                        vec![
                            (0, 3, b),
                            (1, 3, b),
                            (2, 3, b),
                            (4, 3, b),
                            (5, 3, b),
                            (2, 5, w),
                            (4, 1, w),
                            (5, 5, w),
                            (1, 1, w),
                        ],
                    ),
                ];
                side_by_side(area, |row| {
                    for (caption, stones) in &fouls {
                        diagram::captioned(row, locale.t(caption), |d| {
                            diagram::gomoku(
                                d,
                                &palette,
                                7,
                                stones,
                                GomokuMarks {
                                    line: &[],
                                    foul: Some((3, 3)),
                                },
                                26.0,
                            )
                        });
                    }
                });
            }
            Page::Openings => {
                area.spawn(paragraph("how_to.openings.text", 720.0));
            }
        });
}

/// A row of diagrams, centred, with room between.
fn side_by_side(area: &mut Spawner, fill: impl FnOnce(&mut Spawner)) {
    area.spawn(Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        column_gap: px(28),
        ..default()
    })
    .with_children(fill);
}
