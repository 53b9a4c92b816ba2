//! Long calls that Ctrl-C can stop: the work runs on a thread of its own while the calling
//! thread, without the GIL, wakes every 50 ms to let Python run its signal handlers. When one
//! raises (KeyboardInterrupt for SIGINT), the work is told to stop, is joined, and the
//! exception is returned. The work checks its flag between units of a bounded size (see
//! `units`), so it ends within one unit.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the calling thread checks for signals while the work runs.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on another thread and returns its answer, or the exception a signal handler
/// raised while it ran (the work is then asked to stop through the flag it is given, and its
/// answer is dropped). A panic in `work` is passed on.
pub(crate) fn run_interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&AtomicBool) -> T + Send,
{
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            // Marked done however `work` ends, so the caller never waits on a dead thread.
            let _done = MarkDone(&done, &caller);
            work(&stop)
        });
        loop {
            py.detach(|| {
                if !done.load(Ordering::Acquire) {
                    std::thread::park_timeout(POLL);
                }
            });
            if done.load(Ordering::Acquire) {
                break;
            }
            if let Err(error) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The work ends within a unit; wait for it without holding the GIL.
                py.detach(|| drop(worker.join()));
                return Err(error);
            }
        }
        let joined = py.detach(|| worker.join());
        Ok(joined.unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// Sets its flag and wakes the caller when dropped, also while unwinding.
struct MarkDone<'a>(&'a AtomicBool, &'a std::thread::Thread);

impl Drop for MarkDone<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
        self.1.unpark();
    }
}
