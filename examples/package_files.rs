//! Writes the files the Debian package carries that are made from the code,
//! never by hand: the three programs' man pages and shell completions (from
//! their clap definitions), the icon at every hicolor size (from the window
//! icon's drawing) and the copyright file (every crate linked into the
//! programs, from `cargo tree`, with the text of each licence named, from
//! packaging/licenses/). `scripts/package.sh` runs it:
//!
//!     cargo run --example package_files -- STAGE_DIR DATE
//!
//! STAGE_DIR receives the tree as it is installed (`usr/share/...`); DATE
//! (YYYY-MM-DD) goes on the man pages, so the same sources give the same files.

use clap_complete::Shell;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;

/// The desktop's name for the game: the .desktop file, the AppStream
/// metainfo and the icons are all named after it (packaging/ holds the
/// first two).
const APP_ID: &str = "io.github.lineupgame.Lineup";

/// The hicolor sizes the icon is drawn at.
const ICON_SIZES: [u32; 9] = [16, 22, 24, 32, 48, 64, 128, 256, 512];

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [stage, date] = args.as_slice() else {
        eprintln!("usage: package_files STAGE_DIR YYYY-MM-DD");
        std::process::exit(2);
    };
    let stage = Path::new(stage);
    let version = env!("CARGO_PKG_VERSION");
    let programs = [
        Program {
            command: lineup::cli::command(),
            section: "6",
            files: GAME_FILES,
            see_also: "lineup-server(1), pbrain-lineup(6)",
        },
        Program {
            command: lineup_server::cli::command(),
            section: "1",
            files: SERVER_FILES,
            see_also: "lineup(6)",
        },
        Program {
            command: lineup_core::gomocup::cli::command(),
            section: "6",
            files: "",
            see_also: "lineup(6)",
        },
    ];
    for program in programs {
        program.write_man_page(stage, date, version)?;
        program.write_completions(stage)?;
    }
    write_icons(stage)?;
    write_copyright(stage)?;
    Ok(())
}

/// The game's files, for its man page's FILES section (roff).
const GAME_FILES: &str = "\
.TP
\\fI~/.config/lineup/settings.ron\\fR
Settings: sound, language, theme, the window's size, the Gomocup engines added.
.TP
\\fI~/.local/share/lineup/autosave.ron\\fR, \\fI~/.local/share/lineup/saves/\\fR
The game in progress (written after every move) and the saved games.
.TP
\\fI~/.local/share/lineup/exports/\\fR
Exported move lists, .psq files and board pictures.
.TP
\\fBLINEUP_HOME\\fR
When set, settings and games go under this one folder instead.
";

/// The server's files (roff).
const SERVER_FILES: &str = "\
.TP
\\fI~/.local/share/lineup/server/\\fR
The open rooms, one file each, and under \\fIfinished/\\fR the games that ended
(the packaged service keeps them in \\fI/var/lib/lineup-server\\fR).
";

struct Program {
    command: clap::Command,
    section: &'static str,
    files: &'static str,
    see_also: &'static str,
}

impl Program {
    fn name(&self) -> String {
        self.command.get_name().to_string()
    }

    /// `usr/share/man/manN/NAME.N`, and one page per subcommand
    /// (`NAME-SUB.N`).
    fn write_man_page(&self, stage: &Path, date: &str, version: &str) -> std::io::Result<()> {
        let folder = stage.join(format!("usr/share/man/man{}", self.section));
        std::fs::create_dir_all(&folder)?;
        let mut command = self.command.clone();
        command.build();
        // Built, a subcommand's display name is "lineup-solve": its page's.
        let mut pages = vec![(self.name(), command.clone(), true)];
        for sub in command.get_subcommands() {
            let title = sub.get_display_name().unwrap_or(sub.get_name());
            pages.push((title.to_string(), sub.clone(), false));
        }
        for (title, page_command, top) in pages {
            let man = clap_mangen::Man::new(page_command.clone())
                .section(self.section)
                .date(date)
                .source(format!("Lineup {version}"))
                .manual("Lineup");
            let mut text = Vec::new();
            man.render_title(&mut text)?;
            man.render_name_section(&mut text)?;
            man.render_synopsis_section(&mut text)?;
            man.render_description_section(&mut text)?;
            if page_command.get_arguments().any(|a| !a.is_hide_set()) {
                man.render_options_section(&mut text)?;
            }
            if page_command.has_subcommands() {
                man.render_subcommands_section(&mut text)?;
            }
            if let Some(examples) = page_command.get_after_help() {
                writeln!(text, ".SH EXAMPLES")?;
                for line in examples.to_string().lines().skip(1) {
                    writeln!(text, ".nf\n{}\n.fi", roff_escape(line.trim()))?;
                }
            }
            if top && !self.files.is_empty() {
                writeln!(text, ".SH FILES\n{}", self.files.trim_end())?;
            }
            let see_also = if top {
                self.see_also.to_string()
            } else {
                format!("{}({})", self.name(), self.section)
            };
            writeln!(text, ".SH SEE ALSO\n{}", roff_escape(&see_also))?;
            if page_command.get_version().is_some() {
                man.render_version_section(&mut text)?;
            }
            std::fs::write(folder.join(format!("{title}.{}", self.section)), text)?;
        }
        Ok(())
    }

    /// bash, zsh and fish, where each looks for a vendor's completions.
    fn write_completions(&self, stage: &Path) -> std::io::Result<()> {
        let name = self.name();
        for (shell, folder, file) in [
            (
                Shell::Bash,
                "usr/share/bash-completion/completions",
                name.clone(),
            ),
            (
                Shell::Zsh,
                "usr/share/zsh/vendor-completions",
                format!("_{name}"),
            ),
            (
                Shell::Fish,
                "usr/share/fish/vendor_completions.d",
                format!("{name}.fish"),
            ),
        ] {
            let folder = stage.join(folder);
            std::fs::create_dir_all(&folder)?;
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut self.command.clone(), &name, &mut text);
            std::fs::write(folder.join(file), text)?;
        }
        Ok(())
    }
}

/// A line of text as roff shows it: backslashes doubled, and a leading
/// dot or quote kept from being read as a request.
fn roff_escape(line: &str) -> String {
    let line = line.replace('\\', "\\\\").replace('-', "\\-");
    if line.starts_with(['.', '\'']) {
        format!("\\&{line}")
    } else {
        line
    }
}

/// `usr/share/icons/hicolor/NxN/apps/APP_ID.png` at every size.
fn write_icons(stage: &Path) -> std::io::Result<()> {
    for size in ICON_SIZES {
        let folder = stage.join(format!("usr/share/icons/hicolor/{size}x{size}/apps"));
        std::fs::create_dir_all(&folder)?;
        let file = std::fs::File::create(folder.join(format!("{APP_ID}.png")))?;
        let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), size, size);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(std::io::Error::other)?;
        writer
            .write_image_data(&lineup::window::icon_pixels(size))
            .map_err(std::io::Error::other)?;
    }
    Ok(())
}

/// Licences whose text Debian keeps in /usr/share/common-licenses.
const COMMON_LICENCES: [&str; 3] = ["Apache-2.0", "MPL-2.0", "CC0-1.0"];

/// The package's copyright file in Debian's machine-readable format:
/// Lineup's own licence, the font's, and every crate the three programs
/// link, each with its licence; then the text of every licence named.
fn write_copyright(stage: &Path) -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = std::process::Command::new(std::env::var("CARGO").unwrap_or("cargo".into()))
        .args(["tree", "-p", "lineup", "-p", "lineup-core"])
        .args(["-e", "normal,no-proc-macro", "--prefix", "none"])
        .args(["--format", "{p}|{l}"])
        .current_dir(root)
        .output()?;
    if !output.status.success() {
        return Err(std::io::Error::other(format!(
            "cargo tree failed: {}",
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    // "name v1.2.3 (path)|MIT OR Apache-2.0 (*)" -> name 1.2.3 and its
    // licence ("(*)" marks a crate listed before).
    let mut crates = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let line = line.trim_end().trim_end_matches("(*)");
        let Some((package, licence)) = line.split_once('|') else {
            continue;
        };
        let mut words = package.split_whitespace();
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            continue;
        };
        if name == "lineup" || name == "lineup-core" {
            continue;
        }
        if licence.trim().is_empty() {
            return Err(std::io::Error::other(format!("{name} names no licence")));
        }
        crates.insert(
            format!("{name} {}", version.trim_start_matches('v')),
            licence.trim().replace('/', " OR "),
        );
    }
    let mut named: BTreeSet<String> = ["MIT", "Apache-2.0", "OFL-1.1"].map(String::from).into();
    for licence in crates.values() {
        for word in licence.split(|c: char| c.is_whitespace() || c == '(' || c == ')') {
            if !word.is_empty() && !["OR", "AND", "WITH"].contains(&word) {
                named.insert(word.to_string());
            }
        }
    }
    let mut text = String::from(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\
         Upstream-Name: Lineup\n\
         Upstream-Contact: The Lineup developers\n\
         Source: https://github.com/lineupgame/lineup\n\n\
         Files: *\n\
         Copyright: 2026 The Lineup developers\n\
         License: MIT or Apache-2.0\n\
         Comment: The programs are built from Lineup's source and, linked into them,\n \
         these Rust crates, each under the licence or choice of licences named:\n .\n",
    );
    for (name, licence) in &crates {
        text.push_str(&format!(" {name}: {licence}\n"));
    }
    text.push_str(
        "\nFiles: assets/fonts/*\n\
         Copyright: 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'\n\
         License: OFL-1.1\n\
         Comment: The game embeds Lineup Sans, a subset of Noto Sans CJK SC (its Latin\n \
         letters are Source Sans), renamed as the licence asks of modified fonts.\n",
    );
    for id in &named {
        text.push_str(&format!("\nLicense: {id}\n"));
        if COMMON_LICENCES.contains(&id.as_str()) {
            text.push_str(&format!(
                " On Debian systems, the complete text of this licence can be found in\n \
                 /usr/share/common-licenses/{id}.\n"
            ));
            continue;
        }
        let path = root.join(format!("packaging/licenses/{id}.txt"));
        let body = std::fs::read_to_string(&path).map_err(|e| {
            std::io::Error::other(format!(
                "{}: {e} (a crate uses the licence {id}: add its text there)",
                path.display()
            ))
        })?;
        for line in body.trim_end().lines() {
            match line.trim_end() {
                "" => text.push_str(" .\n"),
                line => text.push_str(&format!(" {line}\n")),
            }
        }
    }
    // Beside the tree: cargo-deb puts it in usr/share/doc/lineup/ in place of
    // the short one it would write itself.
    std::fs::write(stage.join("copyright"), text)
}
