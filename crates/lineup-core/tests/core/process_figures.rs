//! A process's figures from `/proc` (`lineup_core::process_figures`): this
//! test process's own memory and CPU time, and the listener it opens found
//! by its port. Linux only, as the module is.

#![cfg(target_os = "linux")]

use lineup_core::process_figures::{cpu_seconds, find_by_tcp_port, resident_bytes, resident_mb};
use std::net::TcpListener;

#[test]
fn this_process_is_read_and_found_by_its_port() {
    let me = std::process::id();
    let bytes = resident_bytes(me).expect("this process's memory");
    assert!(bytes > 1024 * 1024, "{bytes} bytes");
    let mb = resident_mb(me).expect("the same in megabytes");
    assert!(mb > 1.0, "{mb} MB");
    assert!(cpu_seconds(me).expect("this process's CPU time") >= 0.0);

    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("an address").port();
    assert_eq!(find_by_tcp_port(port), Some(me));
    drop(listener);
    assert_eq!(find_by_tcp_port(port), None, "nobody listens there now");
    assert_eq!(resident_bytes(u32::MAX), None, "no such process");
}
