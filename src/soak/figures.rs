//! What the soak measures and the one line it ends with: the process's
//! resident memory and the world's entities (sampled at the same point of
//! every game's round, the title screen), the longest frame, and panics
//! (counted by a panic hook, so a panic in a search thread counts too).

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// Resident memory and live entities at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub rss_bytes: u64,
    pub entities: u32,
}

/// The soak's closing line:
/// `soak: games N, panics P, rss start A MB end B MB, entities start C end D, longest frame F ms`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SoakReport {
    pub games: u32,
    pub panics: u32,
    /// After the warm-up (see `Soak::warm_up`), and after the last game.
    pub start: Sample,
    pub end: Sample,
    pub longest_frame: Duration,
}

impl fmt::Display for SoakReport {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mb = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
        write!(
            f,
            "soak: games {}, panics {}, rss start {:.1} MB end {:.1} MB, entities start {} end {}, longest frame {:.1} ms",
            self.games,
            self.panics,
            mb(self.start.rss_bytes),
            mb(self.end.rss_bytes),
            self.start.entities,
            self.end.entities,
            self.longest_frame.as_secs_f64() * 1000.0
        )
    }
}

/// This process's resident memory (0 where it cannot be read).
pub fn resident_bytes() -> u64 {
    lineup_core::process_figures::resident_bytes(std::process::id()).unwrap_or(0)
}

/// Bytes the allocator has handed out and not had back (glibc's
/// `mallinfo2`): unlike the resident size, it does not count memory kept
/// in the allocator's free lists, so it tells a leak from fragmentation.
pub fn heap_in_use() -> Option<u64> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallinfo2 takes nothing and returns a plain struct.
        let info = unsafe { libc::mallinfo2() };
        return Some((info.uordblks + info.hblkhd) as u64);
    }
    #[allow(unreachable_code)]
    None
}

static PANICS: AtomicU32 = AtomicU32::new(0);

/// Counts every panic from now on, in any thread, before the usual report.
pub fn count_panics() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICS.fetch_add(1, Ordering::SeqCst);
        report(info);
    }));
}

/// Panics counted since [`count_panics`].
pub fn panics() -> u32 {
    PANICS.load(Ordering::SeqCst)
}
