//! The client crate's tests: the session's phases with no sockets.

mod session;
