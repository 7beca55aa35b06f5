//! The panel beside the board: the game, who plays which side, whose turn it
//! is, the move number, and the Undo / Redo / Resign / Menu buttons. Above
//! the board, a line for messages (why a move was refused).

use super::feedback::Feedback;
use crate::game::actions::Action;
use crate::game::board::CurrentMatch;
use crate::game::board::insight::ShowAnalysis;
use crate::game::computer::Thinking;
use crate::game::states::{AppSystems, GamePhase, HiddenInReview, Screen};
use crate::game::theme::interaction::{Disabled, set_enabled};
use crate::game::theme::{palette, widgets};
use crate::match_setup::{GameKind, PlayerKind};
use crate::match_state::Match;
use crate::rules::{Ending, MatchGame, Side};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), spawn_hud)
        .add_systems(
            Update,
            (
                update_status,
                update_players,
                update_message,
                enable_buttons,
                label_analysis,
            )
                .in_set(AppSystems::Present)
                .run_if(in_state(Screen::Game)),
        );
}

#[derive(Component)]
struct StatusText;

#[derive(Component)]
struct MoveText;

#[derive(Component)]
struct MessageText;

/// A player's row; the arrow marks the side to move.
#[derive(Component)]
struct PlayerRow(Side);

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

pub fn piece_colour(kind: GameKind, side: Side) -> Color {
    match (kind, side) {
        (GameKind::ConnectFour { .. }, Side::First) => palette::RED,
        (GameKind::ConnectFour { .. }, Side::Second) => palette::YELLOW,
        (GameKind::Gomoku { .. }, Side::First) => palette::STONE_BLACK,
        (GameKind::Gomoku { .. }, Side::Second) => palette::STONE_WHITE,
    }
}

fn player_line(game: &Match, side: Side) -> String {
    format!("{}: {}", game.side_name(side), game.player_label(side))
}

fn player_row(game: &Match, side: Side) -> impl Bundle {
    let kind = game.setup.kind;
    (
        PlayerRow(side),
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(10),
            ..default()
        },
        children![
            (
                Node {
                    width: px(22),
                    height: px(22),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(piece_colour(kind, side)),
                BorderColor::all(palette::PANEL_BORDER),
            ),
            (
                Text::new(player_line(game, side)),
                TextFont::from_font_size(18.0),
                TextColor(palette::TEXT),
            ),
        ],
    )
}

fn spawn_hud(mut commands: Commands, game: Res<CurrentMatch>) {
    commands.spawn((
        Name::new("Game panel"),
        DespawnOnExit(Screen::Game),
        HiddenInReview,
        widgets::side_card(px(24), Val::Auto, palette::PANEL_BORDER),
        children![
            widgets::title(game.setup.kind.title(), 26.0),
            widgets::dim_label(game.setup.kind.rules_line()),
            player_row(&game, Side::First),
            player_row(&game, Side::Second),
            (
                StatusText,
                Text::new(""),
                TextFont::from_font_size(22.0),
                TextColor(palette::TEXT)
            ),
            (
                MoveText,
                Text::new(""),
                TextFont::from_font_size(18.0),
                TextColor(palette::TEXT_DIM)
            ),
            // For the mouse; the keyboard has Ctrl+Z, Ctrl+Y and the pause
            // menu (Esc), so the arrow keys stay with the board.
            pair(
                widgets::half_mouse_button("Undo", Action::Undo),
                widgets::half_mouse_button("Redo", Action::Redo)
            ),
            pair(
                widgets::half_mouse_button("Hint", Action::Hint),
                widgets::half_mouse_button("Values", Action::ToggleAnalysis)
            ),
            pair(
                widgets::half_mouse_button("Resign", Action::Resign),
                widgets::half_mouse_button("Menu", Action::Pause)
            ),
            (
                Text::new("Esc: menu   Ctrl+Z / Ctrl+Y: undo / redo"),
                TextFont::from_font_size(13.0),
                TextColor(palette::TEXT_DIM),
            ),
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
            MessageText,
            Text::new(""),
            TextFont::from_font_size(22.0),
            TextColor(palette::WARNING)
        )],
    ));
}

/// What the status line says.
pub fn status_line(game: &Match, thinking: bool) -> String {
    let name = |side| game.side_name(side);
    match game.game.ending() {
        Some(Ending::Win(side)) => format!("{} wins!", name(side)),
        Some(Ending::Draw) => "A draw: the board is full.".into(),
        Some(Ending::Resigned { winner }) => {
            format!("{} resigned: {} wins.", name(winner.other()), name(winner))
        }
        None if thinking => format!("{} is thinking...", name(game.game.to_move())),
        None => format!("{} to move", name(game.game.to_move())),
    }
}

fn update_status(
    game: Res<CurrentMatch>,
    thinking: Option<Res<Thinking>>,
    mut status: Single<&mut Text, (With<StatusText>, Without<MoveText>)>,
    mut moves: Single<&mut Text, (With<MoveText>, Without<StatusText>)>,
) {
    let line = status_line(&game, thinking.is_some());
    if status.0 != line {
        status.0 = line;
    }
    let count = game.game.move_count();
    let line = if game.game.is_over() {
        format!("{count} moves played")
    } else {
        format!("Move {}", count + 1)
    };
    if moves.0 != line {
        moves.0 = line;
    }
}

/// The side to move is shown bright, the other dimmed.
/// The side to move is shown bright, the other dimmed; a name that
/// arrives later (an online opponent joining) replaces the label.
fn update_players(
    game: Res<CurrentMatch>,
    rows: Query<(&PlayerRow, &Children)>,
    mut texts: Query<(&mut TextColor, &mut Text)>,
) {
    let to_move = (!game.game.is_over()).then(|| game.game.to_move());
    for (row, children) in &rows {
        let colour = if Some(row.0) == to_move {
            palette::ACCENT
        } else {
            palette::TEXT_DIM
        };
        let line = player_line(&game, row.0);
        for child in children.iter() {
            if let Ok((mut text_colour, mut text)) = texts.get_mut(child) {
                text_colour.set_if_neq(TextColor(colour));
                if text.0 != line {
                    text.0.clone_from(&line);
                }
            }
        }
    }
}

fn update_message(feedback: Res<Feedback>, mut text: Single<&mut Text, With<MessageText>>) {
    if text.0 != feedback.text {
        text.0 = feedback.text.clone();
    }
}

/// Undo needs a move to take back, Redo one to replay, Resign a game going on.
fn enable_buttons(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    phase: Res<State<GamePhase>>,
    buttons: Query<(Entity, &Action, Has<Disabled>)>,
) {
    let has_moves = game.game.move_count() > 0 || game.game.is_over();
    // Online: no help from the engine, no redo; undo only of one's own move
    // in a game going on (the opponent is asked).
    let online = game.setup.is_online();
    let own_moves = (0..game.game.move_count())
        .any(|ply| game.setup.players[Side::of_ply(ply).index()] == PlayerKind::Human);
    for (entity, action, disabled) in &buttons {
        let enabled = match action {
            Action::Undo if online => own_moves && !game.game.is_over(),
            Action::Undo => has_moves,
            Action::Redo => !online && game.game.can_redo(),
            Action::Resign => *phase.get() == GamePhase::Playing && !game.game.is_over(),
            Action::Hint => !online && !game.game.is_over() && !game.player_to_move().is_computer(),
            Action::ToggleAnalysis => !online && matches!(game.game, MatchGame::ConnectFour(_)),
            _ => continue,
        };
        set_enabled(&mut commands, entity, enabled, disabled);
    }
}

/// The Values button (analysis) says whether it is on.
fn label_analysis(
    shown: Res<ShowAnalysis>,
    buttons: Query<(&Action, &Children)>,
    mut texts: Query<&mut Text>,
) {
    let label = if shown.0 { "Values: on" } else { "Values" };
    for (action, children) in &buttons {
        if *action != Action::ToggleAnalysis {
            continue;
        }
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child)
                && text.0 != label
            {
                text.0 = label.to_string();
            }
        }
    }
}
