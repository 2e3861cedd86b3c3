//! The report format: one JSON object per input, as `rfc1738 parse --json` prints it and as
//! the corpus (`corpus/*.jsonl`) records it. Behind the `serde` feature.
//!
//! Every text field is the raw text of the URL (escapes not decoded). The fields are
//! documented in `corpus/README.md`.

use crate::ast::component::{Component, Role};
use crate::ast::reference::UrlReference;
use crate::ast::scheme::GenericForm;
use crate::ast::url::Url;
use crate::services::extract::Found;
use crate::services::lint::{Lint, Warning, WarningKind};
use crate::vocabulary::dialect::Dialect;
use crate::vocabulary::error::ParseError;
use crate::vocabulary::escape::Escaped;
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Deserializer, Serialize};

/// The result of parsing one input, serializable as the CLI's and the corpus's JSON object.
///
/// ```
/// let report = rfc1738::ParseReport::new("news:comp.infosystems.www");
/// assert!(report.is_valid());
///
/// let draft = rfc1738::ParseReport::with_dialect("http://info.cern.ch/a b", rfc1738::Dialect::DraftWwwUri00);
/// assert!(draft.is_valid());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseReport<'i> {
    input: &'i str,
    dialect: Dialect,
    result: Result<UrlReference<'i>, ParseError>,
}

impl<'i> ParseReport<'i> {
    /// Parses `input` as a URL reference (`[URL:] url [#fragment]`) by RFC 1738 and keeps
    /// the result for reporting.
    pub fn new(input: &'i str) -> ParseReport<'i> {
        ParseReport::with_dialect(input, Dialect::Rfc1738)
    }

    /// Parses `input` as a URL reference by the grammar of `dialect`.
    pub fn with_dialect(input: &'i str, dialect: Dialect) -> ParseReport<'i> {
        ParseReport {
            input,
            dialect,
            result: crate::parse_reference(input, dialect),
        }
    }

    /// Whether the input is a valid URL reference.
    pub fn is_valid(&self) -> bool {
        self.result.is_ok()
    }

    /// The parse result.
    pub fn result(&self) -> &Result<UrlReference<'i>, ParseError> {
        &self.result
    }
}

impl Serialize for ParseReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("dialect", self.dialect.name())?;
        map.serialize_entry("valid", &self.result.is_ok())?;
        match &self.result {
            Ok(reference) => reference_entries(reference, &mut map)?,
            Err(error) => {
                let kind = error.url_kind().map(|kind| kind.name());
                let scheme = report_scheme(self.input, self.dialect);
                map.serialize_entry("kind", &kind)?;
                map.serialize_entry("scheme", &scheme)?;
                map.serialize_entry("error", &ErrorEntry(error))?;
            }
        }
        map.end()
    }
}

/// The scheme an invalid input starts with (after the prefix `URL:`, where the dialect
/// reads one), by the dialect's rule for a scheme, in lower case.
fn report_scheme(input: &str, dialect: Dialect) -> Option<String> {
    let unprefixed = &input[dialect.prefix_len(input)..];
    let len = dialect.scheme_len(unprefixed)?;
    Some(unprefixed[..len].to_ascii_lowercase())
}

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

fn reference_entries<M: SerializeMap>(
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

/// `{"code", "offset", "char_offset", "expected", "message"}`
struct ErrorEntry<'e>(&'e ParseError);

/// The section 6 checks of one input, serializable as one line of `rfc1738 lint --json` and
/// of `corpus/lint/cases.jsonl`: `input`, `dialect`, `valid`, `kind` (for an invalid input,
/// the production it was read by), `error` (only when invalid), `warnings`, each
/// `{"kind", "severity", "component", "start", "end", "message"}` (and, for
/// `cross-protocol`, `line_break`: the offset of the first encoded line break), and
/// `omitted_warnings` (only when some escaped-delimiter warnings were counted and not
/// kept: see [`Lint::MAX_DELIMITER_WARNINGS`](crate::Lint::MAX_DELIMITER_WARNINGS)).
///
/// ```
/// let lint = rfc1738::lint("telnet://h:2323/", rfc1738::Dialect::Rfc1738);
/// let report = rfc1738::LintReport::new("telnet://h:2323/", rfc1738::Dialect::Rfc1738, &lint);
/// # let _ = report;
/// ```
#[derive(Debug, Clone, Copy)]
pub struct LintReport<'r> {
    input: &'r str,
    dialect: Dialect,
    lint: &'r Lint,
}

impl<'r> LintReport<'r> {
    /// The report of `lint`, the checks of `input` read by `dialect`.
    pub fn new(input: &'r str, dialect: Dialect, lint: &'r Lint) -> LintReport<'r> {
        LintReport {
            input,
            dialect,
            lint,
        }
    }
}

impl Serialize for LintReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let lint = self.lint;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("input", self.input)?;
        map.serialize_entry("dialect", self.dialect.name())?;
        map.serialize_entry("valid", &lint.is_valid())?;
        let kind = lint
            .kind()
            .or_else(|| lint.error().and_then(ParseError::url_kind));
        map.serialize_entry("kind", &kind.map(|kind| kind.name()))?;
        if let Some(error) = lint.error() {
            map.serialize_entry("error", &ErrorEntry(error))?;
        }
        let warnings: Vec<WarningEntry<'_>> = lint
            .warnings()
            .iter()
            .map(|warning| WarningEntry(warning, self.input))
            .collect();
        map.serialize_entry("warnings", &warnings)?;
        if lint.omitted() > 0 {
            map.serialize_entry("omitted_warnings", &lint.omitted())?;
        }
        map.end()
    }
}

/// A warning and the input its span is in (for the spans counted in characters).
struct WarningEntry<'w>(&'w Warning, &'w str);

impl Serialize for WarningEntry<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let warning = self.0;
        let span = warning.span();
        let chars = |at: usize| self.1.get(..at).map_or(at, |before| before.chars().count());
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("kind", warning.kind().name())?;
        map.serialize_entry("severity", warning.severity().name())?;
        map.serialize_entry("component", warning.component())?;
        map.serialize_entry("start", &span.start)?;
        map.serialize_entry("end", &span.end)?;
        map.serialize_entry("char_start", &chars(span.start))?;
        map.serialize_entry("char_end", &chars(span.end))?;
        if let WarningKind::CrossProtocol { line_break, .. } = warning.kind() {
            map.serialize_entry("line_break", &line_break)?;
        }
        map.serialize_entry("message", warning.message())?;
        map.end()
    }
}

/// A URL found in text, serializable as one line of `rfc1738 extract --json` and of the
/// extraction corpus (`corpus/extract/`): `file`, `start`, `end`, `line`, `column`,
/// `found`, `url`, `wrapper`, `prefixed`, `hyphen_break`, `alternative` and
/// `alternative_valid` (only when `hyphen_break`), `valid`, `kind` (for an invalid URL, the
/// production it was read by, as in [`ParseReport`]), and `error` (only when not valid).
///
/// ```
/// let found = rfc1738::extract("see <URL:news:comp.infosystems.www>").next().unwrap();
/// let report = rfc1738::ExtractReport::new(Some("notes.txt"), &found);
/// # let _ = report;
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ExtractReport<'r, 't> {
    file: Option<&'r str>,
    found: &'r Found<'t>,
}

impl<'r, 't> ExtractReport<'r, 't> {
    /// The report of `found`, in the text named `file` (`None` for standard input, which
    /// prints as `"-"`).
    pub fn new(file: Option<&'r str>, found: &'r Found<'t>) -> ExtractReport<'r, 't> {
        ExtractReport { file, found }
    }
}

impl Serialize for ExtractReport<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let found = self.found;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("file", self.file.unwrap_or("-"))?;
        map.serialize_entry("start", &found.start())?;
        map.serialize_entry("end", &found.end())?;
        map.serialize_entry("line", &found.line())?;
        map.serialize_entry("column", &found.column())?;
        map.serialize_entry("char_start", &found.char_start())?;
        map.serialize_entry("char_end", &found.char_end())?;
        map.serialize_entry("char_column", &found.char_column())?;
        map.serialize_entry("found", found.found())?;
        map.serialize_entry("url", found.url())?;
        map.serialize_entry("wrapper", found.wrapper().name())?;
        map.serialize_entry("prefixed", &found.is_prefixed())?;
        map.serialize_entry("hyphen_break", &found.hyphen_break())?;
        if let Some(alternative) = found.alternative() {
            let valid = crate::parse_reference(alternative, found.dialect()).is_ok();
            map.serialize_entry("alternative", alternative)?;
            map.serialize_entry("alternative_valid", &valid)?;
        }
        map.serialize_entry("valid", &found.is_valid())?;
        // As in the parse report: for an invalid URL, the production it was read by.
        let kind = found
            .kind()
            .or_else(|| found.error().and_then(ParseError::url_kind));
        map.serialize_entry("kind", &kind.map(|kind| kind.name()))?;
        if let Some(error) = found.error() {
            map.serialize_entry("error", &ErrorEntry(error))?;
        }
        map.end()
    }
}

impl Serialize for ErrorEntry<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.0;
        let mut map = serializer.serialize_map(Some(5))?;
        map.serialize_entry("code", error.kind().code())?;
        map.serialize_entry("offset", &error.offset())?;
        map.serialize_entry("char_offset", &error.char_offset())?;
        map.serialize_entry("expected", error.expected())?;
        map.serialize_entry("message", &error.message())?;
        map.end()
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
                crate::parse(v).map(Url::into_owned).map_err(E::custom)
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

/// The keys of a URL's map that [`Url`]'s `Deserialize` reads; the others are skipped.
enum Key {
    Display,
    Dialect,
    Kind,
    Other,
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
    /// The number the component's digits write, or `null`.
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
fn component_entries<M: SerializeMap>(url: &Url<'_>, map: &mut M) -> Result<(), M::Error> {
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
                let number = find(role)
                    .map(|digits| digits.parse::<u64>().expect("the lowering read the number"));
                map.serialize_entry(key, &number)?
            }
            Entry::Segments(role) => {
                let path =
                    find(role).map(|path| segments(crate::Segments::new(Some(Escaped::new(path)))));
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
fn segments(segments: crate::Segments<'_>) -> SegmentList<'_> {
    SegmentList(segments)
}

/// A path's segments, serialized as a sequence of raw texts.
struct SegmentList<'s>(crate::Segments<'s>);

impl Serialize for SegmentList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.clone().map(|segment| segment.as_str()))
    }
}
