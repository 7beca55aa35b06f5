//! Quitting: once the game has decided to quit (the menu's Quit, the
//! window's close button, Ctrl+C in a terminal) and its own last writes are
//! done (`Last`, after Bevy's window-close exit and the settings' last
//! write), nothing below it may turn the quit into a crash or a hang.
//!
//! Why: under Mesa's software renderer the teardown of the renderer after
//! the last frame, and the driver's threads still drawing it, were seen to
//! crash (SIGSEGV, once in many hundred quits) and, once, to keep drawing
//! for minutes after Ctrl+C. The player's files are written by then, so a
//! crash or a hang there loses nothing but looks broken and leaves a core
//! file. From then on a fault in any thread ends the process at once with
//! the quit's own exit code, saying so on stderr, and a watchdog ends it if
//! the teardown takes longer than `TEARDOWN_LIMIT`. Ctrl+C starts the
//! watchdog at the signal itself: a frame stuck in the renderer would
//! never let the quit be seen (the moves are autosaved as they are played;
//! only a setting changed in the last half second would be lost then).

use bevy::app::TerminalCtrlCHandlerPlugin;
use bevy::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

/// Longer than any teardown seen (about 0.2 s), short enough that a
/// player's Ctrl+C is never ignored for long.
const TEARDOWN_LIMIT: Duration = Duration::from_secs(10);

/// Ctrl+C's exit code (128 + SIGINT), as Bevy uses.
const INTERRUPTED: u8 = 130;

pub(super) fn plugin(app: &mut App) {
    // In place of Bevy's TerminalCtrlCHandlerPlugin (disabled in app.rs):
    // the same graceful quit, and the guard armed at the signal itself, as
    // a renderer stuck mid-frame would keep the frame from ever seeing it.
    if let Err(e) = bevy::app::ctrlc::try_set_handler(|| {
        start_watchdog(INTERRUPTED);
        TerminalCtrlCHandlerPlugin::gracefully_exit();
    }) {
        warn!("Ctrl+C will not close the game cleanly: {e}");
    }
    app.add_systems(
        Update,
        TerminalCtrlCHandlerPlugin::exit_on_flag.in_set(crate::states::AppSystems::Input),
    )
    .add_systems(
        Last,
        arm_on_exit
            .after(bevy::window::ExitSystems)
            .after(crate::disk::LastWrites),
    );
    #[cfg(feature = "dev")]
    app.add_systems(Last, rehearse_a_failing_teardown.after(arm_on_exit));
}

/// Dev builds only: `LINEUP_REHEARSE_QUIT=fault` faults in another thread
/// once the quit is armed, and `=hang` keeps the frame from ever ending, as
/// the failing renderer did; the journeys check that both still quit
/// cleanly with the quit's code.
#[cfg(feature = "dev")]
fn rehearse_a_failing_teardown(exits: MessageReader<AppExit>) {
    if exits.is_empty() || !ARMED.load(Ordering::SeqCst) {
        return;
    }
    match std::env::var("LINEUP_REHEARSE_QUIT").as_deref() {
        Ok("fault") => {
            let _ = std::thread::Builder::new()
                .name("rehearsal".into())
                // SAFETY: raise only sends a signal to this thread.
                .spawn(|| unsafe {
                    libc::raise(libc::SIGSEGV);
                });
            std::thread::sleep(Duration::from_secs(60));
        }
        Ok("hang") => std::thread::sleep(Duration::from_secs(3600)),
        _ => {}
    }
}

/// The quit is decided and the game's last writes are done (the autosave
/// in `Update`, the settings in `LastWrites`): from now on a fault ends
/// the process with the quit's code, and so does a long teardown.
fn arm_on_exit(mut exits: MessageReader<AppExit>) {
    if let Some(exit) = exits.read().last() {
        start_watchdog(match exit {
            AppExit::Success => 0,
            AppExit::Error(code) => code.get(),
        });
        if !ARMED.swap(true, Ordering::SeqCst) {
            catch_faults();
        }
    }
}

static ARMED: AtomicBool = AtomicBool::new(false);
static WATCHING: AtomicBool = AtomicBool::new(false);
static EXIT_CODE: AtomicI32 = AtomicI32::new(0);

/// Ends the process with `code` if it is still alive `TEARDOWN_LIMIT`
/// from now. Only the first call counts.
fn start_watchdog(code: u8) {
    if WATCHING.swap(true, Ordering::SeqCst) {
        return;
    }
    EXIT_CODE.store(i32::from(code), Ordering::SeqCst);
    let watchdog = std::thread::Builder::new()
        .name("quit watchdog".into())
        .spawn(move || {
            std::thread::sleep(TEARDOWN_LIMIT);
            eprintln!(
                "lineup: the renderer was still closing after {TEARDOWN_LIMIT:?}; quitting without it"
            );
            quit_now();
        });
    if let Err(e) = watchdog {
        warn!("no quit watchdog: {e}");
    }
}

/// Ends the process at once with the armed code: no destructors, no
/// `atexit` handlers (the renderer's are what fails).
fn quit_now() -> ! {
    let _ = std::io::Write::flush(&mut std::io::stdout());
    #[cfg(unix)]
    // SAFETY: `_exit` takes a plain integer and does not return.
    unsafe {
        libc::_exit(EXIT_CODE.load(Ordering::SeqCst))
    }
    #[cfg(not(unix))]
    std::process::exit(EXIT_CODE.load(Ordering::SeqCst))
}

#[cfg(unix)]
fn catch_faults() {
    extern "C" fn on_fault(signal: libc::c_int) {
        // Only async-signal-safe calls here: open, read, write, _exit. The
        // faulting thread's name says whose teardown failed.
        let message: &[u8] = match signal {
            libc::SIGSEGV => {
                b"lineup: a fault (SIGSEGV) while closing, after the game had saved, in thread "
            }
            _ => b"lineup: a fault (SIGBUS) while closing, after the game had saved, in thread ",
        };
        let mut name = [0u8; 32];
        // SAFETY: the path is a NUL-terminated static; the buffers outlive
        // the calls; write and _exit are async-signal-safe.
        unsafe {
            let file = libc::open(c"/proc/thread-self/comm".as_ptr(), libc::O_RDONLY);
            let got = if file >= 0 {
                libc::read(file, name.as_mut_ptr().cast(), name.len())
            } else {
                0
            };
            libc::write(2, message.as_ptr().cast(), message.len());
            libc::write(2, name.as_ptr().cast(), got.max(0) as usize);
            libc::_exit(EXIT_CODE.load(Ordering::SeqCst));
        }
    }
    for signal in [libc::SIGSEGV, libc::SIGBUS] {
        // SAFETY: installs a handler that only makes async-signal-safe
        // calls; the sigaction struct is fully initialised.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_fault as *const () as usize;
            // On the thread's alternate stack where it has one (Rust's
            // threads do): a stack overflow leaves no room on its own.
            action.sa_flags = libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

#[cfg(not(unix))]
fn catch_faults() {}
