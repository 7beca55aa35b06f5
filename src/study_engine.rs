//! Which engine the analysis board's lines and review's judgement come
//! from: Lineup's own (in the game), or one of the Gomocup engines the
//! player listed for play, as Yixin Board uses one. Chosen in either
//! panel (a button that steps through them), kept in the settings by the
//! engine's name, shown beside what it found.

use crate::locale::Locale;
use crate::settings::Settings;
use crate::states::AppSystems;
use crate::theme::fonts::size;
use crate::theme::interaction::{ButtonMessage, sends};
use crate::theme::widgets;
use bevy::prelude::*;
use lineup_core::gomocup::registry::EngineEntry;

pub(crate) fn plugin(app: &mut App) {
    sends::<NextStudyEngine>(app);
    app.add_systems(Update, choose_next.in_set(AppSystems::Input))
        .add_systems(Update, label_buttons.in_set(AppSystems::Present));
}

/// A button that steps to the next engine and is labelled with the one
/// chosen.
#[derive(Component)]
pub struct StudyEngineButton;

/// The button, `width` × `height`, for a panel.
pub fn button(width: f32, height: f32) -> impl Bundle {
    (
        StudyEngineButton,
        widgets::sized_button(String::new(), NextStudyEngine, width, height, size::CAPTION),
    )
}

/// Study with the next engine of the list (after the last, Lineup's own).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextStudyEngine;

impl ButtonMessage for NextStudyEngine {}

/// The Gomocup engine studies ask, or `None` for Lineup's own (also when
/// the one chosen is no longer listed).
pub fn chosen(settings: &Settings) -> Option<&EngineEntry> {
    let name = settings.study_engine.as_deref()?;
    settings.engines.iter().find(|e| e.name == name)
}

/// The name of the engine studies ask, as the panels show it.
pub fn name(settings: &Settings, locale: &Locale) -> String {
    match chosen(settings) {
        Some(engine) => engine.name.clone(),
        None => locale.t("study.lineup").to_string(),
    }
}

fn choose_next(mut requests: MessageReader<NextStudyEngine>, mut settings: ResMut<Settings>) {
    for _ in requests.read() {
        let next = match chosen(&settings) {
            None => settings.engines.first(),
            Some(now) => {
                let at = settings.engines.iter().position(|e| e == now);
                at.and_then(|i| settings.engines.get(i + 1))
            }
        };
        settings.study_engine = next.map(|e| e.name.clone());
        info!(
            "Study engine: {}",
            settings.study_engine.as_deref().unwrap_or("Lineup")
        );
    }
}

/// The buttons' label: the name of the engine chosen, cut to a button's
/// room, with a ">" that says a press steps on to the next.
fn label_buttons(
    settings: Res<Settings>,
    locale: Res<Locale>,
    buttons: Query<&Children, With<StudyEngineButton>>,
    added: Query<(), Added<StudyEngineButton>>,
    mut texts: Query<&mut Text>,
) {
    if !settings.is_changed() && !locale.is_changed() && added.is_empty() {
        return;
    }
    let name = name(&settings, &locale);
    let shown = if name.chars().count() > 8 {
        format!("{}…", name.chars().take(7).collect::<String>())
    } else {
        name
    };
    for children in &buttons {
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.0 = format!("{shown} >");
            }
        }
    }
}
