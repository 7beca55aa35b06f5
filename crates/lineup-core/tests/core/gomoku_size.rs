//! The Gomoku board size (`rules::GomokuSize`): only the sizes the rules
//! support can be made, and a bad size from a file or the wire is refused
//! when it is read, never swapped for another.

use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::net::Request;
use lineup_core::net::wire::{self, WireError};
use lineup_core::persist::save_file::{LoadError, SaveFile};
use lineup_core::rules::{GomokuSize, MatchGame, RuleSet, Side, SizeError};

fn renju(size: GomokuSize) -> GameKind {
    GameKind::Gomoku {
        size,
        rule: RuleSet::Renju,
    }
}

#[test]
fn only_supported_sizes_can_be_made() {
    assert_eq!(
        GomokuSize::new(0),
        Err(SizeError {
            what: "board size",
            got: 0,
            min: 9,
            max: 20
        })
    );
    for bad in [0, 8, 21, 99, 255] {
        let error = GomokuSize::new(bad).expect_err("refused");
        assert_eq!(
            error.to_string(),
            format!("board size must be from 9 to 20, not {bad}")
        );
    }
    let all: Vec<u8> = GomokuSize::ALL.iter().map(|s| s.get()).collect();
    assert_eq!(all, (9..=20).collect::<Vec<u8>>());
    for n in 9..=20 {
        assert_eq!(GomokuSize::new(n).map(GomokuSize::get), Ok(n));
    }
    assert_eq!(GomokuSize::STANDARD.get(), 15);
    assert_eq!(GomokuSize::default(), GomokuSize::STANDARD);
}

#[test]
fn an_empty_game_has_the_size_asked_for() {
    for size in GomokuSize::ALL {
        let MatchGame::Gomoku(game) = renju(size).new_game() else {
            panic!("a Gomoku game");
        };
        assert_eq!(game.position().size(), size.get());
        assert_eq!(game.position().board_size(), size);
    }
}

/// A Host request for Renju on `size`, as a client would send it, with the
/// size byte made `n`: the wire has no other way to say a bad size.
fn host_frame_of_size(n: u8) -> Vec<u8> {
    let host = |size| Request::Host {
        kind: renju(size),
        side: Side::First,
        name: "Ann".into(),
        clock: TimeControl::Untimed,
    };
    let fifteen = wire::encode(&host(GomokuSize::STANDARD));
    let sixteen = wire::encode(&host(GomokuSize::new(16).expect("a size")));
    // The one byte where the two frames differ is the size.
    let at: Vec<usize> = (0..fifteen.len())
        .filter(|&i| fifteen[i] != sixteen[i])
        .collect();
    assert_eq!(at.len(), 1, "{fifteen:?} {sixteen:?}");
    assert_eq!(fifteen[at[0]], 15, "the size is one plain byte");
    let mut frame = fifteen;
    frame[at[0]] = n;
    frame
}

#[test]
fn a_host_request_for_a_board_of_no_supported_size_is_refused() {
    // 15 reads back; 0 (once a 0x0 room) and 99 do not.
    assert!(matches!(
        wire::decode_request(&host_frame_of_size(15)),
        Ok(Request::Host { kind, .. }) if kind == renju(GomokuSize::STANDARD)
    ));
    for n in [0, 8, 21, 99] {
        // Refused by name: a value out of range, not garbage.
        assert_eq!(
            wire::decode_request(&host_frame_of_size(n)),
            Err(WireError::BadValue),
            "size {n}"
        );
    }
}

/// A saved game's text with its Gomoku board of size `n`.
fn save_of_size(n: u8) -> String {
    let setup = MatchSetup::new(renju(GomokuSize::STANDARD), [PlayerKind::Human; 2]);
    let save = SaveFile::of("x", setup, &setup.kind.new_game(), 1, 1);
    let text = ron::to_string(&save).expect("ron");
    let fifteen = "Gomoku(size:15,";
    assert!(text.contains(fifteen), "{text}");
    text.replace(fifteen, &format!("Gomoku(size:{n},"))
}

#[test]
fn a_saved_setup_of_no_supported_size_is_refused_by_name() {
    assert!(SaveFile::parse(save_of_size(19).as_bytes()).is_ok());
    for n in [0, 99] {
        let error = SaveFile::parse(save_of_size(n).as_bytes()).expect_err("refused");
        assert!(
            matches!(
                &error,
                LoadError::NotASave(why)
                    if why.contains(&format!("board size must be from 9 to 20, not {n}"))
            ),
            "{error:?}"
        );
    }
    // The setup alone, as the settings keep the last one.
    let error = ron::from_str::<MatchSetup>(
        "(kind: Gomoku(size: 0, rule: Renju), players: (Human, Human))",
    )
    .expect_err("refused");
    assert!(
        error
            .to_string()
            .contains("board size must be from 9 to 20, not 0"),
        "{error}"
    );
}
