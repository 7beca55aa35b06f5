//! The game's ECS pipeline without a window: MinimalPlugins + StatesPlugin
//! and the game's own plugins. Messages go in, `update()` runs frames, and
//! the tests look at resources, states and entities.

use bevy::ecs::resource::IsResource;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use lineup::board::markers::{ForbiddenMark, WinGlow};
use lineup::board::pieces::{Animating, Piece};
use lineup::current_match::HistoryRequest;
use lineup::current_match::PieceLanded;
use lineup::current_match::{
    CurrentMatch, GameEnded, MatchAtStart, MoveRefusal, MoveRefused, MoveRequested, Requester,
};
use lineup::disk::Storage;
use lineup::menus::MenuRequest;
use lineup::menus::load::LoadRequest;
use lineup::menus::new_game::NewGameRequest;
use lineup::menus::save::SaveRequest;
use lineup::menus::settings::SettingChange;
use lineup::menus::settings::SettingField;
use lineup::settings::Settings;
use lineup::states::{GamePhase, Menu, Screen};
use lineup::theme::interaction::{Activated, ButtonMessage, Sends};
use lineup::theme::toast::{ToastLine, ToastPlace};
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::persist::folders::Folders;
use lineup_core::rules::{
    BoardMove, Column, ConnectFour, ConnectFourSize, Ending, Foul, Gomoku, GomokuSize, MatchGame,
    MoveError, Point, RuleSet, Side,
};
use std::time::Duration;

/// A headless app with the game's plugins; frames advance 50 ms each. Its
/// files go to a fresh folder of its own, never the player's.
pub(crate) fn app() -> App {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("app-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    app_with_home(&home)
}

pub(crate) fn app_with_home(home: &std::path::Path) -> App {
    let mut app = App::new();
    app.insert_resource(Storage::at(Folders::under(home)));
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>()
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )))
        .insert_resource(ButtonInput::<KeyCode>::default())
        .insert_resource(ButtonInput::<MouseButton>::default())
        .add_plugins(lineup::app::game_plugins);
    app
}

/// An app already in a game of `kind` after `moves`.
pub(crate) fn app_in_game(kind: GameKind, moves: &str, players: [PlayerKind; 2]) -> App {
    let mut app = app();
    let game = match kind {
        GameKind::ConnectFour { size } => {
            MatchGame::ConnectFour(ConnectFour::game_from_moves(size, moves).expect("legal moves"))
        }
        GameKind::Gomoku { size, rule } => MatchGame::Gomoku(
            Gomoku::game_from_moves(Gomoku::empty(size, rule), moves).expect("legal moves"),
        ),
    };
    let start = Match::from_position(MatchSetup::new(kind, players), None, game);
    app.insert_resource(MatchAtStart(start));
    run(&mut app, 3);
    assert_eq!(screen(&app), Screen::Game);
    app
}

pub(crate) const C4: GameKind = GameKind::ConnectFour {
    size: ConnectFourSize::STANDARD,
};
pub(crate) const RENJU: GameKind = GameKind::Gomoku {
    size: GomokuSize::STANDARD,
    rule: RuleSet::Renju,
};
pub(crate) const HUMANS: [PlayerKind; 2] = [PlayerKind::Human, PlayerKind::Human];

pub(crate) fn run(app: &mut App, frames: usize) {
    for _ in 0..frames {
        app.update();
    }
}

/// Frames until nothing moves (at most ~5 s of game time).
pub(crate) fn settle(app: &mut App) {
    for _ in 0..100 {
        app.update();
        if count::<Animating>(app) == 0 {
            app.update();
            return;
        }
    }
    panic!("pieces never came to rest");
}

/// A key pressed for one frame and released (without Bevy's input plugin,
/// the test clears the "just pressed" state itself).
pub(crate) fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
    app.update();
}

pub(crate) fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

pub(crate) fn menu(app: &App) -> Menu {
    *app.world().resource::<State<Menu>>().get()
}

pub(crate) fn phase(app: &App) -> Option<GamePhase> {
    app.world()
        .get_resource::<State<GamePhase>>()
        .map(|s| *s.get())
}

pub(crate) fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

/// How many entities are named `name`.
pub(crate) fn named(app: &mut App, name: &str) -> usize {
    app.world_mut()
        .query::<&Name>()
        .iter(app.world())
        .filter(|n| n.as_str() == name)
        .count()
}

pub(crate) fn moves(app: &App) -> usize {
    app.world().resource::<CurrentMatch>().game().move_count()
}

pub(crate) fn request(app: &mut App, mv: BoardMove) {
    app.world_mut().write_message(MoveRequested {
        mv,
        by: Requester::Human,
    });
}

/// Frames, 5 ms of real time apart, until `done` holds; at most `frames`
/// of them.
pub(crate) fn until(app: &mut App, frames: usize, what: &str, done: impl Fn(&mut App) -> bool) {
    for _ in 0..frames {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("never: {what}");
}

/// Types `text` a key at a time, as a keyboard does (each key's message,
/// pressed then let go), a frame each.
pub(crate) fn type_keys(app: &mut App, text: &str) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    for c in text.chars() {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
                logical_key: Key::Character(c.to_string().into()),
                state,
                text: (state == ButtonState::Pressed).then(|| c.to_string().into()),
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        }
        app.update();
    }
}

/// What the toast line of `place` shows now (empty when nothing).
pub(crate) fn toast(app: &mut App, place: ToastPlace) -> String {
    let mut lines = app.world_mut().query::<(&ToastLine, &Text)>();
    lines
        .iter(app.world())
        .find(|(line, _)| line.at == place)
        .map(|(_, text)| text.0.clone())
        .unwrap_or_else(|| panic!("no {place:?} toast line on screen"))
}

/// Every text on screen.
pub(crate) fn texts(app: &mut App) -> Vec<String> {
    let mut query = app.world_mut().query::<&Text>();
    query.iter(app.world()).map(|t| t.0.clone()).collect()
}

/// Writes `message` as its area's systems receive it (from a button, a
/// key or another system).
pub(crate) fn act<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
}

/// Activates the button on screen that sends `message`, as a click or
/// Enter does: fails if no such button is spawned.
pub(crate) fn press_button<M: ButtonMessage + PartialEq>(app: &mut App, message: M) {
    let mut buttons = app.world_mut().query::<(Entity, &Sends<M>)>();
    let button = buttons
        .iter(app.world())
        .find(|(_, Sends(m))| *m == message)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("no button sends {message:?}"));
    app.world_mut().trigger(Activated { entity: button });
}

/// Every message of type `M` written since `record` was called, collected
/// at the end of each frame (messages live only two frames).
#[derive(Resource)]
pub(crate) struct Seen<M: Message>(Vec<M>);

pub(crate) fn record<M: Message + Clone>(app: &mut App) {
    app.insert_resource(Seen::<M>(Vec::new())).add_systems(
        Last,
        |mut reader: MessageReader<M>, mut seen: ResMut<Seen<M>>| {
            seen.0.extend(reader.read().cloned())
        },
    );
}

pub(crate) fn seen<M: Message + Clone>(app: &App) -> Vec<M> {
    app.world().resource::<Seen<M>>().0.clone()
}

#[test]
fn a_move_message_becomes_a_board_change_and_a_falling_disc_that_lands() {
    let mut app = app_in_game(C4, "", HUMANS);
    record::<PieceLanded>(&mut app);
    request(&mut app, BoardMove::Column(Column(3)));
    run(&mut app, 2);
    assert_eq!(moves(&app), 1);
    assert_eq!(count::<Piece>(&mut app), 1);
    assert_eq!(count::<Animating>(&mut app), 1, "the disc is falling");
    assert!(seen::<PieceLanded>(&app).is_empty(), "not landed yet");
    settle(&mut app);
    let landed = seen::<PieceLanded>(&app);
    assert_eq!(landed.len(), 1);
    assert_eq!(
        (landed[0].mv, landed[0].side, landed[0].ply),
        (BoardMove::Column(Column(3)), Side::First, 0)
    );
    assert!(
        landed[0].drop > 0.9,
        "a disc into an empty column falls the whole height"
    );
}

#[test]
fn clicks_during_a_fall_are_queued_never_lost_or_doubled() {
    let mut app = app_in_game(C4, "", HUMANS);
    request(&mut app, BoardMove::Column(Column(0)));
    run(&mut app, 1);
    request(&mut app, BoardMove::Column(Column(1)));
    request(&mut app, BoardMove::Column(Column(2)));
    request(&mut app, BoardMove::Column(Column(3)));
    for _ in 0..4 {
        settle(&mut app);
    }
    // The queue holds two: the first click and two of the burst were played.
    assert_eq!(moves(&app), 3);
    assert_eq!(count::<Piece>(&mut app), 3);
}

#[test]
fn a_full_column_is_refused_with_a_message() {
    let mut app = app_in_game(C4, "111111", HUMANS);
    record::<MoveRefused>(&mut app);
    assert_eq!(
        count::<Piece>(&mut app),
        6,
        "the six discs are on the board"
    );
    request(&mut app, BoardMove::Column(Column(0)));
    run(&mut app, 2);
    let refused = seen::<MoveRefused>(&app);
    assert_eq!(
        refused[0].refusal,
        MoveRefusal::Rules(MoveError::ColumnFull { column: 0 })
    );
    assert_eq!(moves(&app), 6);
    assert_eq!(toast(&mut app, ToastPlace::Board), "Column 1 is full.");
}

#[test]
fn a_forbidden_point_is_marked_and_refused_with_its_reason() {
    // A double-three at j8 (as in the rules tests): Black g8 h8 and j6 j7,
    // White's stones far away.
    let mut app = app_in_game(RENJU, "g8a1h8a3j6o1j7o15", HUMANS);
    let j8 = Point::new(9, 7);
    let marks: Vec<Point> = app
        .world_mut()
        .query::<&ForbiddenMark>()
        .iter(app.world())
        .map(|m| m.0)
        .collect();
    assert!(marks.contains(&j8), "j8 is marked: {marks:?}");
    record::<MoveRefused>(&mut app);
    request(&mut app, BoardMove::Point(j8));
    run(&mut app, 2);
    assert_eq!(
        seen::<MoveRefused>(&app)[0].refusal,
        MoveRefusal::Rules(MoveError::Forbidden(Foul::DoubleThree))
    );
    let said = toast(&mut app, ToastPlace::Board);
    assert!(said.contains("double-three"), "{said}");
    // White moves next in another position: no marks on White's turn.
    request(&mut app, BoardMove::Point(Point::new(14, 7)));
    settle(&mut app);
    assert_eq!(count::<ForbiddenMark>(&mut app), 0);
}

#[test]
fn a_win_moves_the_game_over_and_lights_the_line() {
    let mut app = app_in_game(C4, "121212", HUMANS);
    record::<GameEnded>(&mut app);
    request(&mut app, BoardMove::Column(Column(0)));
    run(&mut app, 2);
    assert_eq!(
        phase(&app),
        Some(GamePhase::Playing),
        "the result waits for the disc to land"
    );
    settle(&mut app);
    run(&mut app, 2);
    assert_eq!(phase(&app), Some(GamePhase::Over));
    assert_eq!(
        seen::<GameEnded>(&app),
        [GameEnded(Ending::Win(Side::First))]
    );
    assert_eq!(count::<WinGlow>(&mut app), 4);
    // The board takes no more moves.
    request(&mut app, BoardMove::Column(Column(5)));
    run(&mut app, 3);
    assert_eq!(moves(&app), 7);
}

#[test]
fn undo_and_redo_change_the_board_and_the_pieces() {
    let mut app = app_in_game(C4, "4453", HUMANS);
    act(&mut app, HistoryRequest::Undo);
    run(&mut app, 2);
    assert_eq!((moves(&app), count::<Piece>(&mut app)), (3, 3));
    act(&mut app, HistoryRequest::Undo);
    run(&mut app, 2);
    assert_eq!((moves(&app), count::<Piece>(&mut app)), (2, 2));
    act(&mut app, HistoryRequest::Redo);
    run(&mut app, 2);
    assert_eq!((moves(&app), count::<Piece>(&mut app)), (3, 3));
    // Undo after a win goes back to play.
    let mut app = app_in_game(C4, "1212121", HUMANS);
    run(&mut app, 3);
    assert_eq!(phase(&app), Some(GamePhase::Over));
    act(&mut app, HistoryRequest::Undo);
    run(&mut app, 3);
    assert_eq!(
        (phase(&app), count::<WinGlow>(&mut app)),
        (Some(GamePhase::Playing), 0)
    );
}

#[test]
fn undo_against_the_computer_takes_back_a_whole_turn() {
    let players = [
        PlayerKind::Human,
        PlayerKind::Computer(lineup_core::match_setup::Level::Medium),
    ];
    let mut app = app_in_game(C4, "", players);
    request(&mut app, BoardMove::Column(Column(3)));
    // The computer thinks off the frame and answers after its landing.
    for _ in 0..200 {
        app.update();
        if moves(&app) == 2 {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(moves(&app), 2, "the computer replied");
    settle(&mut app);
    act(&mut app, HistoryRequest::Undo);
    run(&mut app, 2);
    assert_eq!(moves(&app), 0, "both the reply and the move are gone");
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().to_move(),
        Side::First
    );
}

#[test]
fn resigning_asks_first_and_ends_the_game() {
    let mut app = app_in_game(C4, "44", HUMANS);
    act(&mut app, MenuRequest::Resign);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::ConfirmResign);
    act(&mut app, HistoryRequest::Resign);
    run(&mut app, 3);
    assert_eq!(menu(&app), Menu::None);
    assert_eq!(phase(&app), Some(GamePhase::Over));
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().ending(),
        Some(Ending::Resigned {
            winner: Side::Second
        })
    );
}

#[test]
fn keys_drop_discs_and_esc_pauses() {
    let mut app = app_in_game(C4, "", HUMANS);
    press(&mut app, KeyCode::Digit5);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().moves(),
        vec![BoardMove::Column(Column(4))]
    );
    settle(&mut app);
    press(&mut app, KeyCode::Escape);
    assert_eq!(menu(&app), Menu::Pause);
    press(&mut app, KeyCode::Digit1);
    assert_eq!(moves(&app), 1, "no moves while paused");
    press(&mut app, KeyCode::Escape);
    assert_eq!(menu(&app), Menu::None);
}

#[test]
fn menus_work_by_keyboard_and_a_game_leaves_nothing_behind() {
    let mut app = app();
    run(&mut app, 3);
    assert_eq!((screen(&app), menu(&app)), (Screen::Title, Menu::Main));
    let entities = |app: &mut App| {
        app.world_mut()
            .query_filtered::<Entity, Without<IsResource>>()
            .iter(app.world())
            .count()
    };
    // A menu opens with its first button (New game) focused: Enter alone
    // opens it.
    press(&mut app, KeyCode::Enter);
    run(&mut app, 1);
    assert_eq!(menu(&app), Menu::NewGame);
    let before_game = {
        // What the title screen has without the new-game menu.
        press(&mut app, KeyCode::Escape);
        assert_eq!(menu(&app), Menu::Main);
        entities(&mut app)
    };
    act(&mut app, MenuRequest::OpenNewGame);
    run(&mut app, 2);
    act(&mut app, NewGameRequest::StartGame);
    run(&mut app, 3);
    assert_eq!((screen(&app), menu(&app)), (Screen::Game, Menu::None));
    request(&mut app, BoardMove::Column(Column(3)));
    settle(&mut app);
    assert!(count::<Piece>(&mut app) >= 1);
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    act(&mut app, MenuRequest::QuitToTitle);
    run(&mut app, 3);
    assert_eq!((screen(&app), menu(&app)), (Screen::Title, Menu::Main));
    assert_eq!(count::<Piece>(&mut app), 0);
    // Everything of the game is gone; the title gained one thing: the
    // Continue button (and its label) for the autosaved game.
    assert_eq!(
        entities(&mut app),
        before_game + 2,
        "every game entity is gone"
    );
    let requests: Vec<MenuRequest> = app
        .world_mut()
        .query::<&Sends<MenuRequest>>()
        .iter(app.world())
        .map(|s| s.0)
        .collect();
    assert!(requests.contains(&MenuRequest::Continue));
}

#[test]
fn landings_wins_and_clicks_ask_for_the_right_sounds() {
    use lineup::audio::{Channel, PlaySound, SoundEffect};
    let mut app = app_in_game(C4, "121212", HUMANS);
    record::<PlaySound>(&mut app);
    request(&mut app, BoardMove::Column(Column(0)));
    run(&mut app, 1);
    assert!(
        seen::<PlaySound>(&app).is_empty(),
        "nothing at the click: the disc is still falling"
    );
    settle(&mut app);
    run(&mut app, 2);
    let sounds: Vec<SoundEffect> = seen::<PlaySound>(&app).iter().map(|p| p.sound).collect();
    // A disc into a column holding three falls a medium height, bounces, lands, wins.
    assert_eq!(
        sounds,
        [
            SoundEffect::DiscBounce,
            SoundEffect::DiscLand(1),
            SoundEffect::Win
        ],
        "{sounds:?}"
    );
    assert!(sounds.iter().all(|s| s.channel() == Channel::Effects));
    // The panel's Undo, as a click: the button clicks, the undo is heard.
    press_button(&mut app, HistoryRequest::Undo);
    run(&mut app, 2);
    let mut sounds: Vec<String> = seen::<PlaySound>(&app)[3..]
        .iter()
        .map(|p| format!("{:?}", p.sound))
        .collect();
    sounds.sort();
    assert_eq!(sounds, ["UiClick", "Undo"]);
    assert_eq!(SoundEffect::UiClick.channel(), Channel::Ui);

    let mut app = app_in_game(RENJU, "g8a1h8a3j6o1j7o15", HUMANS);
    record::<PlaySound>(&mut app);
    request(&mut app, BoardMove::Point(Point::new(9, 7)));
    run(&mut app, 2);
    request(&mut app, BoardMove::Point(Point::new(9, 8)));
    settle(&mut app);
    let sounds: Vec<SoundEffect> = seen::<PlaySound>(&app).iter().map(|p| p.sound).collect();
    assert_eq!(sounds.len(), 2, "{sounds:?}");
    assert_eq!(sounds[0], SoundEffect::Refused);
    assert!(matches!(sounds[1], SoundEffect::Stone(_)));
}

#[test]
fn volume_sliders_map_to_decibels() {
    use lineup::audio::volume_db;
    assert_eq!(volume_db(100, false), 0.0);
    assert!((volume_db(50, false) + 12.04).abs() < 0.01);
    assert_eq!(volume_db(0, false), -60.0);
    assert_eq!(volume_db(80, true), -60.0, "mute is silence");
    assert!(
        volume_db(30, false) < volume_db(31, false),
        "louder all the way up"
    );
}

#[test]
fn a_changed_setting_is_written_and_read_back_on_the_next_start() {
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("settings-restart");
    let _ = std::fs::remove_dir_all(&home);
    let mut app = app_with_home(&home);
    run(&mut app, 3);
    act(&mut app, MenuRequest::OpenSettings);
    run(&mut app, 2);
    act(&mut app, SettingChange(SettingField::ShowMoveNumbers, 1));
    run(&mut app, 20); // a second of quiet: the file is written
    let file = home.join("config").join("settings.ron");
    assert!(file.is_file(), "settings written to {}", file.display());
    assert!(
        app.world()
            .resource::<lineup::settings::Settings>()
            .show_move_numbers
    );
    drop(app);
    let mut again = app_with_home(&home);
    run(&mut again, 2);
    assert!(
        again
            .world()
            .resource::<lineup::settings::Settings>()
            .show_move_numbers,
        "read back at start"
    );
}

#[test]
fn every_move_is_autosaved_and_continue_resumes_it() {
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("autosave-continue");
    let _ = std::fs::remove_dir_all(&home);
    let mut app = app_with_home(&home);
    let start = Match::new(MatchSetup::new(RENJU, HUMANS));
    app.insert_resource(MatchAtStart(start));
    run(&mut app, 3);
    request(&mut app, BoardMove::Point(Point::new(7, 7)));
    settle(&mut app);
    request(&mut app, BoardMove::Point(Point::new(8, 8)));
    settle(&mut app);
    drop(app); // as if the program were killed

    let mut app = app_with_home(&home);
    run(&mut app, 3);
    assert_eq!((screen(&app), menu(&app)), (Screen::Title, Menu::Main));
    act(&mut app, MenuRequest::Continue);
    run(&mut app, 3);
    assert_eq!(screen(&app), Screen::Game);
    let game = &app.world().resource::<CurrentMatch>().game();
    assert_eq!(
        game.moves(),
        [Point::new(7, 7), Point::new(8, 8)].map(BoardMove::Point)
    );
    assert_eq!(count::<Piece>(&mut app), 2);
}

#[test]
fn save_from_the_pause_menu_then_load_and_delete_from_the_main_menu() {
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("save-load-delete");
    let _ = std::fs::remove_dir_all(&home);
    let saves = home.join("data").join("saves");
    let mut app = app_with_home(&home);
    app.insert_resource(MatchAtStart(Match::new(MatchSetup::new(C4, HUMANS))));
    run(&mut app, 3);
    for column in [3, 3, 4] {
        request(&mut app, BoardMove::Column(Column(column)));
        settle(&mut app);
    }
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    act(&mut app, MenuRequest::OpenSave);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Save);
    let default = app
        .world()
        .resource::<lineup::menus::save::SaveName>()
        .text
        .clone();
    assert!(default.starts_with("Connect Four, move 3, "), "{default}");
    // A name that would leave the folder is refused with a reason.
    app.world_mut()
        .resource_mut::<lineup::menus::save::SaveName>()
        .text = "../outside".into();
    act(&mut app, SaveRequest::Save);
    run(&mut app, 2);
    assert_eq!(
        app.world()
            .resource::<lineup::menus::save::SaveName>()
            .problem,
        "A name cannot contain '.'."
    );
    assert!(!home.join("data").join("outside.ron").exists());
    app.world_mut()
        .resource_mut::<lineup::menus::save::SaveName>()
        .text = "Evening game".into();
    act(&mut app, SaveRequest::Save);
    run(&mut app, 3);
    assert!(saves.join("Evening game.ron").is_file());
    assert_eq!(menu(&app), Menu::Pause);
    act(&mut app, MenuRequest::QuitToTitle);
    run(&mut app, 3);

    // A different game may not take the same name.
    act(&mut app, MenuRequest::OpenNewGame);
    run(&mut app, 2);
    act(&mut app, NewGameRequest::StartGame);
    run(&mut app, 3);
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    act(&mut app, MenuRequest::OpenSave);
    run(&mut app, 2);
    app.world_mut()
        .resource_mut::<lineup::menus::save::SaveName>()
        .text = "Evening game".into();
    act(&mut app, SaveRequest::Save);
    run(&mut app, 2);
    assert!(
        app.world()
            .resource::<lineup::menus::save::SaveName>()
            .problem
            .contains("another saved game"),
        "{}",
        app.world()
            .resource::<lineup::menus::save::SaveName>()
            .problem
    );
    act(&mut app, MenuRequest::Back);
    run(&mut app, 2);
    act(&mut app, MenuRequest::QuitToTitle);
    run(&mut app, 3);

    act(&mut app, MenuRequest::OpenLoad);
    run(&mut app, 2);
    assert_eq!(
        app.world()
            .resource::<lineup::menus::load::SaveList>()
            .0
            .len(),
        1
    );
    act(&mut app, LoadRequest::Load(0));
    run(&mut app, 3);
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(moves(&app), 3);
    assert_eq!(count::<Piece>(&mut app), 3);
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    act(&mut app, MenuRequest::QuitToTitle);
    run(&mut app, 3);

    act(&mut app, MenuRequest::OpenLoad);
    run(&mut app, 2);
    act(&mut app, LoadRequest::Delete(0));
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::ConfirmDelete);
    assert!(
        saves.join("Evening game.ron").is_file(),
        "nothing deleted without asking"
    );
    act(&mut app, LoadRequest::ConfirmDelete);
    run(&mut app, 3);
    assert!(!saves.join("Evening game.ron").exists());
    assert_eq!(menu(&app), Menu::Load);
    assert!(
        app.world()
            .resource::<lineup::menus::load::SaveList>()
            .0
            .is_empty()
    );
}

#[test]
fn export_writes_the_move_string_and_a_psq() {
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("export");
    let _ = std::fs::remove_dir_all(&home);
    let mut app = app_with_home(&home);
    let start = Match::from_position(
        MatchSetup::new(RENJU, HUMANS),
        None,
        MatchGame::Gomoku(
            Gomoku::game_from_moves(Gomoku::standard(RuleSet::Renju), "h8i9j10").expect("legal"),
        ),
    );
    app.insert_resource(MatchAtStart(start));
    run(&mut app, 3);
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    act(&mut app, SaveRequest::Export);
    run(&mut app, 2);
    let folder = home.join("data").join("exports");
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(&folder)
        .expect("exported")
        .flatten()
        .map(|e| e.path())
        .collect();
    let text = files
        .iter()
        .find(|f| f.extension().is_some_and(|e| e == "txt"))
        .expect("a .txt");
    assert_eq!(
        std::fs::read_to_string(text).expect("readable"),
        "h8i9j10\n"
    );
    let psq = files
        .iter()
        .find(|f| f.extension().is_some_and(|e| e == "psq"))
        .expect("a .psq");
    let (size, moves) =
        lineup_core::analysis::psq::parse(&std::fs::read_to_string(psq).expect("readable"))
            .expect("valid");
    assert_eq!(
        (size, moves),
        (
            15,
            [Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)]
                .map(lineup_core::rules::gomoku::Move::Stone)
                .to_vec()
        )
    );
    let notice = toast(&mut app, ToastPlace::Window);
    assert!(
        notice.starts_with("Moves exported (.txt, .psq) to "),
        "{notice}"
    );
}

#[test]
fn gomoku_is_played_with_arrows_and_enter() {
    let mut app = app_in_game(RENJU, "", HUMANS);
    // The first arrow press shows the cursor in the middle (h8); the next
    // ones move it.
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::ArrowLeft);
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().moves(),
        [BoardMove::Point(Point::new(6, 7))]
    );
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Space);
    settle(&mut app);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().moves(),
        [
            BoardMove::Point(Point::new(6, 7)),
            BoardMove::Point(Point::new(6, 6))
        ]
    );
}

/// A settings change is written half a second after the last one, or at
/// once when the game quits in between: a quit never loses it.
#[test]
fn a_settings_change_is_written_when_the_game_quits_before_the_wait() {
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("quit-settings");
    let _ = std::fs::remove_dir_all(&home);
    let mut app = app_with_home(&home);
    run(&mut app, 3);
    let file = Folders::under(&home).settings_file();
    app.world_mut().resource_mut::<Settings>().theme = lineup::theme::palette::Theme::Light;
    app.update();
    assert!(!file.exists(), "written before the quiet half second");
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let text = std::fs::read_to_string(&file).expect("written on the quit");
    assert!(text.contains("theme: Light"), "{text}");
}
