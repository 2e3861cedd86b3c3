//! serde for the typed AST, behind the `serde` feature: `Serialize` for [`Url`] and
//! [`UrlReference`] (the report's fields, as `rfc1738 parse --json` names them, which
//! [`UrlReference::entries`] gives one by one) and `Deserialize` for [`Url`]. The reports
//! of the command line are `report.rs`.

use crate::ast::component::{Role, Visit, walk};
use crate::ast::host::PortSpan;
use crate::ast::reference::UrlReference;
use crate::ast::scheme::GenericForm;
use crate::ast::url::Url;
use crate::vocabulary::escape::{Escaped, Segments};
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::span::{OptSpan, Span};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use std::borrow::Cow;

/// Writes a reference's [`entries`](UrlReference::entries) into `map`.
pub(crate) fn reference_entries<M: SerializeMap>(
    reference: &UrlReference<'_>,
    map: &mut M,
) -> Result<(), M::Error> {
    for (key, value) in reference.entries() {
        map.serialize_entry(key, &value)?;
    }
    Ok(())
}

/// [`UrlReference::entries`].
pub(crate) fn reference_entries_of<'r>(reference: &'r UrlReference<'_>) -> Entries<'r> {
    Entries {
        head: Head::Reference(reference),
        next: 0,
        url: reference.url(),
        components: None,
        rest: [].iter(),
    }
}

/// [`UrlReference::each_entry`].
pub(crate) fn each_entry_of<'s>(
    reference: &'s UrlReference<'_>,
    mut each: impl FnMut(&'static str, EntryValue<'s>),
) {
    let url = reference.url();
    for next in 0..REFERENCE_ENTRIES.len() as u8 {
        if let Some((name, value)) = head_entry(reference, url, next) {
            each(name, value);
        }
    }
    // Made here rather than returned by `ByRole::of`: the table is not copied.
    let mut components = ByRole::EMPTY;
    walk(url, &mut components);
    for &(name, entry) in report_entries(url) {
        each(name, component_value(url, entry, &components));
    }
}

/// The entries of a report of a URL, in order ([`UrlReference::entries`]): each a name
/// and an [`EntryValue`].
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    /// What comes before the components.
    head: Head<'a>,
    /// The next entry of the head.
    next: u8,
    url: &'a Url<'a>,
    /// The URL's components by role, read when the head is done.
    components: Option<ByRole>,
    /// The component entries still to give.
    rest: std::slice::Iter<'static, (&'static str, Entry)>,
}

/// The entries before a URL's components.
#[derive(Clone, Copy, Debug)]
enum Head<'a> {
    /// A reference's: `kind`, `scheme`, `prefixed`, `fragment`, `display`.
    Reference(&'a UrlReference<'a>),
    /// None: the components alone (a [`Url`]'s map writes its own head).
    Components,
}

impl<'a> Entries<'a> {
    /// The component entries of `url` alone.
    pub(crate) fn components(url: &'a Url<'a>) -> Entries<'a> {
        Entries {
            head: Head::Components,
            next: 0,
            url,
            components: None,
            rest: [].iter(),
        }
    }

    /// The next entry of the head, or `None` when it is done.
    fn head(&mut self) -> Option<(&'static str, EntryValue<'a>)> {
        let Head::Reference(reference) = self.head else {
            return None;
        };
        let entry = head_entry(reference, self.url, self.next)?;
        self.next += 1;
        Some(entry)
    }

    /// The value of a component entry.
    fn value(&self, entry: Entry, components: &ByRole) -> EntryValue<'a> {
        component_value(self.url, entry, components)
    }
}

/// The entry `next` of a reference's head: `kind`, `scheme`, `prefixed`, `fragment`,
/// `display`; `None` past them.
#[inline]
fn head_entry<'a>(
    reference: &'a UrlReference<'a>,
    url: &'a Url<'a>,
    next: u8,
) -> Option<(&'static str, EntryValue<'a>)> {
    Some(match next {
        0 => ("kind", EntryValue::Text(Some(url.kind().name().into()))),
        // An RFC 2396 relative reference has no scheme: null.
        1 => {
            let scheme = url.scheme();
            (
                "scheme",
                EntryValue::Text((!scheme.is_empty()).then(|| scheme.into())),
            )
        }
        2 => ("prefixed", EntryValue::Flag(reference.is_prefixed())),
        3 => (
            "fragment",
            EntryValue::Text(reference.fragment().map(Cow::from)),
        ),
        4 => ("display", EntryValue::Text(Some(reference.as_str().into()))),
        _ => return None,
    })
}

/// The value of a component entry of `url`.
#[inline(always)]
fn component_value<'a>(url: &'a Url<'a>, entry: Entry, components: &ByRole) -> EntryValue<'a> {
    let text = url.as_str();
    let find = |role: Role| components.text(role, text);
    match entry {
        Entry::Text(role) => EntryValue::Text(find(role).map(Cow::from)),
        Entry::TextOrEmpty(role) => EntryValue::Text(Some(find(role).unwrap_or("").into())),
        Entry::Lower(role) => {
            EntryValue::Text(find(role).map(|text| text.to_ascii_lowercase().into()))
        }
        Entry::Port => EntryValue::Number(components.port.map(u64::from)),
        // Digits that do not fit in a u64 (valid: RFC 1738 bounds no article number)
        // give null; their text is another entry's.
        Entry::Number(role) => {
            EntryValue::Number(find(role).and_then(|digits| digits.parse::<u64>().ok()))
        }
        Entry::Segments(role) => {
            EntryValue::Segments(find(role).map(|path| Segments::new(Some(Escaped::new(path)))))
        }
        Entry::Fields => EntryValue::Fields(
            components
                .fields
                .iter()
                .map(|&(name, value)| [name.of_text(text), value.of_text(text)])
                .collect(),
        ),
        Entry::Form => EntryValue::Text(Some(
            match url {
                Url::News(news) => news.grouppart().kind_name(),
                Url::Wais(wais) => wais.form().kind_name(),
                _ => unreachable!("only news and wais URLs have a form entry"),
            }
            .into(),
        )),
        Entry::AfterScheme => {
            let colon = find(Role::Scheme).map_or(0, str::len);
            EntryValue::Text(Some(text[colon + 1..].into()))
        }
        Entry::Authority => EntryValue::Text(match url {
            Url::Generic(generic) => generic
                .authority()
                .map(|authority| authority.as_str().into()),
            _ => None,
        }),
        Entry::PathSegments => EntryValue::Segments(match url {
            Url::Generic(generic) => generic
                .path_segments_span()
                .map(|span| Segments::new(Some(span.escaped(text)))),
            _ => None,
        }),
    }
}

impl<'a> Iterator for Entries<'a> {
    type Item = (&'static str, EntryValue<'a>);

    fn next(&mut self) -> Option<(&'static str, EntryValue<'a>)> {
        if let Some(entry) = self.head() {
            return Some(entry);
        }
        if self.components.is_none() {
            self.components = Some(ByRole::of(self.url));
            self.rest = report_entries(self.url).iter();
        }
        let &(key, entry) = self.rest.next()?;
        let components = self.components.as_ref()?;
        Some((key, self.value(entry, components)))
    }
}

impl std::iter::FusedIterator for Entries<'_> {}

/// The value of one entry of a report of a URL ([`UrlReference::entries`]), which
/// serializes as the report writes it: a string, a boolean, a number, an array, or `null`.
///
/// ```
/// use rfc1738::Dialect;
/// use rfc1738::reports::EntryValue;
///
/// let reference = rfc1738::parse_reference("ftp://h/pub/a;type=A", Dialect::Rfc1738).unwrap();
/// let value = |key: &str| reference.entries().find(|(name, _)| *name == key).unwrap().1;
/// assert_eq!(serde_json::to_string(&value("path")).unwrap(), r#"["pub","a"]"#);
/// assert_eq!(serde_json::to_string(&value("typecode")).unwrap(), r#""a""#);
/// assert_eq!(serde_json::to_string(&value("port")).unwrap(), "null");
/// assert!(matches!(value("prefixed"), EntryValue::Flag(false)));
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum EntryValue<'a> {
    /// A text (as written, or in lower case where the report says so), or `null`.
    Text(Option<Cow<'a, str>>),
    /// `true` or `false`.
    Flag(bool),
    /// A number (a port, an article number), or `null`.
    Number(Option<u64>),
    /// A path's `/`-separated segments (raw texts), or `null` when the URL has no path.
    Segments(Option<Segments<'a>>),
    /// Prospero's fieldspecs, each `[fieldname, fieldvalue]` as written.
    Fields(Vec<[&'a str; 2]>),
}

impl EntryValue<'_> {
    /// Whether the value is `null`: the URL has no such component.
    pub fn is_null(&self) -> bool {
        matches!(
            self,
            EntryValue::Text(None) | EntryValue::Number(None) | EntryValue::Segments(None)
        )
    }
}

impl Serialize for EntryValue<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            EntryValue::Text(text) => text.serialize(serializer),
            EntryValue::Flag(flag) => flag.serialize(serializer),
            EntryValue::Number(number) => number.serialize(serializer),
            // Written one by one, never collected: a long path costs no memory beyond
            // its output.
            EntryValue::Segments(Some(segments)) => {
                serializer.collect_seq(segments.clone().map(|segment| segment.as_str()))
            }
            EntryValue::Segments(None) => serializer.serialize_none(),
            EntryValue::Fields(fields) => fields.serialize(serializer),
        }
    }
}

/// The type of an entry's value ([`EntryValue`]'s variants): what a column of reports
/// holds, for a writer that lays the entries out in typed columns (the Python package's
/// Arrow columns).
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EntryType {
    /// [`EntryValue::Text`]
    Text,
    /// [`EntryValue::Flag`]
    Flag,
    /// [`EntryValue::Number`] for a port: at most 65535.
    Port,
    /// [`EntryValue::Number`]
    Number,
    /// [`EntryValue::Segments`]
    Segments,
    /// [`EntryValue::Fields`]
    Fields,
}

impl Entry {
    fn entry_type(self) -> EntryType {
        match self {
            Entry::Text(_)
            | Entry::TextOrEmpty(_)
            | Entry::Lower(_)
            | Entry::Form
            | Entry::AfterScheme
            | Entry::Authority => EntryType::Text,
            Entry::Port => EntryType::Port,
            Entry::Number(_) => EntryType::Number,
            Entry::Segments(_) | Entry::PathSegments => EntryType::Segments,
            Entry::Fields => EntryType::Fields,
        }
    }
}

/// The entries [`UrlReference::entries`] gives before the components, with their types:
/// `kind`, `scheme`, `prefixed`, `fragment`, `display`.
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub const REFERENCE_ENTRIES: [(&str, EntryType); 5] = [
    ("kind", EntryType::Text),
    ("scheme", EntryType::Text),
    ("prefixed", EntryType::Flag),
    ("fragment", EntryType::Text),
    ("display", EntryType::Text),
];

impl UrlKind {
    /// The component entries of the report of a URL of this kind, in order, each a name
    /// and the type of its value: the names [`UrlReference::entries`] gives after
    /// [`REFERENCE_ENTRIES`], for any URL of the kind. For [`UrlKind::Generic`] (and
    /// [`UrlKind::Urn`]) it is every entry of its three forms, each name once.
    ///
    /// A name has one type in every kind but `path`: the segments of an ftp, file or
    /// prospero path, the text of an http path (`hpath`) or of a generic URI's.
    ///
    /// ```
    /// use rfc1738::UrlKind;
    /// use rfc1738::reports::EntryType;
    ///
    /// let names: Vec<&str> = UrlKind::Nntp.entry_types().map(|(name, _)| name).collect();
    /// assert_eq!(names, ["host", "port", "group", "article", "article_digits"]);
    /// assert!(UrlKind::Ftp.entry_types().any(|entry| entry == ("path", EntryType::Segments)));
    /// assert!(UrlKind::Http.entry_types().any(|entry| entry == ("path", EntryType::Text)));
    /// ```
    pub fn entry_types(self) -> impl Iterator<Item = (&'static str, EntryType)> {
        let forms: &[GenericForm] = match self {
            UrlKind::Generic | UrlKind::Urn => &[
                GenericForm::Opaque,
                GenericForm::IpSchemepart,
                GenericForm::Uri,
                GenericForm::HierPart,
                GenericForm::OpaquePart,
            ],
            _ => &[GenericForm::Opaque],
        };
        let mut seen: Vec<&'static str> = Vec::new();
        forms
            .iter()
            .flat_map(move |&form| entries_of(self, form).iter())
            .filter_map(move |&(name, entry)| {
                if seen.contains(&name) {
                    return None;
                }
                seen.push(name);
                Some((name, entry.entry_type()))
            })
    }
}

/// A URL's components by role, from one walk of them (`Url::walk`): the first span of each role,
/// the port's value as the lowering read it, and prospero's fieldspecs.
#[derive(Clone, Debug)]
struct ByRole {
    spans: [OptSpan; Role::COUNT],
    port: Option<u16>,
    fields: Vec<(Span, Span)>,
}

impl ByRole {
    /// No components yet.
    const EMPTY: ByRole = ByRole {
        spans: [OptSpan::NONE; Role::COUNT],
        port: None,
        fields: Vec::new(),
    };

    fn of(url: &Url<'_>) -> ByRole {
        let mut components = ByRole::EMPTY;
        walk(url, &mut components);
        components
    }

    /// The text of the first component of `role`, in the URL's `text`.
    #[inline(always)]
    fn text<'t>(&self, role: Role, text: &'t str) -> Option<&'t str> {
        self.spans[role as usize].map(|span| span.of_text(text))
    }
}

impl Visit for ByRole {
    fn component(&mut self, role: Role, span: Span) -> bool {
        match role {
            Role::Fieldname => self.fields.push((span, span)),
            Role::Fieldvalue => {
                if let Some(field) = self.fields.last_mut() {
                    field.1 = span;
                }
            }
            _ => {}
        }
        let slot = &mut self.spans[role as usize];
        if slot.get().is_none() {
            *slot = OptSpan::from(Some(span));
        }
        true
    }

    fn port(&mut self, port: PortSpan) -> bool {
        self.port.get_or_insert(port.value);
        self.component(Role::Port, port.span)
    }
}

/// The entries of a URL's report, in order (the fields listed in `corpus/README.md`).
fn report_entries(url: &Url<'_>) -> &'static [(&'static str, Entry)] {
    let form = match url {
        Url::Generic(generic) => generic.form(),
        _ => GenericForm::Opaque,
    };
    entries_of(url.kind(), form)
}

/// The entries of each kind of URL, in order; `form` tells a generic URL's apart.
fn entries_of(kind: UrlKind, form: GenericForm) -> &'static [(&'static str, Entry)] {
    use Entry::*;
    const LOGIN: [(&str, Entry); 4] = [
        ("user", Text(Role::User)),
        ("password", Text(Role::Password)),
        ("host", Text(Role::Host)),
        ("port", Port),
    ];
    match kind {
        UrlKind::Http => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("path", Text(Role::Hpath)),
            ("search", Text(Role::Search)),
        ],
        UrlKind::Ftp => &[
            LOGIN[0],
            LOGIN[1],
            LOGIN[2],
            LOGIN[3],
            ("path", Segments(Role::Fpath)),
            ("typecode", Lower(Role::Typecode)),
            ("ftptype", Text(Role::Ftptype)),
        ],
        UrlKind::Gopher => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("gopher_type", Text(Role::Gtype)),
            ("selector", TextOrEmpty(Role::Selector)),
            ("search", Text(Role::Search)),
            ("gopher_plus", Text(Role::GopherPlus)),
        ],
        UrlKind::Mailto => &[("address", TextOrEmpty(Role::Encoded822addr))],
        UrlKind::News => &[
            ("grouppart_kind", Form),
            ("grouppart", TextOrEmpty(Role::Grouppart)),
        ],
        UrlKind::Nntp => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("group", TextOrEmpty(Role::Group)),
            ("article", Number(Role::Article)),
            ("article_digits", Text(Role::Article)),
        ],
        UrlKind::Telnet | UrlKind::Rlogin | UrlKind::Tn3270 => &LOGIN,
        UrlKind::Wais => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("database", TextOrEmpty(Role::Database)),
            ("wais_kind", Form),
            ("search", Text(Role::Search)),
            ("wtype", Text(Role::Wtype)),
            ("wpath", Text(Role::Wpath)),
        ],
        UrlKind::File => &[("host", Text(Role::Host)), ("path", Segments(Role::Fpath))],
        UrlKind::Prospero => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("path", Segments(Role::Ppath)),
            ("fields", Fields),
            ("version", Text(Role::Version)),
            ("attributes", Text(Role::Attributes)),
        ],
        UrlKind::Mid => &[("addr_spec", TextOrEmpty(Role::AddrSpec))],
        UrlKind::Cid => &[("content_identifier", TextOrEmpty(Role::ContentIdentifier))],
        UrlKind::Generic | UrlKind::Urn => match form {
            // RFC 2396: a hier_part and a relativeURI have the same parts.
            GenericForm::HierPart | GenericForm::RelativeUri => &[
                ("authority", Authority),
                ("userinfo", Text(Role::Userinfo)),
                ("host", Text(Role::Host)),
                ("port", Port),
                ("port_digits", Text(Role::Port)),
                ("reg_name", Text(Role::RegName)),
                ("path", TextOrEmpty(Role::Path)),
                ("path_segments", PathSegments),
                ("query", Text(Role::Query)),
            ],
            GenericForm::OpaquePart => &[("opaque_part", TextOrEmpty(Role::OpaquePart))],
            GenericForm::Uri => &[
                ("scheme_part", AfterScheme),
                ("path", TextOrEmpty(Role::Path)),
                ("search", Text(Role::Search)),
            ],
            GenericForm::IpSchemepart => &[
                ("scheme_part", AfterScheme),
                LOGIN[0],
                LOGIN[1],
                LOGIN[2],
                LOGIN[3],
                ("urlpath", Text(Role::Urlpath)),
            ],
            _ => &[("scheme_part", AfterScheme)],
        },
    }
}

/// How one entry of a URL's report is read from its components ([`ByRole`]).
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// The text of the component of this role, or `null`.
    Text(Role),
    /// The text of the component of this role, or `""` when the URL has none.
    TextOrEmpty(Role),
    /// The text of the component in lower case, or `null`.
    Lower(Role),
    /// The port's value, or `null`.
    Port,
    /// The number the component's digits write, or `null` (also when it does not fit in
    /// a `u64`).
    Number(Role),
    /// The `/`-separated segments of the component (raw texts), or `null`.
    Segments(Role),
    /// Prospero's fieldspecs, each `[fieldname, fieldvalue]`.
    Fields,
    /// What a news URL names, or a wais URL's form (`kind_name`).
    Form,
    /// The text after the scheme's `:` (a generic URL's whole schemepart).
    AfterScheme,
    /// RFC 2396's `authority` after `//` (possibly empty), or `null`.
    Authority,
    /// RFC 2396's path segments (without an `abs_path`'s first `/`), or `null`.
    PathSegments,
}
