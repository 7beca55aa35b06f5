//! The panel beside the board: the game, who plays which side, whose turn it
//! is, the move number, and the Undo / Redo / Resign / Menu buttons. Above
//! the board, a line for messages (why a move was refused).

use crate::current_match::CurrentMatch;
use crate::current_match::{HistoryRequest, MatchAuthority};
use crate::locale::terms;
use crate::locale::{Locale, Words};
use crate::menus::MenuRequest;
use crate::online::RoomRequest;
use crate::review::ReviewRequest;
use crate::search::background::BackgroundSearch;
use crate::search::computer::{ComputerChoice, Thinking};
use crate::search::help::{HelpRequest, HintSearch, ShowValues};
use crate::settings::Settings;
use crate::states::{AppSystems, FlipBoard, GamePhase, HiddenInReview, Screen};
use crate::theme::fonts::{Bold, size};
use crate::theme::interaction::{Disabled, Sends, set_enabled};
use crate::theme::move_list::{self, ListedMove};
use crate::theme::paint::{Edge, Ink};
use crate::theme::palette::{Colour, Palette};
use crate::theme::small_windows::LineRoom;
use crate::theme::toast::{Toast, ToastPlace, toast_line};
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::ai::connect_four::values;
use lineup_core::gomocup::registry::EngineEntry;
use lineup_core::match_setup::PlayerKind;
use lineup_core::match_state::Match;
use lineup_core::rules::{BoardMove, Ending, MatchGame, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), spawn_hud)
        .add_systems(
            Update,
            (
                update_status,
                update_players,
                enable_buttons,
                show_buttons_that_apply,
                label_help_buttons,
                list_moves,
                hide_when_over,
                tell_why_no_undo,
            )
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Game)),
        );
}

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct MoveNumberText;

/// The game's moves, the latest in view; a click on one opens review at it.
#[derive(Component)]
struct GameMoveList;

/// What the panel shows only while the game goes on (the move list, the
/// key help): once it is over the game-over banner takes the room below
/// the buttons, and its Review lists the moves.
#[derive(Component)]
struct WhileInPlay;

fn hide_when_over(
    game: Res<CurrentMatch>,
    mut parts: Query<(&mut Node, &mut Visibility), With<WhileInPlay>>,
) {
    let over = game.game().is_over();
    for (node, visibility) in &mut parts {
        widgets::set_shown(node, visibility, !over);
    }
}

/// Rows of the panel's move list (two moves a row).
const LIST_ROWS: usize = 7;

fn list_moves(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    locale: Res<Locale>,
    list: Single<Entity, With<GameMoveList>>,
    mut drawn: Local<Option<(u64, Entity)>>,
) {
    let now = (game.revision(), *list);
    if *drawn == Some(now) && !locale.is_changed() {
        return;
    }
    *drawn = Some(now);
    let moves: Vec<ListedMove> = game
        .game()
        .moves()
        .iter()
        .map(|mv| ListedMove {
            label: move_list::move_name(&locale, *mv),
            marked: false,
        })
        .collect();
    let shown = moves.len();
    move_list::fill(
        &mut commands,
        *list,
        &moves,
        shown,
        LIST_ROWS,
        254.0,
        ReviewRequest::OpenAt,
    );
}

/// The text of a player's row: bright for the side to move.
#[derive(Component)]
struct PlayerText(Side);

/// The piece beside a player's name.
#[derive(Component)]
struct PlayerSwatch(Side);

/// Two buttons side by side.
fn pair(left: impl Bundle, right: impl Bundle) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            column_gap: px(10),
            ..default()
        },
        children![left, right],
    )
}

fn player_line(locale: &Locale, game: &Match, side: Side, engines: &[EngineEntry]) -> String {
    locale.f(
        "hud.player",
        &[
            ("side", &terms::side(locale, game.setup().kind, side)),
            ("player", &terms::match_player(locale, game, side, engines)),
        ],
    )
}

fn player_row(side: Side) -> impl Bundle {
    (
        Node {
            width: percent(100),
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            column_gap: px(10),
            ..default()
        },
        children![
            (
                PlayerSwatch(side),
                Node {
                    width: px(22),
                    height: px(22),
                    flex_shrink: 0.0,
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor::default(),
                Edge(Colour::PanelBorder),
            ),
            (
                PlayerText(side),
                Text::new(""),
                TextFont::from_font_size(size::SMALL),
                TextColor::default(),
                Node {
                    flex_shrink: 1.0,
                    ..default()
                },
            ),
            crate::panel::clocks::clock_text_node(side),
        ],
    )
}

fn spawn_hud(mut commands: Commands, game: Res<CurrentMatch>, locale: Res<Locale>) {
    commands.spawn((
        Name::new("Game panel"),
        DespawnOnExit(Screen::Game),
        HiddenInReview,
        widgets::side_card(px(24), Val::Auto, Colour::PanelBorder),
        children![
            (
                GameTitle,
                widgets::title(terms::game_title(&locale, game.setup().kind), size::HEADING)
            ),
            (
                RulesLine,
                widgets::dim_label(terms::rules_line(&locale, game.setup().kind).to_string()),
                TextLayout::justify(Justify::Center),
            ),
            (
                OpeningStory,
                // Two lines of room from the start, so that nothing below
                // moves as the opening's decisions are told.
                LineRoom::at_least(2.0, size::CAPTION),
                Node {
                    width: percent(100),
                    flex_shrink: 0.0,
                    justify_content: JustifyContent::Center,
                    ..default()
                },
                children![(
                    OpeningStoryText,
                    Text::new(""),
                    TextFont::from_font_size(size::CAPTION),
                    Ink(Colour::TextDim),
                    TextLayout::justify(Justify::Center),
                )],
            ),
            player_row(Side::First),
            player_row(Side::Second),
            (
                StatusText,
                Text::new(""),
                TextFont::from_font_size(size::BODY),
                Bold,
                Ink(Colour::Text),
                TextLayout::justify(Justify::Center),
            ),
            (
                MoveNumberText,
                Text::new(""),
                TextFont::from_font_size(size::SMALL),
                Ink(Colour::TextDim)
            ),
            crate::panel::opening::choices(),
            // For the mouse; the keyboard has Ctrl+Z, Ctrl+Y and the pause
            // menu (Esc), so the arrow keys stay with the board.
            pair(
                widgets::half_mouse_button("hud.undo", HistoryRequest::Undo),
                widgets::half_mouse_button("hud.redo", HistoryRequest::Redo)
            ),
            // Values beside Hint in Connect Four, Flip in Gomoku.
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(10),
                    ..default()
                },
                children![
                    widgets::half_mouse_button("hud.hint", HelpRequest::Hint),
                    widgets::half_mouse_button("hud.values", HelpRequest::ToggleValues),
                    widgets::half_mouse_button("hud.flip", FlipBoard),
                ],
            ),
            (
                Node {
                    flex_direction: FlexDirection::Row,
                    column_gap: px(10),
                    ..default()
                },
                children![
                    widgets::half_mouse_button("hud.resign", MenuRequest::Resign),
                    // In place of Resign while a hosted game waits for the
                    // friend: there is nobody to resign to.
                    widgets::half_mouse_button("online.cancel", RoomRequest::Cancel),
                    widgets::half_mouse_button("hud.menu", MenuRequest::Pause),
                ],
            ),
            (
                Name::new("Move list"),
                GameMoveList,
                WhileInPlay,
                Node {
                    width: px(254),
                    flex_direction: FlexDirection::Column,
                    flex_shrink: 0.0,
                    ..default()
                },
            ),
            (
                Words::Key("hud.keys"),
                WhileInPlay,
                widgets::OwnLines,
                TextFont::from_font_size(size::CAPTION),
                Ink(Colour::TextDim),
                TextLayout::justify(Justify::Center),
            ),
            crate::gomocup_player::log_text(),
        ],
    ));
    commands.spawn((
        Name::new("Message line"),
        DespawnOnExit(Screen::Game),
        Node {
            position_type: PositionType::Absolute,
            top: px(14),
            left: px(0),
            right: px(340),
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![(
            toast_line(ToastPlace::Board),
            TextFont::from_font_size(size::BODY),
            Ink(Colour::Warning)
        )],
    ));
}

/// The game's title and rules line, in the language on screen.
#[derive(Component)]
struct GameTitle;

#[derive(Component)]
struct RulesLine;

/// The room of the opening's decisions so far, under an opening rule.
#[derive(Component)]
struct OpeningStory;

/// The opening's decisions so far, in words (`terms::opening_story`).
#[derive(Component)]
struct OpeningStoryText;

/// What the status line says.
pub fn status_line(
    locale: &Locale,
    game: &Match,
    thinking: bool,
    engines: &[EngineEntry],
) -> String {
    if let Some(prompt) = super::opening::prompt(locale, game, thinking, engines) {
        return prompt;
    }
    if game.awaits_opponent() && !game.game().is_over() {
        return locale.t("hud.waiting_friend").into();
    }
    let name = |side| terms::side(locale, game.setup().kind, side);
    match game.game().ending() {
        Some(Ending::Win(side)) => locale.f("hud.wins", &[("side", &name(side))]),
        Some(Ending::Draw) => locale.t("hud.draw").into(),
        Some(Ending::Resigned { winner }) if game.lost_on_time().is_some() => locale.f(
            "hud.flagged",
            &[("loser", &name(winner.other())), ("winner", &name(winner))],
        ),
        Some(Ending::Resigned { winner }) if game.forfeit().is_some() => locale.f(
            "hud.forfeit",
            &[
                ("loser", &name(winner.other())),
                ("winner", &name(winner)),
                (
                    "player",
                    &terms::match_player(locale, game, winner.other(), engines),
                ),
                ("why", &game.forfeit().unwrap_or_default()),
            ],
        ),
        Some(Ending::Resigned { winner }) => locale.f(
            "hud.resigned",
            &[("loser", &name(winner.other())), ("winner", &name(winner))],
        ),
        None if thinking => locale.f("hud.thinking", &[("side", &name(game.game().to_move()))]),
        None if game.game().last_move() == Some(BoardMove::Pass) => locale.f(
            "hud.passed",
            &[
                ("passer", &name(game.game().to_move().other())),
                ("side", &name(game.game().to_move())),
            ],
        ),
        None => locale.f("hud.to_move", &[("side", &name(game.game().to_move()))]),
    }
}

fn update_status(
    game: Res<CurrentMatch>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    thinking: Option<Res<Thinking>>,
    choice: Option<Res<ComputerChoice>>,
    time: Res<Time<Real>>,
    mut texts: ParamSet<(
        Single<&mut Text, With<StatusText>>,
        Single<&mut Text, With<MoveNumberText>>,
        Single<&mut Text, With<GameTitle>>,
        Single<&mut Text, With<RulesLine>>,
        Single<&mut Text, With<OpeningStoryText>>,
    )>,
    mut story_room: Single<&mut Node, With<OpeningStory>>,
) {
    let set = |text: &mut Text, line: String| {
        if text.0 != line {
            text.0 = line;
        }
    };
    // The computer's opening choice is told for a moment, with why.
    let status = match choice.filter(|c| c.shown(game.id(), time.elapsed())) {
        Some(choice) => {
            crate::panel::opening::choice_words(&locale, &game, &choice, &settings.engines)
        }
        None => status_line(&locale, &game, thinking.is_some(), &settings.engines),
    };
    set(&mut texts.p0(), status);
    let count = game.game().move_count();
    let line = if game.game().is_over() {
        locale.n("hud.moves_played", count, &[])
    } else {
        locale.f("hud.move", &[("n", &(count + 1))])
    };
    set(&mut texts.p1(), line);
    set(
        &mut texts.p2(),
        terms::game_title(&locale, game.setup().kind),
    );
    let rules = terms::rules_line(&locale, game.setup().kind).to_string();
    set(&mut texts.p3(), rules);
    let story = game.opening().map_or_else(String::new, |o| {
        crate::locale::terms::opening_story(&locale, game.setup().kind, o)
    });
    let display = if game.opening().is_some() {
        Display::Flex
    } else {
        Display::None
    };
    if story_room.display != display {
        story_room.display = display;
    }
    set(&mut texts.p4(), story);
}

/// The side to move is shown bright, the other dimmed; a name that
/// arrives later (an online opponent joining) replaces the label.
fn update_players(
    game: Res<CurrentMatch>,
    locale: Res<Locale>,
    settings: Res<Settings>,
    palette: Res<Palette>,
    mut texts: Query<(&PlayerText, &mut TextColor, &mut Text)>,
    mut swatches: Query<(&PlayerSwatch, &mut BackgroundColor)>,
) {
    let to_move = (!game.game().is_over()).then(|| game.game().to_move());
    for (PlayerText(side), mut text_colour, mut text) in &mut texts {
        let colour = if Some(*side) == to_move {
            palette.accent
        } else {
            palette.text_dim
        };
        text_colour.set_if_neq(TextColor(colour));
        let line = player_line(&locale, &game, *side, &settings.engines);
        if text.0 != line {
            text.0 = line;
        }
    }
    for (PlayerSwatch(side), mut background) in &mut swatches {
        background.set_if_neq(BackgroundColor(
            palette.piece_colour(game.setup().kind, *side),
        ));
    }
}

/// Undo asked (Ctrl+Z: its button is disabled) after a loss on time, which
/// is final: say so, rather than do nothing without a word.
fn tell_why_no_undo(
    game: Res<CurrentMatch>,
    locale: Res<Locale>,
    mut requests: MessageReader<HistoryRequest>,
    mut toasts: MessageWriter<Toast>,
) {
    let asked = requests.read().any(|r| *r == HistoryRequest::Undo);
    if asked && game.lost_on_time().is_some() {
        toasts.write(Toast::board(locale.t("hud.no_undo_after_time")));
    }
}

/// Undo needs a move to take back, Redo one to replay, Resign a game going on.
fn enable_buttons(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    phase: Res<State<GamePhase>>,
    authority: Res<MatchAuthority>,
    history: Query<(Entity, &Sends<HistoryRequest>, Has<Disabled>)>,
    help: Query<(Entity, &Sends<HelpRequest>, Has<Disabled>)>,
    menus: Query<(Entity, &Sends<MenuRequest>, Has<Disabled>)>,
) {
    // Online: no help from the engine, no redo; undo only of one's own move
    // in a game going on (the opponent is asked).
    let online = *authority == MatchAuthority::Online;
    let own_moves = (0..game.game().move_count())
        .any(|ply| game.player_of(Side::of_ply(ply)) == PlayerKind::Human);
    let opening = game.opening_under_way().is_some();
    for (entity, Sends(request), disabled) in &history {
        let enabled = match request {
            HistoryRequest::Undo if online => own_moves && !game.game().is_over(),
            HistoryRequest::Undo => game.can_undo(),
            HistoryRequest::Redo => !online && game.can_redo(),
            HistoryRequest::Resign => continue,
        };
        set_enabled(&mut commands, entity, enabled, disabled);
    }
    for (entity, Sends(request), disabled) in &help {
        let enabled = match request {
            HelpRequest::Hint => {
                !online
                    && !opening
                    && !game.game().is_over()
                    && !game.player_to_move().is_computer()
            }
            HelpRequest::ToggleValues => {
                !online
                    && matches!(&game.game(), MatchGame::ConnectFour(g) if values::solvable(g.position()))
            }
        };
        set_enabled(&mut commands, entity, enabled, disabled);
    }
    for (entity, Sends(request), disabled) in &menus {
        if *request == MenuRequest::Resign {
            // A watcher (online, no seat) has nothing to resign.
            let seated = !online || game.online().is_some();
            let enabled = seated && *phase.get() == GamePhase::Playing && !game.game().is_over();
            set_enabled(&mut commands, entity, enabled, disabled);
        }
    }
}

/// Resign, or Cancel while a hosted game waits for the friend; Values only
/// in Connect Four (Gomoku has no solved values to show), Flip only in
/// Gomoku.
fn show_buttons_that_apply(
    game: Res<CurrentMatch>,
    mut resign: Query<(&Sends<MenuRequest>, &mut Node, &mut Visibility)>,
    mut cancel: Query<
        (&Sends<RoomRequest>, &mut Node, &mut Visibility),
        Without<Sends<MenuRequest>>,
    >,
    mut values: Query<
        (&Sends<HelpRequest>, &mut Node, &mut Visibility),
        (Without<Sends<MenuRequest>>, Without<Sends<RoomRequest>>),
    >,
    mut flip: Query<
        (&mut Node, &mut Visibility),
        (
            With<Sends<FlipBoard>>,
            Without<Sends<HelpRequest>>,
            Without<Sends<MenuRequest>>,
            Without<Sends<RoomRequest>>,
        ),
    >,
) {
    let connect_four = matches!(game.game(), MatchGame::ConnectFour(_));
    for (Sends(request), node, visibility) in &mut values {
        if *request == HelpRequest::ToggleValues {
            widgets::set_shown(node, visibility, connect_four);
        }
    }
    for (node, visibility) in &mut flip {
        widgets::set_shown(node, visibility, !connect_four);
    }
    let waiting = game.awaits_opponent() && !game.game().is_over();
    for (Sends(request), node, visibility) in &mut resign {
        if *request == MenuRequest::Resign {
            widgets::set_shown(node, visibility, !waiting);
        }
    }
    for (Sends(request), node, visibility) in &mut cancel {
        if *request == RoomRequest::Cancel {
            widgets::set_shown(node, visibility, waiting);
        }
    }
}

/// The Values button says whether it is on, and the Hint button that it is
/// looking ("Hint …": a proof can take seconds).
fn label_help_buttons(
    shown: Res<ShowValues>,
    game: Res<CurrentMatch>,
    hinting: Option<Res<BackgroundSearch<HintSearch>>>,
    locale: Res<Locale>,
    buttons: Query<(&Sends<HelpRequest>, &Children)>,
    mut texts: Query<&mut Text>,
) {
    let values = locale.t(if shown.0 {
        "hud.values_on"
    } else {
        "hud.values"
    });
    let looking = hinting.is_some_and(|s| s.revision == game.revision());
    let hint = locale.t(if looking { "hud.hint_busy" } else { "hud.hint" });
    for (Sends(request), children) in &buttons {
        let label = match request {
            HelpRequest::ToggleValues => values,
            HelpRequest::Hint => hint,
        };
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != label
            {
                text.0 = label.to_string();
            }
        }
    }
}
