//! WAIS URLs, RFC 1738 section 3.9:
//! `waisurl = waisdatabase | waisindex | waisdoc`.

use crate::ast::host::HostPortSpans;
use crate::ast::scheme::macros::{hostport_accessors, url_text};
use crate::vocabulary::escape::Escaped;
use crate::vocabulary::span::Span;
use std::borrow::Cow;
use std::fmt;

/// A `waisurl`: a database, a search of an index, or a document by type and path.
///
/// ```
/// use rfc1738::Url;
/// use rfc1738::schemes::WaisForm;
///
/// let Url::Wais(wais) = rfc1738::parse("wais://quake.think.com/directory-of-servers?weather").unwrap() else {
///     unreachable!()
/// };
/// assert_eq!(wais.database(), "directory-of-servers");
/// assert_eq!(wais.form(), WaisForm::Index { search: rfc1738::Escaped::new("weather") });
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WaisUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) hostport: HostPortSpans,
    pub(crate) database: Span,
    pub(crate) form: FormSpans,
}

url_text!(WaisUrl {
    hostport,
    database,
    form
});

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum FormSpans {
    Database,
    Index { search: Span },
    Document { wtype: Span, wpath: Span },
}

/// Which of the three WAIS forms a URL has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WaisForm<'s> {
    /// `waisdatabase`: a database that can be searched.
    Database,
    /// `waisindex`: a search of the database.
    Index {
        /// The `search` after `?`, as written.
        search: Escaped<'s>,
    },
    /// `waisdoc`: one document of the database.
    Document {
        /// The `wtype` (type of the object), as written.
        wtype: Escaped<'s>,
        /// The `wpath` (the document-id, opaque to clients), as written.
        wpath: Escaped<'s>,
    },
}

impl WaisForm<'_> {
    /// `"database"`, `"index"` or `"document"`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            WaisForm::Database => "database",
            WaisForm::Index { .. } => "index",
            WaisForm::Document { .. } => "document",
        }
    }
}

impl<'a> WaisUrl<'a> {
    hostport_accessors!(hostport);

    /// The `database` name as written (may be empty).
    pub fn database(&self) -> Escaped<'_> {
        self.database.escaped(&self.text)
    }

    /// The form: database, index search, or document.
    pub fn form(&self) -> WaisForm<'_> {
        match self.form {
            FormSpans::Database => WaisForm::Database,
            FormSpans::Index { search } => WaisForm::Index {
                search: search.escaped(&self.text),
            },
            FormSpans::Document { wtype, wpath } => WaisForm::Document {
                wtype: wtype.escaped(&self.text),
                wpath: wpath.escaped(&self.text),
            },
        }
    }

    /// The `search` after `?` of a `waisindex`, as written (`search` as [`HttpUrl`] and
    /// [`GopherUrl`] name it); `None` for a database or a document.
    ///
    /// [`HttpUrl`]: crate::schemes::HttpUrl
    /// [`GopherUrl`]: crate::schemes::GopherUrl
    ///
    /// ```
    /// let Ok(rfc1738::Url::Wais(wais)) = rfc1738::parse("wais://quake.think.com/directory-of-servers?weather+maps") else { unreachable!() };
    /// assert_eq!(wais.search().unwrap(), "weather+maps");
    /// let Ok(rfc1738::Url::Wais(wais)) = rfc1738::parse("wais://quake.think.com/directory-of-servers") else { unreachable!() };
    /// assert_eq!(wais.search(), None);
    /// ```
    pub fn search(&self) -> Option<Escaped<'_>> {
        match self.form {
            FormSpans::Index { search } => Some(search.escaped(&self.text)),
            FormSpans::Database | FormSpans::Document { .. } => None,
        }
    }

    /// The `wtype` of a `waisdoc` (the type of the object), as written; `None` for a
    /// database or an index search.
    pub fn wtype(&self) -> Option<Escaped<'_>> {
        match self.form {
            FormSpans::Document { wtype, .. } => Some(wtype.escaped(&self.text)),
            FormSpans::Database | FormSpans::Index { .. } => None,
        }
    }

    /// The `wpath` of a `waisdoc` (the document-id, opaque to clients), as written; `None`
    /// for a database or an index search.
    pub fn wpath(&self) -> Option<Escaped<'_>> {
        match self.form {
            FormSpans::Document { wpath, .. } => Some(wpath.escaped(&self.text)),
            FormSpans::Database | FormSpans::Index { .. } => None,
        }
    }

    /// The fields of an RFC 1630 `wpath` (`digits = path ; [ wpath ]`): each field of the
    /// WAIS document-id, its number and its encoded contents. `None` when the URL is no
    /// document or its wpath is not a sequence of `number=contents;` fields (RFC 1738's
    /// wpath is opaque).
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let reference = rfc1738::parse_reference("wais://host/db/TEXT/1=abc;2=x%20y;", Dialect::Rfc1630).unwrap();
    /// let Url::Wais(wais) = reference.url() else { unreachable!() };
    /// let fields = wais.wpath_fields().unwrap();
    /// assert_eq!(fields[1].number(), "2");
    /// assert_eq!(fields[1].contents().decode_utf8().unwrap(), "x y");
    /// ```
    pub fn wpath_fields(&self) -> Option<Vec<WpathField<'_>>> {
        let FormSpans::Document { wpath, .. } = self.form else {
            return None;
        };
        let mut rest = wpath.of_text(&self.text);
        let mut fields = Vec::new();
        while !rest.is_empty() {
            let (field, after) = rest.split_once(';')?;
            let (number, contents) = field.split_once('=')?;
            if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            fields.push(WpathField {
                number,
                contents: Escaped::new(contents),
            });
            rest = after;
        }
        (!fields.is_empty()).then_some(fields)
    }

    /// The url-path: everything after `hostport/`, as written.
    pub fn url_path(&self) -> Option<&str> {
        Some(self.database.rest_of(&self.text))
    }
}

/// One field of an RFC 1630 `wpath`: `digits "=" path ";"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WpathField<'s> {
    number: &'s str,
    contents: Escaped<'s>,
}

impl<'s> WpathField<'s> {
    /// The field number, as written.
    pub fn number(&self) -> &'s str {
        self.number
    }

    /// The field's contents, as written (escaped).
    pub fn contents(&self) -> Escaped<'s> {
        self.contents
    }
}

impl fmt::Debug for WaisUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WaisUrl")
            .field("host", &self.host())
            .field("port", &self.port())
            .field("database", &self.database())
            .field("form", &self.form())
            .finish()
    }
}
