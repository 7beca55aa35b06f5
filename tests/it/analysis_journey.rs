//! The analysis board on the real binary, used as a player does: the
//! editor driven by clicks (Black and White stones, whose turn), Renju's
//! foul cross appearing, the engine's lines, a line hovered and drawn on
//! the board (a screenshot kept to look at), a VCF asked for, the study
//! saved in the library and found there, copied to the system's clipboard,
//! a book's diagram pasted from it, exported as SGF, then back to the title.

use crate::at;
use crate::journey::{Journey, SoundOut};
use lineup_core::analysis::study::Study;
use lineup_core::persist::save_file::SaveFile;

/// A position as a book prints it: rows from 15 down, `x` Black, `o` White.
const BOOK_DIAGRAM: &str = "\
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . o . . . . . . . .
 9 . . . . . . x o . . . . . . .
 8 . . . . . x x x o . . . . . .
 7 . . . . . . o x . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
   a b c d e f g h i j k l m n o
Black to move
";

/// The file a log line names after `verb` ("saved /…/x.ron").
fn written(line: &str, verb: &str) -> String {
    line.split(verb).nth(1).expect("a path").trim().to_string()
}

/// Save clicked, and the study as the file it was saved to holds it.
fn save_and_read(journey: &mut Journey) -> Study {
    journey.click_button(at::SAVE, "AnalysisRequest::Save");
    let path = written(&journey.wait_for("Analysis: saved "), "saved ");
    let save = SaveFile::read(std::path::Path::new(&path)).expect("a study file");
    save.study().expect("readable").expect("a study")
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_position_is_set_up_by_clicks_analysed_saved_and_exported() {
    let mut journey = Journey::new("analysis");
    journey.launch(SoundOut::Nowhere, &["--analyse"]);
    journey.wait_for("Analysis: opened");
    journey.park_pointer();
    // Black's stones: two across, two up, with h8 between them.
    journey.click_button(at::BLACK_TOOL, "AnalysisRequest::Tool(Place(First))");
    for name in ["f8", "g8", "h10", "h9"] {
        let (x, y) = at::point(name);
        journey.click(x, y);
        journey.wait_for("Analysis: Edit(Place {");
    }
    journey.click_button(at::WHITE_TOOL, "AnalysisRequest::Tool(Place(Second))");
    for name in ["i9", "g9"] {
        let (x, y) = at::point(name);
        journey.click(x, y);
        journey.wait_for("side: Second })");
    }
    // White has fewer stones and moves; Black to move instead: h8 is a
    // double three, crossed out.
    journey.click_button(at::SWAP_TURN, "AnalysisRequest::SwapSideToMove");
    journey.wait_for("Analysis: SwapSideToMove");
    journey.wait_for("Analysis: the engine's first lines");
    journey.park_pointer();
    journey.wait_frames(30);
    let before = journey.screen();
    let (hx, hy) = at::point("h8");
    assert!(
        before.count_near_within(
            [219, 20, 20],
            40,
            hx as usize - 12..hx as usize + 12,
            hy as usize - 12..hy as usize + 12
        ) > 20,
        "the foul cross on h8"
    );
    // The engine's first line, hovered, is drawn on the board.
    journey.xdotool_move(at::LINE_1);
    journey.wait_for("Analysis: line 1 drawn on the board");
    journey.wait_frames(30);
    let hovered = journey.screen();
    hovered.keep("analysis-hover.png", "The hovered line");
    assert!(
        hovered.differences_within(&before, 140..850, 60..770) > 2_000,
        "numbered ghost stones on the board"
    );
    journey.click_button(at::VCF_FOR_BLACK, "AnalysisRequest::Threat(Vcf, First)");
    journey.wait_for("Analysis: Vcf for First: ");
    let study = save_and_read(&mut journey);
    assert_eq!(study.setup().pieces().len(), 6, "the six stones set up");
    // The position on show is in the library now: the study just saved.
    journey.click_button(at::FIND, "AnalysisRequest::Find");
    journey.wait_for("Analysis: the position is in 1 places of the library");
    // Copy gives the system's clipboard a diagram of the position.
    journey.click_button(at::COPY, "AnalysisRequest::Copy");
    journey.wait_for("Analysis: copied the position");
    let copied = journey.x_output("xclip", &["-o", "-selection", "clipboard"]);
    assert!(copied.contains("Black to move"), "{copied}");
    assert_eq!(
        copied.matches(" x").count(),
        4,
        "four black stones: {copied}"
    );
    // A book's diagram pasted from another program becomes the position.
    journey.set_clipboard(BOOK_DIAGRAM);
    journey.click_button(at::PASTE, "AnalysisRequest::Paste");
    journey.wait_for("Analysis: pasted a position");
    let pasted = save_and_read(&mut journey);
    assert_eq!(
        pasted.setup().pieces().len(),
        9,
        "the diagram's nine stones"
    );
    journey.click_button(at::EXPORT_SGF, "AnalysisRequest::ExportSgf");
    let path = written(&journey.wait_for("Analysis: exported "), "exported ");
    let sgf = std::fs::read_to_string(&path).expect("the SGF");
    assert!(
        sgf.contains("GM[4]") && sgf.contains("AB[") && sgf.contains("AW["),
        "{sgf}"
    );
    journey.park_pointer();
    journey.key("Escape");
    journey.wait_for("Screen: Some(Game) -> Some(Title)");
    journey.interrupt();
}
