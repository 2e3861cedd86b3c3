//! PROSPERO URLs, RFC 1738 section 3.11:
//! `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`.

use crate::ast::host::HostPortSpans;
use crate::ast::scheme::macros::{hostport_accessors, url_text};
use crate::vocabulary::escape::{Escaped, Segments};
use crate::vocabulary::span::Span;
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
/// assert_eq!(prospero.hsoname(), "/pros/name");
/// let field = prospero.fields().next().unwrap();
/// assert_eq!((field.name().as_str(), field.value().as_str()), ("OBJECT-VERSION", "2"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProsperoUrl<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) hostport: HostPortSpans,
    pub(crate) ppath: Span,
    pub(crate) fields: Vec<(Span, Span)>,
    /// RFC 1630's `version` after `%00`.
    pub(crate) version: Option<Span>,
    /// RFC 1630's `attributes` after the version.
    pub(crate) attributes: Option<Span>,
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

    /// The hsoname: the `ppath` as written (the `/` after the host is not part of it, so
    /// `prospero://host//pros/name` has hsoname `/pros/name`).
    pub fn hsoname(&self) -> Escaped<'_> {
        self.ppath.escaped(&self.text)
    }

    /// The `psegment`s of the hsoname.
    pub fn segments(&self) -> Segments<'_> {
        Segments::new(Some(self.hsoname()))
    }

    /// The `;fieldname=fieldvalue` pairs, in order.
    pub fn fields(&self) -> impl ExactSizeIterator<Item = Fieldspec<'_>> + '_ {
        self.fields.iter().map(|&(name, value)| Fieldspec {
            name: name.escaped(&self.text),
            value: value.escaped(&self.text),
        })
    }

    /// RFC 1630's `version`: the digits after the escaped NUL (`%00`) that ends the
    /// hsoname. `None` for RFC 1738 URLs and when absent.
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let reference = rfc1738::parse_reference("prospero://host/pros/name%0012ab", Dialect::Rfc1630).unwrap();
    /// let Url::Prospero(prospero) = reference.url() else { unreachable!() };
    /// assert_eq!(prospero.hsoname(), "pros/name");
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

impl fmt::Debug for ProsperoUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProsperoUrl")
            .field("host", &self.host())
            .field("port", &self.port())
            .field("hsoname", &self.hsoname())
            .field("fields", &self.fields().collect::<Vec<_>>())
            .field("version", &self.version())
            .field("attributes", &self.attributes())
            .finish()
    }
}
