//! Making a run's connections before its clock starts: many at once, at
//! most a few hundred handshakes in flight (the server's listen queue is
//! not what is measured), the failures counted with their first reasons.

use std::future::Future;
use tokio::task::{JoinError, JoinSet};

/// How many handshakes may be in flight at once.
const IN_FLIGHT: usize = 256;

/// The connections that failed: how many, and the first few reasons.
#[derive(Debug, Default)]
pub(super) struct Failures {
    pub count: usize,
    pub reasons: Vec<String>,
}

impl Failures {
    /// Keeps what `made` made, or counts why not.
    pub fn take<T>(&mut self, made: Result<T, String>, into: &mut Vec<T>) {
        match made {
            Ok(made) => into.push(made),
            Err(reason) => {
                self.count += 1;
                if self.reasons.len() < 5 {
                    self.reasons.push(reason);
                }
            }
        }
    }

    fn take_joined<T>(&mut self, joined: Result<Result<T, String>, JoinError>, into: &mut Vec<T>) {
        self.take(joined.unwrap_or_else(|e| Err(e.to_string())), into);
    }
}

/// Runs `make(i)` for each `i` below `count`, a task each, and gathers
/// what they made (the failures into `failures`).
pub(super) async fn connect_all<T, F>(
    count: usize,
    mut make: impl FnMut(usize) -> F,
    failures: &mut Failures,
) -> Vec<T>
where
    T: Send + 'static,
    F: Future<Output = Result<T, String>> + Send + 'static,
{
    let mut made = Vec::with_capacity(count);
    let mut making = JoinSet::new();
    for i in 0..count {
        making.spawn(make(i));
        while making.len() >= IN_FLIGHT {
            if let Some(joined) = making.join_next().await {
                failures.take_joined(joined, &mut made);
            }
        }
    }
    while let Some(joined) = making.join_next().await {
        failures.take_joined(joined, &mut made);
    }
    made
}
