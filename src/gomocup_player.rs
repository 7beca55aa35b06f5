//! Gomocup engines as players. When an engine is to move, the computer
//! player's search (`computer.rs`) asks its seat (`engine::seat`: the
//! process, started on first use) on a thread of its own, so the frame
//! never waits on a program; the answer is judged by the referee, and a
//! crash, a hang, prose or an illegal move loses the engine the game with
//! a message that says what it did (`Forfeited`). Its `MESSAGE` lines go to
//! a small log on the panel. A new match or leaving the game ends the
//! processes, off the frame; every one is reaped.

use crate::current_match::CurrentMatch;
use crate::disk::Storage;
use crate::settings::Settings;
use crate::states::{AppSystems, Screen};
use crate::theme::fonts::size;
use crate::theme::paint::Ink;
use crate::theme::palette::Colour;
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_core::gomocup::client::TimeControl;
use lineup_core::gomocup::referee::play_answer;
use lineup_core::gomocup::registry::{self, EngineEntry};
use lineup_core::gomocup::seat::EngineSeat;
use lineup_core::match_setup::{EngineSlot, GameKind};
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Game, Gomoku, MatchGame};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineSeats>()
        .add_systems(Startup, list_engines)
        .add_systems(OnExit(Screen::Game), end_engines)
        .add_systems(
            Update,
            // Before any search of the frame can take a seat.
            end_engines_of_other_matches
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            Update,
            show_log
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Game)),
        );
}

/// The engines' log on the game panel: their last few `MESSAGE` lines.
#[derive(Component)]
pub struct EngineLog;

/// The log's text, for the panel (empty and out of the layout until an
/// engine speaks).
pub fn log_text() -> impl Bundle {
    (
        Name::new("Engine log"),
        EngineLog,
        Text::new(""),
        TextFont::from_font_size(size::CAPTION),
        Ink(Colour::TextDim),
        TextLayout::justify(Justify::Left),
        Node {
            display: Display::None,
            max_width: percent(100),
            ..default()
        },
    )
}

fn show_log(seats: Res<EngineSeats>, mut log: Query<(&mut Text, &mut Node), With<EngineLog>>) {
    let lines = seats.log().join("\n");
    for (mut text, mut node) in &mut log {
        if text.0 != lines {
            text.0 = lines.clone();
            node.display = if lines.is_empty() {
                Display::None
            } else {
                Display::Flex
            };
        }
    }
}

/// How many of an engine's lines the panel's log keeps.
const LOG_LINES: usize = 4;

/// The engines of the match in play, by the player they play for (first,
/// second), and the lines they said.
#[derive(Resource, Default)]
pub struct EngineSeats {
    /// The match they play in.
    match_id: u64,
    seats: [Arc<Mutex<Option<EngineSeat>>>; 2],
    log: Arc<Mutex<Vec<String>>>,
}

impl EngineSeats {
    /// The newest lines the engines said (`name: text`), oldest first.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn clear(&mut self) {
        let seats = std::mem::take(&mut self.seats);
        self.log.lock().unwrap_or_else(|e| e.into_inner()).clear();
        // `END`, a grace, a kill and the wait: not on the frame.
        if seats.iter().any(|s| Arc::strong_count(s) > 1 || taken(s)) {
            std::thread::spawn(move || drop(seats));
        }
    }
}

fn taken(seat: &Arc<Mutex<Option<EngineSeat>>>) -> bool {
    seat.try_lock().map_or(true, |s| s.is_some())
}

/// What an engine did on its turn.
pub enum EngineTurn {
    Move(Move),
    /// It lost the game: what it did.
    Forfeit(String),
}

/// The engine `ask` names answers, on the caller's thread (a search
/// thread: see `computer.rs`), judged by the referee. `None`: stopped
/// meanwhile (the answer is for a position that is gone).
pub fn answer(ask: EngineRequest, stop: &AtomicBool) -> Option<EngineTurn> {
    let EngineRequest {
        seat,
        log,
        entry,
        mut game,
        time,
    } = ask;
    let Some(entry) = entry else {
        return Some(EngineTurn::Forfeit(
            "is no longer in the list of engines".into(),
        ));
    };
    let mut seat = seat.lock().unwrap_or_else(|e| e.into_inner());
    if seat.is_none() {
        let position = game.position();
        match EngineSeat::start(entry.command(), position.size(), position.rule(), time) {
            Ok(started) => *seat = Some(started),
            Err(fault) => return Some(EngineTurn::Forfeit(fault.to_string())),
        }
    }
    let running = seat.as_mut().expect("started above");
    let answer = running.answer(game.history());
    {
        let mut log = log.lock().unwrap_or_else(|e| e.into_inner());
        for line in running.take_messages() {
            info!("Engine {}: {line}", entry.name);
            log.push(format!("{}: {line}", entry.name));
        }
        let extra = log.len().saturating_sub(LOG_LINES);
        log.drain(..extra);
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let played = answer.as_ref().ok().copied();
    match play_answer(&mut game, answer) {
        Ok(_) => played.map(EngineTurn::Move),
        Err(forfeit) => {
            // A process that misbehaved is not asked again: the next game
            // (or an undo) starts it afresh.
            *seat = None;
            Some(EngineTurn::Forfeit(forfeit.to_string()))
        }
    }
}

/// Everything a thread needs to ask an engine for its move.
pub struct EngineRequest {
    seat: Arc<Mutex<Option<EngineSeat>>>,
    log: Arc<Mutex<Vec<String>>>,
    entry: Option<EngineEntry>,
    game: Game<Gomoku>,
    time: TimeControl,
}

impl EngineRequest {
    /// The request for the engine at `slot`, playing for `player` (0 or
    /// 1) in `game`'s match; `None` when the game is not Gomoku.
    pub fn new(
        seats: &EngineSeats,
        settings: &Settings,
        game: &CurrentMatch,
        slot: EngineSlot,
        player: usize,
    ) -> Option<EngineRequest> {
        let (MatchGame::Gomoku(g), GameKind::Gomoku { .. }) = (&game.game(), game.setup().kind)
        else {
            return None;
        };
        Some(EngineRequest {
            seat: seats.seats[player].clone(),
            log: seats.log.clone(),
            entry: settings.engines.get(slot.0 as usize).cloned(),
            game: g.clone(),
            time: TimeControl {
                turn: game.setup().engine_time.per_move(),
                game: None,
            },
        })
    }
}

/// Engines to add to the list at start (`--add-engine`).
#[derive(Resource, Debug, Default)]
pub struct EnginesToAdd(pub Vec<std::path::PathBuf>);

/// `pbrain-lineup`, shipped beside `lineup`, is always in the list, and
/// `--add-engine` adds to it.
fn list_engines(
    mut settings: ResMut<Settings>,
    add: Option<Res<EnginesToAdd>>,
    storage: Option<Res<Storage>>,
    mut toasts: MessageWriter<Toast>,
) {
    offer_the_bundled_engine(&mut settings);
    let added = add.as_ref().is_some_and(|a| !a.0.is_empty());
    for path in add.iter().flat_map(|a| a.0.iter()) {
        let at = registry::remember(&mut settings.engines, EngineEntry::from_path(path.clone()));
        info!(
            "Engine {} added as engine {}: {}",
            settings.engines[at].name,
            at + 1,
            path.display()
        );
    }
    // Written now: the settings loaded this frame count as unchanged.
    if added {
        crate::disk::write_settings(&settings, storage.as_deref(), &mut toasts);
    }
}

fn offer_the_bundled_engine(settings: &mut Settings) {
    let Some(bundled) = std::env::current_exe()
        .ok()
        .and_then(|exe| registry::bundled(&exe))
    else {
        return;
    };
    if let Some(i) = registry::bundled_in(&settings.engines) {
        if settings.engines[i].path != bundled.path {
            settings.engines[i].path = bundled.path;
        }
    } else {
        settings.engines.push(bundled);
    }
}

fn end_engines(mut seats: ResMut<EngineSeats>) {
    seats.clear();
}

/// A new match (or a loaded one) starts its engines afresh.
fn end_engines_of_other_matches(game: Res<CurrentMatch>, mut seats: ResMut<EngineSeats>) {
    if seats.match_id != game.id() {
        seats.clear();
        seats.match_id = game.id();
    }
}
