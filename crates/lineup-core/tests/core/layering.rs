//! The core's layers point one way. Two pairs once imported each other:
//! the analysis model and the files (`persist` stores studies, so the
//! model may not read files), and online play and the match in play (a
//! `Match` may be online, so `net` may not reach into `match_state`).
//! Read on the source: a module's files (comments aside) must not name the
//! layer above them.

use std::path::{Path, PathBuf};

/// What each module's code must not name: the layers above it (and, for
/// the sans-IO lobby, the wall clock: its time comes in as a number).
const BELOW: [(&str, &[&str]); 2] = [
    ("analysis", &["crate::persist"]),
    (
        "net",
        &["crate::match_state", "crate::unix_time", "SystemTime"],
    ),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The `.rs` files of module `name`: its folder, or its one file.
fn files_of(name: &str) -> Vec<PathBuf> {
    let folder = src().join(name);
    if !folder.is_dir() {
        return vec![src().join(format!("{name}.rs"))];
    }
    let mut files = Vec::new();
    let mut todo = vec![folder];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The lines of `file`'s code (not comments) that name any of `words`.
fn naming(file: &Path, words: &[&str]) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("readable source");
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or("");
            words.iter().any(|w| code.contains(w))
        })
        .map(|(n, line)| format!("{}:{}: {}", file.display(), n + 1, line.trim()))
        .collect()
}

#[test]
fn no_layer_names_the_one_above_it() {
    for (module, above) in BELOW {
        let files = files_of(module);
        assert!(files.len() > 1, "{module}: no sources found");
        let found: Vec<String> = files.iter().flat_map(|f| naming(f, above)).collect();
        assert!(
            found.is_empty(),
            "`{module}` names {above:?}, a layer above it:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn the_check_sees_an_import() {
    // The check itself: the layer above does name the one below.
    let persist: Vec<String> = files_of("persist")
        .iter()
        .flat_map(|f| naming(f, &["crate::analysis"]))
        .collect();
    assert!(!persist.is_empty(), "persist stores studies");
    let play = naming(&src().join("match_state.rs"), &["crate::net"]);
    assert!(!play.is_empty(), "a match may be online");
}
