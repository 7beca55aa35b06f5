//! The comment dialog of the analysis board: the comment of the move on
//! show (of the set-up, before any move), typed in a field; Enter or Keep
//! stores it, an empty one removes it, Esc or Cancel leaves it as it was.

use super::{AnalysisRequest, Studied};
use crate::menus::MenuRequest;
use crate::states::{AppSystems, BoardMode, Menu};
use crate::theme::interaction::{Typed, Typing};
use crate::theme::widgets;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    // Typing is read as key messages (registered by Bevy's input plugin;
    // made sure of here for apps without it, such as headless tests).
    app.add_message::<KeyboardInput>()
        .add_systems(OnEnter(Menu::Comment), (prepare, spawn).chain())
        .add_systems(
            Update,
            (
                open.in_set(AppSystems::Apply)
                    .run_if(in_state(BoardMode::Analysis)),
                (
                    type_comment.in_set(AppSystems::Input),
                    keep.in_set(AppSystems::Apply),
                    show.in_set(AppSystems::Present),
                )
                    .run_if(in_state(Menu::Comment)),
            ),
        );
}

/// The longest comment, in characters: a note, not an essay, and SGF
/// readers show it in a small box.
pub const COMMENT_LIMIT: usize = 400;

/// The comment being typed.
#[derive(Resource, Default, Debug)]
struct CommentDraft(String);

#[derive(Component)]
struct CommentField;

#[derive(Component)]
struct CommentProblem;

fn open(mut requests: MessageReader<AnalysisRequest>, mut next: ResMut<NextState<Menu>>) {
    if requests.read().any(|r| *r == AnalysisRequest::Comment) {
        next.set(Menu::Comment);
    }
}

fn prepare(mut commands: Commands, studied: Option<Res<Studied>>) {
    let text = studied.map_or_else(String::new, |s| {
        s.study.tree().comment(s.study.at()).to_string()
    });
    commands.insert_resource(CommentDraft(text));
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Comment", true),
        DespawnOnExit(Menu::Comment),
        children![widgets::entry_panel(
            "analysis.comment_title",
            "analysis.comment_help",
            CommentField,
            CommentProblem,
            ("analysis.comment_ok", AnalysisRequest::KeepComment),
            MenuRequest::Back,
        )],
    ));
}

fn type_comment(
    mut keys: MessageReader<KeyboardInput>,
    mut typing: Local<Typing>,
    mut draft: ResMut<CommentDraft>,
    mut requests: MessageWriter<AnalysisRequest>,
) {
    for key in keys.read() {
        if typing.key(key, &mut draft.0, COMMENT_LIMIT) == Typed::Enter {
            requests.write(AnalysisRequest::KeepComment);
        }
    }
}

/// Keep (or Enter): the draft goes to the study as the comment (through
/// the request the study's one writer, `change`, applies).
fn keep(
    mut requests: ParamSet<(
        MessageReader<AnalysisRequest>,
        MessageWriter<AnalysisRequest>,
    )>,
    draft: Res<CommentDraft>,
    mut next: ResMut<NextState<Menu>>,
) {
    if requests
        .p0()
        .read()
        .any(|r| *r == AnalysisRequest::KeepComment)
    {
        requests
            .p1()
            .write(AnalysisRequest::SetComment(draft.0.trim().to_string()));
        next.set(Menu::None);
    }
}

fn show(
    draft: Res<CommentDraft>,
    time: Res<Time<Real>>,
    mut field: Single<&mut Text, With<CommentField>>,
) {
    let shown = widgets::with_caret(&draft.0, &time);
    if field.0 != shown {
        field.0 = shown;
    }
}
