//! New game: which game, board and rules, who plays each side, who starts.

use super::{Menu, MenuRequest, step};
use crate::current_match::StartMatch;
use crate::locale::terms;
use crate::locale::{Locale, Words};
use crate::settings::Settings;
use crate::states::AppSystems;
use crate::theme::fonts::size;
use crate::theme::interaction::{self, ButtonMessage};
use crate::theme::widgets::{self, RowLabels, RowValues};
use bevy::prelude::*;
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::{EngineTime, GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::rules::opening::OpeningRule;
use lineup_core::rules::{ConnectFourSize, GomokuSize, MatchGame, RuleSet, Side};

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<NewGameRequest>(app);
    app.add_systems(OnEnter(Menu::NewGame), (prepare, spawn).chain())
        .add_systems(OnExit(Menu::NewGame), |mut commands: Commands| {
            commands.remove_resource::<StartFrom>()
        })
        .add_systems(
            Update,
            (
                handle_requests.in_set(AppSystems::Apply),
                (
                    show_values,
                    show_who_starts,
                    show_engine_time,
                    show_gomoku_only,
                )
                    .in_set(AppSystems::Present),
            )
                .run_if(in_state(Menu::NewGame)),
        );
}

/// A value a new-game row cycles through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupField {
    Game,
    Rule,
    Opening,
    BoardSize,
    FirstPlayer,
    SecondPlayer,
    /// How long a Gomocup engine may think a move.
    EngineTime,
    /// The players' clocks: none, or base + increment.
    Clock,
}

/// New game's rows and its Start.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGameRequest {
    /// One step of a row's value: back (-1) or on (1).
    Cycle(SetupField, i8),
    StartGame,
}

impl ButtonMessage for NewGameRequest {
    fn stepped(&self, dir: i8) -> Option<Self> {
        match *self {
            NewGameRequest::Cycle(field, _) => Some(NewGameRequest::Cycle(field, dir)),
            NewGameRequest::StartGame => None,
        }
    }
}

/// The set-up being edited.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct NewGameSetup(pub MatchSetup);

/// The Connect Four sizes offered, smallest first.
const CONNECT_FOUR_SIZES: [(u8, u8); 6] = [(5, 4), (6, 5), (7, 6), (8, 7), (9, 7), (9, 9)];

/// A position the new game starts from (review's "Choose players"), kept
/// only while the game and board it belongs to stay chosen.
#[derive(Resource, Clone, Debug)]
pub struct StartFrom {
    pub setup: MatchSetup,
    pub game: MatchGame,
}

/// Starts from the set-up of the position to play on from, else the last
/// set-up played, else the defaults in the settings.
fn prepare(mut commands: Commands, settings: Res<Settings>, start: Option<Res<StartFrom>>) {
    if let Some(start) = start {
        // A game from a position has no opening to play.
        let setup = start.setup.with_opening(OpeningRule::None);
        commands.insert_resource(NewGameSetup(setup));
        return;
    }
    let setup = settings.last_setup.unwrap_or(MatchSetup::new(
        GameKind::default(),
        [
            PlayerKind::Human,
            PlayerKind::Computer(settings.default_level),
        ],
    ));
    commands.insert_resource(NewGameSetup(setup));
}

fn row(field: SetupField) -> impl Bundle {
    widgets::cycle_row(
        String::new(),
        String::new(),
        NewGameRequest::Cycle(field, -1),
        NewGameRequest::Cycle(field, 1),
    )
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("New game", true),
        DespawnOnExit(Menu::NewGame),
        children![(
            widgets::panel(700.0),
            children![
                widgets::title("new_game.title", size::TITLE),
                (
                    GomokuOnly,
                    Node {
                        position_type: PositionType::Absolute,
                        top: px(18),
                        right: px(18),
                        ..default()
                    },
                    children![widgets::sized_button(
                        "new_game.add_engine",
                        MenuRequest::OpenAddEngine,
                        130.0,
                        34.0,
                        size::SMALL,
                    )],
                ),
                row(SetupField::Game),
                row(SetupField::BoardSize),
                (GomokuOnly, row(SetupField::Rule)),
                (GomokuOnly, row(SetupField::Opening)),
                row(SetupField::FirstPlayer),
                row(SetupField::SecondPlayer),
                row(SetupField::Clock),
                (EngineTimeRow, row(SetupField::EngineTime)),
                (
                    WhoStarts,
                    widgets::dim_label("new_game.who_starts"),
                    TextLayout::justify(Justify::Center),
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(16),
                        margin: UiRect::top(px(8)),
                        ..default()
                    },
                    children![
                        widgets::button("new_game.start", NewGameRequest::StartGame),
                        widgets::button("common.back", MenuRequest::Back)
                    ],
                ),
            ],
        )],
    ));
}

/// Steps `field` of `setup` forward (`dir` > 0) or back.
pub fn cycle(setup: &mut MatchSetup, field: SetupField, dir: i8, settings: &Settings) {
    match field {
        SetupField::Game => {
            setup.kind = match setup.kind {
                GameKind::ConnectFour { .. } => GameKind::Gomoku {
                    size: settings.default_gomoku_size,
                    rule: settings.default_rule,
                },
                GameKind::Gomoku { .. } => GameKind::default(),
            };
            // Gomocup engines play Gomoku only.
            if matches!(setup.kind, GameKind::ConnectFour { .. }) {
                for player in &mut setup.players {
                    if matches!(player, PlayerKind::Engine(_)) {
                        *player = PlayerKind::Computer(settings.default_level);
                    }
                }
            }
        }
        SetupField::BoardSize => match &mut setup.kind {
            GameKind::ConnectFour { size } => {
                let next = step(&CONNECT_FOUR_SIZES, (size.columns(), size.rows()), dir);
                *size = ConnectFourSize::new(next.0, next.1).unwrap_or_default();
            }
            GameKind::Gomoku { size, .. } => {
                *size = step(&GomokuSize::ALL, *size, dir);
            }
        },
        SetupField::Rule => {
            if let GameKind::Gomoku { rule, .. } = &mut setup.kind {
                *rule = step(&RuleSet::ALL, *rule, dir);
            }
        }
        SetupField::Opening => {
            if let GameKind::Gomoku { rule, .. } = setup.kind {
                setup.set_opening(step(&OpeningRule::choices(rule), setup.opening(), dir));
            }
        }
        SetupField::EngineTime => {
            setup.engine_time = step(&EngineTime::CHOICES, setup.engine_time, dir);
        }
        SetupField::Clock => {
            setup.clock = step(&TimeControl::CHOICES, setup.clock, dir);
        }
        SetupField::FirstPlayer | SetupField::SecondPlayer => {
            let side = if field == SetupField::FirstPlayer {
                0
            } else {
                1
            };
            let engines = match setup.kind {
                GameKind::Gomoku { .. } => settings.engines.len(),
                GameKind::ConnectFour { .. } => 0,
            };
            let choices: Vec<PlayerKind> = PlayerKind::choices(engines).collect();
            setup.players[side] = step(&choices, setup.players[side], dir);
        }
    }
}

/// What a row shows: its label and its value.
pub fn row_text(
    setup: &MatchSetup,
    locale: &Locale,
    field: SetupField,
    engines: &[EngineEntry],
) -> (String, String) {
    let kind = setup.kind;
    let size = |columns: u8, rows: u8| {
        locale.f(
            "common.board_size",
            &[("columns", &columns), ("rows", &rows)],
        )
    };
    let (label, value) = match field {
        SetupField::Game => (
            locale.t("new_game.game").into(),
            locale
                .t(match kind {
                    GameKind::ConnectFour { .. } => "game.connect_four",
                    GameKind::Gomoku { .. } => "game.gomoku",
                })
                .into(),
        ),
        SetupField::BoardSize => (
            locale.t("new_game.board").into(),
            match kind {
                GameKind::ConnectFour { size: s } => size(s.columns(), s.rows()),
                GameKind::Gomoku { size: n, .. } => size(n.get(), n.get()),
            },
        ),
        SetupField::Rule => (
            locale.t("new_game.rules").into(),
            locale
                .t(match kind {
                    GameKind::ConnectFour { .. } => "new_game.rules.four_in_a_row",
                    GameKind::Gomoku {
                        rule: RuleSet::Freestyle,
                        ..
                    } => "new_game.rules.freestyle",
                    GameKind::Gomoku {
                        rule: RuleSet::ExactFive,
                        ..
                    } => "new_game.rules.exact_five",
                    GameKind::Gomoku {
                        rule: RuleSet::Renju,
                        ..
                    } => "rule.renju",
                })
                .into(),
        ),
        SetupField::Opening => (
            locale.t("new_game.opening").into(),
            match kind {
                GameKind::ConnectFour { .. } => locale.t("new_game.opening.none").into(),
                GameKind::Gomoku { .. } => terms::opening_rule(locale, setup.opening()).into(),
            },
        ),
        // Under an opening rule the opening settles who plays which colour.
        SetupField::FirstPlayer if setup.opening() != OpeningRule::None => (
            locale.t("new_game.first_player").into(),
            terms::player(locale, setup.players[0], engines),
        ),
        SetupField::SecondPlayer if setup.opening() != OpeningRule::None => (
            locale.t("new_game.second_player").into(),
            terms::player(locale, setup.players[1], engines),
        ),
        SetupField::FirstPlayer => (
            locale.f(
                "new_game.first",
                &[("side", &terms::side(locale, kind, Side::First))],
            ),
            terms::player(locale, setup.players[0], engines),
        ),
        SetupField::SecondPlayer => (
            locale.f(
                "new_game.second",
                &[("side", &terms::side(locale, kind, Side::Second))],
            ),
            terms::player(locale, setup.players[1], engines),
        ),
        SetupField::Clock => (
            locale.t("new_game.clock").into(),
            terms::time_control(locale, setup.clock),
        ),
        SetupField::EngineTime => (
            locale.t("new_game.engine_time").into(),
            locale.f(
                "new_game.engine_time.value",
                &[("seconds", &setup.engine_time.0)],
            ),
        ),
    };
    (label, value)
}

fn handle_requests(
    mut requests: MessageReader<NewGameRequest>,
    start: Option<Res<StartFrom>>,
    mut setup: ResMut<NewGameSetup>,
    mut settings: ResMut<Settings>,
    mut starts: MessageWriter<StartMatch>,
) {
    for request in requests.read() {
        match *request {
            NewGameRequest::Cycle(field, dir) => cycle(&mut setup.0, field, dir, &settings),
            NewGameRequest::StartGame => {
                settings.last_setup = Some(setup.0);
                // The reviewed position, if the game and board are still its
                // own; a game from a position has no opening to play.
                let new = match start.as_ref().filter(|s| s.setup.kind == setup.0.kind) {
                    Some(start) => {
                        let setup = setup.0.with_opening(OpeningRule::None);
                        Match::from_position(setup, None, start.game.clone())
                    }
                    None => Match::new(setup.0),
                };
                starts.write(StartMatch(new));
            }
        }
    }
}

/// What only Gomoku can use, hidden for Connect Four: the Rules and
/// Opening rows (Connect Four has one rule and no opening rule) and Add
/// engine… at the panel's corner (Gomocup engines play nothing else).
#[derive(Component)]
struct GomokuOnly;

fn show_gomoku_only(
    setup: Res<NewGameSetup>,
    mut buttons: Query<(&mut Node, &mut Visibility), With<GomokuOnly>>,
) {
    let gomoku = matches!(setup.0.kind, GameKind::Gomoku { .. });
    for (node, visibility) in &mut buttons {
        widgets::set_shown(node, visibility, gomoku);
    }
}

/// New game's row for the engines' time, shown while an engine plays.
#[derive(Component)]
struct EngineTimeRow;

fn show_engine_time(
    setup: Res<NewGameSetup>,
    mut rows: Query<(&mut Node, &mut Visibility), With<EngineTimeRow>>,
) {
    let engine = setup
        .0
        .players
        .iter()
        .any(|p| matches!(p, PlayerKind::Engine(_)));
    for (node, visibility) in &mut rows {
        widgets::set_shown(node, visibility, engine);
    }
}

/// The line under the players: who moves first, or under an opening rule,
/// that the opening settles it.
#[derive(Component)]
struct WhoStarts;

/// Every row's label and value follow the set-up.
fn show_values(
    setup: Res<NewGameSetup>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    mut values: RowValues<NewGameRequest>,
    mut labels: RowLabels<NewGameRequest>,
) {
    widgets::refresh_rows(&mut values, &mut labels, |request| match *request {
        NewGameRequest::Cycle(field, _) => row_text(&setup.0, &locale, field, &settings.engines),
        NewGameRequest::StartGame => Default::default(),
    });
}

fn show_who_starts(
    setup: Res<NewGameSetup>,
    locale: Res<Locale>,
    mut who_starts: Query<(&mut Words, &mut Text), With<WhoStarts>>,
) {
    let key = if setup.0.opening() == OpeningRule::None {
        "new_game.who_starts"
    } else {
        "new_game.opening_decides"
    };
    for (mut words, mut text) in &mut who_starts {
        if *words != Words::Key(key) {
            *words = Words::Key(key);
            text.0 = locale.t(key).to_string();
        }
    }
}
