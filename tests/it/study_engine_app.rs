//! Another Gomocup engine for studies, in the headless app: chosen with
//! the panels' engine button, it gives the analysis board's lines (named
//! for it) and review's values; chosen again round to Lineup, the game's
//! own engine thinks again. The second engine is a real process:
//! `pbrain-lineup`, listed as any other engine is.

use crate::app_flow::{HUMANS, RENJU, act, app_in_game, run, until};
use crate::review_app::until_reviewed;
use bevy::prelude::*;
use lineup::analysis::thinking::EngineLines;
use lineup::analysis::{AnalysisRequest, Studied};
use lineup::review::ReviewRequest;
use lineup::review::graph::ReviewValues;
use lineup::settings::Settings;
use lineup::study_engine::NextStudyEngine;
use lineup_core::ai::review::Worth;
use lineup_core::gomocup::registry::EngineEntry;

/// A game whose settings list `pbrain-lineup` as the engine "second".
fn with_a_second_engine(moves: &str) -> App {
    let mut app = app_in_game(RENJU, moves, HUMANS);
    app.world_mut().resource_mut::<Settings>().engines = vec![EngineEntry {
        name: "second".into(),
        path: crate::pbrain_lineup(),
        args: Vec::new(),
    }];
    app
}

fn chosen(app: &App) -> Option<String> {
    app.world().resource::<Settings>().study_engine.clone()
}

#[test]
fn a_second_engine_gives_the_analysis_board_its_lines() {
    let mut app = with_a_second_engine("h8i9h9h10g8i8");
    act(&mut app, AnalysisRequest::Open);
    run(&mut app, 2);
    assert_eq!(chosen(&app), None, "Lineup's own engine first");
    act(&mut app, NextStudyEngine);
    run(&mut app, 2);
    assert_eq!(chosen(&app).as_deref(), Some("second"));
    let key = app.world().resource::<Studied>().key;
    until(&mut app, 4000, "the second engine's lines", |app| {
        let lines = app.world().resource::<EngineLines>();
        lines.key == key
            && lines
                .report
                .as_ref()
                .is_some_and(|r| r.engine.as_deref() == Some("second") && r.lines.len() >= 2)
    });
    let report = app
        .world()
        .resource::<EngineLines>()
        .report
        .clone()
        .expect("a report");
    let game = app
        .world()
        .resource::<Studied>()
        .study
        .position()
        .expect("a position")
        .clone();
    for line in &report.lines {
        let mut replay = game.clone();
        for &mv in &line.moves {
            replay.play(mv).expect("the second engine's line replays");
        }
    }
    // Round again: Lineup's own engine thinks about the same position.
    act(&mut app, NextStudyEngine);
    run(&mut app, 2);
    assert_eq!(chosen(&app), None);
    until(&mut app, 2000, "Lineup's own lines again", |app| {
        let lines = app.world().resource::<EngineLines>();
        lines
            .report
            .as_ref()
            .is_some_and(|r| r.engine.is_none() && !r.lines.is_empty())
    });
}

#[test]
fn a_second_engine_judges_the_game_in_review() {
    let mut app = with_a_second_engine("h8a1i8a2j8a3k8");
    app.world_mut().resource_mut::<Settings>().study_engine = Some("second".into());
    act(&mut app, ReviewRequest::Open);
    run(&mut app, 2);
    let review = until_reviewed(&mut app);
    let values = app.world().resource::<ReviewValues>();
    assert_eq!(values.engine.as_deref(), Some("second"));
    assert_eq!(values.trouble, None);
    assert_eq!(review.judged(), 8, "every position");
    // White to move against Black's open four: the second engine sees
    // the loss.
    assert!(
        matches!(review.worth(7), Some(Worth::Loses { .. })),
        "{:?}",
        review.worth(7)
    );
}

#[test]
fn an_engine_that_will_not_start_is_named_with_its_fault() {
    let mut app = app_in_game(RENJU, "h8i9", HUMANS);
    {
        let mut settings = app.world_mut().resource_mut::<Settings>();
        settings.engines = vec![EngineEntry {
            name: "gone".into(),
            path: "/nonexistent/pbrain-gone".into(),
            args: Vec::new(),
        }];
        settings.study_engine = Some("gone".into());
    }
    act(&mut app, AnalysisRequest::Open);
    until(&mut app, 2000, "the engine's fault", |app| {
        app.world()
            .resource::<EngineLines>()
            .trouble
            .as_ref()
            .is_some_and(|(name, fault)| name == "gone" && fault.contains("could not be started"))
    });
}
