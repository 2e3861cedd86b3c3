//! The partial file of `fetch -o FILE`: made new in FILE's folder under a name nobody can
//! guess, written while the body comes, renamed to FILE once the fetch is done, removed
//! when it fails and, on Unix, when a SIGINT or SIGTERM ends the command.
//!
//! A shared folder may hold anything under a name the command would use: a file, or a
//! symlink another user planted to have the body written through it to a file of ours.
//! So the partial file is never opened, only created: `O_CREAT|O_EXCL` (tempfile), which
//! fails on any name already there, a symlink included, under a random name
//! (`.FILE.XXXXXX.part`, tried again on a clash). The rename replaces FILE itself, never
//! what a symlink at FILE points to.

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use tempfile::TempPath;

/// The partial file of the fetch under way, for the thread that removes it on a signal.
static UNDER_WAY: Mutex<Option<PathBuf>> = Mutex::new(None);

fn under_way() -> MutexGuard<'static, Option<PathBuf>> {
    UNDER_WAY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A partial file: removed when dropped, unless renamed to its file by
/// [`Partial::finish`].
pub(crate) struct Partial {
    file: File,
    path: Option<TempPath>,
}

impl Partial {
    /// Creates the partial file of `target` in its folder. On Unix its mode is 0666 less
    /// the umask, as for a file the command would create (`File::create`), not the 0600
    /// of a temporary file: FILE gets the permissions any downloaded file gets.
    pub(crate) fn create(target: &Path) -> io::Result<Partial> {
        remove_on_signal();
        let folder = match target.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        let mut prefix = OsString::from(".");
        prefix.push(target.file_name().unwrap_or_default());
        prefix.push(".");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".part");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        // Made and recorded under the lock: a signal in between still finds it.
        let mut under_way = under_way();
        let (file, path) = builder.tempfile_in(folder)?.into_parts();
        *under_way = Some(path.to_path_buf());
        Ok(Partial {
            file,
            path: Some(path),
        })
    }

    /// Where the body goes.
    pub(crate) fn file(&self) -> &File {
        &self.file
    }

    /// Renames the partial file to `target` (replacing what is there). When that fails
    /// the partial file is removed.
    pub(crate) fn finish(mut self, target: &Path) -> io::Result<()> {
        let mut under_way = under_way();
        *under_way = None;
        match self.path.take() {
            Some(path) => path.persist(target).map_err(|failed| failed.error),
            None => Ok(()),
        }
    }
}

impl Drop for Partial {
    /// Removes the partial file, if it was not renamed.
    fn drop(&mut self) {
        let mut under_way = under_way();
        if let Some(path) = self.path.take() {
            *under_way = None;
            let _ = path.close();
        }
    }
}

/// On the first call, starts the thread that waits for SIGINT and SIGTERM: it removes the
/// partial file under way, if any, then ends the process as the signal does by default
/// (a shell shows 130 or 143, and a script's loop stops as for any program so ended). If
/// the handlers cannot be set, the command runs without them.
#[cfg(unix)]
fn remove_on_signal() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // The lock is held to the end: the fetch cannot rename the file meanwhile.
                let under_way = under_way();
                if let Some(path) = under_way.as_ref() {
                    let _ = std::fs::remove_file(path);
                }
                let _ = signal_hook::low_level::emulate_default_handler(signal);
                std::process::exit(128 + signal);
            }
        });
    });
}

/// Elsewhere no handler is set: a failed fetch still removes its partial file.
#[cfg(not(unix))]
fn remove_on_signal() {}
