//! Another Gomocup engine for studies on the real binary, as a player
//! meets it: an engine listed in the settings (`pbrain-lineup` from a
//! folder of its own, named "second") gives the analysis board its lines,
//! hovered and drawn on the board; the panel's engine button steps back
//! to Lineup's own, which thinks again, and the choice is kept in the
//! settings; review, with the second engine chosen from its own button,
//! fills its graph with that engine's values; no engine process outlives
//! the game.

use crate::at;
use crate::journey::{Journey, SoundOut};

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_second_engine_thinks_on_the_analysis_board_and_judges_in_review() {
    let mut journey = Journey::new("study_engine");
    let folder = journey.dir.join("engines");
    std::fs::create_dir_all(&folder).expect("an engines folder");
    let engine = folder.join("pbrain-lineup");
    std::fs::copy(crate::pbrain_lineup(), &engine).expect("the engine copied");
    journey.write_settings(&format!(
        "(engines: [(name: \"second\", path: \"{}\")], study_engine: Some(\"second\"))",
        engine.display()
    ));
    journey.launch(
        SoundOut::Nowhere,
        &["--moves", "h8i9h9h10g8i8", "--analyse"],
    );
    journey.wait_for("Analysis: opened");
    journey.park_pointer();
    journey.wait_for("of them, from second");
    journey.wait_frames(30);
    let before = journey.screen();
    journey.xdotool_move(at::LINE_1);
    journey.wait_for("Analysis: line 1 drawn on the board");
    journey.wait_frames(30);
    let hovered = journey.screen();
    hovered.keep("study-engine-hover.png", "The second engine's line");
    assert!(
        hovered.differences_within(&before, 140..850, 60..770) > 2_000,
        "the second engine's line drawn on the board"
    );
    // Round to Lineup's own engine: it thinks again, and the choice stays.
    journey.click_button(at::STUDY_ENGINE, "NextStudyEngine");
    journey.wait_for("Study engine: Lineup");
    let line = journey.wait_for("Analysis: the engine's first lines");
    assert!(!line.contains("from "), "{line}");
    journey.park_pointer();
    journey.key("Escape");
    journey.wait_for("-> Some(Title)");
    journey.interrupt();
    let kept = std::fs::read_to_string(journey.folders().settings_file()).expect("settings");
    assert!(!kept.contains("study_engine: Some"), "{kept}");
    // Review: the second engine chosen from its button there judges.
    journey.launch(
        SoundOut::Nowhere,
        &["--moves", "h8a1i8a2j8a3k8", "--review"],
    );
    journey.wait_for("Review: analysis done");
    journey.click_button(at::REVIEW_STUDY_ENGINE, "NextStudyEngine");
    journey.wait_for("Study engine: second");
    journey.wait_for("Review: analysis done");
    journey.park_pointer();
    journey.wait_frames(30);
    let review = journey.screen();
    review.keep("study-engine-review.png", "Review by the second engine");
    journey.interrupt();
    assert!(
        crate::engine_journey::running(&engine).is_empty(),
        "no engine process outlives the game"
    );
}
