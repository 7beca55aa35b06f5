//! The opening on the panel: the choices for the step at hand (Swap, Keep,
//! Place two, a colour, how many fifth moves, Offer ten) and the words of
//! the status line for it (`hud::status_line`). Its marks on the board are
//! `board::opening_marks`'; the rules are `rules::opening`'s.

use crate::current_match::{CurrentMatch, OpeningRequested, Requester};
use crate::locale::Locale;
use crate::locale::terms;
use crate::states::{AppSystems, GamePhase, Screen};
use crate::theme::interaction::{self, ButtonMessage, Sends};
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::match_setup::PlayerKind;
use lineup_core::match_state::Match;
use lineup_core::rules::Side;
use lineup_core::rules::opening::{Action as Act, OpeningRule, Step};

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<OpeningChoice>(app);
    app.init_resource::<Declared>()
        .add_systems(OnEnter(Screen::Game), |mut d: ResMut<Declared>| {
            *d = Declared::default()
        })
        .add_systems(
            Update,
            choose
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            Update,
            (show_choices, label_declare)
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Game)),
        );
}

/// A choice on the game panel during an opening (see
/// `rules::opening::Step`).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningChoice {
    Swap,
    Keep,
    PlaceTwo,
    TakeBlack,
    TakeWhite,
    OfferTen,
    /// Soosõrv: one fifth move fewer / more to declare, and declare.
    Fewer,
    More,
    Declare,
}

impl ButtonMessage for OpeningChoice {}

/// What the status line says during the opening: who acts, and what the
/// step asks (`None` once the colours are decided or the game is over).
pub fn prompt(
    locale: &Locale,
    game: &Match,
    thinking: bool,
    engines: &[EngineEntry],
) -> Option<String> {
    let opening = game
        .opening_under_way()
        .filter(|_| !game.game().is_over())?;
    let kind = game.setup().kind;
    let actor = opening.to_act();
    let held = opening.side_held_by(actor);
    let who = locale.f(
        "opening.who",
        &[
            (
                "player",
                &terms::player_short(locale, game.setup().players[actor.index()], engines),
            ),
            ("side", &terms::side(locale, kind, held)),
        ],
    );
    if thinking {
        return Some(locale.f("opening.thinking", &[("who", &who)]));
    }
    let stones = opening.game().position().stones();
    let colour = terms::side(locale, kind, opening.game().to_move());
    let n = stones + 1;
    Some(match opening.step() {
        Step::Place { area: Some(1), .. } => locale.f(
            "opening.place_centre",
            &[("who", &who), ("n", &n), ("colour", &colour)],
        ),
        Step::Place {
            area: Some(area), ..
        } => locale.f(
            "opening.place_in",
            &[
                ("who", &who),
                ("n", &n),
                ("colour", &colour),
                ("area", &area),
            ],
        ),
        Step::Place { area: None, .. } => locale.f(
            "opening.place",
            &[("who", &who), ("n", &n), ("colour", &colour)],
        ),
        // Soosõrv's second swap: the declaration is what it is about.
        Step::MaySwap { .. } if opening.declared() > 0 => locale.n(
            "opening.may_swap_declared",
            usize::from(opening.declared()),
            &[("who", &who), ("side", &terms::side(locale, kind, held))],
        ),
        Step::MaySwap { .. } => locale.f(
            "opening.may_swap",
            &[("who", &who), ("side", &terms::side(locale, kind, held))],
        ),
        Step::Swap2Choice => locale.f("opening.swap2_choice", &[("who", &who)]),
        Step::ChooseColour => locale.f("opening.choose_colour", &[("who", &who)]),
        Step::Declare => locale.f("opening.declare_prompt", &[("who", &who)]),
        Step::FifthChoice => locale.f("opening.fifth_choice", &[("who", &who)]),
        Step::Offer { wanted } => locale.f(
            "opening.offer",
            &[
                ("who", &who),
                ("n", &(opening.offers().len() + 1)),
                ("wanted", &wanted),
            ],
        ),
        Step::Pick => locale.f("opening.pick", &[("who", &who)]),
        Step::Decided => return None,
    })
}

/// The computer's opening choice in words, with why: "Computer (White)
/// takes k12 as the fifth move: the offer worst for Black".
pub fn choice_words(
    locale: &Locale,
    game: &Match,
    choice: &crate::search::computer::ComputerChoice,
    engines: &[EngineEntry],
) -> String {
    let kind = game.setup().kind;
    let player = terms::player_short(locale, choice.player, engines);
    let side = terms::side(locale, kind, choice.holds);
    let who = locale.f("opening.who", &[("player", &player), ("side", &side)]);
    let key = |key: &str, point: Option<lineup_core::rules::Point>, n: u8| {
        locale.f(
            key,
            &[
                ("who", &who),
                ("player", &player),
                ("side", &side),
                ("point", &point.map(|p| p.to_string()).unwrap_or_default()),
                ("colour", &terms::side(locale, kind, choice.stone)),
                ("n", &n),
            ],
        )
    };
    match choice.action {
        Act::Swap | Act::TakeColour(_) => key("opening.chose.take", None, 0),
        Act::Keep => key("opening.chose.keep", None, 0),
        Act::PlaceTwo => key("opening.chose.place_two", None, 0),
        Act::Declare(n) => key("opening.chose.declare", None, n),
        Act::OfferTen => key("opening.chose.offer_ten", None, 0),
        Act::Place(p) => key("opening.chose.place", Some(p), 0),
        Act::Offer(p) => key("opening.chose.offer", Some(p), 0),
        Act::Pick(p) => key("opening.chose.pick", Some(p), 0),
    }
}

/// How many fifth moves a person is about to declare (Soosõrv).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declared(pub u8);

impl Default for Declared {
    fn default() -> Self {
        Declared(2)
    }
}

/// The panel's opening choices: every button, each shown only at its step.
pub fn choices() -> impl Bundle {
    let button = |key: &'static str, choice| widgets::half_mouse_button(key, choice);
    (
        Name::new("Opening choices"),
        Node {
            width: percent(100),
            flex_direction: FlexDirection::Row,
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            column_gap: px(10),
            row_gap: px(8),
            ..default()
        },
        children![
            button("opening.swap", OpeningChoice::Swap),
            button("opening.keep", OpeningChoice::Keep),
            button("opening.place_two", OpeningChoice::PlaceTwo),
            button("opening.take_black", OpeningChoice::TakeBlack),
            button("opening.take_white", OpeningChoice::TakeWhite),
            button("opening.offer_ten", OpeningChoice::OfferTen),
            button("opening.fewer", OpeningChoice::Fewer),
            button("opening.more", OpeningChoice::More),
            button("opening.declare", OpeningChoice::Declare),
        ],
    )
}

/// The choices that `step` offers.
fn offered(step: Step) -> &'static [OpeningChoice] {
    use OpeningChoice::*;
    match step {
        Step::MaySwap { .. } => &[Swap, Keep],
        Step::Swap2Choice => &[Keep, Swap, PlaceTwo],
        Step::ChooseColour => &[TakeBlack, TakeWhite],
        Step::Declare => &[Fewer, Declare, More],
        Step::FifthChoice => &[OfferTen],
        _ => &[],
    }
}

/// A person's choice becomes an opening request (the count buttons only
/// change the count).
fn choose(
    mut choices: MessageReader<OpeningChoice>,
    mut declared: ResMut<Declared>,
    mut requests: MessageWriter<OpeningRequested>,
) {
    for choice in choices.read() {
        let action = match choice {
            OpeningChoice::Swap => Act::Swap,
            OpeningChoice::Keep => Act::Keep,
            OpeningChoice::PlaceTwo => Act::PlaceTwo,
            OpeningChoice::TakeBlack => Act::TakeColour(Side::First),
            OpeningChoice::TakeWhite => Act::TakeColour(Side::Second),
            OpeningChoice::OfferTen => Act::OfferTen,
            OpeningChoice::Declare => Act::Declare(declared.0),
            OpeningChoice::Fewer => {
                declared.0 = (declared.0 - 1).max(1);
                continue;
            }
            OpeningChoice::More => {
                declared.0 = (declared.0 + 1).min(OpeningRule::Soosorv8.max_offers());
                continue;
            }
        };
        requests.write(OpeningRequested {
            action,
            by: Requester::Human,
        });
    }
}

/// Each choice shows while its step waits for a person at this screen.
fn show_choices(
    game: Res<CurrentMatch>,
    phase: Res<State<GamePhase>>,
    mut buttons: Query<(&Sends<OpeningChoice>, &mut Node, &mut Visibility)>,
) {
    let step = game
        .opening_under_way()
        .filter(|_| game.player_to_move() == PlayerKind::Human)
        .filter(|_| *phase.get() == GamePhase::Playing)
        .map(|o| o.step());
    let shown = step.map_or(&[][..], offered);
    for (Sends(choice), node, visibility) in &mut buttons {
        widgets::set_shown(node, visibility, shown.contains(choice));
    }
}

/// The Declare button says how many.
fn label_declare(
    declared: Res<Declared>,
    locale: Res<Locale>,
    buttons: Query<(&Sends<OpeningChoice>, &Children)>,
    mut texts: Query<&mut Text>,
) {
    let label = locale.f("opening.declare", &[("n", &declared.0)]);
    for (Sends(choice), children) in &buttons {
        if *choice != OpeningChoice::Declare {
            continue;
        }
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != label
            {
                text.0 = label.clone();
            }
        }
    }
}
