//! The Connect Four engine: exact scores on the standard test sets, the
//! solve command's line protocol, cancellation, variants against brute
//! force, and what every computer level must and must not do.

use lineup_core::ai::Level;
use lineup_core::ai::PlayRng;
use lineup_core::ai::connect_four::solver::win_now_score;
use lineup_core::ai::connect_four::{
    Book, ConnectFourEngine, Position, SolveError, Solver, Standard, random_play, run_solve,
};
use lineup_core::rules::{Column, ConnectFour, ConnectFourSize, Game, Rules};
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub(crate) fn never() -> AtomicBool {
    AtomicBool::new(false)
}

/// `(moves, score)` of every line of a test set.
pub(crate) fn test_set(name: &str) -> Vec<(String, i32)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/connect4")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("test set present");
    text.lines()
        .map(|line| {
            let (moves, score) = line.split_once(' ').expect("two fields");
            (moves.to_string(), score.parse().expect("a score"))
        })
        .collect()
}

pub(crate) fn board(moves: &str) -> ConnectFour {
    *ConnectFour::game_from_moves(ConnectFourSize::STANDARD, moves)
        .expect("legal moves")
        .position()
}

fn check_set(name: &str) {
    let set = test_set(name);
    assert_eq!(set.len(), 1000);
    let mut solver = Solver::new();
    let stop = never();
    let wrong: Vec<_> = set
        .iter()
        .filter_map(|(moves, expected)| {
            let got = solver.solve(&board(moves), &stop).expect("solved");
            (got != *expected).then(|| format!("{moves}: got {got}, expected {expected}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{name}: {} wrong: {wrong:?}", wrong.len());
}

#[test]
fn exact_scores_end_easy() {
    check_set("Test_L3_R1");
}

#[test]
fn exact_scores_middle_easy() {
    check_set("Test_L2_R1");
}

#[test]
fn exact_scores_begin_easy() {
    check_set("Test_L1_R1");
}

#[test]
fn analyze_agrees_with_solve() {
    let mut solver = Solver::new();
    let stop = never();
    for (moves, expected) in test_set("Test_L2_R1").iter().step_by(25) {
        let scores = solver.analyze(&board(moves), &stop).expect("solved");
        assert_eq!(scores.len(), 7);
        let position = board(moves);
        for (c, score) in scores.iter().enumerate() {
            assert_eq!(
                score.is_some(),
                position.can_play(Column(c as u8)),
                "{moves}"
            );
        }
        assert_eq!(scores.iter().flatten().max(), Some(expected), "{moves}");
    }
}

#[test]
fn weak_solve_gives_the_sign() {
    let mut solver = Solver::new();
    let stop = never();
    for (moves, expected) in test_set("Test_L2_R1").iter().take(100) {
        let position = Position::from_standard(&board(moves))
            .expect("7x6")
            .expect("not over");
        let weak = solver
            .solve_position(&position, true, &stop)
            .expect("solved");
        assert_eq!(weak, expected.signum(), "{moves}");
    }
}

#[test]
fn solve_refuses_a_won_game() {
    let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "1212121").expect("legal");
    assert!(game.is_over());
    assert_eq!(
        Solver::new().solve(game.position(), &never()),
        Err(SolveError::GameOver)
    );
}

fn run(input: &str, analyze: bool) -> Vec<String> {
    let mut out = Vec::new();
    run_solve(input.as_bytes(), &mut out, analyze, true, 1).expect("in-memory I/O");
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn solve_command_answers_in_order() {
    let set = test_set("Test_L3_R1");
    let input: String = set.iter().take(20).map(|(m, _)| format!("{m}\n")).collect();
    let expected: Vec<String> = set
        .iter()
        .take(20)
        .map(|(m, s)| format!("{m} {s}"))
        .collect();
    assert_eq!(run(&input, false), expected);
}

#[test]
fn solve_command_without_the_book_searches_book_positions_to_the_same_scores() {
    // Early positions of the begin sets: some are in the book, and without
    // it each is searched (the book would answer with no nodes at all).
    let set = test_set("Test_L1_R1");
    let early: Vec<&(String, i32)> = set.iter().filter(|(m, _)| m.len() <= 8).take(20).collect();
    let input: String = early.iter().map(|(m, _)| format!("{m}\n")).collect();
    let expected: Vec<String> = early.iter().map(|(m, s)| format!("{m} {s}")).collect();
    let mut out = Vec::new();
    run_solve(input.as_bytes(), &mut out, false, false, 1).expect("in-memory I/O");
    let lines: Vec<String> = String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines, expected);
}

#[test]
fn solve_command_reports_bad_lines_and_goes_on() {
    let set = test_set("Test_L3_R1");
    let (a, b) = (&set[0], &set[1]);
    // Line 2: a bad character; line 3: column 8; line 4: a full column;
    // line 5: a won game; line 6: fine again.
    let input = format!("{}\n44x3\n4458\n1111111\n1212121\n{}\n", a.0, b.0);
    let lines = run(&input, false);
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert_eq!(lines[0], format!("{} {}", a.0, a.1));
    for (i, line) in lines[1..5].iter().enumerate() {
        assert!(line.starts_with(&format!("Line {}: ", i + 2)), "{line}");
    }
    assert!(lines[2].contains("move 4"), "{}", lines[2]);
    assert!(lines[3].contains("column 1 is full"), "{}", lines[3]);
    assert!(lines[4].contains("ends the game"), "{}", lines[4]);
    assert_eq!(lines[5], format!("{} {}", b.0, b.1));
}

#[test]
fn solve_command_analyze_prints_every_column() {
    // A middle-game position with a full column: -1000 there, and the exact
    // score of playing each other column, which the solver agrees with.
    let moves = "5554224333234511764415115";
    let lines = run(&format!("{moves}\n"), true);
    assert_eq!(lines.len(), 1);
    let fields: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(fields.len(), 8, "{lines:?}");
    assert_eq!(fields[0], moves);
    let mut solver = Solver::new();
    let position = board(moves);
    let mut full = 0;
    for c in 0..7u8 {
        let mut child = position;
        let expected = match child.play(Column(c)) {
            Err(_) => {
                full += 1;
                -1000
            }
            Ok(Some(_)) => (42 + 1 - position.moves_played() as i32) / 2,
            Ok(None) => -solver.solve(&child, &never()).expect("solved"),
        };
        assert_eq!(
            fields[c as usize + 1],
            expected.to_string(),
            "column {}",
            c + 1
        );
    }
    assert!(full >= 1);
    let best = fields[1..]
        .iter()
        .map(|f| f.parse::<i32>().expect("a score"));
    assert_eq!(best.max(), Some(4), "the set's score for {moves}");
}

#[test]
fn a_set_stop_flag_returns_at_once() {
    let hard = &test_set("Test_L1_R3")[0].0;
    let stop = AtomicBool::new(true);
    let start = Instant::now();
    let result = Solver::new().solve(&board(hard), &stop);
    assert_eq!(result, Err(SolveError::Cancelled));
    assert!(start.elapsed() < Duration::from_millis(250));
}

#[test]
fn a_search_stops_soon_after_the_flag_is_set() {
    let hard = board(&test_set("Test_L1_R3")[0].0);
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let worker = std::thread::spawn(move || {
        let result = Solver::new().solve(&hard, &flag);
        (result, Instant::now())
    });
    std::thread::sleep(Duration::from_millis(50));
    stop.store(true, Ordering::Relaxed);
    let set_at = Instant::now();
    let (result, done_at) = worker.join().expect("no panic");
    assert_eq!(result, Err(SolveError::Cancelled));
    assert!(done_at.saturating_duration_since(set_at) < Duration::from_millis(500));
}

#[test]
fn a_node_limit_ends_the_search() {
    let hard = board(&test_set("Test_L1_R3")[0].0);
    let mut solver = Solver::new();
    solver.set_node_limit(Some(10_000));
    assert_eq!(solver.solve(&hard, &never()), Err(SolveError::OutOfBudget));
    assert!(solver.node_count() <= 10_000 + 100);
    // The table stayed sound: without the limit the score is right.
    solver.set_node_limit(None);
    let easy = &test_set("Test_L2_R1")[0];
    assert_eq!(solver.solve(&board(&easy.0), &never()), Ok(easy.1));
}

/// The exact score by trying everything (small boards only).
fn brute_force(board: &ConnectFour) -> i32 {
    let cells = board.size().cells() as i32;
    let moves = board.moves_played() as i32;
    let mut best = i32::MIN;
    for column in board.legal_columns() {
        let mut next = *board;
        let score = match next.play(column).expect("legal") {
            Some(outcome) if outcome.winner().is_some() => (cells + 1 - moves) / 2,
            Some(_) => 0,
            None => -brute_force(&next),
        };
        best = best.max(score);
    }
    best
}

#[test]
fn variants_match_brute_force() {
    let mut rng = PlayRng::new(5);
    let mut solver = Solver::with_table_size(16);
    let mut checked = 0;
    for (columns, rows, left) in [(4, 4, 11), (5, 4, 9), (4, 5, 10), (6, 4, 8), (5, 5, 8)] {
        let size = ConnectFourSize::new(columns, rows).expect("valid size");
        let cells = size.cells();
        while checked < 200 {
            let mut game = Game::new(ConnectFour::new(size));
            while game.position().moves_played() < cells - left && !game.is_over() {
                let legal: Vec<Column> = game.position().legal_columns().collect();
                let pick = legal[rng.below(legal.len())];
                game.play(pick).expect("legal");
            }
            if game.is_over() {
                continue;
            }
            let expected = brute_force(game.position());
            let got = solver.solve(game.position(), &never()).expect("solved");
            assert_eq!(got, expected, "{columns}x{rows} {:?}", game.history());
            checked += 1;
            if checked % 40 == 0 {
                break;
            }
        }
    }
    assert_eq!(checked, 200);
}

#[test]
fn boards_beyond_64_bits_are_refused_by_the_solver() {
    let size = ConnectFourSize::new(9, 9).expect("valid");
    assert_eq!(
        Solver::new().solve(&ConnectFour::new(size), &never()),
        Err(SolveError::TooLarge {
            columns: 9,
            rows: 9
        })
    );
}

/// Random positions where the game is still on, of every size.
fn random_positions(count: usize, seed: u64) -> Vec<ConnectFour> {
    let mut rng = PlayRng::new(seed);
    let sizes = [(7, 6), (7, 6), (4, 4), (6, 5), (8, 7), (9, 9), (9, 6)];
    let mut positions = Vec::new();
    while positions.len() < count {
        let (c, r) = sizes[rng.below(sizes.len())];
        let size = ConnectFourSize::new(c, r).expect("valid");
        let plies = rng.below(size.cells());
        positions.extend(random_play(size, plies, &mut rng));
    }
    positions
}

#[test]
fn every_level_plays_a_legal_move() {
    let mut engine = ConnectFourEngine::new();
    let mut rng = PlayRng::new(1);
    let stop = never();
    for (i, position) in random_positions(60, 2).iter().enumerate() {
        for level in Level::ALL {
            // Master on an early position is the slow path: keep a few.
            if level == Level::Master && i % 10 != 0 {
                continue;
            }
            let column = engine
                .choose_move(position, level, &mut rng, &stop)
                .unwrap_or_else(|| panic!("{level:?} found no move"));
            assert!(position.can_play(column), "{level:?}: column {column:?}");
        }
    }
}

#[test]
fn no_move_when_the_game_is_over_or_stopped() {
    let mut engine = ConnectFourEngine::new();
    let mut rng = PlayRng::new(1);
    let won = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, "1212121").expect("legal");
    for level in Level::ALL {
        assert_eq!(
            engine.choose_move(won.position(), level, &mut rng, &never()),
            None
        );
        let stopped = AtomicBool::new(true);
        assert_eq!(
            engine.choose_move(&board("4453"), level, &mut rng, &stopped),
            None
        );
    }
}

/// `(moves, the good columns, 1-based)`: a win to take or a threat to
/// block (checked with the solver's own bitboards when written).
const MUST_PLAY: [(&str, &[u8]); 7] = [
    // Wins: three in column 1; a bottom row 2-3-4 while the opponent has
    // three in column 7 (win rather than block); a diagonal; a row of
    // three open at both ends.
    ("121212", &[1]),
    ("273747", &[1, 5]),
    ("1223433464", &[4]),
    ("445566", &[3, 7]),
    // Blocks: three in column 7; a bottom row 3-4-5; a diagonal.
    ("71717", &[7]),
    ("32425", &[6]),
    ("12234334641", &[4]),
];

#[test]
fn medium_and_up_never_miss_a_win_or_a_block() {
    let mut engine = ConnectFourEngine::new();
    let stop = never();
    for (moves, good) in MUST_PLAY {
        let position = board(moves);
        for level in [Level::Medium, Level::Hard, Level::Master] {
            for seed in 0..10 {
                let mut rng = PlayRng::new(seed);
                let column = engine
                    .choose_move(&position, level, &mut rng, &stop)
                    .expect("a move");
                assert!(
                    good.contains(&(column.0 + 1)),
                    "{level:?} on {moves}: played {}, wanted {good:?}",
                    column.0 + 1
                );
            }
        }
    }
}

#[test]
fn perfect_plays_a_move_of_the_best_score() {
    let mut engine = ConnectFourEngine::new();
    let mut solver = Solver::new();
    let stop = never();
    let mut rng = PlayRng::new(3);
    for (moves, expected) in test_set("Test_L2_R1").iter().step_by(50) {
        let position = board(moves);
        let column = engine
            .choose_move(&position, Level::Master, &mut rng, &stop)
            .expect("a move");
        let mut child = position;
        let score = match child.play(column).expect("legal") {
            Some(_) => (42 + 1 - position.moves_played() as i32) / 2,
            None => -solver.solve(&child, &stop).expect("solved"),
        };
        assert_eq!(score, *expected, "{moves}: column {}", column.0 + 1);
    }
}

#[test]
fn lower_levels_vary_their_moves() {
    let mut engine = ConnectFourEngine::new();
    let stop = never();
    let position = board("44");
    for level in [Level::Beginner, Level::Easy] {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let mut rng = PlayRng::new(seed);
            seen.insert(engine.choose_move(&position, level, &mut rng, &stop));
        }
        assert!(seen.len() >= 2, "{level:?} always plays {seen:?}");
    }
}

#[test]
fn a_book_round_trips_and_answers_for_its_positions() {
    let set = test_set("Test_L2_R1");
    let positions: Vec<(Position, i32)> = set
        .iter()
        .take(50)
        .map(|(m, s)| {
            (
                Position::from_standard(&board(m))
                    .expect("7x6")
                    .expect("on"),
                *s,
            )
        })
        .collect();
    // A deliberately wrong score for the first position shows the book is
    // read rather than the position searched.
    let entries: Vec<(u64, i8)> = positions
        .iter()
        .enumerate()
        .map(|(i, (p, s))| (p.symmetric_key(), if i == 0 { 17 } else { *s as i8 }))
        .collect();
    let book = Book::new(7, 6, 42, entries).expect("7x6 keys and scores");
    let bytes = book.to_bytes();
    let read = Book::from_bytes(&bytes).expect("valid bytes");
    assert_eq!(read, book);
    assert!(Book::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    assert!(Book::from_bytes(b"not a book").is_err());

    let mut solver = Solver::new();
    solver.set_book(Some(Arc::new(read)));
    let stop = never();
    for (i, (position, score)) in positions.iter().enumerate() {
        let expected = if i == 0 { 17 } else { *score };
        if !position.can_win_next() {
            assert_eq!(solver.solve_position(position, false, &stop), Ok(expected));
        }
    }
    assert_eq!(solver.node_count(), 0, "every answer came from the book");
}

/// Master's turns in the shipped book's opening: from the empty board
/// (Master first) and after each first move (Master second), Master plays
/// the book's move and the opponent any move that does not lose at once,
/// up to the book's last layer. Mirror images are walked apart, as the
/// game meets them.
fn book_strategy(book: &Book) -> Vec<(Position, Vec<u32>)> {
    let last_turn = book.depth() - 1;
    let mut seen = HashSet::new();
    let mut turns = Vec::new();
    let mut todo = vec![(Position::new(), vec![])];
    for column in 0..7 {
        let mut first = Position::new();
        first.play_column(column);
        todo.push((first, vec![column]));
    }
    while let Some((turn, moves)) = todo.pop() {
        if turn.moves() > last_turn || turn.can_win_next() || !seen.insert(turn.key()) {
            continue;
        }
        turns.push((turn, moves.clone()));
        let Some((_, column)) = book.best_move(&turn) else {
            continue; // Reported by the test below.
        };
        let mut choice = turn;
        choice.play_column(column);
        for reply in 0..7 {
            if choice.can_play(reply) && !choice.is_winning_move(reply) {
                let mut next = choice;
                next.play_column(reply);
                let mut line = moves.clone();
                line.extend([column, reply]);
                todo.push((next, line));
            }
        }
    }
    turns
}

#[test]
fn the_shipped_book_has_a_move_for_every_reply_in_the_opening() {
    let book = Book::standard().expect("the shipped book parses");
    assert!(book.fits(Standard));
    assert!(book.depth() >= 14, "the book reaches move 14");
    let turns = book_strategy(&book);
    assert!(turns.len() > 50_000, "{} turns", turns.len());
    let missing: Vec<String> = turns
        .iter()
        .filter(|(turn, _)| book.best_move(turn).is_none())
        .map(|(_, moves)| moves.iter().map(|c| (c + 1).to_string()).collect())
        .collect();
    assert!(missing.is_empty(), "no book move after {missing:?}");
    // Mirror images get mirrored moves.
    for (turn, moves) in turns.iter().step_by(97) {
        let mut mirror = Position::new();
        for column in moves {
            mirror.play_column(6 - column);
        }
        let (score, column) = book.best_move(turn).expect("a book move");
        // (A symmetric position is its own mirror image: the same move.)
        let mirrored = if mirror.key() == turn.key() {
            column
        } else {
            6 - column
        };
        assert_eq!(book.best_move(&mirror), Some((score, mirrored)));
    }

    // From the book, at once: the empty board is a win with the last stone
    // (+1) by the centre column.
    let mut solver = Solver::new();
    solver.set_book(Book::standard());
    assert_eq!(
        solver.best_columns(&Position::new(), false, &never()),
        Ok((1, vec![3]))
    );
    assert_eq!(solver.node_count(), 0);
}

#[test]
fn the_shipped_book_scores_are_exact() {
    let book = Book::standard().expect("the shipped book parses");
    let turns = book_strategy(&book);
    // A spread of Master's turns from the last two layers (the earlier
    // ones take the solver minutes each): the turn's score and the chosen
    // child's, against a solver without the book.
    let deep: Vec<&Position> = turns
        .iter()
        .map(|(turn, _)| turn)
        .filter(|turn| turn.moves() + 2 >= book.depth())
        .collect();
    let mut solver = Solver::new();
    let stop = never();
    for turn in deep.iter().step_by((deep.len() / 40).max(1)) {
        let (score, column) = book.best_move(*turn).expect("a book move");
        assert_eq!(solver.solve_position(*turn, false, &stop), Ok(score));
        let mut child = **turn;
        child.play_column(column);
        if !child.can_win_next() {
            assert_eq!(solver.solve_position(&child, false, &stop), Ok(-score));
        }
    }
}

#[test]
fn values_in_the_opening_against_master_come_from_the_book() {
    // Human 4, Master's book move, human 6, Master's book move: every reply
    // now is one of Master's book turns, so all seven values are exact
    // within a few nodes (without the book, seven solves after five stones
    // take the solver seconds).
    let book = Book::standard().expect("the shipped book parses");
    let mut moves = String::new();
    for human in ['4', '6'] {
        moves.push(human);
        let mut position = Position::new();
        for c in moves.chars() {
            position.play_column(c.to_digit(10).expect("a digit") - 1);
        }
        let (_, column) = book.best_move(&position).expect("Master's book move");
        moves.push(char::from(b'1' + column as u8));
    }
    let game = ConnectFour::game_from_moves(ConnectFourSize::STANDARD, &moves).expect("legal");
    let mut solver = Solver::new();
    solver.set_book(Some(book));
    solver.set_node_limit(Some(10_000));
    let scores = solver
        .analyze(game.position(), &never())
        .expect("from the book");
    assert_eq!(scores.iter().flatten().count(), 7);
}

#[test]
fn layers_hold_every_position_once_per_mirror_pair() {
    use lineup_core::ai::connect_four::layers::layer;
    // Positions after n plies on 7x6 (OEIS A212693; nobody can have four
    // before the seventh ply): each mirror pair counts twice, a symmetric
    // position once.
    for (plies, positions) in [(0, 1), (1, 7), (2, 49), (3, 238), (4, 1120), (5, 4263)] {
        let folded = layer(Standard, plies);
        let unfolded: usize = folded
            .iter()
            .map(|(_, p)| if p.key() == p.mirrored_key() { 1 } else { 2 })
            .sum();
        assert_eq!(unfolded, positions, "{plies} plies");
        assert!(
            folded.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted, no repeats"
        );
        assert!(folded.iter().all(|(k, p)| *k == p.symmetric_key()));
    }
}

#[test]
fn a_layer_book_gives_every_position_above_its_exact_score() {
    use lineup_core::ai::connect_four::Variant;
    use lineup_core::ai::connect_four::layers::{layer, scores_above};
    use std::collections::HashMap;
    // 5x4, every position up to 7 stones: the deepest layer solved, the
    // rest derived, each checked against a solve of its own.
    let shape = Variant::new(5, 4).expect("fits");
    let depth = 7;
    let mut solver = Solver::new();
    let deepest: HashMap<u64, i8> = layer(shape, depth)
        .into_iter()
        .map(|(key, p)| {
            (
                key,
                solver.solve_position(&p, false, &never()).expect("solved") as i8,
            )
        })
        .collect();
    let above: HashMap<u64, i8> = scores_above(shape, depth, deepest)
        .expect("every child in the layer below")
        .into_iter()
        .collect();
    let mut checked = 0;
    for stones in 0..depth {
        for (key, position) in layer(shape, stones) {
            let expected = solver
                .solve_position(&position, false, &never())
                .expect("solved");
            assert_eq!(i32::from(above[&key]), expected, "{stones} stones");
            checked += 1;
        }
    }
    assert_eq!(checked, above.len());
    assert!(checked > 500, "{checked}");
}

/// Allis' claimeven bound never promises less than the side to move gets:
/// against a plain search on small boards of even height, and against the
/// reference solver's scores of the standard middle and end sets.
#[test]
fn the_claimeven_bound_is_never_below_the_exact_score() {
    use lineup_core::ai::connect_four::{Variant, claimeven};
    let mut rng = PlayRng::new(17);
    let (mut small, mut applied) = (0, 0);
    for (columns, rows, left) in [(4, 4, 10), (5, 4, 9), (6, 4, 8), (4, 6, 10)] {
        let size = ConnectFourSize::new(columns, rows).expect("valid size");
        let mut found = 0;
        while found < 250 {
            let mut game = Game::new(ConnectFour::new(size));
            while game.position().moves_played() < size.cells() - left && !game.is_over() {
                let legal: Vec<Column> = game.position().legal_columns().collect();
                game.play(legal[rng.below(legal.len())]).expect("legal");
            }
            if game.is_over() {
                continue;
            }
            let position = Position::<Variant>::from_any(game.position()).expect("fits");
            found += 1;
            if let Some(bound) = claimeven::bound(&position) {
                let exact = brute_force(game.position());
                assert!(exact <= bound, "{columns}x{rows} {:?}", game.history());
                small += 1;
            }
        }
    }
    for name in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2"] {
        for (moves, exact) in test_set(name) {
            let position = Position::from_standard(&board(&moves))
                .expect("7x6")
                .expect("not over");
            if let Some(bound) = claimeven::bound(&position) {
                assert!(exact <= bound, "{name} {moves}: {exact} > {bound}");
                applied += 1;
            }
        }
    }
    // Enough cases where the rule gives a bound for the check to mean
    // something.
    assert!(small >= 100 && applied >= 100, "{small} and {applied}");
}

#[test]
fn a_book_stores_key_distances_and_refuses_damaged_bytes() {
    let mut rng = PlayRng::new(15);
    for round in 0..20 {
        // Keys anywhere in 49 bits (the empty board's is 0), close together
        // or far apart, with every score an entry can hold.
        let mut entries = vec![(0u64, 0i8)];
        let mut key = 0u64;
        for _ in 0..200 {
            key += 1 + if rng.below(2) == 0 {
                rng.below(100) as u64
            } else {
                rng.next_u64() >> (16 + rng.below(30))
            };
            if key >= 1 << 49 {
                break;
            }
            entries.push((key, rng.below(64) as i8 - 32));
        }
        let book = Book::new(7, 6, 10, entries.clone()).expect("keys and scores fit");
        let bytes = book.to_bytes();
        assert_eq!(&bytes[..8], b"LC4BOOK2");
        let read = Book::from_bytes(&bytes).expect("its own bytes");
        assert_eq!(read.entries().collect::<Vec<_>>(), entries, "round {round}");
        // Cut anywhere, or with a byte more, the bytes are no book.
        for cut in HEADER_BYTES..bytes.len() {
            assert!(Book::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(1);
        assert!(Book::from_bytes(&longer).is_err());
        // The first format reads to the same book.
        let mut fixed = bytes[..16].to_vec();
        fixed[..8].copy_from_slice(b"LC4BOOK1");
        for &(key, score) in &entries {
            fixed.extend_from_slice(&key.to_le_bytes()[..7]);
            fixed.push(score as u8);
        }
        assert_eq!(Book::from_bytes(&fixed), Ok(read));
    }
    // The widest keys a book may hold (8x6: 56 bits) take nine bytes.
    let widest = vec![(0, -32), ((1 << 56) - 1, 31)];
    let book = Book::new(8, 6, 48, widest.clone()).expect("8x6 keys fit");
    let bytes = book.to_bytes();
    assert_eq!(bytes.len(), 16 + 1 + 9);
    let read = Book::from_bytes(&bytes).expect("its own bytes");
    assert_eq!(read.entries().collect::<Vec<_>>(), widest);
    // The same nine bytes under a 7x6 header: a key wider than the board.
    let mut narrower = bytes.clone();
    narrower[8..10].copy_from_slice(&[7, 6]);
    assert!(Book::from_bytes(&narrower).is_err());
    // A ten-byte number, and a count far beyond the bytes.
    let mut too_long = bytes[..16].to_vec();
    too_long[12..16].copy_from_slice(&1u32.to_le_bytes());
    too_long.extend_from_slice(&[0x80; 9]);
    too_long.push(0);
    assert!(Book::from_bytes(&too_long).is_err());
    let mut counted = bytes[..17].to_vec();
    counted[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(Book::from_bytes(&counted).is_err());
    // What no entry can hold is refused when the book is made.
    assert!(
        Book::new(7, 6, 10, vec![(1, 3), (1, 4)]).is_err(),
        "two scores"
    );
    assert_eq!(
        Book::new(7, 6, 10, vec![(1, 3), (1, 3)]).map(|b| b.len()),
        Ok(1)
    );
    assert!(Book::new(7, 6, 10, vec![(1, 32)]).is_err());
    assert!(Book::new(7, 6, 10, vec![(1, -33)]).is_err());
    assert!(Book::new(7, 6, 10, vec![(1 << 49, 0)]).is_err());
    assert!(Book::new(8, 7, 10, vec![(1, 0)]).is_err(), "64 key bits");
    // A key repeated (a distance of 0 after the first entry).
    let mut repeated = Book::new(7, 6, 10, vec![(5, 1), (6, 2)])
        .expect("fits")
        .to_bytes();
    // 5 << 6 | (1 + 32) = 353 = 0x161 in two bytes (low seven bits first,
    // with the high bit set), then 1 << 6 | (2 + 32) = 98.
    assert_eq!(repeated[16..], [0xe1, 0x02, 98]);
    repeated[18] = 34;
    assert!(Book::from_bytes(&repeated).is_err());
    // Garbage after a valid header: a number that never ends.
    let mut endless = Book::new(7, 6, 10, vec![(5, 1)]).expect("fits").to_bytes();
    endless.truncate(16);
    endless.extend_from_slice(&[0xff; 12]);
    assert!(Book::from_bytes(&endless).is_err());
}

/// The header of a book file: magic, size, depth, reserved, entry count.
const HEADER_BYTES: usize = 16;

#[test]
fn the_shipped_book_holds_every_position_up_to_ten_stones() {
    let book = Book::standard().expect("the shipped book parses");
    assert!(book.depth() >= 10, "depth {}", book.depth());
    let mut rng = PlayRng::new(10);
    // Without a book: the solved layer against a plain solve.
    let mut solver = Solver::new();
    let stop = never();
    let (mut derived, mut solved) = (0, 0);
    while derived + solved < 400 {
        let stones = rng.below(11);
        let Some(board) = random_play(ConnectFourSize::STANDARD, stones, &mut rng) else {
            continue;
        };
        let position = Position::from_standard(&board).expect("7x6").expect("on");
        let score = book
            .get(&position)
            .unwrap_or_else(|| panic!("{board:?} is not in the book"));
        if stones < 10 {
            // Above the solved layer each score is the best of the
            // children's (a win at once: Pons' score for it).
            let best = (0..7)
                .filter(|&c| position.can_play(c))
                .map(|c| {
                    if position.is_winning_move(c) {
                        win_now_score(&position)
                    } else {
                        let mut child = position;
                        child.play_column(c);
                        -book.get(&child).expect("every child is in the book")
                    }
                })
                .max();
            assert_eq!(Some(score), best, "{board:?}");
            derived += 1;
        } else if solved < 30 {
            assert_eq!(
                solver.solve_position(&position, false, &stop),
                Ok(score),
                "{board:?}"
            );
            solved += 1;
        }
    }
}
