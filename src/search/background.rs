//! One way to run a search off the frame, shared by the computer player,
//! Hint and Values: the search runs on a thread of its own with a stop
//! flag, is tied to the match revision it was started for, and is polled
//! each frame. Not on Bevy's async compute pool: a search holds its thread
//! for seconds, and Bevy's own systems wait on that pool's few threads, so
//! the frame froze for as long as the computer thought. Removing the
//! resource cancels a search (the flag is raised on drop), and `track`
//! removes it when the match moves on (a move, undo, a new match) or the
//! game screen closes, so a stale answer can never land.

use crate::current_match::CurrentMatch;
use crate::states::{AppSystems, Screen};
use bevy::prelude::*;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What a kind of search answers.
pub trait SearchKind: Send + Sync + 'static {
    type Output: Send + 'static;
}

/// A search in progress for position `revision`.
#[derive(Resource)]
pub struct BackgroundSearch<K: SearchKind> {
    /// The answers, sent by the search's thread (once, or each time it
    /// improves, see [`Self::start_reporting`]).
    answer: Mutex<Receiver<K::Output>>,
    /// The search's thread ended without an answer.
    lost: bool,
    /// The search's thread has returned (its answers, if any, are sent).
    ended: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    pub revision: u64,
    /// When it started (real time since the app began).
    pub started: Duration,
    kind: PhantomData<K>,
}

impl<K: SearchKind> BackgroundSearch<K> {
    /// Starts `search` in the background for position `revision`.
    pub fn start(
        revision: u64,
        started: Duration,
        search: impl FnOnce(&AtomicBool) -> K::Output + Send + 'static,
    ) -> Self {
        BackgroundSearch::start_reporting(revision, started, move |stop, answer| {
            answer(search(stop))
        })
    }

    /// Starts `search`, which may answer any number of times through the
    /// function it is given, each answer replacing the last (for a search
    /// whose answer improves as it runs, read with [`Self::poll_latest`]).
    pub fn start_reporting(
        revision: u64,
        started: Duration,
        search: impl FnOnce(&AtomicBool, &mut dyn FnMut(K::Output)) + Send + 'static,
    ) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let ended = Arc::new(AtomicBool::new(false));
        let ending = ended.clone();
        let (send, answer) = channel();
        let spawned = std::thread::Builder::new()
            .name("lineup-search".into())
            .spawn(move || {
                give_way_to_the_frame();
                // A cancelled search's answers have no one to go to: dropped.
                search(&flag, &mut |found| drop(send.send(found)));
                ending.store(true, Ordering::Release);
            });
        if let Err(error) = spawned {
            // No thread: this search never answers (the player can still
            // move, undo or ask again).
            error!("No thread for a search: {error}");
        }
        BackgroundSearch {
            answer: Mutex::new(answer),
            lost: false,
            ended,
            stop,
            revision,
            started,
            kind: PhantomData,
        }
    }

    /// Asks the search to answer now with what it has found so far (the
    /// stop flag; a search that has nothing to show answers nothing).
    pub fn hurry(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the search's thread has returned: every answer it had is
    /// waiting to be polled (a test's proof that an answer not taken was
    /// there to take).
    pub fn has_ended(&self) -> bool {
        self.ended.load(Ordering::Acquire)
    }

    /// The answer, once there is one.
    pub fn poll(&mut self) -> Option<K::Output> {
        let answer = self.answer.get_mut().unwrap_or_else(|e| e.into_inner());
        match answer.try_recv() {
            Ok(found) => Some(found),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                // The search panicked: say so once; it never answers, and
                // the player can undo, resign or start again.
                if !self.lost {
                    self.lost = true;
                    error!("A search stopped without an answer (see above).");
                }
                None
            }
        }
    }

    /// The newest of the answers sent since the last call, if any.
    pub fn poll_latest(&mut self) -> Option<K::Output> {
        let answer = self.answer.get_mut().unwrap_or_else(|e| e.into_inner());
        let mut latest = None;
        loop {
            match answer.try_recv() {
                Ok(found) => latest = Some(found),
                // Ended, or panicked (its panic message is in the log).
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return latest,
            }
        }
    }
}

impl<K: SearchKind> Drop for BackgroundSearch<K> {
    fn drop(&mut self) {
        // However the search ends, its thread stops working on it.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Cancels searches of kind `K` that the match has moved past, and all of
/// them when the game screen closes.
pub fn track<K: SearchKind>(app: &mut App) {
    app.add_systems(OnExit(Screen::Game), cancel::<K>)
        .add_systems(
            Update,
            drop_stale::<K>
                .in_set(AppSystems::Think)
                .run_if(in_state(Screen::Game)),
        );
}

fn cancel<K: SearchKind>(mut commands: Commands) {
    commands.remove_resource::<BackgroundSearch<K>>();
}

fn drop_stale<K: SearchKind>(
    mut commands: Commands,
    game: Res<CurrentMatch>,
    search: Option<Res<BackgroundSearch<K>>>,
) {
    if search.is_some_and(|s| s.revision != game.revision()) {
        commands.remove_resource::<BackgroundSearch<K>>();
    }
}

/// Makes the calling thread run only when a core would otherwise be idle
/// (Linux's SCHED_IDLE): for a search nobody waits on, such as the
/// analysis board's, which runs for as long as a position is on show and
/// must never take time from drawing the frame. Elsewhere it changes
/// nothing (the thread keeps the lowered priority it started with).
pub fn only_when_idle() {
    #[cfg(target_os = "linux")]
    // SAFETY: sched_setscheduler only reads its arguments; pid 0 is the
    // calling thread, and SCHED_IDLE takes a priority of 0.
    unsafe {
        let param = libc::sched_param { sched_priority: 0 };
        libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
    }
}

/// Lowers the calling thread's priority (Linux: a nice value of its own),
/// so that a search gives way to drawing the frame when they compete for a
/// core: the board stays smooth, and the search takes what is left.
pub fn give_way_to_the_frame() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments; `0` is this thread
    // (Linux keeps a nice value per thread).
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS as _, 0, 10);
    }
}
