//! The end of a game: a banner names the winner (or the draw) with Rematch,
//! Review (see `game::review`), Save and Main menu.

use crate::current_match::{CurrentMatch, MatchAuthority, StartMatch};
use crate::locale::Locale;
use crate::menus::MenuRequest;
use crate::panel::hud::status_line;
use crate::review::ReviewRequest;
use crate::settings::Settings;
use crate::states::{AppSystems, GamePhase, HiddenInReview, InPlay};
use crate::theme::fonts::size;
use crate::theme::interaction::{self, ButtonMessage};
use crate::theme::palette::Colour;
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::match_state::Match;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<Rematch>(app);
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

/// A new game with the same players and set-up (the banner's Rematch).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rematch;

impl ButtonMessage for Rematch {}

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
    authority: Res<MatchAuthority>,
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
            // Online, the server opens the rematch once both players ask
            // (a watcher has no seat to ask with).
            if *authority == MatchAuthority::Local {
                banner.spawn(widgets::small_button("over.rematch", Rematch));
            } else if game.online().is_some() {
                banner.spawn(widgets::small_button(
                    "over.rematch",
                    crate::online::RoomRequest::Rematch,
                ));
            }
            banner.spawn(widgets::small_button("over.review", ReviewRequest::Open));
            banner.spawn(widgets::small_button("over.save", MenuRequest::OpenSave));
            banner.spawn(widgets::small_button(
                "over.main_menu",
                MenuRequest::QuitToTitle,
            ));
        });
}

fn banner_actions(
    mut rematches: MessageReader<Rematch>,
    game: Res<CurrentMatch>,
    mut starts: MessageWriter<StartMatch>,
) {
    for Rematch in rematches.read() {
        starts.write(StartMatch(Match::new(game.setup())));
    }
}
