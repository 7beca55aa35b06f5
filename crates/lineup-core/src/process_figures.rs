//! A running process's figures, read from `/proc`: which process listens
//! on a TCP port, and what a process costs (CPU time, memory). For the
//! server load tool's report, the Gomocup manager's watch on an engine's
//! memory and the game's soak. Linux only; elsewhere every answer is
//! `None`.

use std::fs;

/// The process listening on TCP `port`.
pub fn find_by_tcp_port(port: u16) -> Option<u32> {
    // The state column (fields[3]) is 0A for a listening socket.
    let inodes: Vec<String> = ["/proc/net/tcp", "/proc/net/tcp6"]
        .iter()
        .filter_map(|table| fs::read_to_string(table).ok())
        .flat_map(|text| {
            text.lines()
                .skip(1)
                .filter_map(|line| {
                    let fields: Vec<&str> = line.split_whitespace().collect();
                    let local = fields.get(1)?;
                    let local_port = u16::from_str_radix(local.rsplit(':').next()?, 16).ok()?;
                    let listening = fields.get(3) == Some(&"0A");
                    (listening && local_port == port)
                        .then(|| fields.get(9).map(|s| s.to_string()))?
                })
                .collect::<Vec<_>>()
        })
        .collect();
    if inodes.is_empty() {
        return None;
    }
    let wanted: Vec<String> = inodes.iter().map(|i| format!("socket:[{i}]")).collect();
    for entry in fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(fds) = fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(target) = fs::read_link(fd.path())
                && wanted.iter().any(|w| target.to_string_lossy() == *w)
            {
                return Some(pid);
            }
        }
    }
    None
}

/// CPU time (user + system) the process has used, in seconds.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / clock_ticks_per_second())
}

/// Resident memory of the process, in megabytes.
pub fn resident_mb(pid: u32) -> Option<f64> {
    resident_bytes(pid).map(|bytes| bytes as f64 / (1024.0 * 1024.0))
}

/// Resident memory of the process, in bytes.
pub fn resident_bytes(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn clock_ticks_per_second() -> f64 {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sysconf only reads a system constant.
        let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        if ticks > 0 {
            return ticks as f64;
        }
    }
    100.0
}
