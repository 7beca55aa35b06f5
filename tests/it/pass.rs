//! Passing: under Renju the last empty points can all be fouls for Black.
//! Black then passes (its only move), White plays on, and the pass is a
//! move like any other in the notation, the saves, the `.psq` files, the
//! computer and the Gomocup protocol (`-1,-1`).

use lineup_core::ai::Level;
use lineup_core::ai::player::{Engines, think};
use lineup_core::analysis::psq;
use lineup_core::gomocup::run_protocol;
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{
    BoardMove, Foul, Game, Gomoku, GomokuSize, MatchGame, MoveError, Outcome, Point, RuleSet,
    Rules, Side, gomoku,
};
use std::sync::atomic::AtomicBool;

/// A 9x9 Renju board, full but for e5 (x 4, y 4), Black to move (40
/// stones each). Black at e5 would make six in a row (b5..g5): an overline,
/// so Black has no point it may take. White at e5 makes five down the e
/// file (e1..e5). Top row first; no five anywhere yet.
const NO_POINT_FOR_BLACK: [&str; 9] = [
    "BWBBWBWBB",
    "BWWBBWBBB",
    "BWBWBWWWW",
    "WBWWBWWWW",
    "WBBB.BBWB",
    "BBBBWBWWW",
    "WBWWWBBBB",
    "WWBWWBWBW",
    "BWBBWWWBW",
];
const E5: Point = Point::new(4, 4);

fn board(rows: &[&str; 9], rule: RuleSet) -> Gomoku {
    let stones = rows.iter().enumerate().flat_map(|(row, line)| {
        let y = (8 - row) as u8;
        line.bytes().enumerate().filter_map(move |(x, c)| {
            let side = match c {
                b'B' => Side::First,
                b'W' => Side::Second,
                _ => return None,
            };
            Some((Point::new(x as u8, y), side))
        })
    });
    Gomoku::with_stones(9, rule, stones).expect("a legal set-up")
}

#[test]
fn black_with_only_fouls_left_passes_and_white_plays_on() {
    let position = board(&NO_POINT_FOR_BLACK, RuleSet::Renju);
    assert_eq!(position.to_move(), Side::First);
    assert_eq!(position.foul_at(E5), Some(Foul::Overline));
    assert!(position.must_pass());

    let mut game = Game::new(position);
    assert_eq!(
        game.play(Move::Stone(E5)),
        Err(MoveError::Forbidden(Foul::Overline))
    );
    assert_eq!(game.play(Move::Pass), Ok(None));
    assert_eq!(game.to_move(), Side::Second, "the pass was Black's move");
    assert_eq!(game.position().passes(Side::First), 1);
    assert!(!game.position().must_pass(), "White may take e5");
    let outcome = game.play(Move::Stone(E5)).expect("White's move").cloned();
    assert!(
        matches!(
            outcome,
            Some(Outcome::Win {
                winner: Side::Second,
                ..
            })
        ),
        "{outcome:?}"
    );

    // Undo takes the pass back like any move, and redo replays it.
    game.undo();
    game.undo();
    assert_eq!(game.to_move(), Side::First);
    assert_eq!(game.position().passes(Side::First), 0);
    assert_eq!(game.redo(), Some(Move::Pass));
    assert_eq!(game.to_move(), Side::Second);
}

#[test]
fn a_pass_is_refused_while_a_point_is_left() {
    // The same board under freestyle: e5 is Black's (an overline wins).
    let mut game = Game::new(board(&NO_POINT_FOR_BLACK, RuleSet::Freestyle));
    assert!(!game.position().must_pass());
    assert_eq!(game.play(Move::Pass), Err(MoveError::CannotPass));
    // And on an empty Renju board, for either side.
    let mut game = Game::new(Gomoku::standard(RuleSet::Renju));
    assert_eq!(game.play(Move::Pass), Err(MoveError::CannotPass));
    game.play(Move::Stone(Point::new(7, 7))).expect("h8");
    assert_eq!(game.play(Move::Pass), Err(MoveError::CannotPass));
    // Connect Four has no pass at all.
    let mut c4 = MatchGame::ConnectFour(Game::new(lineup_core::rules::ConnectFour::new(
        lineup_core::rules::ConnectFourSize::STANDARD,
    )));
    assert_eq!(c4.play(BoardMove::Pass), Err(MoveError::CannotPass));
}

#[test]
fn the_notation_and_psq_files_write_and_read_a_pass() {
    let moves = [Move::Stone(Point::new(7, 7)), Move::Pass, Move::Stone(E5)];
    let text = gomoku::format_moves(&moves);
    assert_eq!(text, "h8passe5");
    assert_eq!(gomoku::parse_moves(&text).expect("readable"), moves);
    assert_eq!(
        gomoku::parse_moves("h8 PASS, e5").expect("any case, separators"),
        moves
    );
    assert!(gomoku::parse_moves("h8pas").is_err());

    let psq_text = psq::write(15, &moves);
    assert!(psq_text.contains("\n-1,-1,0\n"), "{psq_text}");
    assert_eq!(
        psq::parse(&psq_text).expect("readable"),
        (15, moves.to_vec())
    );
}

#[test]
fn the_computer_passes_only_when_it_must() {
    let stop = AtomicBool::new(false);
    let engines = Engines::default();
    let game = MatchGame::Gomoku(Game::new(board(&NO_POINT_FOR_BLACK, RuleSet::Renju)));
    assert_eq!(
        think(&game, Level::Beginner, 1, &engines, &stop),
        Some(BoardMove::Pass)
    );
    // After the pass, White sees its five.
    let mut after = game.clone();
    after.play(BoardMove::Pass).expect("Black passes");
    assert_eq!(
        think(&after, Level::Beginner, 1, &engines, &stop),
        Some(BoardMove::Point(E5))
    );
    // The online load tool's random player passes too.
    assert_eq!(
        lineup_server::bench::random_move(&game, &mut lineup_core::ai::PlayRng::new(1)),
        Some(BoardMove::Pass)
    );
    // Under freestyle Black takes e5 (an overline wins there).
    let free = MatchGame::Gomoku(Game::new(board(&NO_POINT_FOR_BLACK, RuleSet::Freestyle)));
    assert_eq!(
        think(&free, Level::Beginner, 1, &engines, &stop),
        Some(BoardMove::Point(E5))
    );
}

/// `pbrain-lineup` as Black with only fouls left answers `-1,-1` at once
/// (it used to say `ERROR no move left` and leave the manager waiting),
/// and as White it takes a `TURN -1,-1` and plays on.
#[test]
fn the_protocol_engine_passes_and_takes_a_pass() {
    let rows = NO_POINT_FOR_BLACK;
    let lines = |me: u8| -> String {
        let mut text = String::new();
        for (row, line) in rows.iter().enumerate() {
            for (x, c) in line.bytes().enumerate() {
                let field = match (c, me) {
                    (b'B', 1) | (b'W', 2) => 1,
                    (b'B', _) | (b'W', _) => 2,
                    _ => continue,
                };
                text.push_str(&format!("{x},{row},{field}\n"));
            }
        }
        text
    };
    // As Black (its stones are field 1; equal counts: Black to move).
    let script = format!(
        "START 9\nINFO rule 4\nINFO timeout_turn 500\nBOARD\n{}DONE\nEND\n",
        lines(1)
    );
    let mut out = Vec::new();
    run_protocol(script.as_bytes(), &mut out).expect("protocol");
    let out = String::from_utf8(out).expect("utf-8");
    assert_eq!(out.lines().last(), Some("-1,-1"), "{out}");

    // As White with two points left, e5 and e1 (White's e1 stone lifted,
    // so neither is a five for White): White to move (39 stones to 40).
    // If it takes e1, Black has only e5, a foul: the manager sends the pass
    // and White must take e5, now five down the e file.
    let mut white = lines(2);
    white = white.replace("4,8,1\n", "");
    let (tx, rx) = std::io::pipe().expect("a pipe");
    let (out_rx, out_tx) = std::io::pipe().expect("a pipe");
    let server = std::thread::spawn(move || {
        run_protocol(std::io::BufReader::new(tx), out_tx).expect("protocol")
    });
    let mut to_engine = rx;
    let mut from_engine = std::io::BufReader::new(out_rx);
    let mut say = |line: &str| {
        use std::io::Write;
        writeln!(to_engine, "{line}").expect("the engine listens");
    };
    let mut hear = || {
        use std::io::BufRead;
        let mut line = String::new();
        loop {
            line.clear();
            from_engine
                .read_line(&mut line)
                .expect("the engine answers");
            if !line.starts_with("MESSAGE") && !line.starts_with("DEBUG") {
                return line.trim().to_string();
            }
        }
    };
    say("START 9");
    assert_eq!(hear(), "OK");
    say("INFO rule 4");
    say("INFO timeout_turn 500");
    say(&format!("BOARD\n{white}DONE"));
    let first = hear();
    assert!(
        first == "4,8" || first == "4,4",
        "one of the two points: {first}"
    );
    if first == "4,8" {
        say("TURN -1,-1");
        assert_eq!(hear(), "4,4", "White takes e5 after Black's pass");
    }
    say("END");
    server.join().expect("the engine ends");

    // A pass while a point is left is refused with an error, not played.
    let mut out = Vec::new();
    let script = "START 9\nINFO rule 4\nINFO timeout_turn 500\nTURN -1,-1\nEND\n";
    run_protocol(script.as_bytes(), &mut out).expect("protocol");
    let out = String::from_utf8(out).expect("utf-8");
    assert!(
        out.lines().any(|l| l.starts_with("ERROR")),
        "a pass with a point left is refused: {out}"
    );
}

/// An order of play that reaches `NO_POINT_FOR_BLACK` from the empty board
/// with no Renju foul on the way (found by trying shuffled orders; the
/// search is deterministic), as a move string.
pub fn moves_to_no_point_for_black() -> String {
    let target = board(&NO_POINT_FOR_BLACK, RuleSet::Renju);
    let all: Vec<Point> = (0..9)
        .flat_map(|y| (0..9).map(move |x| Point::new(x, y)))
        .collect();
    let of = |side| -> Vec<Point> {
        all.iter()
            .copied()
            .filter(|p| target.at(*p) == Some(side))
            .collect()
    };
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..200 {
        let mut left = [of(Side::First), of(Side::Second)];
        for list in &mut left {
            for i in (1..list.len()).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                list.swap(i, (seed % (i as u64 + 1)) as usize);
            }
        }
        let mut game = Game::new(Gomoku::new(9, RuleSet::Renju).expect("9x9"));
        let mut played = Vec::new();
        'play: while played.len() < 80 {
            let side = game.to_move().index();
            for i in 0..left[side].len() {
                let p = left[side][i];
                if game.play(Move::Stone(p)).is_ok() {
                    left[side].remove(i);
                    played.push(Move::Stone(p));
                    continue 'play;
                }
            }
            break;
        }
        if played.len() == 80 {
            assert_eq!(game.position(), &target);
            return gomoku::format_moves(&played);
        }
    }
    panic!("no foul-free order found")
}

#[test]
fn the_position_is_reached_by_legal_play() {
    let moves = moves_to_no_point_for_black();
    let game = Gomoku::game_from_moves(Gomoku::new(9, RuleSet::Renju).expect("9x9"), &moves)
        .expect("legal");
    assert!(game.position().must_pass());
    eprintln!("{moves}");
}

/// In the game: a person with only fouls left passes without being asked
/// (it is their only move), the panel says so, and White plays on; a
/// computer Black passes the same way; the autosave keeps the pass.
#[test]
fn in_the_game_black_passes_and_the_panel_says_so() {
    use crate::app_flow::{app_in_game, run};
    use lineup::current_match::CurrentMatch;
    use lineup::locale::Locale;
    use lineup::panel::hud::status_line;
    use lineup_core::match_setup::{GameKind, PlayerKind};

    let kind = GameKind::Gomoku {
        size: GomokuSize::new(9).expect("a board size"),
        rule: RuleSet::Renju,
    };
    let moves = moves_to_no_point_for_black();
    for black in [PlayerKind::Human, PlayerKind::Computer(Level::Beginner)] {
        let mut app = app_in_game(kind, &moves, [black, PlayerKind::Human]);
        // The computer thinks on a thread of its own: frames until it has
        // moved (a person's pass comes in the first frames).
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while app.world().resource::<CurrentMatch>().game().move_count() == 80
            && std::time::Instant::now() < deadline
        {
            run(&mut app, 1);
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        run(&mut app, 3);
        let game: &lineup_core::match_state::Match = app.world().resource::<CurrentMatch>();
        assert_eq!(game.game().last_move(), Some(BoardMove::Pass), "{black:?}");
        assert_eq!(game.game().to_move(), Side::Second);
        let line = status_line(app.world().resource::<Locale>(), game, false, &[]);
        assert_eq!(line, "Black passed: no point left · White to move");
        let autosave = lineup_core::persist::games::latest(
            app.world()
                .resource::<lineup::disk::Storage>()
                .folders
                .as_ref()
                .expect("folders"),
        )
        .expect("the game was kept");
        assert!(autosave.moves.ends_with("pass"), "{}", autosave.moves);
        let replayed = autosave.replay().expect("it loads");
        assert_eq!(replayed.last_move(), Some(BoardMove::Pass));
    }
}

/// The real binary: the 80 moves are played from the command line, Black
/// passes by itself, the window's title says so, and White's click on the
/// last point (e5, the board's centre) wins; the autosave has it all.
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn on_the_real_binary_black_passes_and_white_takes_the_last_point() {
    use crate::journey::{Journey, SoundOut};
    let mut journey = Journey::new("renju_pass");
    let moves = moves_to_no_point_for_black();
    let args = [
        "--game", "gomoku", "--rule", "renju", "--size", "9", "--moves",
    ];
    let mut args = args.to_vec();
    args.push(&moves);
    journey.launch(SoundOut::Nowhere, &args);
    journey.wait_for("Move applied: pass by First (ply 80)");
    journey.wait_for_title("Lineup — Renju 9x9 · Black passed: no point left · White to move");
    // e5 is the centre of the 9x9 board, where the 15x15 board has h8.
    journey.click(490, 410);
    journey.wait_for("Move applied: e5 by Second (ply 81)");
    journey.wait_for("GamePhase: Some(Playing) -> Some(Over)");
    journey.interrupt();
    let save = lineup_core::persist::games::latest(&journey.folders())
        .ok_or("no game kept")
        .expect("autosaved");
    assert!(save.moves.ends_with("passe5"), "{}", save.moves);
    assert_eq!(
        save.replay().expect("replays").ending(),
        Some(lineup_core::rules::Ending::Win(Side::Second))
    );
}

/// Undo never stops where the side to move may only pass (the pass would
/// be made again at once, and nothing before it reached): it takes back
/// the pass and the move before it.
#[test]
fn undo_takes_back_a_forced_pass_with_the_move_before_it() {
    use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
    use lineup_core::match_state::Match;

    let mut game = Gomoku::game_from_moves(
        Gomoku::new(9, RuleSet::Renju).expect("9x9"),
        &moves_to_no_point_for_black(),
    )
    .expect("legal");
    game.play(Move::Pass).expect("Black passes");
    let setup = MatchSetup::new(
        GameKind::Gomoku {
            size: GomokuSize::new(9).expect("a board size"),
            rule: RuleSet::Renju,
        },
        [PlayerKind::Human, PlayerKind::Human],
    );
    let mut played = Match::from_position(setup, None, MatchGame::Gomoku(game));
    assert_eq!(played.undo_turn(), Some(2));
    assert_eq!(played.game().move_count(), 79);
    assert_eq!(played.game().to_move(), Side::Second);
    assert!(!played.game().must_pass());
}

/// A Gomocup engine hears the moves one by one and keeps who passed: a
/// set-up position with its passes gives the turn as play would.
#[test]
fn a_set_up_position_counts_its_passes() {
    let stones = [
        (Point::new(0, 0), Side::First),
        (Point::new(1, 0), Side::Second),
    ];
    let position = Gomoku::with_stones(9, RuleSet::Renju, stones).expect("set up");
    assert_eq!(position.to_move(), Side::First);
    // Black passed once earlier: after B, W, pass and W... two plies on,
    // equal stones no longer mean Black's turn.
    let position = Gomoku::with_stones(
        9,
        RuleSet::Renju,
        [
            (Point::new(0, 0), Side::First),
            (Point::new(1, 0), Side::Second),
            (Point::new(2, 0), Side::Second),
            (Point::new(3, 0), Side::First),
        ],
    )
    .expect("set up")
    .with_passes([Side::First]);
    assert_eq!(position.to_move(), Side::Second);
}
