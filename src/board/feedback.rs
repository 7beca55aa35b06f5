//! A refused move is never silent: a toast over the board says why, the
//! board gives a small shake, and the column or point flashes red.

use super::layout::BoardLayout;
use super::markers::spot_of;
use super::{BOARD_CENTRE, BoardRoot};
use crate::current_match::{MoveRefusal, MoveRefused};
use crate::locale::Locale;
use crate::states::{AppSystems, Screen};
use crate::theme::palette;
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_core::rules::opening::OpeningError;
use lineup_core::rules::{BoardMove, Foul, MoveError};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (show_refusal, shake, fade_flashes)
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Game)),
    );
}

/// The board's shake: seconds left.
#[derive(Component)]
struct Shake(f32);

/// A red flash over a refused column or point, fading out.
#[derive(Component)]
struct Flash(f32);

const SHAKE_SECONDS: f32 = 0.35;
const FLASH_SECONDS: f32 = 0.6;

/// What a player reads when a move is refused.
pub fn refusal_text(locale: &Locale, mv: BoardMove, refusal: MoveRefusal) -> String {
    match refusal {
        MoveRefusal::NotYourTurn => locale.t("refused.not_your_turn").into(),
        MoveRefusal::Opening(OpeningError::Stone(e)) => {
            refusal_text(locale, mv, MoveRefusal::Rules(e))
        }
        MoveRefusal::Opening(OpeningError::NotYourTurn) => locale.t("refused.opening_turn").into(),
        MoveRefusal::Opening(OpeningError::NotNow) => locale.t("refused.opening_step").into(),
        MoveRefusal::Opening(OpeningError::OutsideArea(n)) => {
            locale.f("refused.opening_area", &[("n", &n)])
        }
        MoveRefusal::Opening(OpeningError::OfferCount(n)) => {
            locale.f("refused.opening_count", &[("n", &n)])
        }
        MoveRefusal::Opening(OpeningError::SameOffer) => {
            locale.f("refused.opening_same_offer", &[("point", &mv)])
        }
        MoveRefusal::Opening(OpeningError::NotOffered) => {
            locale.t("refused.opening_not_offered").into()
        }
        MoveRefusal::Rules(MoveError::ColumnFull { column }) => {
            locale.f("refused.column_full", &[("column", &(column + 1))])
        }
        MoveRefusal::Rules(MoveError::Occupied) => locale.f("refused.occupied", &[("point", &mv)]),
        MoveRefusal::Rules(MoveError::OutsideBoard) => locale.t("refused.outside").into(),
        MoveRefusal::Rules(MoveError::GameOver) => locale.t("refused.game_over").into(),
        MoveRefusal::Rules(MoveError::CannotPass) => locale.t("refused.cannot_pass").into(),
        MoveRefusal::Rules(MoveError::Forbidden(foul)) => locale.f(
            match foul {
                Foul::DoubleThree => "refused.double_three",
                Foul::DoubleFour => "refused.double_four",
                Foul::Overline => "refused.overline",
            },
            &[("point", &mv)],
        ),
    }
}

fn show_refusal(
    mut commands: Commands,
    mut refusals: MessageReader<MoveRefused>,
    mut toasts: MessageWriter<Toast>,
    locale: Res<Locale>,
    layout: Option<Res<BoardLayout>>,
    root: Single<Entity, With<BoardRoot>>,
) {
    for refused in refusals.read() {
        toasts.write(Toast::board(refusal_text(
            &locale,
            refused.mv,
            refused.refusal,
        )));
        if refused.refusal == MoveRefusal::NotYourTurn {
            continue;
        }
        commands.entity(*root).insert(Shake(SHAKE_SECONDS));
        if let Some(layout) = &layout {
            let (at, size) = spot_of(layout, refused.mv);
            let flash = commands
                .spawn((
                    Name::new("Refused"),
                    Flash(FLASH_SECONDS),
                    Sprite::from_color(palette::FORBIDDEN.with_alpha(0.45), size),
                    Transform::from_xyz(at.x, at.y, 8.0),
                ))
                .id();
            commands.entity(*root).add_child(flash);
        }
    }
}

fn shake(
    mut commands: Commands,
    time: Res<Time>,
    mut board: Query<(Entity, &mut Transform, &mut Shake)>,
) {
    for (entity, mut transform, mut shake) in &mut board {
        shake.0 -= time.delta_secs();
        let left = shake.0.max(0.0) / SHAKE_SECONDS;
        transform.translation.x = BOARD_CENTRE.x + (shake.0 * 70.0).sin() * 9.0 * left;
        if shake.0 <= 0.0 {
            transform.translation.x = BOARD_CENTRE.x;
            commands.entity(entity).remove::<Shake>();
        }
    }
}

fn fade_flashes(
    mut commands: Commands,
    time: Res<Time>,
    mut flashes: Query<(Entity, &mut Sprite, &mut Flash)>,
) {
    for (entity, mut sprite, mut flash) in &mut flashes {
        flash.0 -= time.delta_secs();
        if flash.0 <= 0.0 {
            commands.entity(entity).despawn();
        } else {
            sprite.color = palette::FORBIDDEN.with_alpha(0.45 * flash.0 / FLASH_SECONDS);
        }
    }
}
