//! PROSPERO URLs, RFC 1738 section 3.11:
//! `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`.

use crate::ast::host::HostPortSpans;
use crate::ast::scheme::macros::{hostport_accessors, url_text};
use crate::vocabulary::escape::{Escaped, Segments};
use crate::vocabulary::span::{OptSpan, Span};
use std::borrow::Cow;
use std::fmt;

/// A `prosperourl`: a server, an hsoname (`ppath`) and `;field=value` pairs.
///
/// ```
/// use rfc1738::Url;
///
/// let Url::Prospero(prospero) = rfc1738::parse("prospero://host.dom//pros/name;OBJECT-VERSION=2").unwrap() else {
///     unreachable!()
/// };
/// // Section 3.11: the hsoname of this URL is "/pros/name".
/// assert_eq!(prospero.path(), "/pros/name");
/// let field = prospero.fields().next().unwrap();
/// assert_eq!((field.name().as_str(), field.value().as_str()), ("OBJECT-VERSION", "2"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProsperoUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) hostport: HostPortSpans,
    pub(crate) ppath: Span,
    /// The `fieldspec`s as written, from the first `;` to the end (empty: none).
    pub(crate) fields: Span,
    /// RFC 1630's `version` after `%00`.
    pub(crate) version: OptSpan,
    /// RFC 1630's `attributes` after the version.
    pub(crate) attributes: OptSpan,
}

url_text!(ProsperoUrl {
    hostport,
    ppath,
    fields,
    version,
    attributes
});

/// A `fieldspec`: `";" fieldname "=" fieldvalue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fieldspec<'s> {
    name: Escaped<'s>,
    value: Escaped<'s>,
}

impl<'s> Fieldspec<'s> {
    /// The `fieldname` as written.
    pub fn name(&self) -> Escaped<'s> {
        self.name
    }

    /// The `fieldvalue` as written.
    pub fn value(&self) -> Escaped<'s> {
        self.value
    }
}

impl<'a> ProsperoUrl<'a> {
    hostport_accessors!(hostport);

    /// The path, Prospero's hsoname: RFC 1738's `ppath` (section 3.11) as written (the `/`
    /// after the host is not part of it, so `prospero://host//pros/name` has the path
    /// `/pros/name`). (`path` in the JSON report and in Python.)
    pub fn path(&self) -> Escaped<'_> {
        self.ppath.escaped(&self.text)
    }

    /// The `psegment`s of the hsoname.
    pub fn segments(&self) -> Segments<'_> {
        Segments::new(Some(self.path()))
    }

    /// The `;fieldname=fieldvalue` pairs, in order.
    pub fn fields(&self) -> impl ExactSizeIterator<Item = Fieldspec<'_>> + '_ {
        self.field_spans().map(|(name, value)| Fieldspec {
            name: name.escaped(&self.text),
            value: value.escaped(&self.text),
        })
    }

    /// Where each `fieldspec`'s name and value lie.
    pub(crate) fn field_spans(&self) -> FieldSpans<'_> {
        FieldSpans::new(&self.text, self.fields)
    }

    /// RFC 1630's `version`: the digits after the escaped NUL (`%00`) that ends the
    /// hsoname. `None` for RFC 1738 URLs and when absent.
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let reference = rfc1738::parse_reference("prospero://host/pros/name%0012ab", Dialect::Rfc1630).unwrap();
    /// let Url::Prospero(prospero) = reference.url() else { unreachable!() };
    /// assert_eq!(prospero.path(), "pros/name");
    /// assert_eq!(prospero.version(), Some("12"));
    /// assert_eq!(prospero.attributes(), Some("ab"));
    /// ```
    pub fn version(&self) -> Option<&str> {
        self.version.map(|span| span.of_text(&self.text))
    }

    /// RFC 1630's `attributes` after the version, as written. The grammar cannot tell one
    /// attribute (`alphanums`) from two written together, so this is all of them.
    pub fn attributes(&self) -> Option<&str> {
        self.attributes.map(|span| span.of_text(&self.text))
    }

    /// The url-path: the hsoname and the fields, as written.
    pub fn url_path(&self) -> Option<&str> {
        Some(self.ppath.rest_of(&self.text))
    }
}

/// The name and value of each `fieldspec` (`";" fieldname "=" fieldvalue`) in a stretch of
/// a URL's text that holds nothing else. The grammar lets neither a `fieldname` nor a
/// `fieldvalue` hold `;` or `=`, so each `;` starts a fieldspec and its first `=` ends the
/// name: the fieldspecs are read from the text when asked, not kept.
#[derive(Clone, Debug)]
pub(crate) struct FieldSpans<'s> {
    text: &'s str,
    at: usize,
    end: usize,
    left: usize,
}

impl<'s> FieldSpans<'s> {
    fn new(text: &'s str, fields: Span) -> FieldSpans<'s> {
        let (at, end) = (fields.start as usize, fields.end as usize);
        let left = text.as_bytes()[at..end]
            .iter()
            .filter(|&&b| b == b';')
            .count();
        FieldSpans {
            text,
            at,
            end,
            left,
        }
    }
}

impl Iterator for FieldSpans<'_> {
    type Item = (Span, Span);

    fn next(&mut self) -> Option<(Span, Span)> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        // `at` is on a ";".
        let bytes = &self.text.as_bytes()[..self.end];
        let name = self.at + 1;
        let equals = name + bytes[name..].iter().position(|&b| b == b'=').unwrap_or(0);
        let value_end = bytes[equals + 1..]
            .iter()
            .position(|&b| b == b';')
            .map_or(self.end, |semicolon| equals + 1 + semicolon);
        self.at = value_end;
        let span = |start: usize, end: usize| Span {
            start: start as u32,
            end: end as u32,
        };
        Some((span(name, equals), span(equals + 1, value_end)))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for FieldSpans<'_> {}

impl fmt::Debug for ProsperoUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProsperoUrl")
            .field("host", &self.host())
            .field("port", &self.port())
            .field("hsoname", &self.path())
            .field("fields", &self.fields().collect::<Vec<_>>())
            .field("version", &self.version())
            .field("attributes", &self.attributes())
            .finish()
    }
}
