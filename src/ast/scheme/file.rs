//! FILE URLs, RFC 1738 section 3.10:
//! `fileurl = "file://" [ host | "localhost" ] "/" fpath`.

use crate::ast::host::{Host, HostSpan};
use crate::ast::scheme::macros::url_text;
use crate::vocabulary::escape::{Escaped, Segments};
use crate::vocabulary::span::Span;
use std::borrow::Cow;
use std::fmt;

/// A `fileurl`: an optional host and a path of `fsegment`s.
///
/// ```
/// use rfc1738::Url;
///
/// let Url::File(file) = rfc1738::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt").unwrap() else {
///     unreachable!()
/// };
/// assert_eq!(file.host().unwrap().as_str(), "vms.host.edu");
/// assert!(!file.is_local());
///
/// let Url::File(local) = rfc1738::parse("file:///etc/motd").unwrap() else { unreachable!() };
/// assert_eq!(local.host(), None);
/// assert!(local.is_local());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) host: Option<HostSpan>,
    pub(crate) fpath: Span,
}

url_text!(FileUrl { host, fpath });

impl<'a> FileUrl<'a> {
    /// The host as written; `None` when empty (`file:///path`).
    pub fn host(&self) -> Option<Host<'_>> {
        self.host.map(|host| host.view(&self.text))
    }

    /// Whether the URL names a file on the machine reading it: section 3.10 says the host
    /// `localhost` (compared ignoring case, as host names are) or an empty host means "the
    /// machine from which the URL is being interpreted".
    pub fn is_local(&self) -> bool {
        self.host()
            .is_none_or(|host| host.as_str().eq_ignore_ascii_case("localhost"))
    }

    /// The path: RFC 1738's `fpath` (section 3.10) as written, without the `/` before it.
    /// (`path` in the JSON report and in Python, there as its decoded segments.)
    pub fn path(&self) -> Escaped<'_> {
        self.fpath.escaped(&self.text)
    }

    /// The `fsegment`s of the path.
    pub fn segments(&self) -> Segments<'_> {
        Segments::new(Some(self.path()))
    }

    /// The url-path: the `fpath` as written.
    pub fn url_path(&self) -> Option<&str> {
        Some(self.fpath.of_text(&self.text))
    }
}

impl fmt::Debug for FileUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FileUrl")
            .field("host", &self.host())
            .field("fpath", &self.path())
            .finish()
    }
}
