//! serde for the typed AST, behind the `serde` feature: `Serialize` for [`Url`] and
//! [`UrlReference`] (the report's fields, as `rfc1738 parse --json` names them) and
//! `Deserialize` for [`Url`]. The reports of the command line are `report.rs`.

use crate::ast::component::{Component, Role};
use crate::ast::reference::UrlReference;
use crate::ast::scheme::GenericForm;
use crate::ast::url::Url;
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::escape::Escaped;
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Deserializer, Serialize};

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for UrlReference<'_> {
    /// A map of `kind`, `scheme`, `prefixed`, `fragment`, `display` and the URL's
    /// components, as in the report (whose `input` and `dialect` come before them). Unlike
    /// [`Url`]'s, the map does not name the dialect (the `rfc1738` command's tree of
    /// components is printed from it), and a reference does not deserialize: keep its
    /// [`url`](UrlReference::url), or its text and [`dialect`](UrlReference::dialect).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        reference_entries(self, &mut map)?;
        map.end()
    }
}

pub(crate) fn reference_entries<M: SerializeMap>(
    reference: &UrlReference<'_>,
    map: &mut M,
) -> Result<(), M::Error> {
    let url = reference.url();
    map.serialize_entry("kind", url.kind().name())?;
    map.serialize_entry("scheme", url.scheme())?;
    map.serialize_entry("prefixed", &reference.is_prefixed())?;
    map.serialize_entry("fragment", &reference.fragment())?;
    map.serialize_entry("display", &reference.to_string())?;
    component_entries(url, map)
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
        component_entries(self, &mut map)?;
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
                if let Some(kind) = kind {
                    if kind != url.kind().name() {
                        return Err(A::Error::custom(format_args!(
                            "{dialect} reads {display:?} as a {} URL, not {kind}",
                            url.kind()
                        )));
                    }
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

/// The entries of each kind of URL, in order (the fields listed in `corpus/README.md`).
fn report_entries(url: &Url<'_>) -> &'static [(&'static str, Entry)] {
    use Entry::*;
    const LOGIN: [(&str, Entry); 4] = [
        ("user", Text(Role::User)),
        ("password", Text(Role::Password)),
        ("host", Text(Role::Host)),
        ("port", Port),
    ];
    match url {
        Url::Http(_) => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("path", Text(Role::Hpath)),
            ("search", Text(Role::Search)),
        ],
        Url::Ftp(_) => &[
            LOGIN[0],
            LOGIN[1],
            LOGIN[2],
            LOGIN[3],
            ("path", Segments(Role::Fpath)),
            ("typecode", Lower(Role::Typecode)),
            ("ftptype", Text(Role::Ftptype)),
        ],
        Url::Gopher(_) => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("gopher_type", Text(Role::Gtype)),
            ("selector", TextOrEmpty(Role::Selector)),
            ("search", Text(Role::Search)),
            ("gopher_plus", Text(Role::GopherPlus)),
        ],
        Url::Mailto(_) => &[("address", TextOrEmpty(Role::Encoded822addr))],
        Url::News(_) => &[
            ("grouppart_kind", Form),
            ("grouppart", TextOrEmpty(Role::Grouppart)),
        ],
        Url::Nntp(_) => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("group", TextOrEmpty(Role::Group)),
            ("article", Number(Role::Article)),
            ("article_digits", Text(Role::Article)),
        ],
        Url::Telnet(_) | Url::Rlogin(_) | Url::Tn3270(_) => &LOGIN,
        Url::Wais(_) => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("database", TextOrEmpty(Role::Database)),
            ("wais_kind", Form),
            ("search", Text(Role::Search)),
            ("wtype", Text(Role::Wtype)),
            ("wpath", Text(Role::Wpath)),
        ],
        Url::File(_) => &[("host", Text(Role::Host)), ("path", Segments(Role::Fpath))],
        Url::Prospero(_) => &[
            ("host", Text(Role::Host)),
            ("port", Port),
            ("path", Segments(Role::Ppath)),
            ("fields", Fields),
            ("version", Text(Role::Version)),
            ("attributes", Text(Role::Attributes)),
        ],
        Url::Mid(_) => &[("addr_spec", TextOrEmpty(Role::AddrSpec))],
        Url::Cid(_) => &[("content_identifier", TextOrEmpty(Role::ContentIdentifier))],
        Url::Generic(generic) => match generic.form() {
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

/// The components of each kind of URL, as [`report_entries`] lists them.
pub(crate) fn component_entries<M: SerializeMap>(
    url: &Url<'_>,
    map: &mut M,
) -> Result<(), M::Error> {
    let components: Vec<Component<'_>> = url.components().collect();
    let find = |role: Role| {
        components
            .iter()
            .find(|component| component.role() == role)
            .map(|component| component.as_str())
    };
    for (key, entry) in report_entries(url) {
        match *entry {
            Entry::Text(role) => map.serialize_entry(key, &find(role))?,
            Entry::TextOrEmpty(role) => map.serialize_entry(key, find(role).unwrap_or(""))?,
            Entry::Lower(role) => {
                let lower = find(role).map(str::to_ascii_lowercase);
                map.serialize_entry(key, &lower)?
            }
            Entry::Port => map.serialize_entry(key, &url.port())?,
            Entry::Number(role) => {
                // Digits that do not fit in a u64 (valid: RFC 1738 bounds no article
                // number) give null; their text is another entry's.
                let number = find(role).and_then(|digits| digits.parse::<u64>().ok());
                map.serialize_entry(key, &number)?
            }
            Entry::Segments(role) => {
                let path = find(role).map(|path| {
                    segments(crate::vocabulary::escape::Segments::new(Some(
                        Escaped::new(path),
                    )))
                });
                map.serialize_entry(key, &path)?
            }
            Entry::Fields => {
                let names = components.iter().filter(|c| c.role() == Role::Fieldname);
                let values = components.iter().filter(|c| c.role() == Role::Fieldvalue);
                let fields: Vec<[&str; 2]> = names
                    .zip(values)
                    .map(|(name, value)| [name.as_str(), value.as_str()])
                    .collect();
                map.serialize_entry(key, &fields)?
            }
            Entry::Form => {
                let name = match url {
                    Url::News(news) => news.grouppart().kind_name(),
                    Url::Wais(wais) => wais.form().kind_name(),
                    _ => unreachable!("only news and wais URLs have a form entry"),
                };
                map.serialize_entry(key, name)?
            }
            Entry::AfterScheme => {
                let text = url.as_str();
                let colon = find(Role::Scheme).map_or(0, str::len);
                map.serialize_entry(key, &text[colon + 1..])?
            }
        }
    }
    Ok(())
}

/// Path segments as their raw texts, written one by one (never collected: a long path
/// costs no memory beyond its output).
fn segments(segments: crate::vocabulary::escape::Segments<'_>) -> SegmentList<'_> {
    SegmentList(segments)
}

/// A path's segments, serialized as a sequence of raw texts.
struct SegmentList<'s>(crate::vocabulary::escape::Segments<'s>);

impl Serialize for SegmentList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.clone().map(|segment| segment.as_str()))
    }
}

/// The keys of a URL's map that [`Url`]'s `Deserialize` reads; the others are skipped.
enum Key {
    Display,
    Dialect,
    Kind,
    Other,
}

/// How one entry of a URL's report is written, from the component walk
/// ([`Url::components`]).
#[derive(Clone, Copy)]
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
