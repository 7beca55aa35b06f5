//! The analysis board: set up any position, let the engine think aloud,
//! keep variations. A thin layer over the core's `analysis::Study` (the
//! set-up position, the tree of lines, the node on show): the board draws
//! the study's position (`board::drawn_position`), the tools turn clicks
//! into edits and moves (`tools`), the engine thinks on a thread of its own
//! (`thinking`), threat searches run on demand (`threats`), the panel shows
//! it all (`panel`, `tree_list`), the lines are drawn on the board
//! (`lines_on_board`, `marks_on_board`, `eval_bar`), comments are typed in
//! a dialog (`comment`), positions travel as text (`clipboard`), and the
//! study is saved, found and exported (`files`).
//!
//! Ways in: Analysis board on the title screen (an empty board of the last
//! game's kind), Analyse in the pause menu (the game's moves as the main
//! line), `--analyse` on the command line. Ways out: Back, Esc.

mod clipboard;
mod comment;
mod eval_bar;
mod files;
pub mod lines_on_board;
pub mod marks_on_board;
mod panel;
pub mod thinking;
pub mod threats;
pub mod tools;
mod tree_list;

use crate::board::drawn_position::{ReviewPosition, StudyPosition};
use crate::current_match::{CurrentMatch, StartMatch};
use crate::states::{AppSystems, BoardMode, Menu, Screen};
use crate::theme::interaction::{self, ButtonMessage};
use crate::theme::toast::Toast;
use bevy::prelude::*;
use lineup_core::analysis::setup::{Setup, SetupEdit, Spot};
use lineup_core::analysis::study::Study;
use lineup_core::analysis::symmetry::Symmetry;
use lineup_core::analysis::threats::ThreatKind;
use lineup_core::analysis::tree::{MoveMark, NodeId, PointMark};
use lineup_core::match_setup::{GameKind, MatchSetup, PlayerKind};
use lineup_core::match_state::{Match, fresh_revision};
use lineup_core::rules::{BoardMove, MatchGame, Side};
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    interaction::sends::<AnalysisRequest>(app);
    app.add_message::<StudySound>()
        .add_systems(OnExit(BoardMode::Analysis), forget_study)
        .add_systems(
            Update,
            (
                keys.in_set(AppSystems::Input)
                    .run_if(in_state(BoardMode::Analysis).and_then(in_state(Menu::None))),
                (open, change, show_on_board, leave)
                    .chain()
                    .in_set(AppSystems::Apply)
                    .run_if(in_state(Screen::Game)),
            ),
        )
        .add_plugins((
            tools::plugin,
            thinking::plugin,
            threats::plugin,
            panel::plugin,
            tree_list::plugin,
            lines_on_board::plugin,
            eval_bar::plugin,
            clipboard::plugin,
            comment::plugin,
            marks_on_board::plugin,
            files::plugin,
        ));
}

/// The analysis board's buttons, keys and board clicks.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum AnalysisRequest {
    /// Study the game on the board (its moves as the main line).
    Open,
    Leave,
    /// Play a move from the position on show (a branch if it is new).
    Play(BoardMove),
    /// Change the position on show (it becomes the set-up).
    Edit(SetupEdit),
    /// What a click on the board does.
    Tool(tools::Tool),
    /// The other side to move.
    SwapSideToMove,
    Rotate,
    Flip,
    TakeBack,
    First,
    Back,
    Forward,
    Last,
    Go(NodeId),
    /// The line on show becomes the main line.
    Promote,
    /// The move on show and every line after it.
    Delete,
    Mark(Option<MoveMark>),
    /// The next point mark (triangle, square, circle, none) on a point of
    /// the position on show (Connect Four: the column's top disc).
    PointMark(BoardMove),
    /// Write the comment of the move on show (opens the dialog).
    Comment,
    /// The dialog's Keep (or Enter).
    KeepComment,
    /// `.0` becomes the comment of the move on show (none when empty).
    SetComment(String),
    /// Play the first `.1` moves of the engine's line `.0`.
    StepInto(usize, usize),
    PauseEngine,
    MoreLines,
    FewerLines,
    /// A forced win for `.1` (either side, whoever is to move).
    Threat(ThreatKind, Side),
    Paste,
    Copy,
    /// Into the study library.
    Save,
    /// Where the position on show is in the study library (up to
    /// symmetry).
    Find,
    ExportSgf,
}

impl ButtonMessage for AnalysisRequest {}

/// What the analysis board did that is heard (`audio` listens): a piece
/// put on the board (a move or a placement), or a request refused.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudySound {
    /// The `.0`th piece on the board, a stone or (`disc`) a disc.
    Piece {
        count: usize,
        disc: bool,
    },
    Refused,
}

/// The study on the board, and a key that changes with the position on
/// show (what the board and the searches are keyed on): a mark or a comment
/// changes the study (the resource's change tick says so) but not the key,
/// so the engine and a threat found go on.
#[derive(Resource, Clone, Debug)]
pub struct Studied {
    pub study: Study,
    pub key: u64,
    /// Where Back goes: the game the study was opened from, or the title.
    pub from_title: bool,
    /// The study library's file it was read from or saved to.
    pub file: Option<PathBuf>,
}

impl Studied {
    pub fn new(study: Study, from_title: bool) -> Self {
        Studied {
            study,
            key: fresh_revision(),
            from_title,
            file: None,
        }
    }

    /// The position on show is another one: a new key.
    pub(super) fn position_changed(&mut self) {
        self.key = fresh_revision();
    }
}

/// What the board draws of the study: the position on show (the set-up's
/// empty board when it cannot be played from) and the set-up's pieces.
fn show_on_board(mut commands: Commands, studied: Option<Res<Studied>>) {
    let Some(studied) = studied.filter(|s| s.is_changed()) else {
        return;
    };
    let study = &studied.study;
    let game = match study.position() {
        Ok(game) => game.clone(),
        Err(_) => Setup::empty(&study.setup().kind())
            .game()
            .expect("an empty board can be played from"),
    };
    commands.insert_resource(StudyPosition {
        game,
        setup_pieces: study.setup().pieces(),
        key: studied.key,
    });
}

/// Opens the analysis board once the game screen is up: asked for by the
/// title screen, the load list and the command line, with the study to
/// show and the library file it came from.
#[derive(Resource, Clone, Debug)]
pub struct OpenAnalysis(pub Study, pub Option<PathBuf>);

/// Starts the analysis board from the title screen or the command line:
/// a match of the study's kind (two people: no one moves on their own) is
/// put on the board, then the study over it.
pub fn start_from_title(
    study: Study,
    file: Option<PathBuf>,
    commands: &mut Commands,
    starts: &mut MessageWriter<StartMatch>,
) {
    let kind = study.setup().kind();
    let setup = MatchSetup::new(kind, [PlayerKind::Human, PlayerKind::Human]);
    starts.write(StartMatch(Match::new(setup)));
    commands.insert_resource(OpenAnalysis(study, file));
}

fn open(
    mut commands: Commands,
    mut requests: MessageReader<AnalysisRequest>,
    asked: Option<Res<OpenAnalysis>>,
    game: Res<CurrentMatch>,
    reviewed: Option<Res<ReviewPosition>>,
    mode: Res<State<BoardMode>>,
    mut next_mode: ResMut<NextState<BoardMode>>,
    mut next_menu: ResMut<NextState<Menu>>,
) {
    let opened = requests.read().any(|r| *r == AnalysisRequest::Open);
    let studied = match (asked, opened) {
        (Some(asked), _) => {
            commands.remove_resource::<OpenAnalysis>();
            Studied {
                file: asked.1.clone(),
                ..Studied::new(asked.0.clone(), true)
            }
        }
        (None, true) if *mode.get() != BoardMode::Analysis => {
            // From review, at the move on show.
            let mut study = Study::of_game(game.game());
            if let Some(reviewed) = reviewed {
                study.first();
                for _ in 0..reviewed.ply {
                    study.forward();
                }
            }
            Studied::new(study, false)
        }
        _ => return,
    };
    info!("Analysis: opened");
    commands.insert_resource(studied);
    next_mode.set(BoardMode::Analysis);
    next_menu.set(Menu::None);
}

/// Every request that changes the study; a refused one says why.
fn change(
    mut requests: MessageReader<AnalysisRequest>,
    studied: Option<ResMut<Studied>>,
    engine: Res<thinking::EngineLines>,
    mut toasts: MessageWriter<Toast>,
    mut sounds: MessageWriter<StudySound>,
) {
    let Some(mut studied) = studied else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        let key = studied.key;
        // Marked changed only when something did (Copy, Save and the
        // like pass through here too).
        let study = &mut studied.bypass_change_detection().study;
        let before = (study.at(), study.setup().clone());
        let changed = match request {
            AnalysisRequest::Play(mv) => match study.play(*mv) {
                Ok(_) => true,
                Err(e) => {
                    toasts.write(Toast::window(e.to_string()));
                    false
                }
            },
            AnalysisRequest::Edit(edit) => refused(study.edit(*edit), &mut toasts),
            AnalysisRequest::SwapSideToMove => {
                let side = study
                    .position()
                    .map(|g| g.to_move())
                    .unwrap_or_else(|_| study.setup().to_move());
                refused(study.edit(SetupEdit::SideToMove(side.other())), &mut toasts)
            }
            AnalysisRequest::Rotate => refused(
                study.edit(SetupEdit::Transform(Symmetry::Rotate90)),
                &mut toasts,
            ),
            AnalysisRequest::Flip => refused(
                study.edit(SetupEdit::Transform(Symmetry::FlipHorizontal)),
                &mut toasts,
            ),
            AnalysisRequest::TakeBack => study.take_back(),
            AnalysisRequest::First => {
                study.first();
                true
            }
            AnalysisRequest::Back => study.back(),
            AnalysisRequest::Forward => study.forward(),
            AnalysisRequest::Last => {
                study.last();
                true
            }
            AnalysisRequest::Go(id) => study.go(*id),
            AnalysisRequest::Promote => {
                let at = study.at();
                study.promote(at);
                true
            }
            AnalysisRequest::Delete => {
                let at = study.at();
                study.delete(at)
            }
            AnalysisRequest::StepInto(line, moves) => {
                let line = engine
                    .report
                    .as_ref()
                    .filter(|_| engine.key == key)
                    .and_then(|r| r.lines.get(*line));
                line.is_some_and(|l| study.play_line(&l.moves[..(*moves).min(l.moves.len())]) > 0)
            }
            AnalysisRequest::Mark(mark) => {
                let at = study.at();
                study.tree_mut().set_mark(at, *mark);
                true
            }
            AnalysisRequest::PointMark(on) => match marked_spot(study, *on) {
                Some(spot) => {
                    let at = study.at();
                    let now = study
                        .tree()
                        .point_marks(at)
                        .iter()
                        .find(|(s, _)| *s == spot)
                        .map(|(_, m)| *m);
                    // Triangle, square, circle, then none: toggling the
                    // same mark again takes it off.
                    let next = match now {
                        None => PointMark::Triangle,
                        Some(PointMark::Triangle) => PointMark::Square,
                        Some(PointMark::Square) => PointMark::Circle,
                        Some(mark) => mark,
                    };
                    study.tree_mut().toggle_point_mark(at, spot, next);
                    true
                }
                None => false,
            },
            AnalysisRequest::SetComment(text) => {
                let at = study.at();
                study.tree_mut().set_comment(at, text.clone());
                true
            }
            _ => false,
        };
        let placed = matches!(
            request,
            AnalysisRequest::Play(_) | AnalysisRequest::Edit(SetupEdit::Place { .. })
        );
        if placed {
            sounds.write(if changed {
                let count = pieces_on(&studied.study);
                let disc = matches!(studied.study.setup().kind(), GameKind::ConnectFour { .. });
                StudySound::Piece { count, disc }
            } else {
                StudySound::Refused
            });
        }
        if changed {
            let study = &studied.study;
            let moved = (study.at(), study.setup().clone()) != before;
            studied.set_changed();
            if moved {
                studied.position_changed();
            }
            info!("Analysis: {request:?}");
        }
    }
}

/// How many pieces the position on show has (which stone sound plays).
fn pieces_on(study: &Study) -> usize {
    study.setup().pieces().len() + study.tree().path(study.at()).len()
}

/// Where a point mark goes for a click on `on`: the point, or in Connect
/// Four the column's top disc (none on an empty column).
fn marked_spot(study: &Study, on: BoardMove) -> Option<Spot> {
    match (study.position().ok()?, on) {
        (_, BoardMove::Point(p)) => Some(Spot::Point(p)),
        (MatchGame::ConnectFour(game), BoardMove::Column(c)) => {
            let height = game.position().height(c);
            (height > 0).then(|| {
                Spot::Cell(lineup_core::rules::connect_four::Cell {
                    column: c.0,
                    row: height - 1,
                })
            })
        }
        _ => None,
    }
}

/// A refused edit, said in the toast line: false, nothing changed.
fn refused<E: std::fmt::Display>(result: Result<(), E>, toasts: &mut MessageWriter<Toast>) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => {
            toasts.write(Toast::window(e.to_string()));
            false
        }
    }
}

/// Back to the game the study came from, or to the title.
fn leave(
    mut requests: MessageReader<AnalysisRequest>,
    studied: Option<Res<Studied>>,
    mut next_mode: ResMut<NextState<BoardMode>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    if !requests.read().any(|r| *r == AnalysisRequest::Leave) {
        return;
    }
    if studied.is_some_and(|s| s.from_title) {
        next_screen.set(Screen::Title);
    } else {
        next_mode.set(BoardMode::Play);
    }
}

fn forget_study(mut commands: Commands) {
    commands.remove_resource::<Studied>();
    commands.remove_resource::<StudyPosition>();
    info!("Analysis: closed");
}

/// Arrows step through the line, Home and End go to its ends, Ctrl+Z takes
/// back, Ctrl+C and Ctrl+V copy and paste, Esc leaves.
fn keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut requests: MessageWriter<AnalysisRequest>) {
    let Some(keys) = keys else { return };
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let pairs = [
        (KeyCode::ArrowLeft, false, AnalysisRequest::Back),
        (KeyCode::ArrowRight, false, AnalysisRequest::Forward),
        (KeyCode::Home, false, AnalysisRequest::First),
        (KeyCode::End, false, AnalysisRequest::Last),
        (KeyCode::Escape, false, AnalysisRequest::Leave),
        (KeyCode::KeyZ, true, AnalysisRequest::TakeBack),
        (KeyCode::KeyC, true, AnalysisRequest::Copy),
        (KeyCode::KeyV, true, AnalysisRequest::Paste),
    ];
    for (key, with_ctrl, request) in pairs {
        if keys.just_pressed(key) && ctrl == with_ctrl {
            requests.write(request);
        }
    }
}
