//! The look and language, headless: a theme chosen in Settings repaints
//! what is on screen, a language chosen relabels it, and menus come in
//! (or, with reduce motion, simply appear).

use crate::app_flow::{act, app, menu, press, run};
use bevy::prelude::*;
use lineup::locale::{Locale, Words};
use lineup::menus::MenuRequest;
use lineup::menus::settings::SettingChange;
use lineup::menus::settings::SettingField;
use lineup::settings::Settings;
use lineup::states::Menu;
use lineup::theme::entrance::Entrance;
use lineup::theme::paint::{Fill, Shade};
use lineup::theme::palette::{Colour, Palette, Theme};
use lineup_core::i18n::Language;

/// The texts on screen that come from a key.
fn keyed_texts(app: &mut App, key: &str) -> Vec<String> {
    let mut query = app.world_mut().query::<(&Words, &Text)>();
    query
        .iter(app.world())
        .filter(|(words, _)| matches!(words, Words::Key(k) if *k == key))
        .map(|(_, text)| text.0.clone())
        .collect()
}

fn panel_colours(app: &mut App) -> Vec<Color> {
    let mut query = app.world_mut().query::<(&Fill, &BackgroundColor)>();
    query
        .iter(app.world())
        .filter(|(fill, _)| fill.0 == Colour::Panel)
        .map(|(_, colour)| colour.0)
        .collect()
}

/// The material colours of the meshes that play a colour role (the title
/// scene's backboard), and the colours the palette wants for them.
fn shades(app: &mut App, theme: Theme) -> Vec<(Color, Color)> {
    let palette = Palette::of(theme, Default::default());
    let mut query = app
        .world_mut()
        .query::<(&Shade, &MeshMaterial2d<ColorMaterial>)>();
    let materials = app.world().resource::<Assets<ColorMaterial>>();
    query
        .iter(app.world())
        .map(|(shade, material)| {
            let shown = materials.get(&material.0).expect("a material").color;
            (shown, palette.get(shade.0))
        })
        .collect()
}

#[test]
fn the_theme_and_language_change_what_is_on_screen_at_once() {
    let mut app = app();
    run(&mut app, 3);
    act(&mut app, MenuRequest::OpenSettings);
    run(&mut app, 3);
    assert_eq!(menu(&app), Menu::Settings);
    let dark = Palette::of(Theme::Dark, Default::default()).panel;
    let light = Palette::of(Theme::Light, Default::default()).panel;
    assert!(panel_colours(&mut app).iter().all(|c| *c == dark));
    let shaded = shades(&mut app, Theme::Dark);
    assert!(!shaded.is_empty() && shaded.iter().all(|(shown, wanted)| shown == wanted));
    assert_eq!(keyed_texts(&mut app, "settings.title"), ["Settings"]);

    act(&mut app, SettingChange(SettingField::Theme, 1));
    run(&mut app, 2);
    assert_eq!(app.world().resource::<Settings>().theme, Theme::Light);
    let colours = panel_colours(&mut app);
    assert!(
        !colours.is_empty() && colours.iter().all(|c| *c == light),
        "{colours:?}"
    );
    let shaded = shades(&mut app, Theme::Light);
    assert!(
        shaded.iter().all(|(shown, wanted)| shown == wanted),
        "{shaded:?}"
    );
    assert_ne!(
        Palette::of(Theme::Light, Default::default()).holes,
        Palette::of(Theme::Dark, Default::default()).holes
    );

    act(&mut app, SettingChange(SettingField::Language, 1));
    run(&mut app, 2);
    assert_eq!(
        app.world().resource::<Locale>().language(),
        Language::SimplifiedChinese
    );
    assert_eq!(keyed_texts(&mut app, "settings.title"), ["设置"]);
    assert_eq!(keyed_texts(&mut app, "common.back"), ["返回"]);
    // And back: the language steps round.
    act(&mut app, SettingChange(SettingField::Language, 1));
    run(&mut app, 2);
    assert_eq!(keyed_texts(&mut app, "settings.title"), ["Settings"]);
}

fn entering(app: &mut App) -> usize {
    let mut query = app.world_mut().query::<&Entrance>();
    query.iter(app.world()).count()
}

#[test]
fn a_menu_comes_in_unless_motion_is_reduced_and_a_key_finishes_it() {
    let mut app = app();
    run(&mut app, 3);
    act(&mut app, MenuRequest::OpenHowToPlay);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::HowToPlay);
    assert_eq!(entering(&mut app), 1, "the menu is coming in");
    // A sixth of a second: four 50 ms frames at most.
    run(&mut app, 4);
    assert_eq!(entering(&mut app), 0, "and has arrived");

    // A key press finishes the entrance at once.
    act(&mut app, MenuRequest::Back);
    run(&mut app, 2);
    act(&mut app, MenuRequest::OpenHowToPlay);
    run(&mut app, 2);
    assert_eq!(entering(&mut app), 1);
    press(&mut app, KeyCode::ShiftLeft);
    assert_eq!(entering(&mut app), 0);

    // Reduced motion: menus simply appear.
    app.world_mut().resource_mut::<Settings>().reduce_motion = true;
    act(&mut app, MenuRequest::Back);
    run(&mut app, 2);
    act(&mut app, MenuRequest::OpenHowToPlay);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::HowToPlay);
    assert_eq!(entering(&mut app), 0);
}

fn confetti(app: &mut App) -> usize {
    let mut query = app
        .world_mut()
        .query::<&lineup::board::celebration::Confetti>();
    query.iter(app.world()).count()
}

/// A win in play throws confetti that falls away within two seconds;
/// with reduce motion there is none.
#[test]
fn a_win_is_celebrated_unless_motion_is_reduced() {
    use crate::app_flow::{C4, HUMANS, app_in_game, request, settle};
    use lineup_core::rules::{BoardMove, Column};
    for reduced in [false, true] {
        let mut app = app_in_game(C4, "445566", HUMANS);
        app.world_mut().resource_mut::<Settings>().reduce_motion = reduced;
        settle(&mut app);
        request(&mut app, BoardMove::Column(Column(6)));
        settle(&mut app);
        run(&mut app, 2);
        let thrown = confetti(&mut app);
        if reduced {
            assert_eq!(thrown, 0);
        } else {
            assert_eq!(thrown, 4 * 7, "seven bits for each winning disc");
            run(&mut app, 40);
            assert_eq!(confetti(&mut app), 0, "and they are gone");
        }
    }
}

proptest::proptest! {
    /// The board edge's strips cover exactly the slab the wood leaves
    /// showing, once each: checked cell by cell on a grid.
    #[test]
    fn uncovered_strips_tile_what_the_top_leaves_showing(
        o in (-6i32..6, -6i32..6, 1i32..10, 1i32..10),
        i in (-8i32..8, -8i32..8, 0i32..14, 0i32..14),
    ) {
        let rect = |(x, y, w, h): (i32, i32, i32, i32)| {
            Rect::new(x as f32, y as f32, (x + w) as f32, (y + h) as f32)
        };
        let (outer, inner) = (rect(o), rect(i));
        let strips = lineup::board::gomoku_view::uncovered(outer, inner);
        for x in -10..20 {
            for y in -10..20 {
                let cell = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let showing = outer.contains(cell) && !inner.contains(cell);
                let covering = strips.iter().filter(|s| s.contains(cell)).count();
                proptest::prop_assert_eq!(covering, usize::from(showing), "cell {:?}", cell);
            }
        }
    }
}

/// A drag of the window's edge goes through many sizes, and Bevy keeps a
/// glyph atlas for each font size times scale it drew: once the size has
/// stayed the same for half a second, the atlases go (the text is laid out
/// again at the one size in use; the window test of the real game checks it
/// is still drawn). Frames here are 50 ms.
#[test]
fn glyph_atlases_go_once_a_resize_has_settled() {
    use bevy::text::{FontAtlas, FontAtlasKey, FontAtlasSet, FontHinting, FontSmoothing};
    use bevy::window::WindowResized;
    let mut app = app();
    run(&mut app, 3);
    app.init_resource::<FontAtlasSet>();
    let atlases = |app: &App| app.world().resource::<FontAtlasSet>().len();
    let add_atlas = |app: &mut App, size: f32| {
        let atlas = FontAtlas::new(
            &mut app.world_mut().resource_mut::<Assets<Image>>(),
            UVec2::splat(512),
            FontSmoothing::default(),
        );
        let key = FontAtlasKey {
            id: 0,
            index: 0,
            font_size_bits: size.to_bits(),
            variations_hash: 0,
            hinting: FontHinting::default(),
            font_smoothing: FontSmoothing::default(),
        };
        app.world_mut()
            .resource_mut::<FontAtlasSet>()
            .insert(key, vec![atlas]);
    };
    add_atlas(&mut app, 20.0);
    run(&mut app, 20);
    assert_eq!(atlases(&app), 1, "no resize: the atlases stay");
    for (frame, width) in [900.0, 910.0, 920.0].into_iter().enumerate() {
        add_atlas(&mut app, 20.0 + frame as f32);
        app.world_mut().write_message(WindowResized {
            window: Entity::PLACEHOLDER,
            width,
            height: 600.0,
        });
        run(&mut app, 1);
    }
    run(&mut app, 5);
    assert_eq!(atlases(&app), 3, "still resizing (under 0.5 s): kept");
    run(&mut app, 10);
    assert_eq!(atlases(&app), 0, "settled: every atlas dropped");
}

/// The game's name shows over the title's main menu only: New game's
/// dialog for Gomoku, taller, cut through it.
#[test]
fn the_title_name_gives_way_to_a_dialog() {
    let mut app = app();
    run(&mut app, 3);
    let name = |app: &mut App| {
        let mut query = app.world_mut().query::<(&Name, &Visibility)>();
        query
            .iter(app.world())
            .find(|(n, _)| n.as_str() == "Title")
            .map(|(_, v)| *v)
            .expect("the title's name")
    };
    assert_eq!(menu(&app), Menu::Main);
    assert_eq!(name(&mut app), Visibility::Inherited);
    act(&mut app, MenuRequest::OpenNewGame);
    run(&mut app, 2);
    assert_eq!(menu(&app), Menu::NewGame);
    assert_eq!(name(&mut app), Visibility::Hidden);
    act(&mut app, MenuRequest::Back);
    run(&mut app, 2);
    assert_eq!(name(&mut app), Visibility::Inherited);
}
