//! One soak game's round, as a list of steps: the game played out (with an
//! undo on the way in some), reviewed, saved, loaded back and deleted, the
//! pause menu's pages opened, back to the title and New game, then the
//! sample. Each step asks through the same messages the buttons send and
//! waits for the state the game reaches when it has answered.

use crate::current_match::{HistoryRequest, StartMatch};
use crate::menus::MenuRequest;
use crate::menus::load::{LoadRequest, SaveList, Section};
use crate::menus::save::{SaveName, SaveRequest};
use crate::review::ReviewRequest;
use lineup_core::match_state::Match;
use std::collections::VecDeque;

/// What a step asks for.
#[derive(Debug)]
pub enum Ask {
    Nothing,
    Start(Box<Match>),
    Menu(MenuRequest),
    Review(ReviewRequest),
    /// Undo once the game has this many moves (or has ended before).
    UndoAt(usize),
    /// Save under this name (the save dialog's field, then Save).
    SaveAs(String),
    /// Load, or ask to delete, the save of this name.
    Load(String),
    Delete(String),
    ConfirmDelete,
}

/// What a step waits for before the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// The match of the `Start` step is in play, on the board, no menu.
    Playing,
    /// The game is over and every piece has landed.
    GameOver,
    Review,
    NotReview,
    Menu(crate::states::Menu),
    Title,
    /// This many frames.
    Frames(u32),
    /// The sample: taken when the step runs.
    Sampled,
}

#[derive(Debug)]
pub struct Step {
    pub ask: Ask,
    pub until: Until,
}

fn step(ask: Ask, until: Until) -> Step {
    Step { ask, until }
}

/// The round of game `number`, playing `game`.
pub fn round(number: u32, game: Match, undo_at: Option<usize>) -> VecDeque<Step> {
    use crate::states::Menu;
    let name = format!("soak {number}");
    let mut steps = VecDeque::from([step(Ask::Start(Box::new(game)), Until::Playing)]);
    if let Some(ply) = undo_at {
        steps.push_back(step(Ask::UndoAt(ply), Until::Frames(2)));
    }
    steps.extend([
        step(Ask::Nothing, Until::GameOver),
        step(Ask::Review(ReviewRequest::Open), Until::Review),
        step(Ask::Review(ReviewRequest::Back), Until::Frames(2)),
        step(Ask::Review(ReviewRequest::First), Until::Frames(2)),
        step(Ask::Review(ReviewRequest::Forward), Until::Frames(2)),
        step(Ask::Review(ReviewRequest::Last), Until::Frames(2)),
        step(Ask::Review(ReviewRequest::Leave), Until::NotReview),
        step(Ask::Menu(MenuRequest::Pause), Until::Menu(Menu::Pause)),
        step(Ask::Menu(MenuRequest::OpenSave), Until::Menu(Menu::Save)),
        // A finished game's save closes every menu.
        step(Ask::SaveAs(name.clone()), Until::Menu(Menu::None)),
        step(Ask::Menu(MenuRequest::Pause), Until::Menu(Menu::Pause)),
        step(Ask::Menu(MenuRequest::OpenLoad), Until::Menu(Menu::Load)),
        step(Ask::Load(name.clone()), Until::Playing),
        step(Ask::Menu(MenuRequest::Pause), Until::Menu(Menu::Pause)),
        step(Ask::Menu(MenuRequest::OpenLoad), Until::Menu(Menu::Load)),
        step(Ask::Delete(name), Until::Menu(Menu::ConfirmDelete)),
        step(Ask::ConfirmDelete, Until::Menu(Menu::Load)),
        step(Ask::Menu(MenuRequest::Back), Until::Menu(Menu::Pause)),
        step(
            Ask::Menu(MenuRequest::OpenSettings),
            Until::Menu(Menu::Settings),
        ),
        step(Ask::Menu(MenuRequest::Back), Until::Menu(Menu::Pause)),
        step(
            Ask::Menu(MenuRequest::OpenHowToPlay),
            Until::Menu(Menu::HowToPlay),
        ),
        step(Ask::Menu(MenuRequest::Back), Until::Menu(Menu::Pause)),
        step(Ask::Menu(MenuRequest::QuitToTitle), Until::Title),
        step(
            Ask::Menu(MenuRequest::OpenNewGame),
            Until::Menu(Menu::NewGame),
        ),
        step(Ask::Menu(MenuRequest::Back), Until::Menu(Menu::Main)),
        // The title settles (its entrance) before the sample.
        step(Ask::Nothing, Until::Frames(10)),
        step(Ask::Nothing, Until::Sampled),
    ]);
    steps
}

/// The index in the load list of the save named `name`.
pub fn listed(list: &SaveList, name: &str) -> Option<usize> {
    list.0.iter().position(|listed| {
        listed.section == Section::Saved
            && listed
                .entry
                .content
                .as_ref()
                .is_ok_and(|summary| summary.save.name == name)
    })
}

/// What to send for `ask`, given the load list and the save dialog's name.
pub fn send(
    world: &mut bevy::prelude::World,
    ask: &Ask,
    moves: usize,
    over: bool,
) -> Result<bool, String> {
    match ask {
        Ask::Nothing => {}
        Ask::Start(game) => {
            world.write_message(StartMatch((**game).clone()));
        }
        Ask::Menu(request) => {
            world.write_message(*request);
        }
        Ask::Review(request) => {
            world.write_message(*request);
        }
        Ask::UndoAt(ply) => {
            // A short game may end first: then its last move is taken back.
            if moves < *ply && !over {
                return Ok(false);
            }
            world.write_message(HistoryRequest::Undo);
        }
        Ask::SaveAs(name) => {
            let Some(mut field) = world.get_resource_mut::<SaveName>() else {
                return Ok(false);
            };
            field.text = name.clone();
            world.write_message(SaveRequest::Save);
        }
        Ask::Load(name) | Ask::Delete(name) => {
            let Some(list) = world.get_resource::<SaveList>() else {
                return Ok(false);
            };
            let index = listed(list, name).ok_or_else(|| format!("'{name}' is not listed"))?;
            world.write_message(match ask {
                Ask::Load(_) => LoadRequest::Load(index),
                _ => LoadRequest::Delete(index),
            });
        }
        Ask::ConfirmDelete => {
            world.write_message(LoadRequest::ConfirmDelete);
        }
    }
    Ok(true)
}
