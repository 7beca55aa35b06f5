//! The online lobby, for meeting strangers on a Lineup server: who is
//! logged in and their ratings, the open seeks (a click accepts one), the
//! games in progress (a click watches one), and the player's own finished
//! games (a click opens one in review) and page (ratings, their history as
//! a small plot, the last games). Open seek offers a game of the kind and
//! clock chosen in Play online. The server's news arrives through the
//! session (`online::client`); this menu only draws it and sends clicks.

use super::MenuRequest;
use super::online::OnlineForm;
use crate::current_match::StartMatch;
use crate::locale::{Locale, Words, terms};
use crate::online::OnlineSession;
use crate::online::lobby::{FinishedToReview, LobbyRequest};
use crate::review::OpenReview;
use crate::states::{AppSystems, Menu};
use crate::theme::fonts::size;
use crate::theme::paint::{Fill, Ink};
use crate::theme::palette::Colour;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::match_clock::TimeControl;
use lineup_core::net::pairing::SeekSpec;
use lineup_core::net::rating::{RatingPool, ShownRating};
use lineup_core::net::views::{GameSummary, PlayerPage};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LobbyTab>()
        .add_systems(OnEnter(Menu::Lobby), spawn)
        .add_systems(
            Update,
            open_seek
                .in_set(AppSystems::Apply)
                .run_if(resource_exists::<OnlineSession>),
        )
        // After the session's news, with or without the session.
        .add_systems(
            Update,
            review_finished
                .in_set(AppSystems::Apply)
                .after(crate::online::FollowTheServer),
        )
        .add_systems(
            Update,
            (
                choose_tab.in_set(AppSystems::Apply),
                show.in_set(AppSystems::Present),
            )
                .run_if(in_state(Menu::Lobby)),
        );
}

/// Open a seek: a game of the Play online dialog's kind and clock,
/// rated, either colour.
fn open_seek(
    mut requests: MessageReader<LobbyRequest>,
    session: Res<OnlineSession>,
    form: Option<Res<OnlineForm>>,
) {
    for request in requests.read() {
        if let (LobbyRequest::OpenSeek, Some(form)) = (request, form.as_ref()) {
            session.open_seek(SeekSpec {
                kind: form.kind(),
                clock: form.clock,
                rated: true,
                side: None,
            });
        }
    }
}

/// A finished game the server sent opens in review.
fn review_finished(
    mut commands: Commands,
    mut finished: MessageReader<FinishedToReview>,
    mut starts: MessageWriter<StartMatch>,
) {
    for FinishedToReview(game) in finished.read() {
        commands.insert_resource(OpenReview(None));
        starts.write(StartMatch(game.clone()));
    }
}

/// What the lobby's middle shows.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LobbyTab {
    #[default]
    Lists,
    History,
    Page,
}

/// The line naming the player and their ratings.
#[derive(Component)]
struct WhoLine;

/// Where the lists are drawn (rebuilt when the news changes).
#[derive(Component)]
struct LobbyBody;

fn spawn(mut commands: Commands, mut tab: ResMut<LobbyTab>) {
    *tab = LobbyTab::Lists;
    commands.spawn((
        widgets::overlay("Online lobby", true),
        DespawnOnExit(Menu::Lobby),
        children![(
            widgets::panel(1100.0),
            children![
                widgets::title("lobby.title", size::TITLE),
                (
                    WhoLine,
                    Text::new(""),
                    TextFont::from_font_size(size::SMALL),
                    Ink(Colour::TextDim),
                ),
                (
                    LobbyBody,
                    Node {
                        width: px(1040),
                        min_height: px(430),
                        flex_direction: FlexDirection::Row,
                        column_gap: px(20),
                        ..default()
                    },
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::mouse_button("lobby.open_seek", LobbyRequest::OpenSeek),
                        widgets::mouse_button("lobby.lists", LobbyRequest::LobbyLists),
                        widgets::mouse_button("lobby.my_games", LobbyRequest::MyGames),
                        widgets::mouse_button("lobby.my_page", LobbyRequest::MyPage),
                        widgets::mouse_button("common.back", MenuRequest::Back),
                    ],
                ),
            ],
        )],
    ));
}

fn choose_tab(mut requests: MessageReader<LobbyRequest>, mut tab: ResMut<LobbyTab>) {
    for request in requests.read() {
        let chosen = match request {
            LobbyRequest::LobbyLists => LobbyTab::Lists,
            LobbyRequest::MyGames => LobbyTab::History,
            LobbyRequest::MyPage => LobbyTab::Page,
            _ => continue,
        };
        if *tab != chosen {
            *tab = chosen;
        }
    }
}

/// A rating as shown beside a name: "1662?" or "–".
fn rating_text(rating: Option<ShownRating>) -> String {
    rating.map_or_else(|| "–".to_string(), |r| r.to_string())
}

fn clock_text(locale: &Locale, clock: TimeControl) -> String {
    terms::time_control(locale, clock)
}

/// What the news looked like when the body was last drawn.
#[derive(Default, PartialEq)]
struct Drawn {
    tab: Option<LobbyTab>,
    news: u64,
}

fn show(
    mut commands: Commands,
    session: Option<Res<OnlineSession>>,
    locale: Res<Locale>,
    tab: Res<LobbyTab>,
    mut who: Single<&mut Text, With<WhoLine>>,
    body: Single<Entity, With<LobbyBody>>,
    mut drawn: Local<Drawn>,
) {
    let Some(session) = session else {
        return;
    };
    let line = match session.client().welcome() {
        Some(lineup_client::session::Welcome { name, ratings }) => {
            let mut line = locale.f(
                "lobby.who",
                &[
                    ("name", name),
                    ("c4", &ratings[RatingPool::ConnectFour.index()]),
                    ("gomoku", &ratings[RatingPool::Freestyle.index()]),
                    ("renju", &ratings[RatingPool::Renju.index()]),
                ],
            );
            if let Some(lobby) = &session.lobby.lobby {
                line.push_str(" · ");
                line.push_str(&locale.f(
                    "lobby.counts",
                    &[("online", &lobby.online), ("queued", &lobby.queued)],
                ));
            }
            line
        }
        None => locale.t("online.still_connecting").to_string(),
    };
    if who.0 != line {
        who.0 = line;
    }
    let now = Drawn {
        tab: Some(*tab),
        news: session.lobby.count(),
    };
    if *drawn == now && !locale.is_changed() {
        return;
    }
    *drawn = now;
    let body = *body;
    commands.entity(body).despawn_related::<Children>();
    match *tab {
        LobbyTab::Lists => {
            let seeks: Vec<(String, LobbyRequest)> = session
                .lobby
                .lobby
                .iter()
                .flat_map(|l| &l.seeks)
                .map(|seek| {
                    let text = format!(
                        "{} ({}) · {} · {} · {}",
                        seek.name,
                        rating_text(seek.rating),
                        terms::game_title(&locale, seek.spec.kind),
                        clock_text(&locale, seek.spec.clock),
                        locale.t(if seek.spec.rated {
                            "lobby.rated"
                        } else {
                            "lobby.casual"
                        })
                    );
                    (text, LobbyRequest::AcceptSeek(seek.id))
                })
                .collect();
            let games: Vec<(String, LobbyRequest)> = session
                .lobby
                .lobby
                .iter()
                .flat_map(|l| &l.games)
                .map(|game| {
                    let text = format!(
                        "{} ({}) – {} ({}) · {} · {} · {}",
                        game.names[0],
                        rating_text(game.ratings[0]),
                        game.names[1],
                        rating_text(game.ratings[1]),
                        terms::game_title(&locale, game.kind),
                        clock_text(&locale, game.clock),
                        locale.f("online.watchers", &[("watchers", &game.watchers)])
                    );
                    (text, LobbyRequest::WatchGame(game.code))
                })
                .collect();
            let seeks_column = column(
                &mut commands,
                &locale,
                "lobby.seeks",
                "lobby.no_seeks",
                seeks,
            );
            let games_column = column(
                &mut commands,
                &locale,
                "lobby.games",
                "lobby.no_games",
                games,
            );
            commands
                .entity(body)
                .add_children(&[seeks_column, games_column]);
        }
        LobbyTab::History => {
            let rows = session
                .lobby
                .history
                .iter()
                .flatten()
                .map(|game| (summary_text(&locale, game), LobbyRequest::OpenGame(game.id)))
                .collect();
            let list = column(
                &mut commands,
                &locale,
                "lobby.my_games",
                "lobby.no_history",
                rows,
            );
            commands.entity(body).add_child(list);
        }
        LobbyTab::Page => {
            let page = match &session.lobby.page {
                Some(page) => page_node(&mut commands, &locale, page),
                None => column(
                    &mut commands,
                    &locale,
                    "lobby.my_page",
                    "online.still_connecting",
                    Vec::new(),
                ),
            };
            commands.entity(body).add_child(page);
        }
    }
}

/// A finished game as a line: who, the result, the game, the clock.
fn summary_text(locale: &Locale, game: &GameSummary) -> String {
    let result = match game.winner {
        Some(side) => locale.f("lobby.won_by", &[("name", &game.names[side.index()])]),
        None => locale.t("hud.draw").to_string(),
    };
    format!(
        "{} – {} · {} · {} · {} · {}",
        game.names[0],
        game.names[1],
        result,
        terms::game_title(locale, game.kind),
        clock_text(locale, game.clock),
        locale.f("lobby.moves", &[("moves", &game.moves)])
    )
}

/// A titled column of clickable lines (or a line saying there are none).
fn column(
    commands: &mut Commands,
    locale: &Locale,
    heading: &'static str,
    empty: &'static str,
    rows: Vec<(String, LobbyRequest)>,
) -> Entity {
    let column = commands
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            flex_grow: 1.0,
            flex_basis: px(0),
            row_gap: px(6),
            ..default()
        })
        .id();
    let title = commands
        .spawn((
            Text::new(locale.t(heading)),
            TextFont::from_font_size(size::BODY),
            Ink(Colour::Accent),
        ))
        .id();
    commands.entity(column).add_child(title);
    if rows.is_empty() {
        let none = commands.spawn(widgets::dim_label(empty)).id();
        commands.entity(column).add_child(none);
    }
    for (text, request) in rows.into_iter().take(9) {
        let row = commands
            .spawn(widgets::sized_button(
                Words::Plain(text),
                request,
                510.0,
                38.0,
                size::SMALL,
            ))
            .id();
        commands.entity(column).add_child(row);
    }
    column
}

/// The player's page: ratings, the history of each as a small plot, the
/// last games.
fn page_node(commands: &mut Commands, locale: &Locale, page: &PlayerPage) -> Entity {
    let node = commands
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            row_gap: px(8),
            flex_grow: 1.0,
            ..default()
        })
        .id();
    let ratings = RatingPool::ALL
        .iter()
        .map(|pool| {
            format!(
                "{} {} ({})",
                pool_name(locale, *pool),
                page.ratings[pool.index()],
                locale.f(
                    "lobby.games_played",
                    &[("games", &page.games_played[pool.index()])]
                )
            )
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let heading = commands
        .spawn((
            Text::new(format!("{} · {ratings}", page.name)),
            TextFont::from_font_size(size::BODY),
            Ink(Colour::Text),
        ))
        .id();
    let plot = plot(commands, page);
    commands.entity(node).add_children(&[heading, plot]);
    for game in page.last_games.iter().take(6) {
        let line = commands
            .spawn(widgets::sized_button(
                Words::Plain(summary_text(locale, game)),
                LobbyRequest::OpenGame(game.id),
                1000.0,
                34.0,
                size::SMALL,
            ))
            .id();
        commands.entity(node).add_child(line);
    }
    node
}

fn pool_name(locale: &Locale, pool: RatingPool) -> &'static str {
    locale.t(match pool {
        RatingPool::ConnectFour => "game.connect_four",
        RatingPool::Freestyle => "lobby.pool.gomoku",
        RatingPool::Renju => "lobby.pool.renju",
    })
}

/// Where every rating starts.
const START: u16 = 1500;

/// The rating history as dots in a box: time across (one step a game),
/// rating up, each pool in its own colour, the highest and lowest rating
/// written at the left.
fn plot(commands: &mut Commands, page: &PlayerPage) -> Entity {
    const WIDTH: f32 = 1000.0;
    const HEIGHT: f32 = 120.0;
    let frame = commands
        .spawn((
            Name::new("Rating plot"),
            Node {
                width: px(WIDTH),
                height: px(HEIGHT),
                border: UiRect::all(px(1)),
                ..default()
            },
            Fill(Colour::Background),
            BorderColor::all(Color::srgba(1.0, 1.0, 1.0, 0.2)),
        ))
        .id();
    let points = &page.history;
    let low = points
        .iter()
        .map(|p| p.rating)
        .min()
        .unwrap_or(START)
        .min(START - 100);
    let high = points
        .iter()
        .map(|p| p.rating)
        .max()
        .unwrap_or(START)
        .max(START + 100);
    let span = f32::from((high - low).max(1));
    // Every pool starts at 1500: the first dot, dim, before the games.
    let step = (WIDTH - 60.0) / (points.len() + 1).max(2) as f32;
    let start = (Colour::TextDim, START);
    let dots = std::iter::once(start).chain(points.iter().map(|point| {
        let colour = match point.pool {
            RatingPool::ConnectFour => Colour::Warning,
            RatingPool::Freestyle => Colour::Accent,
            RatingPool::Renju => Colour::Text,
        };
        (colour, point.rating)
    }));
    for (bound, at) in [(high, Val::Px(2.0)), (low, Val::Auto)] {
        let label = commands
            .spawn((
                Text::new(bound.to_string()),
                TextFont::from_font_size(size::CAPTION),
                Ink(Colour::TextDim),
                Node {
                    position_type: PositionType::Absolute,
                    left: px(4),
                    top: at,
                    bottom: if at == Val::Auto { px(2) } else { Val::Auto },
                    ..default()
                },
            ))
            .id();
        commands.entity(frame).add_child(label);
    }
    for (i, (colour, rating)) in dots.enumerate() {
        let y = (f32::from(rating - low) / span) * (HEIGHT - 12.0);
        let dot = commands
            .spawn((
                Node {
                    position_type: PositionType::Absolute,
                    left: px(50.0 + step * i as f32),
                    bottom: px(4.0 + y),
                    width: px(6),
                    height: px(6),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                Fill(colour),
            ))
            .id();
        commands.entity(frame).add_child(dot);
    }
    frame
}
