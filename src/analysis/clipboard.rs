//! Copy and paste on the analysis board, through the system's clipboard:
//! Copy puts the position on show as a board diagram; Paste reads a move
//! string, a `.psq` file, a diagram (Gomocalc's among them) or a whole SGF
//! study, and studies it. What cannot be read is said in the toast line;
//! the study stays.

use super::{AnalysisRequest, Studied};
use crate::locale::Locale;
use crate::states::{AppSystems, BoardMode};
use crate::theme::toast::Toast;
use bevy::clipboard::Clipboard;
use bevy::prelude::*;
use lineup_core::analysis::diagram::{Pasted, diagram, paste};
use lineup_core::analysis::setup::Setup;
use lineup_core::analysis::sgf::from_sgf;
use lineup_core::analysis::study::Study;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        copy_and_paste
            .in_set(AppSystems::Apply)
            .run_if(in_state(BoardMode::Analysis)),
    );
}

fn copy_and_paste(
    mut requests: MessageReader<AnalysisRequest>,
    studied: Option<ResMut<Studied>>,
    clipboard: Option<ResMut<Clipboard>>,
    locale: Res<Locale>,
    mut toasts: MessageWriter<Toast>,
) {
    let (Some(mut studied), Some(mut clipboard)) = (studied, clipboard) else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        match request {
            AnalysisRequest::Copy => {
                let text = diagram(&shown_setup(&studied.study));
                let said = match clipboard.set_text(text) {
                    Ok(()) => {
                        info!("Analysis: copied the position");
                        locale.t("analysis.copied").to_string()
                    }
                    Err(e) => locale.f("analysis.clipboard_failed", &[("error", &e)]),
                };
                toasts.write(Toast::window(said));
            }
            AnalysisRequest::Paste => {
                let text = match clipboard.fetch_text().poll_result() {
                    Some(Ok(text)) => text,
                    Some(Err(e)) => {
                        toasts.write(Toast::window(
                            locale.f("analysis.clipboard_failed", &[("error", &e)]),
                        ));
                        continue;
                    }
                    None => continue,
                };
                let kind = studied.study.setup().kind();
                // SGF (a whole study, from another program) or a position.
                let pasted = if text.trim_start().starts_with("(;") {
                    from_sgf(&text)
                        .map_err(|e| e.to_string())
                        .and_then(|(setup, tree)| {
                            Study::from_parts(setup, tree, None).map_err(|e| e.to_string())
                        })
                } else {
                    paste(&text, &kind)
                        .map(|p| study_of(p, &kind))
                        .map_err(|e| e.to_string())
                };
                // Another game or board than this study's: Load opens it.
                let pasted = pasted.and_then(|study| {
                    if study.setup().kind() == kind {
                        Ok(study)
                    } else {
                        Err(locale.t("analysis.paste_other_kind").to_string())
                    }
                });
                match pasted {
                    Ok(study) => {
                        // A new study: a save goes to a new file.
                        let from_title = studied.from_title;
                        *studied = Studied::new(study, from_title);
                        info!("Analysis: pasted a position");
                        toasts.write(Toast::window(locale.t("analysis.pasted")));
                    }
                    Err(e) => {
                        toasts.write(Toast::window(
                            locale.f("analysis.paste_failed", &[("error", &e)]),
                        ));
                    }
                }
            }
            _ => {}
        }
    }
}

/// The position on show as a set-up (the set-up itself when it cannot be
/// played from).
fn shown_setup(study: &Study) -> Setup {
    match study.position() {
        Ok(game) => Setup::of_game(game),
        Err(_) => study.setup().clone(),
    }
}

/// What was pasted, as a study: a position to set up, or moves from the
/// empty board as the main line (as far as the rules allow).
fn study_of(pasted: Pasted, kind: &lineup_core::match_setup::GameKind) -> Study {
    match pasted {
        Pasted::Position(setup) => Study::new(setup),
        Pasted::Moves(moves) => {
            let mut study = Study::new(Setup::empty(kind));
            study.play_line(&moves);
            study
        }
    }
}
