//! The end of a game: a banner names the winner (or the draw) with Rematch,
//! Review (see `game::review`), Save and Main menu.

use crate::actions::{Action, UiAction};
use crate::board::CurrentMatch;
use crate::board::hud::status_line;
use crate::locale::Locale;
use crate::settings::Settings;
use crate::states::{AppSystems, GamePhase, HiddenInReview, InPlay, Screen};
use crate::theme::fonts::size;
use crate::theme::palette::Colour;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::match_state::Match;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GamePhase::Over), spawn_banner)
        .add_systems(
            Update,
            (
                banner_actions.in_set(AppSystems::Apply).in_set(InPlay),
                retitle
                    .in_set(AppSystems::Present)
                    .run_if(in_state(GamePhase::Over)),
            ),
        );
}

#[derive(Component)]
struct Banner;

/// The banner's headline: who won.
#[derive(Component)]
struct BannerTitle;

/// A language chosen while the banner shows rewrites its headline.
fn retitle(
    locale: Res<Locale>,
    game: Res<CurrentMatch>,
    settings: Res<Settings>,
    mut titles: Query<&mut Text, With<BannerTitle>>,
) {
    if !locale.is_changed() {
        return;
    }
    for mut text in &mut titles {
        text.0 = status_line(&locale, &game, false, &settings.engines);
    }
}

fn spawn_banner(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    locale: Res<Locale>,
    settings: Res<Settings>,
) {
    commands
        .spawn((
            Name::new("Game over"),
            Banner,
            DespawnOnExit(GamePhase::Over),
            HiddenInReview,
            // Under the side panel, so the whole board (and its winning line)
            // stays in view.
            widgets::side_card(Val::Auto, px(24), Colour::Accent),
            GlobalZIndex(5),
        ))
        .with_children(|banner| {
            banner.spawn((
                BannerTitle,
                widgets::title(
                    status_line(&locale, &game, false, &settings.engines),
                    size::TITLE * 0.8,
                ),
                TextLayout::justify(Justify::Center),
            ));
            // Online, a new game is hosted anew (Play online).
            if !game.setup.is_online() {
                banner.spawn(widgets::small_button("over.rematch", Action::Rematch));
            }
            banner.spawn(widgets::small_button("over.review", Action::Review));
            banner.spawn(widgets::small_button("over.save", Action::OpenSave));
            banner.spawn(widgets::small_button("over.main_menu", Action::QuitToTitle));
        });
}

fn banner_actions(
    mut actions: MessageReader<UiAction>,
    mut game: ResMut<CurrentMatch>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    for UiAction(action) in actions.read() {
        if *action == Action::Rematch {
            *game = CurrentMatch(Match::new(game.setup));
            // Entering the game screen again rebuilds the board.
            next_screen.set(Screen::Game);
        }
    }
}
