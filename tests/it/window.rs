//! The real program in a real window: under Xvfb with Mesa's software Vulkan,
//! `lineup --game ... --moves ... --screenshot` must write a PNG that shows
//! the board. Needs `xvfb-run` (scripts/test.sh installs it); built with
//! LINEUP_SKIP_WINDOW_TESTS=1, these tests are ignored.

use std::path::{Path, PathBuf};
use std::process::Command;

/// An RGB screenshot.
pub(crate) struct Shot {
    pub width: usize,
    pub height: usize,
    rgb: Vec<[u8; 3]>,
}

impl Shot {
    pub fn load(path: &Path) -> Shot {
        let file = std::fs::File::open(path).expect("the screenshot exists");
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .expect("a PNG");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut buffer).expect("one frame");
        let channels = info.color_type.samples();
        let rgb = buffer[..info.buffer_size()]
            .chunks(channels)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Shot {
            width: info.width as usize,
            height: info.height as usize,
            rgb,
        }
    }

    /// A dump of the X screen as `xwd -root -silent` writes it (a
    /// big-endian header of 25 numbers, the window name, the colour map,
    /// then rows of 32-bit pixels, read through the header's colour masks).
    pub fn from_xwd(bytes: &[u8]) -> Shot {
        let field =
            |i: usize| u32::from_be_bytes(bytes[i * 4..i * 4 + 4].try_into().expect("4 bytes"));
        let (header, width, height) = (field(0) as usize, field(4) as usize, field(5) as usize);
        let (little_endian, bits, row) = (field(7) == 0, field(11), field(12) as usize);
        assert_eq!(bits, 32, "a 32-bit screen (xvfb-run's -screen 0 WxHx24)");
        let masks = [field(14), field(15), field(16)];
        let pixels = header + field(19) as usize * 12;
        let mut rgb = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let at = pixels + y * row + x * 4;
                let word: [u8; 4] = bytes[at..at + 4].try_into().expect("a pixel");
                let value = if little_endian {
                    u32::from_le_bytes(word)
                } else {
                    u32::from_be_bytes(word)
                };
                rgb.push(masks.map(|m| ((value & m) >> m.trailing_zeros()) as u8));
            }
        }
        Shot { width, height, rgb }
    }

    /// How many pixels of the rectangle `xs` × `ys` are within `tolerance`
    /// of `colour` in every channel.
    pub fn count_near_within(
        &self,
        colour: [u8; 3],
        tolerance: u8,
        xs: std::ops::Range<usize>,
        ys: std::ops::Range<usize>,
    ) -> usize {
        ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = self.rgb[y * self.width + x];
                (0..3).all(|i| p[i].abs_diff(colour[i]) <= tolerance)
            })
            .count()
    }

    /// The mean colour of the 7×7 pixels around (`x`, `y`).
    pub fn around(&self, x: usize, y: usize) -> [u8; 3] {
        let mut sum = [0u32; 3];
        for dy in 0..7 {
            for dx in 0..7 {
                let p = self.rgb[(y + dy - 3) * self.width + x + dx - 3];
                for i in 0..3 {
                    sum[i] += u32::from(p[i]);
                }
            }
        }
        sum.map(|v| (v / 49) as u8)
    }

    pub fn around_one(&self, x: usize, y: usize) -> [u8; 3] {
        self.rgb[y * self.width + x]
    }

    /// Keeps the shot as `name` in the target's tmp folder, for a person to
    /// look at, and prints where: `what` says what it shows.
    pub fn keep(&self, name: &str, what: &str) {
        let picture = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        self.save(&picture);
        println!("{what}: {}", picture.display());
    }

    /// Writes the shot as a PNG (for a person to look at).
    pub fn save(&self, path: &Path) {
        let file = std::fs::File::create(path).expect("the picture's file");
        let mut encoder = png::Encoder::new(
            std::io::BufWriter::new(file),
            self.width as u32,
            self.height as u32,
        );
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let bytes: Vec<u8> = self.rgb.iter().flatten().copied().collect();
        encoder
            .write_header()
            .and_then(|mut w| w.write_image_data(&bytes))
            .expect("a PNG written");
    }

    /// How many pixels differ from `other`'s in the rectangle `xs` × `ys`.
    pub fn differences_within(
        &self,
        other: &Shot,
        xs: std::ops::Range<usize>,
        ys: std::ops::Range<usize>,
    ) -> usize {
        ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
            .filter(|&(x, y)| self.rgb[y * self.width + x] != other.rgb[y * other.width + x])
            .count()
    }

    /// How many pixels are within `tolerance` of `colour` in every channel.
    pub fn count_near(&self, colour: [u8; 3], tolerance: u8) -> usize {
        self.rgb
            .iter()
            .filter(|p| (0..3).all(|i| p[i].abs_diff(colour[i]) <= tolerance))
            .count()
    }

    fn distinct_colours(&self) -> usize {
        let mut seen: Vec<[u8; 3]> = self.rgb.clone();
        seen.sort();
        seen.dedup();
        seen.len()
    }
}

/// Runs the game under a virtual display; returns the screenshot.
fn screenshot(name: &str, args: &[&str]) -> Shot {
    screenshot_on("1280x800", name, args)
}

/// The same on a virtual screen of `screen` pixels (WxH).
fn screenshot_on(screen: &str, name: &str, args: &[&str]) -> Shot {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("{name}.png"));
    let _ = std::fs::remove_file(&path);
    let output = Command::new("xvfb-run")
        // Its settings and autosave go to a test folder, not the player's;
        // its language is English whatever this machine's locale.
        .env("LINEUP_HOME", dir.join(format!("{name}-home")))
        .env("LC_ALL", "C.UTF-8")
        .env_remove("LANGUAGE")
        .args(["-a", "-s", &format!("-screen 0 {screen}x24")])
        .arg(env!("CARGO_BIN_EXE_lineup"))
        .args(args)
        .arg("--screenshot")
        .arg(&path)
        .output()
        .expect(
            "xvfb-run is installed (scripts/test.sh installs it; LINEUP_SKIP_WINDOW_TESTS=1 skips)",
        );
    assert!(
        output.status.success(),
        "lineup {args:?} failed: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    Shot::load(&path)
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn connect_four_window_shows_the_frame_and_discs() {
    let shot = screenshot("connect_four", &["--game", "connect4", "--moves", "4453"]);
    assert_eq!((shot.width, shot.height), (1280, 800));
    assert!(shot.distinct_colours() > 50, "not a blank frame");
    // The blue frame covers a large area; four discs show red and yellow.
    assert!(
        shot.count_near([26, 82, 204], 30) > 100_000,
        "the blue frame"
    );
    assert!(shot.count_near([224, 38, 43], 30) > 5_000, "red discs");
    assert!(shot.count_near([252, 207, 33], 30) > 5_000, "yellow discs");
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn gomoku_window_shows_the_wood_and_stones() {
    let shot = screenshot(
        "gomoku",
        &[
            "--game",
            "gomoku",
            "--rule",
            "renju",
            "--moves",
            "h8i9j10h9",
        ],
    );
    assert!(shot.distinct_colours() > 50, "not a blank frame");
    assert!(
        shot.count_near([222, 176, 110], 40) > 100_000,
        "the wooden board"
    );
    assert!(shot.count_near([26, 26, 28], 20) > 1_000, "black stones");
}

#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn title_window_shows_the_menu() {
    let shot = screenshot("title", &[]);
    assert!(shot.distinct_colours() > 20, "not a blank frame");
    assert!(shot.count_near([253, 196, 69], 40) > 500, "the gold title");
    // The title's seven buttons (New game to Quit, 64 pixels apart from
    // y 284), each a button's fill (or its focused/hovered fill), darker
    // panel between them, and a label in light text across its middle.
    const BUTTON: [u8; 3] = [59, 71, 100];
    const BUTTON_LIT: [u8; 3] = [79, 97, 135];
    for (k, y) in (0..7).map(|k| (k, 284 + 64 * k)) {
        let fill = shot.around(505, y);
        assert!(
            near(fill, BUTTON, 12) || near(fill, BUTTON_LIT, 12),
            "button {k} is not on screen: {fill:?} at (505, {y})"
        );
        let label = shot.count_near_within([235, 235, 240], 30, 560..720, y - 12..y + 12);
        assert!(label > 40, "button {k} has no label ({label} light pixels)");
    }
    assert!(
        !near(shot.around(505, 284 + 32), BUTTON, 12),
        "buttons are drawn apart"
    );
}

/// Every grid line of an empty 15×15 board is the same number of pixels
/// wide, at every window size (at 800×600 they were 1 and 2 pixels by
/// turns). Read across the band between the first two lines from the top
/// (rows) and from the left (columns), where no star point sits; the edge
/// lines heavier, on a flipped board too.
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn the_gomoku_grid_lines_are_even_at_every_size() {
    const GRID: [u8; 3] = [69, 46, 23];
    // The last: flipped (White against the computer sees it so).
    for (size, flipped) in [
        ("800x600", false),
        ("1280x800", false),
        ("1920x1080", false),
        ("800x600", true),
    ] {
        let mut args = vec!["--game", "gomoku", "--window", size];
        if flipped {
            args.extend(["--first", "computer:beginner"]);
        }
        let shot = screenshot_on(size, &format!("grid-{size}-{flipped}"), &args);
        let dark = |x: usize, y: usize| near(shot.around_one(x, y), GRID, 40);
        // The widths of the dark runs along one row or column.
        let runs = |line: &mut dyn Iterator<Item = bool>| {
            let mut widths = Vec::new();
            let mut run = 0;
            for is_dark in line.chain([false]) {
                if is_dark {
                    run += 1;
                } else if run > 0 {
                    widths.push(run);
                    run = 0;
                }
            }
            widths
        };
        for across_rows in [true, false] {
            let (length, depth) = if across_rows {
                (shot.width, shot.height)
            } else {
                (shot.height, shot.width)
            };
            let mut band = Vec::new();
            for k in 0..depth {
                let widths = runs(
                    &mut (0..length).map(|i| if across_rows { dark(i, k) } else { dark(k, i) }),
                );
                // The first band of rows (or columns) crossing just the 15
                // lines (the coordinates' 15 letters make a short one).
                if widths.len() == 15 {
                    band.push((k, widths));
                } else if band.len() > 8 {
                    break;
                } else {
                    band.clear();
                }
            }
            assert!(
                band.len() > 8,
                "{size}: no band of 15 lines ({across_rows})"
            );
            for (k, widths) in band {
                let inner = &widths[1..14];
                let what = if across_rows { "row" } else { "column" };
                assert!(
                    inner.iter().all(|w| *w == inner[0]),
                    "{size}: lines of uneven widths at {what} {k}: {widths:?}"
                );
                assert!(
                    widths[0] > inner[0] && widths[14] > inner[0],
                    "{size}: the edges are not heavier at {what} {k}: {widths:?}"
                );
            }
        }
    }
}

fn near(colour: [u8; 3], wanted: [u8; 3], tolerance: u8) -> bool {
    (0..3).all(|i| colour[i].abs_diff(wanted[i]) <= tolerance)
}

const RED: [u8; 3] = [224, 38, 43];
const YELLOW: [u8; 3] = [252, 207, 33];

/// Review mode at move 3 of `4455443` shows only the first three discs
/// (4, 4, 5), the review panel with its graph, and no later disc.
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn review_mode_shows_connect_four_at_an_earlier_move() {
    let shot = screenshot(
        "review_connect_four",
        &["--game", "connect4", "--moves", "4455443", "--review", "3"],
    );
    // Cell centres: column 4 is x 490, column 5 x 586; the bottom row is
    // y 650, the one above y 554.
    assert!(near(shot.around(490, 650), RED, 40), "red on 4, bottom");
    assert!(near(shot.around(490, 554), YELLOW, 40), "yellow on 4");
    assert!(near(shot.around(586, 650), RED, 40), "red on 5, bottom");
    // Yellow's 5 (move 4) and Red's 3 (move 7) are not on the board yet.
    assert!(
        !near(shot.around(586, 554), YELLOW, 60),
        "a later disc on 5"
    );
    assert!(!near(shot.around(394, 650), RED, 60), "a later disc on 3");
    // The panel's gold frame and title, and bars of both colours in the graph
    // (right of x 960).
    let right = |colour, tolerance| {
        (0..shot.height)
            .flat_map(|y| (960..shot.width).map(move |x| (x, y)))
            .filter(|&(x, y)| near(shot.around_one(x, y), colour, tolerance))
            .count()
    };
    assert!(right([253, 196, 69], 40) > 500, "the review panel");
    assert!(
        right(RED, 30) > 50 && right(YELLOW, 30) > 50,
        "the graph's bars"
    );
}

/// Review of a Gomoku game at move 2: h8 and i9 on the board, not j10.
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn review_mode_shows_gomoku_at_an_earlier_move() {
    let shot = screenshot(
        "review_gomoku",
        &["--game", "gomoku", "--moves", "h8i9j10h9", "--review", "2"],
    );
    // The grid's gap is 45 pixels, h8 at (490, 410); i9 is up and right.
    let black = [26, 26, 28];
    let white = [242, 242, 237];
    assert!(near(shot.around(490, 410), black, 40), "black on h8");
    // i9 is the last move shown: white, with the red last-move dot.
    assert!(near(shot.around(545, 375), white, 40), "white on i9");
    assert!(
        near(shot.around(535, 365), [230, 51, 38], 60),
        "the dot on i9"
    );
    assert!(
        !near(shot.around(580, 320), black, 60),
        "j10 (move 3) shows"
    );
    assert!(!near(shot.around(490, 365), white, 60), "h9 (move 4) shows");
}

/// The light theme and the colour-blind safe discs, chosen in the settings
/// file: a light background, vermilion and yellow discs, no classic red.
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn light_theme_and_colour_blind_discs_show() {
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("light_theme-home");
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("config")).expect("a config folder");
    std::fs::write(
        home.join("config").join("settings.ron"),
        "(theme: Light, piece_colours: ColourBlindSafe)",
    )
    .expect("settings written");
    let shot = screenshot("light_theme", &["--game", "connect4", "--moves", "4453"]);
    assert!(
        near(shot.around(20, 20), [230, 235, 242], 6),
        "a light background: {:?}",
        shot.around(20, 20)
    );
    assert!(shot.count_near([213, 94, 0], 25) > 5_000, "vermilion discs");
    assert!(shot.count_near([240, 228, 66], 25) > 5_000, "yellow discs");
    assert!(shot.count_near(RED, 12) < 200, "no classic red");
}

/// `--language zh-CN` writes the title screen in Chinese: the subtitle
/// under the name is drawn differently from the English one, and the
/// buttons' text differs, while the name itself stays.
#[test]
#[cfg_attr(
    skip_window_tests,
    ignore = "needs a display: LINEUP_SKIP_WINDOW_TESTS is set"
)]
fn the_title_screen_speaks_chinese_when_asked() {
    let english = screenshot("title_en", &["--language", "en"]);
    let chinese = screenshot("title_zh", &["--language", "zh-CN"]);
    let differing = |x0: usize, y0: usize, x1: usize, y1: usize| {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| english.around_one(x, y) != chinese.around_one(x, y))
            .count()
    };
    // The subtitle, and the first button's label ("New game" / "新对局").
    assert!(differing(440, 140, 840, 175) > 500, "the subtitle");
    assert!(differing(560, 268, 720, 300) > 300, "the first button");
    // "Lineup" is the name in both.
    assert!(differing(480, 50, 800, 130) < 50, "the name");
}
