//! The opening on screen: the panel's choices for the step at hand (Swap,
//! Keep, Place two, a colour, how many fifth moves, Offer ten), the offered
//! fifth moves drawn as faint numbered stones, and the central square the
//! next stone must go in. The step's words are the status line's
//! (`hud::status_line`); the rules are `rules::opening`'s.

use super::gomoku_view::{self, StoneArt};
use super::layout::BoardLayout;
use super::shown::Shown;
use super::{BoardRoot, CurrentMatch, OpeningRequested, Requester};
use crate::locale::Locale;
use crate::names;
use crate::states::{AppSystems, GamePhase, Screen};
use crate::theme::fonts::size;
use crate::theme::interaction::{self, ButtonMessage, Sends};
use crate::theme::palette;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::match_setup::PlayerKind;
use lineup_core::match_state::Match;
use lineup_core::rules::opening::{Action as Act, OpeningRule, Step};
use lineup_core::rules::{Point, Side};

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
            (show_choices, label_declare, mark_offers, frame_area)
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
    let held = if opening.holder(Side::First) == actor {
        Side::First
    } else {
        Side::Second
    };
    let who = locale.f(
        "opening.who",
        &[
            (
                "player",
                &names::player_short(locale, game.setup().players[actor.index()], engines),
            ),
            ("side", &names::side(locale, kind, held)),
        ],
    );
    if thinking {
        return Some(locale.f("opening.thinking", &[("who", &who)]));
    }
    let stones = opening.game().position().stones();
    let colour = names::side(locale, kind, opening.game().to_move());
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
        Step::MaySwap { .. } if opening.declared() > 0 => locale.f(
            "opening.may_swap_declared",
            &[
                ("who", &who),
                ("side", &names::side(locale, kind, held)),
                ("n", &opening.declared()),
            ],
        ),
        Step::MaySwap { .. } => locale.f(
            "opening.may_swap",
            &[("who", &who), ("side", &names::side(locale, kind, held))],
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

/// A faint stone, numbered, on each offered fifth move.
#[derive(Component)]
pub struct OfferMark(pub Point);

fn mark_offers(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    shown: Shown,
    art: Option<Res<StoneArt>>,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    marks: Query<Entity, With<OfferMark>>,
    mut drawn_for: Local<Option<u64>>,
) {
    // Drawn anew with each change of what the board shows.
    if *drawn_for == Some(shown.key()) {
        return;
    }
    *drawn_for = Some(shown.key());
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    // Review shows an earlier position, without the opening's marks.
    let (Some(art), Some(opening), false) = (art, game.opening_under_way(), shown.reviewing())
    else {
        return;
    };
    for (i, &p) in opening.offers().iter().enumerate() {
        let at = layout.point_centre(p);
        let mark = commands
            .spawn((
                Name::new("Offered fifth move"),
                OfferMark(p),
                Mesh2d(art.stone.clone()),
                MeshMaterial2d(art.ghosts[0].clone()),
                Transform::from_xyz(at.x, at.y, gomoku_view::z::MARK),
                Visibility::default(),
                children![(
                    Text2d::new((i + 1).to_string()),
                    TextFont::from_font_size(size::CAPTION),
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 0.5),
                )],
            ))
            .id();
        commands.entity(*root).add_child(mark);
    }
}

/// The frame of the central square the next stone must go in.
#[derive(Component)]
pub struct AreaFrame;

fn frame_area(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    shown: Shown,
    layout: Res<BoardLayout>,
    root: Single<Entity, With<BoardRoot>>,
    frames: Query<Entity, With<AreaFrame>>,
    mut drawn_for: Local<Option<u64>>,
) {
    // Drawn anew with each change of what the board shows.
    if *drawn_for == Some(shown.key()) {
        return;
    }
    *drawn_for = Some(shown.key());
    for frame in &frames {
        commands.entity(frame).despawn();
    }
    if shown.reviewing() {
        return;
    }
    let area = match game.opening_under_way().map(|o| o.step()) {
        Some(Step::Place { area: Some(n), .. }) if n > 1 => n,
        Some(Step::FifthChoice) => match game.setup().opening().area(4) {
            Some(n) => n,
            None => return,
        },
        _ => return,
    };
    let size = layout.columns;
    let centre = (size - 1) / 2;
    let (low, high) = (centre - area / 2, centre + area / 2);
    // Half a cell outside the square's outer points.
    let a = layout.point_centre(Point::new(low, low));
    let b = layout.point_centre(Point::new(high, high));
    let (min, max) = (a.min(b), a.max(b));
    let pad = layout.cell * 0.5;
    let (min, max) = (min - pad, max + pad);
    let thick = (layout.cell * 0.08).max(2.0);
    let colour = palette::LAST_MOVE.with_alpha(0.8);
    let mid = (min + max) / 2.0;
    let sides = [
        (
            Vec2::new(mid.x, min.y),
            Vec2::new(max.x - min.x + thick, thick),
        ),
        (
            Vec2::new(mid.x, max.y),
            Vec2::new(max.x - min.x + thick, thick),
        ),
        (
            Vec2::new(min.x, mid.y),
            Vec2::new(thick, max.y - min.y + thick),
        ),
        (
            Vec2::new(max.x, mid.y),
            Vec2::new(thick, max.y - min.y + thick),
        ),
    ];
    for (at, extent) in sides {
        let side = commands
            .spawn((
                Name::new("Opening square"),
                AreaFrame,
                Sprite::from_color(colour, extent),
                Transform::from_xyz(at.x, at.y, gomoku_view::z::MARK - 0.5),
            ))
            .id();
        commands.entity(*root).add_child(side);
    }
}
