//! What a new player met in the first hour (issue "What a new player hits
//! in the first hour"), headless: each test failed before its fix.

use crate::app_flow::{C4, HUMANS, RENJU, act, app, app_in_game, menu, press, run, texts, toast};
use bevy::prelude::*;
use lineup::menus::MenuRequest;
use lineup::menus::new_game::{NewGameRequest, SetupField};
use lineup::menus::save::SaveRequest;
use lineup::search::help::HelpRequest;
use lineup::states::Menu;
use lineup::theme::interaction::{ButtonInfo, Focused, Sends};
use lineup::theme::toast::ToastPlace;

/// Whether `entity` shows: neither it nor any ancestor is `Display::None`.
pub(crate) fn shown(app: &App, entity: Entity) -> bool {
    std::iter::successors(Some(entity), |e| {
        app.world().get::<ChildOf>(*e).map(|c| c.parent())
    })
    .all(|e| {
        app.world()
            .get::<Node>(e)
            .is_none_or(|n| n.display != Display::None)
    })
}

/// The buttons that send a message `which` picks, and whether each shows.
fn buttons_shown<M: lineup::theme::interaction::ButtonMessage>(
    app: &mut App,
    which: impl Fn(&M) -> bool,
) -> Vec<bool> {
    let mut query = app.world_mut().query::<(Entity, &Sends<M>)>();
    let found: Vec<Entity> = query
        .iter(app.world())
        .filter(|(_, Sends(m))| which(m))
        .map(|(e, _)| e)
        .collect();
    found.into_iter().map(|e| shown(app, e)).collect()
}

/// New game for Connect Four shows no Rules or Opening row (their arrows
/// did nothing), and the keyboard never stops on them; for Gomoku they show.
#[test]
fn new_game_hides_the_rows_a_game_cannot_use() {
    let mut app = app();
    run(&mut app, 3);
    act(&mut app, MenuRequest::OpenNewGame);
    run(&mut app, 3);
    assert_eq!(menu(&app), Menu::NewGame);
    let gomoku_rows = |m: &NewGameRequest| {
        matches!(
            m,
            NewGameRequest::Cycle(SetupField::Rule | SetupField::Opening, _)
        )
    };
    let c4 = buttons_shown(&mut app, gomoku_rows);
    assert_eq!(
        c4.len(),
        6,
        "two arrows and a value each for Rules and Opening"
    );
    assert!(c4.iter().all(|s| !s), "Connect Four shows {c4:?}");
    let mut reached = Vec::new();
    for _ in 0..20 {
        press(&mut app, KeyCode::ArrowDown);
        let focused = app.world().resource::<Focused>().0.expect("a focus");
        reached.push(
            app.world()
                .get::<ButtonInfo>(focused)
                .expect("a button")
                .name
                .clone(),
        );
        let sends = app.world().get::<Sends<NewGameRequest>>(focused);
        assert!(
            !sends.is_some_and(|Sends(m)| gomoku_rows(m)),
            "the keyboard stopped on a hidden row: {reached:?}"
        );
    }
    act(&mut app, NewGameRequest::Cycle(SetupField::Game, 1));
    run(&mut app, 2);
    let gomoku = buttons_shown(&mut app, gomoku_rows);
    assert!(gomoku.iter().all(|s| *s), "Gomoku hides {gomoku:?}");
}

/// Values (the solved column values) shows in Connect Four only: in Gomoku
/// it was a greyed button that never did anything.
#[test]
fn values_shows_in_connect_four_only() {
    let values = |m: &HelpRequest| *m == HelpRequest::ToggleValues;
    let mut app = app_in_game(C4, "44", HUMANS);
    run(&mut app, 2);
    assert_eq!(buttons_shown(&mut app, values), [true]);
    let mut app = app_in_game(RENJU, "h8", HUMANS);
    run(&mut app, 2);
    assert_eq!(buttons_shown(&mut app, values), [false]);
}

/// The export notice is one short line: the kinds of file and the folder,
/// never the moves or each file's full path (they ran over the board).
#[test]
fn the_export_notice_is_short() {
    let mut app = app_in_game(RENJU, "h8i9j10h9", HUMANS);
    act(&mut app, SaveRequest::Export);
    run(&mut app, 2);
    let notice = toast(&mut app, ToastPlace::Window);
    assert!(
        notice.contains(".txt") && notice.contains(".psq"),
        "{notice}"
    );
    assert!(!notice.contains("h8"), "the moves: {notice}");
    let storage = app.world().resource::<lineup::disk::Storage>();
    let folder = storage.folders.as_ref().expect("folders").exports();
    let written: Vec<_> = std::fs::read_dir(&folder)
        .expect("exported")
        .flatten()
        .collect();
    assert_eq!(written.len(), 2);
    for file in written {
        let name = file.file_name().to_string_lossy().to_string();
        assert!(!notice.contains(&name), "a file's name: {notice}");
    }
}

/// The label of the button that sends `message`.
fn button_label<M: lineup::theme::interaction::ButtonMessage + PartialEq>(
    app: &mut App,
    message: &M,
) -> Option<String> {
    let mut query = app.world_mut().query::<(&Sends<M>, &Children)>();
    let children: Vec<Entity> = query
        .iter(app.world())
        .find(|(Sends(m), _)| m == message)
        .map(|(_, c)| c.iter().collect())?;
    children
        .into_iter()
        .find_map(|c| app.world().get::<Text>(c).map(|t| t.0.clone()))
}

/// Review speaks one numbering: the move the header calls "3." is "3." in
/// the list too (the list's rows were numbered by pairs: it sat on "2.").
#[test]
fn review_numbers_each_move_as_its_header_does() {
    use lineup::review::ReviewRequest;
    let mut app = app_in_game(C4, "4455443", HUMANS);
    act(&mut app, ReviewRequest::Open);
    run(&mut app, 2);
    act(&mut app, ReviewRequest::Jump(3));
    run(&mut app, 3);
    let header = texts(&mut app)
        .into_iter()
        .find(|t| t.contains("Red: col 5"))
        .expect("the header tells move 3");
    assert!(header.starts_with("3. "), "{header}");
    for n in 1..=7 {
        let label = button_label(&mut app, &ReviewRequest::Jump(n)).expect("listed");
        assert!(
            label.starts_with(&format!("{n}. ")),
            "move {n} listed as {label}"
        );
    }
    let third = button_label(&mut app, &ReviewRequest::Jump(3)).expect("listed");
    assert!(third.starts_with("3. col 5"), "{third}");
}

/// A Gomoku estimate reads as words and a win chance ("Black is slightly
/// better (64%)"), never the raw score ("Behind (-377)"); the score shows
/// while the pointer is over the value.
#[test]
fn review_tells_a_gomoku_estimate_in_words() {
    use lineup::review::ReviewRequest;
    let mut app = app_in_game(RENJU, "h8i9j10i10", HUMANS);
    act(&mut app, ReviewRequest::Open);
    run(&mut app, 2);
    crate::review_app::until_reviewed(&mut app);
    act(&mut app, ReviewRequest::Jump(3));
    run(&mut app, 3);
    let mut worth = app.world_mut().query::<(Entity, &Text, &Interaction)>();
    let (entity, said) = worth
        .iter(app.world())
        .map(|(e, t, _)| (e, t.0.clone()))
        .next()
        .expect("the value line");
    let raw = |s: &str| {
        s.as_bytes()
            .windows(2)
            .any(|w| (w[0] == b'+' || w[0] == b'-') && w[1].is_ascii_digit())
    };
    assert!(!raw(&said), "a raw score: {said}");
    assert!(
        said.contains('%') || said.contains("About even"),
        "no chance or words: {said}"
    );
    *app.world_mut()
        .get_mut::<Interaction>(entity)
        .expect("hoverable") = Interaction::Hovered;
    run(&mut app, 2);
    let hovered = app.world().get::<Text>(entity).expect("text").0.clone();
    assert!(
        hovered.contains("Engine score: ") && raw(&hovered),
        "{hovered}"
    );
}

/// The game panel lists the moves, each with its number; a click on one
/// shows that position in review, and Back to game returns to the game as
/// it was.
#[test]
fn the_game_panel_lists_the_moves_and_a_click_shows_one() {
    use lineup::board::drawn_position::ReviewPosition;
    use lineup::current_match::CurrentMatch;
    use lineup::review::ReviewRequest;
    use lineup::states::BoardMode;
    let mut app = app_in_game(C4, "4455", HUMANS);
    run(&mut app, 2);
    for (n, name) in [(1, "col 4"), (2, "col 4"), (3, "col 5"), (4, "col 5")] {
        let label = button_label(&mut app, &ReviewRequest::OpenAt(n)).expect("listed");
        assert_eq!(label, format!("{n}. {name}"));
    }
    crate::app_flow::request(
        &mut app,
        lineup_core::rules::BoardMove::Column(lineup_core::rules::Column(5)),
    );
    crate::app_flow::settle(&mut app);
    let fifth = button_label(&mut app, &ReviewRequest::OpenAt(5)).expect("listed");
    assert_eq!(fifth, "5. col 6");
    let revision = app.world().resource::<CurrentMatch>().revision();
    crate::app_flow::press_button(&mut app, ReviewRequest::OpenAt(2));
    run(&mut app, 3);
    assert_eq!(
        app.world().resource::<State<BoardMode>>().get(),
        &BoardMode::Review
    );
    assert_eq!(app.world().resource::<ReviewPosition>().ply, 2);
    act(&mut app, ReviewRequest::Leave);
    run(&mut app, 3);
    assert_eq!(
        app.world().resource::<State<BoardMode>>().get(),
        &BoardMode::Play
    );
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!((game.revision(), game.game().move_count()), (revision, 5));
}

/// The computer's opening choice is told on the status line with why, and
/// stays a moment: taking a Soosõrv offer, it said nothing and answered at
/// once.
#[test]
fn the_computer_says_which_offer_it_took_and_why() {
    use lineup::current_match::{CurrentMatch, MatchAtStart};
    use lineup_core::match_setup::{Level, MatchSetup, PlayerKind};
    use lineup_core::match_state::Match;
    use lineup_core::rules::opening::{Action, OpeningRule};
    let p = |s: &str| lineup_core::rules::Point::parse(s).expect("a point");
    let mut game = Match::new(
        MatchSetup::new(
            RENJU,
            [PlayerKind::Computer(Level::Easy), PlayerKind::Human],
        )
        .with_opening(OpeningRule::Soosorv8),
    );
    // Up to White's pick of Black's two offers: White is the first player,
    // the computer.
    for action in [
        Action::Place(p("h8")),
        Action::Place(p("h9")),
        Action::Place(p("j10")),
        Action::Swap,
        Action::Place(p("g9")),
        Action::Declare(2),
        Action::Keep,
        Action::Offer(p("g7")),
        Action::Offer(p("k12")),
    ] {
        game.act_in_opening(action).expect("a legal opening");
    }
    assert!(game.player_to_move().is_computer());
    let mut app = crate::app_flow::app();
    app.insert_resource(MatchAtStart(game));
    let mut picked_at = None;
    for frame in 0..400 {
        app.update();
        let Some(current) = app.world().get_resource::<CurrentMatch>() else {
            continue;
        };
        let stones = current.game().move_count();
        if picked_at.is_none() && current.opening_under_way().is_none() {
            picked_at = Some(frame);
            run(&mut app, 2);
            let said = texts(&mut app)
                .into_iter()
                .find(|t| t.contains("as the fifth move"))
                .unwrap_or_else(|| panic!("no word of the pick: {:?}", texts(&mut app)));
            assert!(
                said.contains("computer (White)") && said.contains("worst for Black"),
                "{said}"
            );
            // The offer not taken stays marked beside the one taken, and
            // the panel tells the opening in words.
            let taken = current_point(&app, 4);
            let left = offer_marks(&mut app);
            assert_eq!(left.len(), 1, "{left:?}");
            assert!(
                [p("g7"), p("k12")].contains(&left[0]) && left[0] != taken,
                "{left:?} beside {taken}"
            );
            let story = format!("2 fifth moves offered, White chose {taken}");
            assert!(
                texts(&mut app)
                    .iter()
                    .any(|t| t == &format!("Soosõrv-8: White swapped, Black kept · {story}")),
                "no story of the opening: {:?}",
                texts(&mut app)
            );
        }
        if let Some(at) = picked_at
            && stones == 6
        {
            // With the next move, the offers are gone.
            run(&mut app, 2);
            assert_eq!(offer_marks(&mut app), []);
            // 1.5 s at 50 ms a frame.
            assert!(
                frame - at >= 30,
                "move 6 came {} frames after the pick",
                frame - at
            );
            return;
        }
        if let Some(at) = picked_at
            && frame - at == 20
        {
            assert!(
                texts(&mut app)
                    .iter()
                    .any(|t| t.contains("as the fifth move")),
                "the pick was told for less than a second"
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the computer never picked and moved");
}

/// The points of the offered fifth moves marked on the board.
fn offer_marks(app: &mut App) -> Vec<lineup_core::rules::Point> {
    let mut query = app
        .world_mut()
        .query::<&lineup::board::opening_marks::OfferMark>();
    query.iter(app.world()).map(|m| m.0).collect()
}

/// The point of the match's move `ply` (Gomoku).
fn current_point(app: &App, ply: usize) -> lineup_core::rules::Point {
    let game = app
        .world()
        .resource::<lineup::current_match::CurrentMatch>();
    match game.game().moves()[ply] {
        lineup_core::rules::BoardMove::Point(p) => p,
        other => panic!("not a stone: {other:?}"),
    }
}

/// Where the piece of move `ply` is drawn on the board.
fn piece_at(app: &mut App, ply: usize) -> Vec2 {
    let mut pieces = app
        .world_mut()
        .query::<(&lineup::board::pieces::Piece, &Transform)>();
    pieces
        .iter(app.world())
        .find(|(p, _)| p.ply == ply)
        .map(|(_, t)| t.translation.truncate())
        .expect("the piece is drawn")
}

/// Flip turns the Gomoku board half round (a1 drawn at the top right, a
/// click there plays a1); flipped again it is as before; the match never
/// changes. A person playing White against the computer starts flipped.
#[test]
fn the_gomoku_board_flips_to_whites_side() {
    use lineup::board::flip::FlipBoard;
    use lineup::board::layout::BoardLayout;
    use lineup::current_match::CurrentMatch;
    use lineup_core::match_setup::{Level, PlayerKind};
    let mut app = app_in_game(RENJU, "a1", HUMANS);
    crate::app_flow::settle(&mut app);
    let before = piece_at(&mut app, 0);
    assert!(
        before.x < 0.0 && before.y < 0.0,
        "a1 at the bottom left: {before}"
    );
    let revision = app.world().resource::<CurrentMatch>().revision();
    crate::app_flow::press_button(&mut app, FlipBoard);
    run(&mut app, 3);
    let layout = *app.world().resource::<BoardLayout>();
    assert!(layout.flipped);
    let after = piece_at(&mut app, 0);
    assert!(
        (after + before).length() < 0.01,
        "a1 at the top right: {after}"
    );
    assert_eq!(
        layout.point_at(after),
        Some(lineup_core::rules::Point::new(0, 0)),
        "a click where a1 is drawn is on a1"
    );
    assert_eq!(app.world().resource::<CurrentMatch>().revision(), revision);
    press(&mut app, KeyCode::KeyF);
    run(&mut app, 2);
    assert!(!app.world().resource::<BoardLayout>().flipped);
    assert!((piece_at(&mut app, 0) - before).length() < 0.01);
    // Connect Four has no Flip.
    let mut app = app_in_game(C4, "4", HUMANS);
    assert_eq!(buttons_shown::<FlipBoard>(&mut app, |_| true), [false]);
    // White against the computer: seen from White's side at once.
    let app = app_in_game(
        RENJU,
        "h8",
        [PlayerKind::Computer(Level::Easy), PlayerKind::Human],
    );
    assert!(app.world().resource::<BoardLayout>().flipped);
}

/// How many diagrams How to play shows now.
fn diagrams(app: &mut App) -> usize {
    crate::app_flow::named(app, "Diagram")
}

/// How to play (F1, or the title's menu) opens at the game in play, has a
/// page for each game with diagrams, Renju's three fouls, the openings, and
/// goes back where it came from.
#[test]
fn how_to_play_shows_each_game_with_diagrams() {
    use lineup::menus::how_to_play::{HowToPlayRequest, Page, ShownPage};
    let mut app = app();
    run(&mut app, 3);
    act(&mut app, MenuRequest::OpenHowToPlay);
    run(&mut app, 3);
    assert_eq!(menu(&app), Menu::HowToPlay);
    assert_eq!(app.world().resource::<ShownPage>().0, Page::ConnectFour);
    assert_eq!(diagrams(&mut app), 1);
    assert!(texts(&mut app).iter().any(|t| t.contains("seven columns")));
    for (page, shown, words) in [
        (Page::Gomoku, 1, "Five in a row"),
        (Page::Renju, 3, "Overline"),
        (Page::Openings, 0, "Soosõrv-8"),
    ] {
        crate::app_flow::press_button(&mut app, HowToPlayRequest::Show(page));
        run(&mut app, 2);
        assert_eq!(diagrams(&mut app), shown, "{page:?}");
        assert!(
            texts(&mut app).iter().any(|t| t.contains(words)),
            "{page:?} lacks {words}"
        );
    }
    act(&mut app, MenuRequest::Back);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Main);
    // In a Gomoku game F1 opens the Gomoku page, its tab focused; Back
    // goes back to the game it was opened from.
    let mut app = app_in_game(RENJU, "h8", HUMANS);
    press(&mut app, KeyCode::F1);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::HowToPlay);
    assert_eq!(app.world().resource::<ShownPage>().0, Page::Gomoku);
    let focused = app
        .world()
        .resource::<lineup::theme::interaction::Focused>()
        .0
        .expect("a button focused");
    assert_eq!(
        app.world()
            .get::<Sends<HowToPlayRequest>>(focused)
            .map(|s| s.0),
        Some(HowToPlayRequest::Show(Page::Gomoku))
    );
    press(&mut app, KeyCode::Escape);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::None);
    // From the pause menu, back to the pause menu.
    act(&mut app, MenuRequest::Pause);
    run(&mut app, 2);
    press(&mut app, KeyCode::F1);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::HowToPlay);
    press(&mut app, KeyCode::Escape);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::Pause);
}

/// A win against the computer is counted once for its game and level
/// (an undo and the same win again count nothing more), written to
/// record.ron, shown in Results, and reset only by a second press.
#[test]
fn results_count_games_against_the_computer_and_reset_on_the_second_press() {
    use lineup::current_match::HistoryRequest;
    use lineup::menus::results::ResultsRequest;
    use lineup::results::PlayerRecord;
    use lineup_core::match_setup::{Level, PlayerKind};
    use lineup_core::persist::record::{RecordedGame, Tally};
    use lineup_core::rules::{BoardMove, Column};
    let mut app = app_in_game(
        C4,
        "121212",
        [PlayerKind::Human, PlayerKind::Computer(Level::Medium)],
    );
    let win = |app: &mut App| {
        crate::app_flow::request(app, BoardMove::Column(Column(0)));
        crate::app_flow::settle(app);
        run(app, 2);
    };
    win(&mut app);
    let tally = |app: &App| {
        app.world()
            .resource::<PlayerRecord>()
            .0
            .tally(RecordedGame::ConnectFour, Level::Medium)
    };
    let one_win = Tally {
        wins: 1,
        losses: 0,
        draws: 0,
    };
    assert_eq!(tally(&app), one_win);
    act(&mut app, HistoryRequest::Undo);
    run(&mut app, 3);
    win(&mut app);
    assert_eq!(tally(&app), one_win, "the same match counted twice");
    let storage = app.world().resource::<lineup::disk::Storage>();
    let folders = storage.folders.clone().expect("folders");
    let on_disk = lineup_core::persist::record::load(&folders).settings;
    assert_eq!(
        on_disk.tally(RecordedGame::ConnectFour, Level::Medium),
        one_win
    );
    act(&mut app, MenuRequest::OpenResults);
    run(&mut app, 3);
    assert_eq!(menu(&app), Menu::Results);
    assert!(texts(&mut app).iter().any(|t| t == "1 – 0 – 0"));
    crate::app_flow::press_button(&mut app, ResultsRequest::Reset);
    run(&mut app, 2);
    assert_eq!(tally(&app), one_win, "one press reset it");
    assert!(texts(&mut app).iter().any(|t| t == "Press again to reset"));
    crate::app_flow::press_button(&mut app, ResultsRequest::Reset);
    run(&mut app, 2);
    assert_eq!(tally(&app).games(), 0);
    assert!(!texts(&mut app).iter().any(|t| t == "1 – 0 – 0"));
    let on_disk = lineup_core::persist::record::load(&folders).settings;
    assert_eq!(
        on_disk
            .tally(RecordedGame::ConnectFour, Level::Medium)
            .games(),
        0
    );
}

/// Once the game is over the move list and key help give way to the
/// game-over banner (whose Review lists the moves): they overlapped it.
#[test]
fn the_move_list_gives_way_to_the_banner() {
    use lineup::review::ReviewRequest;
    let listed = |m: &ReviewRequest| matches!(m, ReviewRequest::OpenAt(_));
    let mut app = app_in_game(C4, "121212", HUMANS);
    run(&mut app, 2);
    let playing = buttons_shown(&mut app, listed);
    assert!(
        playing.len() == 6 && playing.iter().all(|s| *s),
        "{playing:?}"
    );
    crate::app_flow::request(
        &mut app,
        lineup_core::rules::BoardMove::Column(lineup_core::rules::Column(0)),
    );
    crate::app_flow::settle(&mut app);
    run(&mut app, 2);
    let over = buttons_shown(&mut app, listed);
    assert!(over.len() == 7 && over.iter().all(|s| !s), "{over:?}");
}
