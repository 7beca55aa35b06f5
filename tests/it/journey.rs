//! The real game as a player meets it: the built binary copied to a folder of
//! its own and started from another (as an installed game runs), in a virtual
//! X display of its own (Xvfb), driven with real input (xdotool), its files
//! under a temporary `LINEUP_HOME`, and its sound, when asked, captured by
//! ALSA's `file` plugin. The game's log (the `dev` feature logs every state
//! transition, move and sound) tells a journey when the game is where it
//! wants it, so no step waits on a guess of time.
//!
//! Needs Xvfb and xdotool (scripts/test.sh installs them); built with
//! LINEUP_SKIP_WINDOW_TESTS=1, the tests that use them are ignored
//! (`cfg(skip_window_tests)`, set by build.rs), so a skip shows as one.

use lineup_core::persist::folders::Folders;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long a step may take before the journey fails, in frames the game
/// ran (its dev log says "Frames: N" every sixtieth): two minutes at sixty
/// frames a second. A slow software renderer or a loaded machine draws
/// fewer frames a second, so a step may take longer, and is never failed
/// for that alone.
const STEP_FRAMES: u64 = 7_200;

/// How long the game may go without running a frame or printing a line
/// before the journey fails: it is stuck (or gone). Also the limit of waits
/// with no frames to count: the game's exit and the sound device.
const STEP_LIMIT: Duration = Duration::from_secs(120);

/// Where the game's sound goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoundOut {
    /// No ALSA configuration at all: no device can be opened.
    Nowhere,
    /// ALSA's default device writes raw 16-bit stereo at 48 kHz to a file.
    File,
}

/// One run of the real game in its own display.
pub struct Journey {
    pub dir: PathBuf,
    display: String,
    xvfb: Child,
    game: Option<Child>,
    lines: Option<mpsc::Receiver<String>>,
    /// Everything the game printed so far.
    pub log: Vec<String>,
    /// How much of `log` the waits have gone through: each wait looks
    /// after the line the last one found, so steps are matched in order.
    cursor: usize,
    /// Variables the next launches add to the game's environment.
    env: Vec<(String, String)>,
}

impl Journey {
    /// A fresh folder and a virtual display.
    pub fn new(name: &str) -> Journey {
        #[cfg(not(feature = "dev"))]
        panic!("journeys read the game's dev log: build with the default `dev` feature");
        let dir = journeys_folder().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["bin", "cwd", "home", "lineup"] {
            std::fs::create_dir_all(dir.join(sub)).expect("a journey folder");
        }
        // Xvfb picks a free display and writes its number to our pipe.
        let mut xvfb = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect(
                "Xvfb is installed (scripts/test.sh installs it; LINEUP_SKIP_WINDOW_TESTS=1 skips)",
            );
        let mut number = String::new();
        let mut out = BufReader::new(xvfb.stdout.take().expect("piped"));
        out.read_line(&mut number).expect("Xvfb names its display");
        let display = format!(":{}", number.trim());
        assert!(display.len() > 1, "Xvfb gave no display number");
        Journey {
            dir,
            display,
            xvfb,
            game: None,
            lines: None,
            log: Vec::new(),
            cursor: 0,
            env: Vec::new(),
        }
    }

    /// The game's own folders (settings, autosave, saves).
    pub fn folders(&self) -> Folders {
        Folders::under(&self.dir.join("lineup"))
    }

    /// Sets a variable in the environment of the next launches.
    pub fn set_env(&mut self, name: &str, value: &str) {
        self.env.retain(|(n, _)| n != name);
        self.env.push((name.into(), value.into()));
    }

    pub fn write_settings(&self, ron: &str) {
        let path = self.folders().settings_file();
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("config folder");
        std::fs::write(path, ron).expect("settings written");
    }

    /// The raw sound the game played (with `SoundOut::File`).
    pub fn sound_file(&self) -> PathBuf {
        self.dir.join("sound.raw")
    }

    /// Starts the game: a copy of the binary in a folder of its own, started
    /// from another folder, with its own HOME and its files under
    /// [`Journey::folders`].
    pub fn launch(&mut self, sound: SoundOut, args: &[&str]) {
        let binary = self.dir.join("bin/lineup");
        std::fs::copy(env!("CARGO_BIN_EXE_lineup"), &binary).expect("the game copied");
        let files = self.dir.join("lineup");
        self.start(&binary, Some(&files), sound, args);
    }

    /// Starts an installed game where it is (`/usr/games/lineup`), from
    /// another folder, with its own HOME and nothing else set: its files go
    /// where a player's do, under [`Journey::home`].
    pub fn launch_installed(&mut self, program: &Path, sound: SoundOut, args: &[&str]) {
        self.start(program, None, sound, args);
    }

    /// The HOME the game runs with.
    pub fn home(&self) -> PathBuf {
        self.dir.join("home")
    }

    fn start(&mut self, binary: &Path, files: Option<&Path>, sound: SoundOut, args: &[&str]) {
        let home = self.home();
        let mut command = Command::new(binary);
        command
            .args(args)
            .current_dir(self.dir.join("cwd"))
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &home)
            .env("DISPLAY", &self.display)
            .envs(files.map(|f| ("LINEUP_HOME", f)))
            .envs(self.env.iter().map(|(n, v)| (n, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        match sound {
            SoundOut::Nowhere => {
                let empty = self.dir.join("alsa-empty.conf");
                std::fs::write(&empty, "").expect("an empty ALSA config");
                command.env("ALSA_CONFIG_PATH", empty);
            }
            SoundOut::File => {
                let config = format!(
                    "pcm.!default {{\n  type plug\n  slave {{\n    pcm {{ type file; slave.pcm \"null\"; file \"{}\"; format \"raw\" }}\n    format S16_LE\n    channels 2\n    rate {RATE}\n  }}\n}}\n",
                    self.sound_file().display()
                );
                std::fs::write(home.join(".asoundrc"), config).expect(".asoundrc");
            }
        }
        as_a_player_starts_it(&mut command);
        let mut game = spawn(&mut command);
        let (send, receive) = mpsc::channel();
        for stream in [
            Box::new(game.stdout.take().expect("piped")) as Box<dyn Read + Send>,
            Box::new(game.stderr.take().expect("piped")),
        ] {
            let send = send.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    if send.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        self.game = Some(game);
        self.lines = Some(receive);
        // Waits look only at what this run of the game prints.
        self.cursor = self.log.len();
    }

    /// The first line after the last one waited for that contains
    /// `needle`, reading the game's output until it comes.
    pub fn wait_for(&mut self, needle: &str) -> String {
        self.drain();
        if let Some(i) = self.log[self.cursor..]
            .iter()
            .position(|l| l.contains(needle))
        {
            self.cursor += i + 1;
            return self.log[self.cursor - 1].clone();
        }
        self.cursor = self.log.len();
        let lines = self.lines.as_ref().expect("launched");
        // Frames counted from the first report after the wait began.
        let mut first_frames = None;
        let mut heard = Instant::now();
        loop {
            let left = (heard + STEP_LIMIT).saturating_duration_since(Instant::now());
            match lines.recv_timeout(left) {
                Ok(line) => {
                    heard = Instant::now();
                    eprintln!("  | {line}");
                    self.log.push(line.clone());
                    self.cursor = self.log.len();
                    if line.contains(needle) {
                        return line;
                    }
                    if let Some(frames) = frames_reported(&line) {
                        let first = *first_frames.get_or_insert(frames);
                        if frames.saturating_sub(first) > STEP_FRAMES {
                            panic!(
                                "the game ran {STEP_FRAMES} frames and never printed \"{needle}\"; its log:\n{}",
                                self.log.join("\n")
                            );
                        }
                    }
                }
                Err(_) => panic!(
                    "the game never printed \"{needle}\" and went {STEP_LIMIT:?} without a line (it exited or is stuck); its log:\n{}",
                    self.log.join("\n")
                ),
            }
        }
    }

    /// Waits until the game has drawn at least `frames` more frames than
    /// it had reported when the wait began: time passed in the game's own
    /// frames, before checking that something did not happen.
    pub fn wait_frames(&mut self, frames: u64) {
        self.drain();
        let from = self.log.iter().rev().find_map(|l| frames_reported(l));
        let target = from.unwrap_or(0) + frames;
        loop {
            let line = self.wait_for("Frames: ");
            if frames_reported(&line).is_some_and(|n| n >= target) {
                return;
            }
        }
    }

    /// Waits for lines containing each of `needles`, in any order (a new
    /// match and the screen it opens on may come a frame apart either way);
    /// the wait after it looks after the last of them.
    pub fn wait_for_all(&mut self, needles: &[&str]) {
        let start = self.cursor;
        let mut end = start;
        for needle in needles {
            self.cursor = start;
            self.wait_for(needle);
            end = end.max(self.cursor);
        }
        self.cursor = end;
    }

    /// Where in `log` the last wait found its line (one past it).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether a line containing `needle` was printed so far.
    pub fn printed(&mut self, needle: &str) -> bool {
        self.drain();
        self.log.iter().any(|l| l.contains(needle))
    }

    /// Whether a line containing `needle` was printed after line `from`
    /// (a `cursor()` taken earlier).
    pub fn printed_since(&mut self, from: usize, needle: &str) -> bool {
        self.drain();
        self.log[from.min(self.log.len())..]
            .iter()
            .any(|l| l.contains(needle))
    }

    fn drain(&mut self) {
        if let Some(lines) = &self.lines {
            while let Ok(line) = lines.try_recv() {
                eprintln!("  | {line}");
                self.log.push(line);
            }
        }
    }

    fn xdotool(&self, args: &[&str]) {
        let status = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .status()
            .expect("xdotool is installed (scripts/test.sh installs it)");
        assert!(status.success(), "xdotool {args:?}: {status}");
    }

    /// Moves the pointer to window pixel `at` (a hover, no click).
    pub fn xdotool_move(&self, at: (u32, u32)) {
        self.xdotool(&["mousemove", &at.0.to_string(), &at.1.to_string()]);
    }

    /// A left click at window pixel (x, y) (the window fills the display).
    pub fn click(&self, x: u32, y: u32) {
        self.xdotool(&["mousemove", &x.to_string(), &y.to_string()]);
        self.xdotool(&["click", "1"]);
    }

    /// Clicks the button showing `action` (its `Action`, as the dev log
    /// names it) at window pixel `at` as a hand does, at the game's pace:
    /// the pointer moves there, the button goes down once the game has seen
    /// the pointer on it, and comes up once the game has seen the press.
    /// The next wait looks from the pointer's arrival on, so it finds what
    /// the press did even when the game logged it in the press's frame,
    /// before the press itself.
    pub fn click_button(&mut self, at: (u32, u32), action: &str) {
        self.xdotool(&["mousemove", &at.0.to_string(), &at.1.to_string()]);
        self.wait_for(&format!("Pointer on: {action}"));
        let arrived = self.cursor;
        self.xdotool(&["mousedown", "1"]);
        self.wait_for(&format!("Pointer pressed: {action}"));
        self.xdotool(&["mouseup", "1"]);
        self.cursor = arrived;
    }

    /// Clicks again where the pointer is, without moving it: a second
    /// click on the button `action` names, which must still be under it.
    pub fn click_again(&mut self, action: &str) {
        self.xdotool(&["mousedown", "1"]);
        self.wait_for(&format!("Pointer pressed: {action}"));
        self.xdotool(&["mouseup", "1"]);
    }

    /// Moves the pointer to the display's corner, over no button (a button
    /// the pointer moves onto takes the keyboard focus). Needs the game's
    /// window: Xvfb moves no pointer before it has one.
    pub fn park_pointer(&self) {
        self.xdotool(&["mousemove", "0", "0"]);
    }

    /// Presses keys (xdotool names: Escape, Return, ctrl+z) in the game's
    /// window, focused first as a click would.
    pub fn key(&self, keys: &str) {
        self.in_window(&["key", keys]);
    }

    /// Types `text` in the game's window, key by key as a person does.
    pub fn type_text(&self, text: &str) {
        self.in_window(&["type", "--delay", "80", text]);
    }

    /// Waits until the game's window is titled `title` (the title follows
    /// the game a frame or two after it changes).
    pub fn wait_for_title(&self, title: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let now = self.x_output("xdotool", &["search", "--name", "^Lineup", "getwindowname"]);
            if now.trim() == title {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the window's title stayed {now:?}, not {title:?}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// What an X client (xdotool, xprop) prints about the game's display.
    pub fn x_output(&self, program: &str, args: &[&str]) -> String {
        let output = Command::new(program)
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .unwrap_or_else(|e| {
                panic!("{program} is installed (scripts/test.sh installs it): {e}")
            });
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    /// Puts `text` on the display's clipboard, as another program's copy
    /// does (`xclip` keeps it there until something else is copied).
    pub fn set_clipboard(&self, text: &str) {
        use std::io::Write;
        let mut xclip = Command::new("xclip")
            .args(["-selection", "clipboard", "-i"])
            .env("DISPLAY", &self.display)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("xclip is installed (scripts/test.sh installs it): {e}"));
        xclip
            .stdin
            .take()
            .expect("piped")
            .write_all(text.as_bytes())
            .expect("the text given to xclip");
        assert!(xclip.wait().expect("xclip ran").success(), "xclip failed");
    }

    /// What the screen shows now (`xwd`, from x11-apps).
    pub fn screen(&self) -> crate::window::Shot {
        let output = Command::new("xwd")
            .args(["-root", "-silent"])
            .env("DISPLAY", &self.display)
            .output()
            .unwrap_or_else(|e| panic!("xwd is installed (scripts/test.sh installs it): {e}"));
        assert!(output.status.success(), "xwd: {output:?}");
        crate::window::Shot::from_xwd(&output.stdout)
    }

    /// Runs an xdotool command on the game's window, focused first.
    fn in_window(&self, command: &[&str]) {
        let mut args = vec!["search", "--name", "^Lineup", "windowfocus", "--sync"];
        args.extend_from_slice(command);
        self.xdotool(&args);
    }

    /// Closes the game as Ctrl+C in a terminal does, and checks that it
    /// closed cleanly (Bevy's code for it, 130: not a crash, not a panic).
    pub fn interrupt(&mut self) {
        let pid = self.game.as_ref().expect("launched").id().to_string();
        let _ = Command::new("kill").args(["-INT", &pid]).status();
        let status = self.wait_exit();
        if status.code() != Some(130) {
            panic!(
                "a clean close on Ctrl+C, not {status}; {}",
                self.crash_report()
            );
        }
        assert!(!self.printed("panicked"), "the game panicked");
    }

    /// What a crashed game left: every thread's stack from its core dump
    /// (gdb; the core lands in the game's working folder where the system's
    /// core_pattern is a plain file name), or where to look.
    fn crash_report(&self) -> String {
        let cwd = self.dir.join("cwd");
        let core = std::fs::read_dir(&cwd).ok().and_then(|entries| {
            entries.flatten().map(|e| e.path()).find(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("core"))
            })
        });
        let Some(core) = core else {
            return format!("no core dump in {}", cwd.display());
        };
        let binary = self.dir.join("bin/lineup");
        match Command::new("gdb")
            .args(["-batch", "-ex", "thread apply all bt 30"])
            .arg(&binary)
            .arg(&core)
            .output()
        {
            Ok(out) => format!(
                "its threads at the crash ({}):\n{}",
                core.display(),
                String::from_utf8_lossy(&out.stdout)
            ),
            Err(e) => format!("core dump at {} (gdb: {e})", core.display()),
        }
    }

    /// Every thread's stack of the running game (gdb attached), for a game
    /// that does not do what it should.
    fn live_report(&self) -> String {
        let Some(game) = self.game.as_ref() else {
            return String::new();
        };
        match Command::new("gdb")
            .args([
                "-batch",
                "-p",
                &game.id().to_string(),
                "-ex",
                "thread apply all bt 30",
            ])
            .output()
        {
            Ok(out) => String::from_utf8_lossy(&out.stdout).into_owned(),
            Err(e) => format!("(gdb: {e})"),
        }
    }

    /// Kills the game outright (kill -9), as a crash or power cut would.
    pub fn kill(&mut self) {
        if let Some(game) = self.game.as_mut() {
            let _ = game.kill();
            let _ = game.wait();
        }
        self.game = None;
        self.drain();
    }

    /// Waits for the game to exit by itself; its exit status.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + STEP_LIMIT;
        let status = loop {
            let game = self.game.as_mut().expect("launched");
            if let Some(status) = game.try_wait().expect("waitable") {
                break status;
            }
            if Instant::now() >= deadline {
                panic!(
                    "the game did not exit; its threads:\n{}",
                    self.live_report()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        self.game = None;
        // Give the reader threads the last lines.
        std::thread::sleep(Duration::from_millis(200));
        self.drain();
        status
    }

    /// Waits until the sound file holds `seconds` more of audio than now.
    pub fn let_sound_run(&self, seconds: f64) {
        let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
        let target = size(&self.sound_file()) + (seconds * RATE as f64) as u64 * FRAME_BYTES;
        let deadline = Instant::now() + STEP_LIMIT;
        while size(&self.sound_file()) < target {
            assert!(
                Instant::now() < deadline,
                "the sound device got no more than {} bytes",
                size(&self.sound_file())
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Journey {
    fn drop(&mut self) {
        self.kill();
        let _ = self.xvfb.kill();
        let _ = self.xvfb.wait();
    }
}

/// Starts the copied binary. Another test thread may fork while the copy's
/// file is still open for writing, and its child holds it until it execs:
/// the system then says "text file busy" (ETXTBSY) for a moment. Only that
/// error is tried again, a bounded number of times.
fn spawn(command: &mut Command) -> Child {
    const TEXT_FILE_BUSY: i32 = 26;
    for _ in 0..100 {
        match command.spawn() {
            Ok(child) => return child,
            Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) => {
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => panic!("the game does not start: {e}"),
        }
    }
    panic!("the game's binary stayed busy for two seconds")
}

/// Where journeys keep their folders: the target's tmp folder, or
/// `LINEUP_JOURNEYS_FOLDER` (for a journey run beside the same journey
/// elsewhere, as `started_in_background.rs` does).
pub fn journeys_folder() -> PathBuf {
    std::env::var_os(JOURNEYS_FOLDER).map_or_else(
        || PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("journeys"),
        PathBuf::from,
    )
}

/// The variable that moves [`journeys_folder`].
pub const JOURNEYS_FOLDER: &str = "LINEUP_JOURNEYS_FOLDER";

/// N of the game's "Frames: N" line.
fn frames_reported(line: &str) -> Option<u64> {
    line.split_once("Frames: ")?.1.trim().parse().ok()
}

/// The capture's sample rate and bytes per stereo 16-bit frame.
pub const RATE: u32 = 48_000;
const FRAME_BYTES: u64 = 4;

/// The RMS (full scale = 1) of each half-second window of a raw capture.
pub fn window_rms(path: &Path) -> Vec<f64> {
    let bytes = std::fs::read(path).unwrap_or_default();
    let window = (RATE as usize / 2) * FRAME_BYTES as usize;
    bytes
        .chunks_exact(window)
        .map(|chunk| {
            let sum: f64 = chunk
                .chunks_exact(2)
                .map(|s| (i16::from_le_bytes([s[0], s[1]]) as f64 / 32768.0).powi(2))
                .sum();
            (sum / (window / 2) as f64).sqrt()
        })
        .collect()
}

pub fn dbfs(rms: f64) -> f64 {
    20.0 * rms.max(1e-10).log10()
}

/// The signals a script's background job (`&` without job control: SIGINT,
/// SIGQUIT) or `nohup` (SIGHUP) starts with ignored.
pub const IGNORED_BY_A_BACKGROUND_SHELL: [libc::c_int; 3] =
    [libc::SIGINT, libc::SIGQUIT, libc::SIGHUP];

/// Starts the game as a player's desktop or terminal does, whatever started
/// the tests: the signals a shell or `nohup` may have set to be ignored
/// (SIGINT and SIGQUIT for a job started with `&` from a script, SIGHUP
/// under `nohup`) back to their defaults. A program keeps an ignored SIGINT
/// across exec, and the game rightly leaves it ignored, so from a background
/// shell Ctrl+C (`Journey::interrupt`) never reached it and every journey
/// failed at its end. And a core dump if it crashes (the soft limit raised
/// to the hard one): a rare crash on exit was seen once in a while under
/// load, and a core is the evidence to find it.
fn as_a_player_starts_it(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec only signal, getrlimit and setrlimit
    // are called, which are async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            for signal in IGNORED_BY_A_BACKGROUND_SHELL {
                libc::signal(signal, libc::SIG_DFL);
            }
            let mut limit = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            if libc::getrlimit(libc::RLIMIT_CORE, &mut limit) == 0 {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_CORE, &limit);
            }
            Ok(())
        });
    }
}
