//! Addresses as people type them: `192.168.1.5`, `host:7878`, `[::1]:7878`,
//! a name the system can look up. The port defaults to Lineup's.

use std::net::{IpAddr, SocketAddr, ToSocketAddrs};

/// The port a hosted game and `lineup-server` listen on unless told another.
pub const DEFAULT_PORT: u16 = 7878;

/// Reads an address as typed.
pub fn parse_address(text: &str) -> Result<SocketAddr, String> {
    if let Some(address) = parse_literal(text)? {
        return Ok(address);
    }
    let text = text.trim();
    let with_port = if text.contains(':') {
        text.to_string()
    } else {
        format!("{text}:{DEFAULT_PORT}")
    };
    with_port
        .to_socket_addrs()
        .ok()
        .and_then(|mut found| found.next())
        .ok_or_else(|| format!("\"{text}\" is not an address Lineup can find."))
}

/// What [`parse_address`] reads without asking the system: an IP address
/// with or without a port (`None`: a name to look up; an error for nothing
/// typed).
pub fn parse_literal(text: &str) -> Result<Option<SocketAddr>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Type the address of the computer that hosts, or of a server.".into());
    }
    if let Ok(address) = text.parse::<SocketAddr>() {
        return Ok(Some(address));
    }
    if let Ok(ip) = text.trim_matches(['[', ']']).parse::<IpAddr>() {
        return Ok(Some(SocketAddr::new(ip, DEFAULT_PORT)));
    }
    Ok(None)
}
