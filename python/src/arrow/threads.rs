//! Work shared among threads: the one place `rfc1738.arrow` spawns, joins and takes the
//! next piece of shared work.

use std::sync::{Mutex, MutexGuard};

/// Runs `here` on the calling thread while `others` more threads run `other`, and gives
/// `here`'s result with each other thread's (`None` for one that panicked).
pub(crate) fn on_threads<H, R: Send>(
    others: usize,
    other: impl Fn() -> R + Sync,
    here: impl FnOnce() -> H,
) -> (H, Vec<Option<R>>) {
    std::thread::scope(|scope| {
        let other = &other;
        let handles: Vec<_> = (0..others).map(|_| scope.spawn(other)).collect();
        let mine = here();
        let theirs = handles
            .into_iter()
            .map(|handle| handle.join().ok())
            .collect();
        (mine, theirs)
    })
}

/// The shared work behind `lock`, even if a thread panicked while holding it (the work
/// left is still whole: each taker only removes a piece).
pub(crate) fn lock<T>(lock: &Mutex<T>) -> MutexGuard<'_, T> {
    lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
