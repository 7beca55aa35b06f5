//! The window tests started as a script in the background starts them, and
//! as CI does: SIGINT and SIGQUIT ignored (a job started with `&` where
//! there is no job control), SIGHUP ignored (`nohup`), no standard input, a
//! session of its own with no terminal, and `CI=true`. A journey run by a
//! child of this test binary started like that passes. Before the journeys
//! reset those signals for the game, every journey failed there at its end:
//! a program keeps an ignored SIGINT across exec, the game rightly leaves it
//! so, and `Journey::interrupt`'s Ctrl+C never reached it.

use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

/// A short journey that ends with Ctrl+C.
const JOURNEY: &str = "journeys::resigning_in_the_computers_turn_makes_the_person_lose";

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn a_journey_passes_when_the_tests_are_started_in_the_background() {
    let folder = crate::journey::journeys_folder().join("started_in_background");
    let mut command = Command::new(std::env::current_exe().expect("this test binary"));
    command
        .args(["--exact", JOURNEY, "--test-threads", "1"])
        .env("CI", "true")
        .env(crate::journey::JOURNEYS_FOLDER, &folder)
        .stdin(Stdio::null());
    // SAFETY: between fork and exec only setsid and signal are called,
    // which are async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::setsid();
            for signal in crate::journey::IGNORED_BY_A_BACKGROUND_SHELL {
                libc::signal(signal, libc::SIG_IGN);
            }
            Ok(())
        });
    }
    let output = command.output().expect("the test binary starts again");
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && printed.contains("test result: ok. 1 passed"),
        "{JOURNEY}, started in the background: {}\n{printed}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}
