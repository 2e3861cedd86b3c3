//! The kinds of URL: one per production of the three grammars.

use crate::vocabulary::dialect::Dialect;
use std::fmt;

/// Which production a URL matches: one of RFC 1738 section 5, or one RFC 1630 adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum UrlKind {
    /// `httpurl` (section 3.3)
    Http,
    /// `ftpurl` (section 3.2)
    Ftp,
    /// `gopherurl` (section 3.4)
    Gopher,
    /// `mailtourl` (section 3.5)
    Mailto,
    /// `newsurl` (section 3.6)
    News,
    /// `nntpurl` (section 3.7)
    Nntp,
    /// `telneturl` (section 3.8)
    Telnet,
    /// `waisurl` (section 3.9)
    Wais,
    /// `fileurl` (section 3.10)
    File,
    /// `prosperourl` (section 3.11)
    Prospero,
    /// `otherurl`: any other scheme, read as `genericurl` (section 5); in the RFC 1630
    /// dialects, the generic `uri` (draft-www-uri-00: `generic`)
    Generic,
    /// RFC 1630 `midaddress`: a message-id
    Mid,
    /// RFC 1630 `cidaddress`: a MIME Content-ID
    Cid,
    /// RFC 1630 reserves the scheme `urn`; read as a generic `uri`
    Urn,
    /// rlogin, which RFC 1630's text reads as telnet
    Rlogin,
    /// tn3270, which RFC 1630's text reads as telnet
    Tn3270,
}

impl UrlKind {
    /// Every kind: RFC 1738's ten predefined schemes, generic, then RFC 1630's additions.
    pub const ALL: [UrlKind; 16] = [
        UrlKind::Http,
        UrlKind::Ftp,
        UrlKind::Gopher,
        UrlKind::Mailto,
        UrlKind::News,
        UrlKind::Nntp,
        UrlKind::Telnet,
        UrlKind::Wais,
        UrlKind::File,
        UrlKind::Prospero,
        UrlKind::Generic,
        UrlKind::Mid,
        UrlKind::Cid,
        UrlKind::Urn,
        UrlKind::Rlogin,
        UrlKind::Tn3270,
    ];

    /// The kind a scheme name selects in RFC 1738 (case-insensitively, section 2.1): one of
    /// the ten predefined schemes, otherwise [`UrlKind::Generic`].
    ///
    /// ```
    /// use rfc1738::UrlKind;
    /// assert_eq!(UrlKind::from_scheme("HTTP"), UrlKind::Http);
    /// assert_eq!(UrlKind::from_scheme("x-gopher"), UrlKind::Generic);
    /// ```
    pub fn from_scheme(scheme: &str) -> UrlKind {
        match UrlKind::named(scheme.as_bytes()) {
            Some(kind) if kind.is_rfc1738_scheme() => kind,
            _ => UrlKind::Generic,
        }
    }

    /// Whether this kind is one of RFC 1738's ten predefined schemes (the first ten of
    /// [`UrlKind::ALL`]).
    fn is_rfc1738_scheme(self) -> bool {
        UrlKind::ALL[..10].contains(&self)
    }

    /// The kind whose [`UrlKind::name`] is `scheme` (bytes), in any case: compared by
    /// [`name_key`] with every kind's name, the search `extract` runs at each colon.
    pub(crate) fn named(scheme: &[u8]) -> Option<UrlKind> {
        if scheme.is_empty() || scheme.len() > LONGEST_NAME {
            return None;
        }
        let key = name_key(scheme);
        UrlKind::ALL
            .iter()
            .zip(NAME_KEYS)
            .find(|(_, (known, len))| *known == key && *len == scheme.len())
            .map(|(&kind, _)| kind)
    }

    /// The scheme name in lower case (`"http"`), or `"generic"`.
    pub const fn name(self) -> &'static str {
        match self {
            UrlKind::Http => "http",
            UrlKind::Ftp => "ftp",
            UrlKind::Gopher => "gopher",
            UrlKind::Mailto => "mailto",
            UrlKind::News => "news",
            UrlKind::Nntp => "nntp",
            UrlKind::Telnet => "telnet",
            UrlKind::Wais => "wais",
            UrlKind::File => "file",
            UrlKind::Prospero => "prospero",
            UrlKind::Generic => "generic",
            UrlKind::Mid => "mid",
            UrlKind::Cid => "cid",
            UrlKind::Urn => "urn",
            UrlKind::Rlogin => "rlogin",
            UrlKind::Tn3270 => "tn3270",
        }
    }

    /// The RFC's name for the production (`"httpurl"`, ..., `"genericurl"`; RFC 1630's
    /// `"midaddress"` and `"cidaddress"`; `"uri"` for urn, `"telnetaddress"` for rlogin and
    /// tn3270, which RFC 1630 names in its text only).
    pub fn production(self) -> &'static str {
        match self {
            UrlKind::Http => "httpurl",
            UrlKind::Ftp => "ftpurl",
            UrlKind::Gopher => "gopherurl",
            UrlKind::Mailto => "mailtourl",
            UrlKind::News => "newsurl",
            UrlKind::Nntp => "nntpurl",
            UrlKind::Telnet => "telneturl",
            UrlKind::Wais => "waisurl",
            UrlKind::File => "fileurl",
            UrlKind::Prospero => "prosperourl",
            UrlKind::Generic => "genericurl",
            UrlKind::Mid => "midaddress",
            UrlKind::Cid => "cidaddress",
            UrlKind::Urn => "uri",
            UrlKind::Rlogin | UrlKind::Tn3270 => "telnetaddress",
        }
    }

    /// The default port of RFC 1738 section 3 (`None` for schemes without one, and for
    /// rlogin and tn3270, for which neither RFC gives one).
    pub fn default_port(self) -> Option<u16> {
        match self {
            UrlKind::Ftp => Some(21),
            UrlKind::Http => Some(80),
            UrlKind::Gopher => Some(70),
            UrlKind::Nntp => Some(119),
            UrlKind::Telnet => Some(23),
            UrlKind::Wais => Some(210),
            UrlKind::Prospero => Some(1525),
            UrlKind::Mailto
            | UrlKind::News
            | UrlKind::File
            | UrlKind::Generic
            | UrlKind::Mid
            | UrlKind::Cid
            | UrlKind::Urn
            | UrlKind::Rlogin
            | UrlKind::Tn3270 => None,
        }
    }

    /// Whether the production starts `scheme "://"`.
    pub(crate) fn has_slashes(self) -> bool {
        !matches!(
            self,
            UrlKind::Mailto
                | UrlKind::News
                | UrlKind::Generic
                | UrlKind::Mid
                | UrlKind::Cid
                | UrlKind::Urn
        )
    }

    /// Whether the production's authority is a `login` (user and password allowed) rather
    /// than a bare `hostport`.
    pub(crate) fn allows_login(self) -> bool {
        matches!(
            self,
            UrlKind::Ftp | UrlKind::Telnet | UrlKind::Generic | UrlKind::Rlogin | UrlKind::Tn3270
        )
    }
}

impl fmt::Display for UrlKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl UrlKind {
    /// The production's name in `dialect`'s grammar: RFC 1738's `httpurl` is RFC 1630's
    /// `httpaddress`.
    ///
    /// ```
    /// use rfc1738::{Dialect, UrlKind};
    /// assert_eq!(UrlKind::Http.production_in(Dialect::Rfc1738), "httpurl");
    /// assert_eq!(UrlKind::Http.production_in(Dialect::Rfc1630), "httpaddress");
    /// assert_eq!(UrlKind::Generic.production_in(Dialect::DraftWwwUri00), "generic");
    /// assert_eq!(UrlKind::Http.production_in(Dialect::Rfc2396), "absoluteURI");
    /// ```
    pub fn production_in(self, dialect: Dialect) -> &'static str {
        match dialect {
            Dialect::Rfc1738 => return self.production(),
            // One syntax for every scheme: `absoluteURI` (a relative reference has no
            // kind of its own).
            Dialect::Rfc2396 => return "absoluteURI",
            Dialect::Rfc1630 | Dialect::DraftWwwUri00 => {}
        }
        match self {
            UrlKind::Http => "httpaddress",
            UrlKind::Ftp => "ftpaddress",
            UrlKind::Gopher => "gopheraddress",
            UrlKind::Mailto => "mailtoaddress",
            UrlKind::News => "newsaddress",
            UrlKind::Nntp => "nntpaddress",
            UrlKind::Telnet => "telnetaddress",
            UrlKind::Rlogin => "rloginaddress",
            UrlKind::Tn3270 => "tn3270address",
            UrlKind::Wais => "waisaddress",
            UrlKind::Prospero => "prosperolink",
            UrlKind::Mid => "midaddress",
            UrlKind::Cid => "cidaddress",
            UrlKind::File | UrlKind::Generic | UrlKind::Urn => match dialect {
                Dialect::DraftWwwUri00 => "generic",
                _ => "uri",
            },
        }
    }

    /// The kind a scheme name selects in `dialect` (case-insensitively).
    ///
    /// ```
    /// use rfc1738::{Dialect, UrlKind};
    /// assert_eq!(UrlKind::from_scheme_in("mid", Dialect::Rfc1630), UrlKind::Mid);
    /// assert_eq!(UrlKind::from_scheme_in("file", Dialect::Rfc1630), UrlKind::Generic);
    /// assert_eq!(UrlKind::from_scheme_in("mid", Dialect::Rfc1738), UrlKind::Generic);
    /// assert_eq!(UrlKind::from_scheme_in("http", Dialect::Rfc2396), UrlKind::Generic);
    /// ```
    pub fn from_scheme_in(scheme: &str, dialect: Dialect) -> UrlKind {
        match dialect {
            Dialect::Rfc1738 => return UrlKind::from_scheme(scheme),
            // RFC 2396 reads every scheme by one generic syntax.
            Dialect::Rfc2396 => return UrlKind::Generic,
            Dialect::Rfc1630 | Dialect::DraftWwwUri00 => {}
        }
        match UrlKind::named(scheme.as_bytes()) {
            Some(UrlKind::File) | None => UrlKind::Generic,
            Some(kind) => kind,
        }
    }
}

/// The longest name of a kind (`prospero`), in bytes.
pub(crate) const LONGEST_NAME: usize = 8;

/// A name of at most [`LONGEST_NAME`] bytes in lower case, packed in a word: names are
/// compared by their keys and lengths.
const fn name_key(name: &[u8]) -> u64 {
    let mut key = 0;
    let mut i = 0;
    while i < name.len() && i < LONGEST_NAME {
        key |= (name[i].to_ascii_lowercase() as u64) << (8 * i);
        i += 1;
    }
    key
}

/// The key and length of each kind's name, in the order of [`UrlKind::ALL`].
const NAME_KEYS: [(u64, usize); UrlKind::ALL.len()] = {
    let mut keys = [(0, 0); UrlKind::ALL.len()];
    let mut i = 0;
    while i < keys.len() {
        let name = UrlKind::ALL[i].name().as_bytes();
        assert!(name.len() <= LONGEST_NAME);
        keys[i] = (name_key(name), name.len());
        i += 1;
    }
    keys
};

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_kind_is_found_by_its_name_in_any_case_and_nothing_else_is() {
        for kind in UrlKind::ALL {
            assert_eq!(UrlKind::named(kind.name().as_bytes()), Some(kind));
            assert_eq!(
                UrlKind::named(kind.name().to_ascii_uppercase().as_bytes()),
                Some(kind)
            );
            let rfc1738 = if UrlKind::ALL[..10].contains(&kind) {
                kind
            } else {
                UrlKind::Generic
            };
            assert_eq!(UrlKind::from_scheme(kind.name()), rfc1738);
            let family = if kind == UrlKind::File {
                UrlKind::Generic
            } else {
                kind
            };
            assert_eq!(
                UrlKind::from_scheme_in(kind.name(), Dialect::Rfc1630),
                family
            );
        }
        for other in [
            "",
            "h",
            "htt",
            "https",
            "prosperos",
            "x-gopher",
            "ftp\u{e9}",
            "FTPX",
        ] {
            assert_eq!(UrlKind::named(other.as_bytes()), None, "{other:?}");
            assert_eq!(UrlKind::from_scheme(other), UrlKind::Generic);
        }
    }
}
