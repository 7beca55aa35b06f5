//! How the plain libraries' values are named on screen, in the player's
//! language. The libraries keep their English names for files and logs
//! (`GameKind::title`, `Level::name`); what the player reads comes from the
//! string table through these.

use crate::locale::Locale;
use lineup_core::ai::Level;
use lineup_core::ai::advice::Value;
use lineup_core::ai::review::{Standing, Worth};
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::match_setup::{EngineSlot, GameKind, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::rules::opening::story::{self, Decision};
use lineup_core::rules::opening::{Opening, OpeningRule};
use lineup_core::rules::{ConnectFourSize, RuleSet, Side};

pub fn level(locale: &Locale, level: Level) -> &'static str {
    locale.t(match level {
        Level::Beginner => "level.beginner",
        Level::Easy => "level.easy",
        Level::Medium => "level.medium",
        Level::Hard => "level.hard",
        Level::Master => "level.master",
    })
}

pub fn opening_rule(locale: &Locale, rule: OpeningRule) -> &'static str {
    locale.t(match rule {
        OpeningRule::None => "opening_rule.none",
        OpeningRule::Swap2 => "opening_rule.swap2",
        OpeningRule::Soosorv8 => "opening_rule.soosorv8",
        OpeningRule::Taraguchi10 => "opening_rule.taraguchi10",
    })
}

pub fn rule(locale: &Locale, rule: RuleSet) -> &'static str {
    locale.t(match rule {
        RuleSet::Freestyle => "rule.freestyle",
        RuleSet::ExactFive => "rule.exact_five",
        RuleSet::Renju => "rule.renju",
    })
}

/// The name of a side's pieces: Red, Yellow, Black, White.
pub fn side(locale: &Locale, kind: GameKind, side: Side) -> &'static str {
    locale.t(match (kind, side) {
        (GameKind::ConnectFour { .. }, Side::First) => "side.red",
        (GameKind::ConnectFour { .. }, Side::Second) => "side.yellow",
        (GameKind::Gomoku { .. }, Side::First) => "side.black",
        (GameKind::Gomoku { .. }, Side::Second) => "side.white",
    })
}

/// The name of the game and its board: "Connect Four", "Renju 15x15".
pub fn game_title(locale: &Locale, kind: GameKind) -> String {
    match kind {
        GameKind::ConnectFour { size } if size == ConnectFourSize::STANDARD => {
            locale.t("game.connect_four").to_string()
        }
        GameKind::ConnectFour { size } => locale.f(
            "game.connect_four_sized",
            &[("columns", &size.columns()), ("rows", &size.rows())],
        ),
        GameKind::Gomoku {
            size,
            rule: RuleSet::Renju,
        } => locale.f("game.renju_sized", &[("size", &size)]),
        GameKind::Gomoku { size, .. } => locale.f("game.gomoku_sized", &[("size", &size)]),
    }
}

/// What wins, in a few words.
pub fn rules_line(locale: &Locale, kind: GameKind) -> &'static str {
    locale.t(match kind {
        GameKind::ConnectFour { .. } => "game.rules.connect_four",
        GameKind::Gomoku {
            rule: RuleSet::Freestyle,
            ..
        } => "game.rules.freestyle",
        GameKind::Gomoku {
            rule: RuleSet::ExactFive,
            ..
        } => "game.rules.exact_five",
        GameKind::Gomoku {
            rule: RuleSet::Renju,
            ..
        } => "game.rules.renju",
    })
}

/// A kind of player, as New game lists it: "Human", "Computer (Medium)",
/// "Engine: rapfi" (`engines`: the settings' list).
pub fn player(locale: &Locale, kind: PlayerKind, engines: &[EngineEntry]) -> String {
    match kind {
        PlayerKind::Human => locale.t("player.human").to_string(),
        PlayerKind::Computer(l) => locale.f("player.computer", &[("level", &level(locale, l))]),
        PlayerKind::Online => locale.t("player.online").to_string(),
        PlayerKind::Engine(slot) => locale.f("player.engine", &[("name", &engine(slot, engines))]),
    }
}

/// The name of the engine at `slot` (its place, if the list lost it).
pub fn engine(slot: EngineSlot, engines: &[EngineEntry]) -> String {
    engines
        .get(slot.0 as usize)
        .map_or_else(|| format!("#{}", slot.0 + 1), |e| e.name.clone())
}

/// A kind of player, shorter, for the game panel: "Medium computer".
pub fn player_short(locale: &Locale, kind: PlayerKind, engines: &[EngineEntry]) -> String {
    match kind {
        PlayerKind::Human => locale.t("player.human").to_string(),
        PlayerKind::Computer(l) => {
            locale.f("player.computer_short", &[("level", &level(locale, l))])
        }
        PlayerKind::Online => locale.t("player.online_short").to_string(),
        PlayerKind::Engine(slot) => {
            locale.f("player.engine_short", &[("name", &engine(slot, engines))])
        }
    }
}

/// Who plays `side` of a match: the name if known ("Ann"), else the kind.
pub fn match_player(locale: &Locale, game: &Match, side: Side, engines: &[EngineEntry]) -> String {
    match &game.names()[side.index()] {
        Some(name) => name.clone(),
        None => player_short(locale, game.player_of(side), engines),
    }
}

/// A Connect Four column's value under the board: "Win 3", "Draw".
pub fn value(locale: &Locale, value: Value) -> String {
    match value {
        Value::WinIn(n) => locale.f("value.win_in", &[("n", &n)]),
        Value::Win => locale.t("value.win").into(),
        Value::Draw => locale.t("value.draw").into(),
        Value::LoseIn(n) => locale.f("value.lose_in", &[("n", &n)]),
        Value::Lose => locale.t("value.lose").into(),
        Value::Pending => "…".into(),
    }
}

/// A reviewed move's worth, with the side it is for named: "Red wins in 3
/// moves" (the winner's moves still to play), "Yellow won" after the
/// winning move, "Draw"; an estimate in words, with the better side's
/// chance to win: "White is clearly better (74%)", never the engine's raw
/// score (see [`raw_score`]). `worth` is the mover's after its move at
/// `ply` (counted from the empty board).
pub fn worth(locale: &Locale, kind: GameKind, worth: Worth, ply: usize) -> String {
    let mover = Side::of_ply(ply);
    let named = |side_of: Side| side(locale, kind, side_of);
    // The winner's moves still to play after this one.
    let to_come = |at: u32| (at as usize).saturating_sub(ply).div_ceil(2);
    let wins = |winner: Side, at: Option<u32>| match at.map(to_come) {
        Some(0) => locale.f("worth.won", &[("side", &named(winner))]),
        Some(n) => locale.n("worth.wins_in", n, &[("side", &named(winner))]),
        None => locale.f("worth.wins", &[("side", &named(winner))]),
    };
    match worth {
        Worth::Wins { at } => wins(mover, at),
        Worth::Loses { at } => wins(mover.other(), at),
        Worth::Draw => locale.t("worth.draw").into(),
        Worth::Score(_) => {
            let Some((standing, mover, percent)) = worth.standing() else {
                return "?".into();
            };
            let mover_side = Side::of_ply(ply);
            let better = if mover {
                mover_side
            } else {
                mover_side.other()
            };
            let key = match standing {
                Standing::Even => "worth.even",
                Standing::SlightlyBetter => "worth.slightly_better",
                Standing::ClearlyBetter => "worth.clearly_better",
                Standing::Winning => "worth.winning",
            };
            locale.f(
                key,
                &[("side", &side(locale, kind, better)), ("percent", &percent)],
            )
        }
        Worth::Unknown => "?".into(),
    }
}

/// An estimate's raw engine score, for the player who asks (hovering over
/// the value): "Engine score: -377", from the mover's side.
pub fn raw_score(locale: &Locale, worth: Worth) -> Option<String> {
    let Worth::Score(s) = worth else { return None };
    Some(locale.f("worth.score", &[("score", &format!("{s:+}"))]))
}

/// A time control as players say it: "No clock", "5+3" (minutes and
/// seconds added a move), "10 s+0" for a base under a minute.
pub fn time_control(locale: &Locale, clock: lineup_core::match_clock::TimeControl) -> String {
    use lineup_core::match_clock::TimeControl;
    match clock {
        TimeControl::Untimed => locale.t("clock.none").to_string(),
        TimeControl::Fischer { .. } => clock.to_string(),
    }
}

/// The opening's decisions so far in plain words, after its rule's name:
/// "Soosõrv-8: colours kept · 7 fifth moves offered, White chose f6". The
/// game's panel shows it through the opening and after, and review under
/// its title, so a player who does not know the rule can follow it.
pub fn opening_story(locale: &Locale, kind: GameKind, opening: &Opening) -> String {
    let colour = |of: Side| side(locale, kind, of);
    let told = story::decisions(opening);
    let mut parts = Vec::new();
    // The colour choices: "colours kept" when nobody swapped, else each
    // in turn ("White swapped, Black kept"), the computer's keeps too.
    let choices: Vec<String> = told
        .iter()
        .filter_map(|d| match d {
            Decision::Swapped { by, .. } => {
                Some(locale.f("opening.story.swapped", &[("side", &colour(*by))]))
            }
            Decision::Kept { by, .. } => {
                Some(locale.f("opening.story.side_kept", &[("side", &colour(*by))]))
            }
            _ => None,
        })
        .collect();
    if told.iter().any(|d| matches!(d, Decision::Swapped { .. })) {
        parts.push(choices.join(", "));
    } else if !choices.is_empty() {
        parts.push(locale.t("opening.story.kept").to_string());
    }
    let picked = told.iter().any(|d| matches!(d, Decision::Picked { .. }));
    for decision in &told {
        parts.extend(match decision {
            Decision::PlacedTwo { by } => {
                Some(locale.f("opening.story.placed_two", &[("side", &colour(*by))]))
            }
            Decision::TookColour { by, colour: taken } => Some(locale.f(
                "opening.story.took",
                &[("side", &colour(*by)), ("colour", &colour(*taken))],
            )),
            Decision::AskedFifths { n, .. } if !picked => {
                Some(locale.n("opening.story.to_offer", usize::from(*n), &[]))
            }
            Decision::Picked { by, point, offers } => Some(locale.n(
                "opening.story.picked",
                offers.len(),
                &[("side", &colour(*by)), ("point", point)],
            )),
            _ => None,
        });
    }
    let rule = opening_rule(locale, opening.rule());
    if parts.is_empty() {
        locale.f("opening.story.none", &[("rule", &rule)])
    } else {
        locale.f(
            "opening.story",
            &[("rule", &rule), ("decisions", &parts.join(" · "))],
        )
    }
}
