//! Results: the player's wins, losses and draws against the computer, for
//! each game and level (`results`, `persist::record`), with Reset (pressed
//! twice: a record is never lost to one stray click).

use super::MenuRequest;
use crate::disk::Storage;
use crate::locale::{Locale, Words, terms};
use crate::results::{self, PlayerRecord};
use crate::states::{AppSystems, Menu};
use crate::theme::fonts::{Bold, size};
use crate::theme::interaction::{self, ButtonMessage, Sends};
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use crate::theme::toast::Toast;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::ai::Level;
use lineup_core::persist::record::{Record, RecordedGame};

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<ResultsRequest>(app);
    app.add_systems(OnEnter(Menu::Results), spawn)
        .add_systems(OnExit(Menu::Results), |mut commands: Commands| {
            commands.remove_resource::<ResetArmed>()
        })
        .add_systems(
            Update,
            (
                reset.in_set(AppSystems::Apply),
                (show_tallies, label_reset).in_set(AppSystems::Present),
            )
                .run_if(in_state(Menu::Results)),
        );
}

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultsRequest {
    /// Reset the record: the first press asks, the second does it.
    Reset,
}

impl ButtonMessage for ResultsRequest {
    fn is_destructive(&self) -> bool {
        true
    }
}

/// Reset was pressed once: the next press resets.
#[derive(Resource)]
struct ResetArmed;

/// A cell of the table: a game's tally at a level.
#[derive(Component, Clone, Copy)]
struct TallyCell(RecordedGame, Level);

const LEVELS: [Level; 5] = [
    Level::Beginner,
    Level::Easy,
    Level::Medium,
    Level::Hard,
    Level::Master,
];

fn cell(width: f32, content: impl Bundle) -> impl Bundle {
    (
        Node {
            width: px(width),
            justify_content: JustifyContent::Center,
            ..default()
        },
        children![content],
    )
}

fn spawn(mut commands: Commands, locale: Res<Locale>) {
    let heading = |words: &'static str| {
        (
            Words::Key(words),
            TextFont::from_font_size(size::SMALL),
            Bold,
            Ink(Colour::TextDim),
        )
    };
    commands
        .spawn((
            widgets::overlay("Results", true),
            DespawnOnExit(Menu::Results),
        ))
        .with_children(|overlay| {
            overlay.spawn(widgets::panel(620.0)).with_children(|panel| {
                panel.spawn(widgets::title("results.title", size::TITLE));
                panel.spawn(widgets::row((Children::spawn((
                    Spawn(cell(150.0, heading("results.level"))),
                    Spawn(cell(180.0, heading("game.connect_four"))),
                    Spawn(cell(180.0, heading("game.gomoku"))),
                )),)));
                for level in LEVELS {
                    panel.spawn(widgets::row(Children::spawn((
                        Spawn(cell(
                            150.0,
                            widgets::label(terms::level(&locale, level).to_string()),
                        )),
                        Spawn(cell(
                            180.0,
                            (
                                TallyCell(RecordedGame::ConnectFour, level),
                                widgets::label(String::new()),
                            ),
                        )),
                        Spawn(cell(
                            180.0,
                            (
                                TallyCell(RecordedGame::Gomoku, level),
                                widgets::label(String::new()),
                            ),
                        )),
                    ))));
                }
                panel.spawn((
                    widgets::dim_label("results.key"),
                    TextLayout::justify(Justify::Center),
                ));
                panel.spawn(widgets::row(children![
                    widgets::small_button("results.reset", ResultsRequest::Reset),
                    widgets::small_button("common.back", MenuRequest::Back),
                ]));
            });
        });
}

/// "3 – 1 – 0", or a dash before any game.
fn tally_text(locale: &Locale, record: &Record, game: RecordedGame, level: Level) -> String {
    let tally = record.tally(game, level);
    if tally.games() == 0 {
        return locale.t("results.none").into();
    }
    locale.f(
        "results.cell",
        &[
            ("won", &tally.wins),
            ("lost", &tally.losses),
            ("drawn", &tally.draws),
        ],
    )
}

fn show_tallies(
    kept: Res<PlayerRecord>,
    locale: Res<Locale>,
    mut cells: Query<(&TallyCell, &mut Text)>,
) {
    for (TallyCell(game, level), mut text) in &mut cells {
        let wanted = tally_text(&locale, &kept.0, *game, *level);
        if text.0 != wanted {
            text.0 = wanted;
        }
    }
}

fn reset(
    mut commands: Commands,
    mut requests: MessageReader<ResultsRequest>,
    armed: Option<Res<ResetArmed>>,
    mut kept: ResMut<PlayerRecord>,
    storage: Option<Res<Storage>>,
    locale: Res<Locale>,
    mut toasts: MessageWriter<Toast>,
) {
    if requests.read().count() == 0 {
        return;
    }
    if armed.is_none() {
        commands.insert_resource(ResetArmed);
        return;
    }
    commands.remove_resource::<ResetArmed>();
    kept.0 = Record::default();
    results::write(&kept, storage.as_deref(), &mut toasts);
    toasts.write(Toast::window(locale.t("results.reset_done")));
}

/// Reset says when the next press resets.
fn label_reset(
    armed: Option<Res<ResetArmed>>,
    locale: Res<Locale>,
    buttons: Query<&Children, With<Sends<ResultsRequest>>>,
    mut words: Query<(&mut Words, &mut Text)>,
) {
    let key = if armed.is_some() {
        "results.reset_confirm"
    } else {
        "results.reset"
    };
    for children in &buttons {
        for child in children.iter() {
            if let Ok((mut w, mut text)) = words.get_mut(child)
                && *w != Words::Key(key)
            {
                *w = Words::Key(key);
                text.0 = locale.t(key).to_string();
            }
        }
    }
}
