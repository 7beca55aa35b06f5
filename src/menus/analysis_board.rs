//! The analysis board from the title: which game, board and rules to set
//! positions up on (it was always Renju 15×15). The rows are New game's
//! own (`new_game::cycle`, `new_game::row_text`), without the players,
//! the opening and the clocks, which a study has no use for.

use super::Menu;
use super::MenuRequest;
use super::new_game::{SetupField, cycle, row_text};
use crate::current_match::StartMatch;
use crate::locale::Locale;
use crate::settings::Settings;
use crate::states::AppSystems;
use crate::theme::fonts::size;
use crate::theme::interaction::{self, ButtonMessage};
use crate::theme::widgets::{self, RowLabels, RowValues};
use bevy::prelude::*;
use lineup_core::analysis::setup::Setup;
use lineup_core::analysis::study::Study;
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<AnalysisBoardRequest>(app);
    app.add_systems(OnEnter(Menu::AnalysisBoard), (prepare, spawn).chain())
        .add_systems(
            Update,
            (
                handle_requests.in_set(AppSystems::Apply),
                show_values.in_set(AppSystems::Present),
            )
                .run_if(in_state(Menu::AnalysisBoard)),
        );
}

/// The chooser's rows and its Open.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisBoardRequest {
    /// One step of a row's value: back (-1) or on (1).
    Cycle(SetupField, i8),
    /// The analysis board, empty, of the game chosen.
    Open,
}

impl ButtonMessage for AnalysisBoardRequest {
    fn stepped(&self, dir: i8) -> Option<Self> {
        match *self {
            AnalysisBoardRequest::Cycle(field, _) => Some(AnalysisBoardRequest::Cycle(field, dir)),
            AnalysisBoardRequest::Open => None,
        }
    }
}

/// The game, board and rules chosen (the players are not used).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct AnalysisBoardSetup(pub MatchSetup);

/// The last game's kind, else Gomoku under the default rule set: what
/// analysis is most for.
fn prepare(mut commands: Commands, settings: Res<Settings>) {
    let kind = settings.last_setup.map_or(
        GameKind::Gomoku {
            size: settings.default_gomoku_size,
            rule: settings.default_rule,
        },
        |s| s.kind,
    );
    let setup = MatchSetup::new(kind, [PlayerKind::Human, PlayerKind::Human]);
    commands.insert_resource(AnalysisBoardSetup(setup));
}

fn row(field: SetupField) -> impl Bundle {
    widgets::cycle_row(
        String::new(),
        String::new(),
        AnalysisBoardRequest::Cycle(field, -1),
        AnalysisBoardRequest::Cycle(field, 1),
    )
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Analysis board", true),
        DespawnOnExit(Menu::AnalysisBoard),
        children![(
            widgets::panel(700.0),
            children![
                widgets::title("menu.analysis", size::TITLE),
                row(SetupField::Game),
                row(SetupField::BoardSize),
                // Shown for Connect Four too ("Four in a row"), so that
                // Open stays where it is whichever game is chosen.
                row(SetupField::Rule),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(16),
                        margin: UiRect::top(px(8)),
                        ..default()
                    },
                    children![
                        widgets::button("analysis_board.open", AnalysisBoardRequest::Open),
                        widgets::button("common.back", MenuRequest::Back)
                    ],
                ),
            ],
        )],
    ));
}

fn handle_requests(
    mut commands: Commands,
    mut requests: MessageReader<AnalysisBoardRequest>,
    mut setup: ResMut<AnalysisBoardSetup>,
    settings: Res<Settings>,
    mut starts: MessageWriter<StartMatch>,
) {
    for request in requests.read() {
        match *request {
            AnalysisBoardRequest::Cycle(field, dir) => cycle(&mut setup.0, field, dir, &settings),
            AnalysisBoardRequest::Open => {
                let study = Study::new(Setup::empty(&setup.0.kind));
                crate::analysis::start_from_title(study, None, &mut commands, &mut starts);
            }
        }
    }
}

fn show_values(
    setup: Res<AnalysisBoardSetup>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    mut values: RowValues<AnalysisBoardRequest>,
    mut labels: RowLabels<AnalysisBoardRequest>,
) {
    widgets::refresh_rows(&mut values, &mut labels, |request| match *request {
        AnalysisBoardRequest::Cycle(field, _) => {
            row_text(&setup.0, &locale, field, &settings.engines)
        }
        AnalysisBoardRequest::Open => Default::default(),
    });
}
