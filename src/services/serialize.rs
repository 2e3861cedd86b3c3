//! serde for the typed AST, behind the `serde` feature: `Serialize` for [`Url`] and
//! [`UrlReference`] (the report's fields, as `rfc1738 parse --json` names them, which
//! [`UrlReference::entries`] gives one by one) and `Deserialize` for [`Url`]. The reports
//! of the command line are `report.rs`.

use crate::ast::component::{Role, Visit};
use crate::ast::host::PortSpan;
use crate::ast::reference::UrlReference;
use crate::ast::scheme::GenericForm;
use crate::ast::url::Url;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::escape::{Escaped, Segments};
use crate::vocabulary::kind::UrlKind;
use crate::vocabulary::span::{OptSpan, Span};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Deserializer, Serialize};
use std::borrow::Cow;

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for UrlReference<'_> {
    /// A map of `kind`, `scheme`, `prefixed`, `fragment`, `display` and the URL's
    /// components, as in the report (whose `input` and `dialect` come before them): the
    /// [`entries`](UrlReference::entries). Unlike [`Url`]'s, the map does not name the
    /// dialect, and a reference does not deserialize: keep its
    /// [`url`](UrlReference::url), or its text and [`dialect`](UrlReference::dialect).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        reference_entries(self, &mut map)?;
        map.end()
    }
}

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

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl UrlReference<'_> {
    /// The entries of the reference's report, in order, each a name and its value: `kind`,
    /// `scheme`, `prefixed`, `fragment`, `display`, then the URL's components by the
    /// names of its kind (`corpus/README.md`; `host`, `port`, `path`, ... for an http
    /// URL). They are the map the reference serializes as, and the fields of the report of
    /// `rfc1738 parse --json` after `input`, `dialect`, `form` and `valid`. The components
    /// are read by one walk of the URL, when the first of them is asked for.
    ///
    /// ```
    /// use rfc1738::Dialect;
    /// use rfc1738::reports::EntryValue;
    ///
    /// let reference = rfc1738::parse_reference("gopher://h:7070/0x#top", Dialect::Rfc1738).unwrap();
    /// let entries: Vec<(&str, String)> = reference
    ///     .entries()
    ///     .map(|(name, value)| (name, serde_json::to_string(&value).unwrap()))
    ///     .collect();
    /// assert_eq!(entries[..4], [
    ///     ("kind", r#""gopher""#.to_owned()),
    ///     ("scheme", r#""gopher""#.to_owned()),
    ///     ("prefixed", "false".to_owned()),
    ///     ("fragment", r#""top""#.to_owned()),
    /// ]);
    /// assert_eq!(entries[6..9], [
    ///     ("port", "7070".to_owned()),
    ///     ("gopher_type", r#""0""#.to_owned()),
    ///     ("selector", r#""x""#.to_owned()),
    /// ]);
    /// let (_, search) = reference.entries().find(|(name, _)| *name == "search").unwrap();
    /// assert!(search.is_null());
    /// assert!(matches!(search, EntryValue::Text(None)));
    /// ```
    pub fn entries(&self) -> Entries<'_> {
        Entries {
            head: Head::Reference(self),
            next: 0,
            url: self.url(),
            components: None,
            rest: [].iter(),
        }
    }

    /// Calls `each` with every entry of [`entries`](UrlReference::entries), in the same
    /// order, without an iterator's state between them: the quicker way to write them
    /// all (the Python package's Arrow columns).
    ///
    /// ```
    /// use rfc1738::Dialect;
    ///
    /// let reference = rfc1738::parse_reference("news:comp.x", Dialect::Rfc1738).unwrap();
    /// let mut names = Vec::new();
    /// reference.each_entry(|name, _| names.push(name));
    /// let from_iterator: Vec<&str> = reference.entries().map(|(name, _)| name).collect();
    /// assert_eq!(names, from_iterator);
    /// ```
    pub fn each_entry<'s>(&'s self, mut each: impl FnMut(&'static str, EntryValue<'s>)) {
        let url = self.url();
        for next in 0..REFERENCE_ENTRIES.len() as u8 {
            if let Some((name, value)) = head_entry(self, url, next) {
                each(name, value);
            }
        }
        // Made here rather than returned by `ByRole::of`: the table is not copied.
        let mut components = ByRole::EMPTY;
        url.walk(&mut components);
        for &(name, entry) in report_entries(url) {
            each(name, component_value(url, entry, &components));
        }
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
    fn components(url: &'a Url<'a>) -> Entries<'a> {
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
fn head_entry<'a>(
    reference: &'a UrlReference<'a>,
    url: &'a Url<'a>,
    next: u8,
) -> Option<(&'static str, EntryValue<'a>)> {
    Some(match next {
        0 => ("kind", EntryValue::Text(Some(url.kind().name().into()))),
        1 => ("scheme", EntryValue::Text(Some(url.scheme().into()))),
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
            | Entry::AfterScheme => EntryType::Text,
            Entry::Port => EntryType::Port,
            Entry::Number(_) => EntryType::Number,
            Entry::Segments(_) => EntryType::Segments,
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
        url.walk(&mut components);
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

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Url<'_> {
    /// A map of `kind`, `scheme`, `dialect`, `display` and the scheme's components, with
    /// the report's names and values (`rfc1738 parse --json`, `corpus/README.md`).
    ///
    /// `dialect` (`rfc1738`, `rfc1630` or `draft`) is the one that reads `display` back as
    /// this same URL, which is what [`Deserialize`] does. A URL does not keep the dialect
    /// that read it, and a text that two dialects read alike gives equal URLs: the first
    /// that reads it back is named, in the order RFC 1738, RFC 1630, draft-www-uri-00.
    /// Finding it reads the text again (once for a URL RFC 1738 reads).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", self.kind().name())?;
        map.serialize_entry("scheme", self.scheme())?;
        let dialect = self.reading_dialect().unwrap_or_default();
        map.serialize_entry("dialect", dialect.name())?;
        map.serialize_entry("display", self.as_str())?;
        for (key, value) in Entries::components(self) {
            map.serialize_entry(key, &value)?;
        }
        map.end()
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Url<'_> {
    /// Reads either form, into a URL that owns its text, so that `Url` is
    /// `DeserializeOwned` (`serde_json::from_reader` works) whatever the lifetime asked for:
    ///
    /// - a string: the URL's text, read by RFC 1738 ([`crate::parse`]);
    /// - a map, as [`Serialize`] writes it: its `display` is read by its `dialect`
    ///   ([`Url::parse_in`]; RFC 1738 when the map has no `dialect`, as maps written before
    ///   it was added have not). When the map has a `kind`, the URL read must be of that
    ///   kind, which catches a map read by the wrong dialect; the other entries are derived
    ///   from `display` and are not read.
    ///
    /// Telling the two apart needs a self-describing format (JSON, YAML, CBOR, ...).
    ///
    /// ```
    /// use rfc1738::{Dialect, Url};
    ///
    /// let mid = Url::parse_in("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
    /// let json = serde_json::to_string(&mid).unwrap();
    /// assert!(json.contains(r#""dialect":"rfc1630""#));
    /// assert_eq!(serde_json::from_str::<Url<'_>>(&json).unwrap(), mid);
    ///
    /// let url: Url<'static> = serde_json::from_reader(&br#""news:comp.infosystems.www""#[..]).unwrap();
    /// assert_eq!(url.kind(), rfc1738::UrlKind::News);
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Url<'static>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an RFC 1738 URL string, or a map with the URL's display and dialect")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Url<'static>, E> {
                crate::facade::parse(v)
                    .map(Url::into_owned)
                    .map_err(E::custom)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Url<'static>, A::Error> {
                use serde::de::Error;
                let (mut display, mut dialect, mut kind) = (None, None, None);
                while let Some(key) = map.next_key::<Key>()? {
                    match key {
                        Key::Display => display = Some(map.next_value::<String>()?),
                        Key::Dialect => dialect = Some(map.next_value::<String>()?),
                        Key::Kind => kind = Some(map.next_value::<String>()?),
                        Key::Other => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                let display = display.ok_or_else(|| A::Error::missing_field("display"))?;
                let dialect = match dialect {
                    Some(name) => name.parse::<Dialect>().map_err(A::Error::custom)?,
                    None => Dialect::Rfc1738,
                };
                let url = Url::parse_in(&display, dialect).map_err(A::Error::custom)?;
                if let Some(kind) = kind
                    && kind != url.kind().name()
                {
                    return Err(A::Error::custom(format_args!(
                        "{dialect} reads {display:?} as a {} URL, not {kind}",
                        url.kind()
                    )));
                }
                Ok(url.into_owned())
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Key;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Key, E> {
                Ok(match v {
                    "display" => Key::Display,
                    "dialect" => Key::Dialect,
                    "kind" => Key::Kind,
                    _ => Key::Other,
                })
            }
        }
        deserializer.deserialize_identifier(Visitor)
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

/// The keys of a URL's map that [`Url`]'s `Deserialize` reads; the others are skipped.
enum Key {
    Display,
    Dialect,
    Kind,
    Other,
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
}
