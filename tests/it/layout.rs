//! The layering the folder list promises, checked on the source: the plain
//! libraries never reach into Bevy or the game layer, the board never
//! imports a menu or a screen, and no test hides inside `src/`, where it
//! would never run (`[lib] test = false`).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The files whose code (not comments) mentions any of `words`.
fn mentioning(files: &[PathBuf], words: &[&str]) -> Vec<String> {
    files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("readable source");
            text.lines()
                .map(|line| line.split("//").next().unwrap_or(""))
                .any(|code| words.iter().any(|w| code.contains(w)))
        })
        .map(|f| f.strip_prefix(src()).unwrap_or(f).display().to_string())
        .collect()
}

#[test]
fn the_plain_libraries_know_nothing_of_bevy_or_the_game() {
    let plain = [
        "rules",
        "ai",
        "persist",
        "engine",
        "soundgen",
        "net",
        "cli.rs",
        "match_setup.rs",
        "match_state.rs",
    ];
    let files: Vec<PathBuf> = plain
        .iter()
        .flat_map(|name| {
            let path = src().join(name);
            if path.is_dir() {
                rust_files(&path)
            } else {
                vec![path]
            }
        })
        .collect();
    assert!(files.len() > 40, "the plain libraries were not found");
    let offenders = mentioning(&files, &["bevy", "crate::game"]);
    assert!(
        offenders.is_empty(),
        "Bevy or the game layer in {offenders:?}"
    );
}

#[test]
fn the_board_imports_no_menu_or_screen() {
    let files = rust_files(&src().join("game/board"));
    let offenders = mentioning(&files, &["game::menus", "game::screens"]);
    assert!(offenders.is_empty(), "{offenders:?}");
}

#[test]
fn no_test_hides_in_src() {
    let offenders = mentioning(&rust_files(&src()), &["#[cfg(test)]", "#[test]"]);
    assert!(
        offenders.is_empty(),
        "tests in {offenders:?} never run: move them to tests/it"
    );
}
