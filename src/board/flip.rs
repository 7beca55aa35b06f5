//! Flipping the Gomoku board: seen from White's side, turned half round
//! (a1 at the top right), as a player sitting across the table sees it. A
//! person playing White against the computer (no opening rule) gets it so
//! from the start;
//! the panel's Flip button and the F key turn it either way. The board is
//! drawn anew with the flipped layout (`BoardLayout::flipped`); the match
//! is untouched.

use super::{BoardRoot, SpawnBoard};
use crate::current_match::CurrentMatch;
use crate::states::{AppSystems, Menu, Screen};
use crate::theme::interaction::{self, ButtonMessage};
use bevy::prelude::*;
use lineup_core::match_setup::{GameKind, PlayerKind};
use lineup_core::match_state::Match;
use lineup_core::rules::Side;
use lineup_core::rules::opening::OpeningRule;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<FlipBoard>(app);
    app.init_resource::<BoardFlip>().add_systems(
        Update,
        (
            key.in_set(AppSystems::Input).run_if(in_state(Menu::None)),
            (toggle, redraw.run_if(resource_exists::<RedrawBoard>))
                .chain()
                .in_set(AppSystems::Apply),
        )
            .run_if(in_state(Screen::Game)),
    );
}

pub use crate::states::FlipBoard;

impl ButtonMessage for FlipBoard {}

/// Whether the board of match `match_id` is seen from White's side.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardFlip {
    match_id: Option<u64>,
    flipped: bool,
}

impl BoardFlip {
    /// Whether `game`'s board is flipped: as last turned in this match, or
    /// for a new match, when a person plays White alone against another
    /// kind of player. Not under an opening rule: who plays White is
    /// settled later, and a board turning round by itself mid-opening
    /// would only confuse.
    pub fn for_match(&mut self, game: &Match) -> bool {
        if self.match_id != Some(game.id()) {
            self.match_id = Some(game.id());
            self.flipped = matches!(game.setup().kind, GameKind::Gomoku { .. })
                && game.setup().opening() == OpeningRule::None
                && game.player_of(Side::Second) == PlayerKind::Human
                && game.player_of(Side::First) != PlayerKind::Human;
        }
        self.flipped
    }
}

/// The board must be drawn anew (it was turned).
#[derive(Resource)]
struct RedrawBoard;

/// F turns the board.
fn key(keys: Option<Res<ButtonInput<KeyCode>>>, mut flips: MessageWriter<FlipBoard>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyF)) {
        flips.write(FlipBoard);
    }
}

fn toggle(
    mut commands: Commands,
    mut requests: MessageReader<FlipBoard>,
    game: Res<CurrentMatch>,
    mut flip: ResMut<BoardFlip>,
) {
    let turns = requests.read().count();
    if turns.is_multiple_of(2) || !matches!(game.setup().kind, GameKind::Gomoku { .. }) {
        return;
    }
    let now = !flip.for_match(&game);
    flip.flipped = now;
    info!("Board flipped: {now}");
    commands.insert_resource(RedrawBoard);
}

/// Takes the board down and draws it again (the pieces come back where
/// the flipped layout puts them, without falling).
fn redraw(world: &mut World) {
    world.remove_resource::<RedrawBoard>();
    let roots: Vec<Entity> = world
        .query_filtered::<Entity, With<BoardRoot>>()
        .iter(world)
        .collect();
    for root in roots {
        world.despawn(root);
    }
    world.run_schedule(SpawnBoard);
}
