//! The layering the folder list promises: the core crate has no Bevy (nor
//! any window or sound crate) anywhere in its dependency tree, checked on
//! `Cargo.lock`; on the source, the board and the panel stay apart (and
//! away from menus and screens), nothing but `current_match` writes the
//! match, and no test hides inside `src/`, where it would never run
//! (`[lib] test = false`).

use std::collections::{BTreeMap, BTreeSet};
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

/// The packages `package` depends on, directly or not, by name, read from
/// the workspace's `Cargo.lock` (every kind of dependency counted).
fn dependency_tree(package: &str) -> BTreeSet<String> {
    let lock = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock"))
        .expect("Cargo.lock");
    // Each `[[package]]` with its name and its `dependencies = [..]` names
    // (an entry is "name" or "name version").
    let mut depends: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .expect("a package name")
            .trim_matches('"')
            .to_string();
        let list = block
            .split_once("dependencies = [")
            .map_or("", |(_, rest)| rest.split(']').next().unwrap_or(""));
        let names = list
            .split('"')
            .skip(1)
            .step_by(2)
            .map(|entry| entry.split(' ').next().unwrap_or(entry).to_string());
        depends.entry(name).or_default().extend(names);
    }
    let mut seen = BTreeSet::new();
    let mut todo = vec![package.to_string()];
    while let Some(name) = todo.pop() {
        for dep in depends.get(&name).into_iter().flatten() {
            if seen.insert(dep.clone()) {
                todo.push(dep.clone());
            }
        }
    }
    seen
}

#[test]
fn the_core_has_no_bevy_in_its_dependency_tree() {
    // The plain libraries, and online play on the network (the server is
    // a program without a window): neither reaches a window or sound crate.
    for (crate_name, reads) in [
        ("lineup-core", "serde"),
        ("lineup-client", "tokio"),
        ("lineup-server", "tokio"),
    ] {
        let tree = dependency_tree(crate_name);
        assert!(
            tree.contains(reads),
            "{crate_name}'s tree was not read: {tree:?}"
        );
        let windowing: Vec<_> = tree
            .iter()
            .filter(|name| {
                ["bevy", "winit", "wgpu", "kira"]
                    .iter()
                    .any(|w| name.starts_with(w))
            })
            .collect();
        assert!(
            windowing.is_empty(),
            "{crate_name} depends on {windowing:?}"
        );
    }
    // And the game does sit on them.
    let game = dependency_tree("lineup");
    assert!(game.contains("lineup-core") && game.contains("lineup-client"));
}

#[test]
fn the_game_links_none_of_the_servers_own_dependencies() {
    // The window hosts with the server's crate, taken without its features:
    // no PostgreSQL, Redis or load tool in the game. Cargo.lock lists
    // optional dependencies too, so this asks cargo for the features the
    // game's build resolves.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "--locked",
            "-p",
            "lineup",
            "-e",
            "normal",
        ])
        .args(["--prefix", "none", "--format", "{p}"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    let packages: BTreeSet<&str> = tree
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert!(
        packages.contains("lineup-server") && packages.contains("rusqlite"),
        "the tree was not read: {packages:?}"
    );
    for server_only in ["postgres", "tokio-postgres", "redis", "hdrhistogram"] {
        assert!(
            !packages.contains(server_only),
            "the game links {server_only}"
        );
    }
}

#[test]
fn the_online_layer_imports_no_screen_above_it() {
    // Menus, screens, review and the panel read the online layer's messages
    // and resources; the online layer never reaches up to them.
    let online = rust_files(&src().join("online"));
    assert!(online.len() >= 8, "the online layer's files were not found");
    let offenders = mentioning(
        &online,
        &[
            "crate::menus",
            "crate::screens",
            "crate::review",
            "crate::panel",
            "crate::board",
        ],
    );
    assert!(
        offenders.is_empty(),
        "the online layer imports {offenders:?}"
    );
}

#[test]
fn the_board_and_the_panel_stay_apart() {
    // The board draws in the world and takes the board's input; the panel
    // is UI beside it. Neither needs the other: both read the match
    // (`current_match`), the searches' findings (`search`) and the theme.
    let board = rust_files(&src().join("board"));
    assert!(board.len() > 10, "the board's files were not found");
    let offenders = mentioning(&board, &["crate::panel", "crate::menus", "crate::screens"]);
    assert!(offenders.is_empty(), "the board imports {offenders:?}");
    let panel = rust_files(&src().join("panel"));
    assert!(panel.len() >= 3, "the panel's files were not found");
    let offenders = mentioning(&panel, &["crate::board", "crate::screens"]);
    assert!(offenders.is_empty(), "the panel imports {offenders:?}");
}

#[test]
fn only_apply_writes_the_match() {
    // The type system keeps CurrentMatch's field private to current_match/
    // and hands out no `&mut Match`; here, that nothing outside it replaces
    // or removes the resource either.
    let outside: Vec<PathBuf> = rust_files(&src())
        .into_iter()
        .filter(|f| !f.starts_with(src().join("current_match")))
        .collect();
    let offenders = mentioning(
        &outside,
        &[
            "insert_resource(CurrentMatch",
            "remove_resource::<CurrentMatch>",
            "ResMut<CurrentMatch>",
            "resource_mut::<CurrentMatch>",
        ],
    );
    assert!(
        offenders.is_empty(),
        "the match is written in {offenders:?}"
    );
}

#[test]
fn no_test_hides_in_src() {
    let mut files = rust_files(&src());
    for library in ["lineup-core", "lineup-client", "lineup-server"] {
        let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
        files.extend(rust_files(&crates.join(library).join("src")));
    }
    let offenders = mentioning(&files, &["#[cfg(test)]", "#[test]"]);
    assert!(
        offenders.is_empty(),
        "tests in {offenders:?} never run: move them to the tests/ folder of their crate"
    );
}

#[test]
fn the_layers_point_down() {
    // Each rule is a cycle that was cut (#60): the lower module names no
    // module above it.
    let cuts: [(&str, &[&str]); 5] = [
        // The match's writer and the computer wait on `PiecesAtRest`,
        // which the board publishes.
        ("current_match", &["crate::board"]),
        ("search", &["crate::board"]),
        // The design's size is the theme's.
        ("board", &["crate::app"]),
        // The settings choose the palette; the theme knows no settings.
        (
            "theme",
            &["crate::settings", "crate::board", "crate::panel"],
        ),
        // The move list is a theme widget, an opening's story is terms.
        ("review", &["crate::panel"]),
    ];
    for (module, above) in cuts {
        let files = rust_files(&src().join(module));
        assert!(!files.is_empty(), "{module}'s files were not found");
        let offenders = mentioning(&files, above);
        assert!(
            offenders.is_empty(),
            "{module} imports {above:?}: {offenders:?}"
        );
    }
}
