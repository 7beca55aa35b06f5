//! Window tests need a display (Xvfb). Built with
//! `LINEUP_SKIP_WINDOW_TESTS=1`, they are marked ignored
//! (`cfg(skip_window_tests)`), so that a skip shows as a skip.

fn main() {
    println!("cargo::rerun-if-env-changed=LINEUP_SKIP_WINDOW_TESTS");
    println!("cargo::rustc-check-cfg=cfg(skip_window_tests)");
    if std::env::var_os("LINEUP_SKIP_WINDOW_TESTS").is_some() {
        println!("cargo::rustc-cfg=skip_window_tests");
    }
}
