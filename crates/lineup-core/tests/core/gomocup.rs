//! Lineup as a Gomocup manager (`lineup_core::gomocup::{client, referee, arena}`)
//! driving real processes: `pbrain-lineup` through whole Renju games and a
//! takeback, and the fake engines of `tests/engines/` that crash, hang,
//! slow down mid-game, leak memory, answer prose, play a taken point and
//! play a foul. Each misbehaviour ends as a forfeit that says what the
//! engine did, and no process outlives its client, over a hundred games in
//! a row too. Also the opening lists and a match's Elo estimate.

use lineup_core::gomocup::arena::{Entrant, Finish, play_game};
use lineup_core::gomocup::client::{Client, Fault, TimeControl};
use lineup_core::gomocup::elo::Score;
use lineup_core::gomocup::openings::{self, Form};
use lineup_core::gomocup::referee::{Forfeit, play_answer};
use lineup_core::gomocup::seat::EngineSeat;
use lineup_core::gomocup::wire;
use lineup_core::rules::gomoku::Move;
use lineup_core::rules::{Foul, Game, Gomoku, MoveError, Outcome, Point, RuleSet, Side};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const QUICK: TimeControl = TimeControl {
    turn: Duration::from_millis(200),
    game: None,
};

fn pbrain_lineup() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pbrain-lineup"))
}

/// One of the fake engines in `tests/engines/`, run by `sh` (no executable
/// bit needed in the checkout).
fn fake(name: &str, args: &[&str]) -> Command {
    let mut command = Command::new("sh");
    command
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/engines/{name}.sh")))
        .args(args);
    command
}

fn start(command: Command) -> Client {
    Client::start(command, 15, RuleSet::Renju, QUICK).expect("the engine starts")
}

/// Whether process `id` is gone (ended and reaped: no zombie left).
fn gone(id: u32) -> bool {
    !Path::new(&format!("/proc/{id}")).exists()
}

fn renju() -> Game<Gomoku> {
    Game::new(Gomoku::standard(RuleSet::Renju))
}

#[test]
fn two_pbrain_lineup_processes_play_a_whole_renju_game() {
    let mut engines = [start(pbrain_lineup()), start(pbrain_lineup())];
    let ids = engines.each_ref().map(Client::id);
    let mut game = renju();
    let mut outcome = play_answer(&mut game, engines[0].begin()).expect("a legal first move");
    while outcome.is_none() {
        let last = game.last_move().expect("a move was played");
        let side = game.to_move().index();
        outcome = play_answer(&mut game, engines[side].turn(last))
            .unwrap_or_else(|forfeit| panic!("move {}: {forfeit}", game.history().len() + 1));
    }
    match outcome {
        Some(Outcome::Win { cells, .. }) => assert!(cells.len() >= 5),
        Some(Outcome::Draw) => assert_eq!(game.history().len(), 225),
        other => panic!("{other:?}"),
    }
    // A Renju game is won with five stones of one colour at least.
    assert!(game.history().len() >= 9);
    drop(engines);
    assert!(ids.iter().all(|&id| gone(id)), "both engines ended");
}

#[test]
fn a_takeback_and_a_whole_board_continue_the_game() {
    let mut engine = start(pbrain_lineup());
    let mut game = renju();
    play_answer(&mut game, engine.begin()).expect("a first move");
    let theirs = Point::new(0, 0);
    game.play(Move::from(theirs)).expect("a corner is free");
    play_answer(&mut game, engine.turn(Move::from(theirs))).expect("an answer");
    // Undo the last two moves on both sides.
    for _ in 0..2 {
        let Some(lineup_core::rules::Undone::Move(p)) = game.undo() else {
            panic!("a move to take back")
        };
        engine
            .takeback(p.point().expect("a stone"))
            .expect("the engine takes it back");
    }
    // Then the position again, whole: the engine (White) answers legally.
    let stones: Vec<(Point, Side)> = game
        .history()
        .iter()
        .enumerate()
        .filter_map(|(ply, mv)| Some((mv.point()?, Side::of_ply(ply))))
        .collect();
    game.play(Move::from(Point::new(14, 14)))
        .expect("a far corner");
    let mut all = stones;
    all.push((Point::new(14, 14), Side::Second));
    let answer = engine.board(&all, Side::First);
    play_answer(&mut game, answer).expect("a legal move from the whole board");
}

#[test]
fn an_engine_that_crashes_loses_with_its_exit_status() {
    let mut engine = start(fake("crash", &[]));
    let id = engine.id();
    let forfeit = play_answer(&mut renju(), engine.begin()).expect_err("a crash");
    match &forfeit {
        Forfeit::Fault(Fault::Crashed(Some(status))) => assert_eq!(status.code(), Some(3)),
        other => panic!("{other:?}"),
    }
    assert!(forfeit.to_string().starts_with("crashed"), "{forfeit}");
    drop(engine);
    assert!(gone(id));
}

#[test]
fn an_engine_that_hangs_loses_and_is_killed() {
    let mut engine = start(fake("hang", &[]));
    let id = engine.id();
    let forfeit = play_answer(&mut renju(), engine.begin()).expect_err("no answer");
    assert!(
        matches!(forfeit, Forfeit::Fault(Fault::NoAnswer { .. })),
        "{forfeit:?}"
    );
    assert!(forfeit.to_string().contains("did not answer within 1.2 s"));
    // Killed at the deadline, not when the client goes.
    assert!(gone(id), "the hung engine was killed and reaped");
}

#[test]
fn the_game_clock_bounds_the_wait_when_it_is_shorter_than_a_move() {
    let time = TimeControl {
        turn: Duration::from_secs(30),
        game: Some(Duration::from_millis(300)),
    };
    let mut engine = Client::start(fake("hang", &[]), 15, RuleSet::Renju, time).expect("started");
    match engine.begin() {
        Err(Fault::NoAnswer { waited }) => assert_eq!(waited, Duration::from_millis(1300)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_engine_that_answers_prose_loses_quoting_it() {
    let mut engine = start(fake("garbage", &[]));
    let forfeit = play_answer(&mut renju(), engine.begin()).expect_err("not a move");
    assert_eq!(
        forfeit.to_string(),
        "answered \"I think I will resign\", which is not a move"
    );
}

#[test]
fn an_engine_that_plays_a_taken_point_loses_and_its_messages_are_kept() {
    let mut game = renju();
    let centre = Point::new(7, 7);
    game.play(Move::from(centre)).expect("Black's first stone");
    // White's engine insists on the centre.
    let mut engine = start(fake("fixed", &["7,7"]));
    let forfeit = play_answer(&mut game, engine.turn(Move::from(centre))).expect_err("taken");
    assert!(matches!(
        forfeit,
        Forfeit::Illegal {
            error: MoveError::Occupied,
            ..
        }
    ));
    assert_eq!(
        forfeit.to_string(),
        "played h8: that point is already taken"
    );
    assert_eq!(
        engine.messages(),
        ["UNKNOWN INFO game_type", "playing 7,7"],
        "an UNKNOWN line is logged, not taken for the move"
    );
    assert_eq!(
        game.history(),
        [Move::Stone(centre)],
        "the refused move left no trace"
    );
}

#[test]
fn an_engine_that_plays_a_renju_foul_loses() {
    // Black: f8 g8 and h6 h7; h8 would make two open threes.
    let black = [(5, 7), (6, 7), (7, 5), (7, 6)].map(|(x, y)| (Point::new(x, y), Side::First));
    let white = [(0, 0), (2, 0), (0, 14), (14, 0)].map(|(x, y)| (Point::new(x, y), Side::Second));
    let stones: Vec<(Point, Side)> = black.into_iter().chain(white).collect();
    let position =
        Gomoku::with_stones(15, RuleSet::Renju, stones.iter().copied()).expect("a position");
    let foul = Point::new(7, 7);
    assert_eq!(position.foul_at(foul), Some(Foul::DoubleThree));
    let mut game = Game::new(position);
    // h8 is x 7 and, counted from the top, y 14 - 7 = 7.
    let mut engine = start(fake("fixed", &["7,7"]));
    let forfeit = play_answer(&mut game, engine.board(&stones, Side::First)).expect_err("a foul");
    assert!(matches!(
        forfeit,
        Forfeit::Illegal {
            error: MoveError::Forbidden(Foul::DoubleThree),
            ..
        }
    ));
    assert!(
        forfeit
            .to_string()
            .starts_with("played h8: forbidden for Black")
    );
}

#[test]
fn a_program_that_does_not_exist_is_a_clear_error() {
    let missing = Command::new("/nonexistent/pbrain-nothing");
    match Client::start(missing, 15, RuleSet::Renju, QUICK) {
        Err(Fault::NotStarted(_)) => {}
        Err(other) => panic!("{other:?}"),
        Ok(_) => panic!("started a missing program"),
    }
}

fn entrant(command: &Command) -> Entrant {
    Entrant {
        name: command.get_program().to_string_lossy().into_owned(),
        program: command.get_program().to_string_lossy().into_owned(),
        args: command
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect(),
        info: Vec::new(),
    }
}

/// The repository's Renju opening list in either of its forms (also read
/// by the engine's tests).
pub(crate) fn shared_openings(form: Form) -> Vec<Vec<Point>> {
    let file = match form {
        Form::Absolute => "openings_renju.txt",
        Form::Offset => "openings_renju_offset.txt",
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/gomoku")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the opening list");
    openings::parse(&text, form, 15).expect("openings")
}

#[test]
fn both_forms_of_the_opening_list_give_the_same_openings() {
    let absolute = shared_openings(Form::Absolute);
    assert_eq!(absolute.len(), 30);
    assert_eq!(absolute, shared_openings(Form::Offset));
    // Gomocup's 7,7 is h8, and y counts from the top: 5,6 is f9.
    let first = openings::parse("5,6 7,7", Form::Absolute, 15).unwrap();
    assert_eq!(first, [vec![Point::new(5, 8), Point::new(7, 7)]]);
    assert!(openings::parse("7,7 7,7", Form::Absolute, 15).is_err());
    assert!(openings::parse("15,0", Form::Absolute, 15).is_err());
    assert!(openings::parse("-8,0,", Form::Offset, 15).is_err());
}

#[test]
fn a_refereed_game_from_an_opening_ends_in_five_or_a_full_board() {
    let opening = &shared_openings(Form::Absolute)[0];
    let engine = entrant(&pbrain_lineup());
    let played = play_game([&engine, &engine], opening, RuleSet::Renju, QUICK).expect("a game");
    assert!(
        played.moves[..opening.len()]
            .iter()
            .copied()
            .eq(opening.iter().map(|&p| Move::Stone(p)))
    );
    // The moves replay legally, and the last one decides the game.
    let game = Game::from_moves(
        Gomoku::standard(RuleSet::Renju),
        played.moves.iter().copied(),
    )
    .expect("legal moves");
    match (&played.result, game.outcome()) {
        (Finish::Five(side), Some(Outcome::Win { winner, .. })) => assert_eq!(side, winner),
        (Finish::Draw, Some(Outcome::Draw)) => {}
        other => panic!("{other:?}"),
    }
}

/// With `INFO max_node`, `pbrain-lineup` searches each move to that many
/// nodes, not to the clock, so one match plays the same game twice on any
/// machine. `max_memory` comes after it and makes a new table: the budget
/// must survive that.
#[test]
fn a_node_budget_plays_the_same_game_twice() {
    let opening = &shared_openings(Form::Absolute)[2];
    let mut engine = entrant(&pbrain_lineup());
    engine.info = vec!["max_node 3000".into(), "max_memory 67108864".into()];
    let time = TimeControl {
        turn: Duration::from_secs(5),
        game: Some(Duration::from_secs(60)),
    };
    let games = [0, 1]
        .map(|_| play_game([&engine, &engine], opening, RuleSet::Renju, time).expect("a game"));
    assert!(
        matches!(games[0].result, Finish::Five(_) | Finish::Draw),
        "{:?}",
        games[0].result
    );
    assert!(games[0].moves.len() > opening.len() + 8);
    assert_eq!(games[0].moves, games[1].moves);
}

#[test]
fn a_crashing_engine_loses_every_game_with_either_colour() {
    let opening = &shared_openings(Form::Absolute)[1];
    let good = entrant(&pbrain_lineup());
    let bad = entrant(&fake("crash", &[]));
    for (engines, loser) in [([&good, &bad], Side::Second), ([&bad, &good], Side::First)] {
        let played = play_game(engines, opening, RuleSet::Renju, QUICK).expect("a game");
        match &played.result {
            Finish::Forfeit { loser: l, why } => {
                assert_eq!(*l, loser);
                assert!(why.to_string().starts_with("crashed"));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(played.result.winner(), Some(loser.other()));
    }
}

#[test]
fn an_engine_that_cannot_start_loses_and_a_bad_opening_is_refused() {
    let good = entrant(&pbrain_lineup());
    let missing = entrant(&Command::new("/nonexistent/pbrain-nothing"));
    let played = play_game([&good, &missing], &[], RuleSet::Renju, QUICK).expect("a game");
    assert!(matches!(
        played.result,
        Finish::Forfeit {
            loser: Side::Second,
            ..
        }
    ));
    // The same point twice is no opening.
    let twice = [Point::new(7, 7), Point::new(7, 7)];
    assert!(play_game([&good, &good], &twice, RuleSet::Renju, QUICK).is_err());
}

#[test]
fn the_score_gives_the_elo_difference_and_its_interval() {
    let even = Score {
        wins: 3,
        losses: 3,
        draws: 0,
    };
    assert_eq!(even.elo().map(|(elo, _)| elo.abs() < 1e-9), Some(true));
    // 15 of 20: s = 0.75, -400·log10(1/3) = +190.8; the mean's 95% interval
    // 0.75 ± 1.96·sqrt(0.1875/20) maps to +42.1 .. +477.3.
    let ahead = Score {
        wins: 15,
        losses: 5,
        draws: 0,
    };
    let (elo, margin) = ahead.elo().expect("an estimate");
    assert!((elo - 190.85).abs() < 0.1, "{elo}");
    assert!((margin - 217.6).abs() < 0.1, "{margin}");
    assert_eq!(
        ahead.to_string(),
        "15 - 5 - 0 (wins - losses - draws) in 20 games, score 75.0%, Elo +191 ± 218"
    );
    // A clean sweep has no finite estimate.
    let sweep = Score {
        wins: 4,
        losses: 0,
        draws: 0,
    };
    assert_eq!(sweep.elo(), None);
    assert!(sweep.to_string().ends_with("score 100.0%"));
}

/// The game's engine player (`engine::seat`) tells the engine only what
/// changed: BEGIN on an empty board, TURN for the one new move, TAKEBACK
/// for each move undone, and the whole BOARD when the game is one it did
/// not see grow (a loaded save).
#[test]
fn a_seat_tells_the_engine_what_changed_with_the_fewest_commands() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("seat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let log = dir.join("commands.txt");
    let _ = std::fs::remove_file(&log);
    let answers = ["7,7", "8,8", "8,6", "3,3"];
    let mut args = vec![log.to_str().expect("utf-8")];
    args.extend(answers);
    let mut seat = EngineSeat::start(fake("record", &args), 15, RuleSet::Renju, QUICK)
        .expect("the engine starts");
    let id = seat.id();
    let point = |text: &str| Point::parse(text).expect("a point");
    let at = |text: &str| wire::parse_move(text, 15).expect("a move");

    let mut history = Vec::new();
    let first = seat.answer(&history).expect("a move");
    assert_eq!(first, at(answers[0]));
    history.extend([first, Move::Stone(point("a1"))]);
    let second = seat.answer(&history).expect("a move");
    assert_eq!(second, at(answers[1]));
    // Undo: the engine's move and the person's go; the person plays again.
    history.truncate(1);
    history.push(Move::Stone(point("o15")));
    assert_eq!(seat.answer(&history).expect("a move"), at(answers[2]));
    // A loaded game it never saw: the whole board.
    let loaded = [point("j10"), point("a15"), point("h8")].map(Move::Stone);
    assert_eq!(seat.answer(&loaded).expect("a move"), at(answers[3]));
    drop(seat);
    assert!(gone(id), "the engine process is reaped");

    let sent = std::fs::read_to_string(&log).expect("the engine's log");
    let commands: Vec<&str> = sent
        .lines()
        .filter(|l| !l.starts_with("INFO") && !l.starts_with("START"))
        .collect();
    let wire_of = |text: &str| wire::format_point(point(text), 15);
    let taken_back = |mv: Move| format!("TAKEBACK {}", wire::format_move(mv, 15));
    let expected = vec![
        "BEGIN".to_string(),
        "TURN ".to_string() + &wire_of("a1"),
        taken_back(second),
        "TAKEBACK ".to_string() + &wire_of("a1"),
        "TURN ".to_string() + &wire_of("o15"),
        "BOARD".to_string(),
        format!("{},2", wire_of("j10")),
        format!("{},1", wire_of("a15")),
        format!("{},2", wire_of("h8")),
        "DONE".to_string(),
        "END".to_string(),
    ];
    assert_eq!(commands, expected, "{sent}");
}

/// The slowing engine answers its first three moves at once, then thinks
/// past its time: it loses on time at its fourth move, mid-game, and is
/// killed and reaped at the deadline.
#[test]
fn an_engine_that_slows_down_mid_game_loses_on_time_and_is_reaped() {
    let mut engine = start(fake("slowdown", &["0,0", "2,0", "4,0"]));
    let id = engine.id();
    let mut game = renju();
    let mut answer = engine.begin();
    for theirs in ["0,14", "2,14", "4,14"] {
        play_answer(&mut game, answer)
            .unwrap_or_else(|forfeit| panic!("move {}: {forfeit}", game.history().len() + 1));
        let theirs = wire::parse_move(theirs, 15).expect("a move");
        game.play(theirs).expect("a free point");
        answer = engine.turn(theirs);
    }
    let forfeit = play_answer(&mut game, answer).expect_err("no fourth answer in time");
    assert!(
        matches!(forfeit, Forfeit::Fault(Fault::NoAnswer { .. })),
        "{forfeit:?}"
    );
    assert_eq!(
        game.history().len(),
        6,
        "three moves each before the slowdown"
    );
    assert!(gone(id), "the slow engine was killed and reaped");
}

/// The leaking engine grows its memory while it thinks. Held to 64 MB, it
/// is killed on going over, long before its minute is up, and loses saying
/// how much it took.
#[test]
fn an_engine_that_leaks_memory_loses_over_its_limit_and_is_reaped() {
    let time = TimeControl {
        turn: Duration::from_secs(60),
        game: None,
    };
    let mut engine = Client::start(fake("leak", &[]), 15, RuleSet::Renju, time).expect("started");
    assert_eq!(
        engine.memory_limit(),
        2 << 30,
        "the cap when no limit is told"
    );
    engine.info("max_memory 67108864").expect("told its limit");
    assert_eq!(engine.memory_limit(), 64 << 20);
    let id = engine.id();
    let fault = engine.begin().expect_err("killed for its memory");
    match fault {
        Fault::OverMemory { used, limit } => assert!(used > limit && limit == 64 << 20),
        other => panic!("{other:?}"),
    }
    let text = fault.to_string();
    assert!(
        text.starts_with("used ") && text.ends_with(" MB, over its 64 MB limit"),
        "{text}"
    );
    assert!(gone(id), "the leaking engine was killed and reaped");
}

/// Whether process `id` is still one of the test's: a child not reaped
/// (running, or a zombie) or a process carrying `tag` in its environment.
fn left_behind(id: u32, tag: &str) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{id}/stat")) else {
        return false;
    };
    // The fields after the command name (in parentheses): state, ppid, …
    let parent = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok());
    parent == Some(std::process::id()) || tagged(id, tag)
}

fn tagged(id: u32, tag: &str) -> bool {
    std::fs::read(format!("/proc/{id}/environ"))
        .is_ok_and(|environ| environ.split(|&b| b == 0).any(|var| var == tag.as_bytes()))
}

/// A hundred games in a row, `pbrain-lineup` (at its shortest move time)
/// against an engine that misbehaves each way: it crashes, answers prose,
/// leaks memory or slows down. Colours alternate. Every engine runs
/// through `sh -c`, which writes its process id down, tags its
/// environment and becomes it (`exec`): afterwards each of the 200 is
/// gone, neither running nor a zombie, and no process anywhere carries the
/// tag (nothing was orphaned). Other tests' engines run meanwhile, so only
/// these are counted.
#[test]
fn a_hundred_games_against_faulty_engines_leave_no_process_behind() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("reap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let tag = format!("LINEUP_REAP_TEST={}", std::process::id());
    let entrant_of = |command: Command, pids: &str, info: &[&str]| -> Entrant {
        let list = dir.join(pids);
        let _ = std::fs::remove_file(&list);
        let mut entrant = entrant(&command);
        let mut args = vec![
            "-c".to_string(),
            "echo $$ >> \"$0\"; export \"$1\"; shift; exec \"$@\"".to_string(),
            list.to_string_lossy().into_owned(),
            tag.clone(),
            entrant.program,
        ];
        args.append(&mut entrant.args);
        Entrant {
            name: entrant.name,
            program: "sh".to_string(),
            args,
            info: info.iter().map(|line| line.to_string()).collect(),
        }
    };
    let lineup = entrant_of(pbrain_lineup(), "lineup.txt", &[]);
    let crash = entrant_of(fake("crash", &[]), "fakes.txt", &[]);
    let garbage = entrant_of(fake("garbage", &[]), "fakes.txt", &[]);
    let leak = entrant_of(fake("leak", &[]), "fakes.txt", &["max_memory 67108864"]);
    let slowdown = entrant_of(fake("slowdown", &["0,0"]), "fakes.txt", &[]);
    // pbrain-lineup searches 20 ms a move at a 1 ms turn, its shortest.
    let time = TimeControl {
        turn: Duration::from_millis(1),
        game: None,
    };
    for i in 0..100 {
        let (faulty, fault): (&Entrant, fn(&Fault) -> bool) = match i % 25 {
            0 => (&slowdown, |f| matches!(f, Fault::NoAnswer { .. })),
            1 => (&leak, |f| matches!(f, Fault::OverMemory { .. })),
            _ if i % 2 == 0 => (&crash, |f| matches!(f, Fault::Crashed(_))),
            _ => (&garbage, |f| matches!(f, Fault::Garbage(_))),
        };
        // Lineup moves first either way: from an empty board as Black, or
        // as White after the faulty engine's stone at h8.
        let (engines, opening, loser) = if i % 2 == 0 {
            ([&lineup, faulty], vec![], Side::Second)
        } else {
            ([faulty, &lineup], vec![Point::new(7, 7)], Side::First)
        };
        let played = play_game(engines, &opening, RuleSet::Renju, time).expect("a game");
        match &played.result {
            Finish::Forfeit {
                loser: side,
                why: Forfeit::Fault(why),
            } if *side == loser && fault(why) => {}
            other => panic!(
                "game {}: {} against {}: {other}",
                i + 1,
                faulty.name,
                lineup.name
            ),
        }
    }
    let read = |name: &str| -> Vec<u32> {
        let text = std::fs::read_to_string(dir.join(name)).expect("a list of process ids");
        text.lines()
            .map(|l| l.parse().expect("a process id"))
            .collect()
    };
    let (lineups, fakes) = (read("lineup.txt"), read("fakes.txt"));
    assert_eq!(lineups.len(), 100, "a pbrain-lineup process a game");
    assert_eq!(fakes.len(), 100, "a faulty engine a game");
    let left: Vec<u32> = lineups
        .into_iter()
        .chain(fakes)
        .filter(|&id| left_behind(id, &tag))
        .collect();
    assert!(left.is_empty(), "processes left behind: {left:?}");
    let orphans: Vec<u32> = std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&id| tagged(id, &tag))
        .collect();
    assert!(
        orphans.is_empty(),
        "tagged processes still running: {orphans:?}"
    );
}
