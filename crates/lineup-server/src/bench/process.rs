//! The fault run's server: a `lineup-server` child process on a loopback
//! port and a SQLite file, killed with SIGKILL and started again on both.
//!
//! Why a process and not the server in-process: only a real process can be
//! killed at any instant, and only the operating system then decides what
//! of the database survived.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::Duration;

/// The environment variable of the server's crash-after-commit hook.
const CRASH_HOOK: &str = "LINEUP_SERVER_CRASH_AFTER_COMMIT";

pub struct ServerChild {
    bin: PathBuf,
    /// Where it listens: port 0 until the first start, then the same port.
    pub address: SocketAddr,
    database: PathBuf,
    /// The server's `--silence` (seconds).
    silence: u64,
    /// Where its log lines go (appended across restarts).
    log: PathBuf,
    child: Option<Child>,
    /// Whether the running server carries the crash hook.
    pub hooked: bool,
}

impl ServerChild {
    pub fn new(bin: PathBuf, bind: SocketAddr, database: PathBuf, silence: u64) -> ServerChild {
        let mut log = database.clone().into_os_string();
        log.push(".log");
        ServerChild {
            bin,
            address: bind,
            database,
            silence,
            log: PathBuf::from(log),
            child: None,
            hooked: false,
        }
    }

    /// Where the server's log goes.
    pub fn log(&self) -> &std::path::Path {
        &self.log
    }

    /// Starts the server and waits until it listens; with `crash_after`,
    /// it aborts itself after that many commits, before their replies.
    pub fn start(&mut self, crash_after: Option<u64>) -> Result<(), String> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .map_err(|e| format!("cannot write {}: {e}", self.log.display()))?;
        let mut command = Command::new(&self.bin);
        command
            .arg("--bind")
            .arg(self.address.to_string())
            .arg("--database")
            .arg(&self.database)
            .arg("--silence")
            .arg(self.silence.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log)
            .env_remove(CRASH_HOOK);
        if let Some(n) = crash_after {
            command.env(CRASH_HOOK, n.to_string());
        }
        no_core_dumps(&mut command);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", self.bin.display()))?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        // The first line says where it listens; the rest is read (and
        // dropped) so that the server never writes into a full pipe.
        let (said, listening) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                let _ = said.send(line);
            }
            for _ in lines {}
        });
        self.child = Some(child);
        self.hooked = crash_after.is_some();
        let line = listening
            .recv_timeout(Duration::from_secs(60))
            .map_err(|_| format!("{} did not start listening", self.bin.display()))?;
        // "Lineup server listening on ADDR (…)"
        self.address = line
            .split_whitespace()
            .nth(4)
            .and_then(|a| a.parse().ok())
            .ok_or_else(|| format!("no address in {line:?}"))?;
        Ok(())
    }

    /// SIGKILL, as in a crash, and the process reaped.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// How the server ended, if it did by itself (the hook's abort).
    pub fn ended(&mut self) -> Option<ExitStatus> {
        let status = self.child.as_mut()?.try_wait().ok()??;
        self.child = None;
        Some(status)
    }
}

impl Drop for ServerChild {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Whether the process ended on SIGABRT (the hook's `abort()`).
pub fn aborted(status: ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        status.signal() == Some(6)
    }
    #[cfg(not(unix))]
    {
        !status.success()
    }
}

/// The hook's aborts must not leave a core file each.
fn no_core_dumps(command: &mut Command) {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        // SAFETY: setrlimit is async-signal-safe and touches only the
        // child's own limits, between fork and exec.
        unsafe {
            command.pre_exec(|| {
                let none = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                libc::setrlimit(libc::RLIMIT_CORE, &none);
                Ok(())
            });
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = command;
}
