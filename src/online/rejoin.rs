//! A saved online match (Continue, Load) takes its seat back: a session
//! starts again with the seat's secret, hosting again if it was hosted
//! here.

use super::session::{Followed, OnlineSession, Start, begin};
use crate::current_match::CurrentMatch;
use crate::settings::Settings;
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_client::connection::Target;
use lineup_client::session::Intent;
use lineup_core::net::address::DEFAULT_PORT;

pub(super) fn rejoin_saved_match(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    session: Option<Res<OnlineSession>>,
    settings: Res<Settings>,
    mut tried: Local<Option<u64>>,
    mut toasts: MessageWriter<Toast>,
) {
    let Some(seat) = game.online() else {
        return;
    };
    // A session going on keeps going: it drives this match, or is on its
    // way to the next (a rematch, a pairing: the board still shows the last
    // game for a frame or two).
    if session.is_some() || *tried == Some(game.id()) {
        return;
    }
    *tried = Some(game.id());
    let server = match seat.server.as_deref().map(Target::parse) {
        None => None,
        Some(Ok(address)) => Some(address),
        Some(Err(problem)) => {
            toasts.write(Toast::window(problem));
            return;
        }
    };
    let start = Start::new(
        server,
        &settings.player_name,
        Intent::Rejoin(seat.code, seat.secret),
    );
    let followed = Followed {
        match_id: Some(game.id()),
        handed: game.game().move_count(),
        ..Followed::default()
    };
    commands.queue(move |world: &mut World| {
        if let Err(problem) = begin(world, start, DEFAULT_PORT, followed) {
            world.write_message(Toast::window(problem));
        }
    });
}
