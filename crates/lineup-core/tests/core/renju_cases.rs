//! The Renju forbidden-move cases in `tests/data/forbidden_cases.txt` (copied
//! from the shared test data; its header describes the format): every
//! expected verdict must match, and the board's list of forbidden points
//! must agree with each one.

use lineup_core::rules::gomoku::Verdict;
use lineup_core::rules::{Gomoku, Point, RuleSet, Side};

struct Case {
    name: String,
    expects: Vec<(Point, String)>,
    board: Gomoku,
}

fn load_cases() -> Vec<Case> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/forbidden_cases.txt"
    );
    let text = std::fs::read_to_string(path).expect("the renju cases file is in tests/data");
    let mut cases = Vec::new();
    for block in text
        .split("\n\n")
        .filter(|b| b.lines().any(|l| l.starts_with("# case ")))
    {
        let mut name = String::new();
        let mut expects = Vec::new();
        let mut rows = Vec::new();
        for line in block.lines() {
            if let Some(rest) = line.strip_prefix("# case ") {
                name = rest.to_string();
            } else if let Some(rest) = line.strip_prefix("# expect ") {
                let (point, verdict) = rest.split_once(' ').expect("# expect POINT VERDICT");
                expects.push((
                    Point::parse(point).expect("valid point"),
                    verdict.trim().to_string(),
                ));
            } else if !line.starts_with('#') && !line.trim().is_empty() {
                rows.push(line.trim().to_string());
            }
        }
        assert_eq!(rows.len(), 15, "case {name}: 15 board lines");
        let mut stones = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let p = Point::new(x as u8, 14 - r as u8);
                match ch {
                    'x' => stones.push((p, Side::First)),
                    'o' => stones.push((p, Side::Second)),
                    '.' => {}
                    other => panic!("case {name}: unexpected '{other}'"),
                }
            }
        }
        let board = Gomoku::with_stones(15, RuleSet::Renju, stones).expect("valid case board");
        cases.push(Case {
            name,
            expects,
            board,
        });
    }
    cases
}

#[test]
fn every_renju_case_has_its_expected_verdict() {
    let cases = load_cases();
    assert_eq!(cases.len(), 47);
    assert_eq!(cases.iter().map(|c| c.expects.len()).sum::<usize>(), 110);
    let mut failures = Vec::new();
    for case in &cases {
        let forbidden = case.board.forbidden_points();
        for (point, expected) in &case.expects {
            let verdict = case.board.renju_verdict(*point).map(Verdict::name);
            if verdict != Some(expected.as_str()) {
                failures.push(format!(
                    "{}: {point} expected {expected}, got {verdict:?}",
                    case.name
                ));
            }
            let listed = forbidden
                .iter()
                .find(|(p, _)| p == point)
                .map(|(_, foul)| foul.to_string());
            let expected_foul =
                ["overline", "double-four", "double-three"].contains(&expected.as_str());
            if listed.as_deref() != expected_foul.then_some(expected.as_str()) {
                failures.push(format!(
                    "{}: {point} listed as {listed:?}, expected {expected}",
                    case.name
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
