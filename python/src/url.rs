//! `parse`, `parse_many` and the `Url` class.

use crate::errors::{parse_error, utf8_or_raise};
use crate::pyser::{GcPause, Keys};
use crate::text::{dialect_of, python_repr, text_of, Text};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use pyo3::PyClassInitializer;
use rfc1738::reports::{InputForm, ParseReport, UnreadableReport};
use rfc1738::unreadable::{Unreadable, UnreadableInput};
use rfc1738::{Dialect, UrlKind, UrlReference};

/// A URL reference (`[URL:] url [#fragment]`) read by one dialect's grammar: its kind,
/// scheme and components as written in the URL. ``str(url)`` gives the input back exactly;
/// ``url.to_dict()`` is the object ``rfc1738 parse --json`` prints for it (less ``line``).
///
/// The components are the keys of that object for the URL's kind (see corpus/README.md,
/// "Fields"): a property is ``None`` when the kind has no such component or the URL omits
/// it. Text is as written, escapes not decoded (``url.decoded(name)`` decodes); a list of
/// the JSON (an ftp path's segments, prospero's fields) is a tuple here.
///
/// >>> import rfc1738
/// >>> url = rfc1738.parse("gopher://gopher.micro.umn.edu:70/00/Information%20about")
/// >>> url.kind, url.host, url.port, url.gopher_type, url.selector
/// ('gopher', 'gopher.micro.umn.edu', 70, '0', '0/Information%20about')
/// >>> url.decoded("selector")
/// b'0/Information about'
/// >>> str(url)
/// 'gopher://gopher.micro.umn.edu:70/00/Information%20about'
#[pyclass(frozen, subclass, module = "rfc1738", name = "Url")]
pub(crate) struct Url {
    reference: UrlReference<'static>,
    dialect: Dialect,
    /// The reference's map (kind, scheme, prefixed, fragment, display, components), made
    /// at the first property read.
    map: PyOnceLock<Py<PyDict>>,
}

impl Url {
    /// The reference's map, made once.
    fn map<'py>(&self, py: Python<'py>) -> PyResult<&Bound<'py, PyDict>> {
        let map = self.map.get_or_try_init(py, || {
            Keys::new(py).dict_of(&self.reference).map(Bound::unbind)
        })?;
        Ok(map.bind(py))
    }

    /// A component as written: `None` when absent, a JSON array as a tuple.
    fn component(&self, py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
        match self.map(py)?.get_item(name)? {
            Some(value) => Ok(frozen(&value)?.unbind()),
            None => Ok(py.None()),
        }
    }
}

/// A value of the report with its lists made tuples, so that a property cannot change
/// the URL's cached map.
fn frozen<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    match value.cast::<PyList>() {
        Ok(list) => {
            let items = list
                .iter()
                .map(|item| frozen(&item))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(value.py(), items)?.into_any())
        }
        Err(_) => Ok(value.clone()),
    }
}

/// A component decoded: text percent-decoded into bytes, a sequence item by item.
fn decode<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = value.py();
    if value.is_none() {
        return Ok(value.clone());
    }
    if let Ok(text) = value.cast::<PyString>() {
        let text = text.to_cow()?;
        return Ok(PyBytes::new(py, &rfc1738::encoding::percent_decode(&text)).into_any());
    }
    if let Ok(list) = value.cast::<PyList>() {
        let items = list
            .iter()
            .map(|item| decode(&item))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(PyTuple::new(py, items)?.into_any());
    }
    Err(PyTypeError::new_err(format!(
        "not text: {}",
        value.repr()?.to_cow()?
    )))
}

/// Declares the properties of `Url` that every reference has, each by its key.
macro_rules! url_methods {
    ($($(#[doc = $doc:expr])* $name:ident),* ; $($rest:tt)*) => {
        #[pymethods]
        impl Url {
            $(
                $(#[doc = $doc])*
                #[getter]
                fn $name(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                    self.component(py, stringify!($name))
                }
            )*
            $($rest)*
        }
    };
}

/// Declares a class of one scheme (as the crate's `rfc1738::schemes`), a subclass of
/// `Url` with the properties of that scheme's components, each by its key of the report:
/// a component of another scheme is no attribute of it.
macro_rules! scheme_class {
    ($class:ident, $what:literal, $example:literal, $($(#[doc = $doc:expr])* $name:ident),*) => {
        #[doc = concat!("A ``Url`` of ", $what, ": its components as properties, named as the keys of ``rfc1738 parse --json``; those of other schemes are no attributes of it.")]
        #[doc = ""]
        #[doc = $example]
        #[pyclass(frozen, extends = Url, module = "rfc1738")]
        pub(crate) struct $class;

        #[pymethods]
        impl $class {
            $(
                $(#[doc = $doc])*
                #[getter]
                fn $name(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
                    slf.as_super().get().component(slf.py(), stringify!($name))
                }
            )*
        }
    };
}
scheme_class! {
    HttpUrl,
    "an http URL (RFC 1738 section 3.3)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"http://info.cern.ch:8080/hypertext/WWW?q\")\n>>> type(url).__name__, url.host, url.port, url.path, url.search\n('HttpUrl', 'info.cern.ch', 8080, 'hypertext/WWW', 'q')",
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The port, an int, or None.
    port,
    /// The path: an http path (after its ``/``, a str), ftp, file and prospero segments
    /// (a tuple of str), an RFC 1630 generic path (a str).
    path,
    /// The search part (http, wais, generic; gopher's after the first ``%09``).
    search
}

scheme_class! {
    FtpUrl,
    "an ftp URL (section 3.2)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"ftp://myname@host.dom/%2Fetc/motd;type=a\")\n>>> type(url).__name__, url.user, url.path, url.typecode\n('FtpUrl', 'myname', ('%2Fetc', 'motd'), 'a')",
    /// The user name of a login (ftp, telnet, generic).
    user,
    /// The password of a login.
    password,
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The port, an int, or None.
    port,
    /// The path: an http path (after its ``/``, a str), ftp, file and prospero segments
    /// (a tuple of str), an RFC 1630 generic path (a str).
    path,
    /// RFC 1738's ftp ``;type=`` code in lower case (``a``, ``i``, ``d``).
    typecode,
    /// RFC 1630's ftp type code as written (an RFC 959 type, such as ``AN``).
    ftptype
}

scheme_class! {
    GopherUrl,
    "a gopher URL (section 3.4)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"gopher://gopher.micro.umn.edu/11/\")\n>>> type(url).__name__, url.gopher_type, url.selector\n('GopherUrl', '1', '1/')",
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The port, an int, or None.
    port,
    /// The gopher type character, as written.
    gopher_type,
    /// The gopher selector, as written (``""`` when absent).
    selector,
    /// The search part (http, wais, generic; gopher's after the first ``%09``).
    search,
    /// The gopher+ string (after a second ``%09``).
    gopher_plus
}

scheme_class! {
    MailtoUrl,
    "a mailto URL (section 3.5)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"mailto:timbl@info.cern.ch\")\n>>> type(url).__name__, url.address\n('MailtoUrl', 'timbl@info.cern.ch')",
    /// A mailto address.
    address
}

scheme_class! {
    NewsUrl,
    "a news URL (section 3.6)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"news:comp.infosystems.www\")\n>>> type(url).__name__, url.grouppart_kind, url.grouppart\n('NewsUrl', 'group', 'comp.infosystems.www')",
    /// A news grouppart's kind: ``all``, ``group``, ``article``.
    grouppart_kind,
    /// A news grouppart.
    grouppart
}

scheme_class! {
    NntpUrl,
    "an nntp URL (section 3.7)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"nntp://news.cern.ch/comp.infosystems.www/2345\")\n>>> type(url).__name__, url.group, url.article\n('NntpUrl', 'comp.infosystems.www', 2345)",
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The port, an int, or None.
    port,
    /// An nntp newsgroup.
    group,
    /// An nntp article number, an int; None without one, and for a number beyond
    /// 2**64 - 1, which is valid (RFC 1738 bounds no article number): see
    /// ``article_digits``.
    article,
    /// An nntp article number's digits as written (a str, leading zeros kept), whatever
    /// their number.
    article_digits
}

scheme_class! {
    TelnetUrl,
    "a telnet URL (section 3.8), or RFC 1630's rlogin and tn3270",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"telnet://guest@info.cern.ch:2323/\")\n>>> type(url).__name__, url.user, url.host, url.port\n('TelnetUrl', 'guest', 'info.cern.ch', 2323)",
    /// The user name of a login (ftp, telnet, generic).
    user,
    /// The password of a login.
    password,
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The port, an int, or None.
    port
}

scheme_class! {
    WaisUrl,
    "a wais URL (section 3.9)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"wais://quake.think.com/directory-of-servers?smith\")\n>>> type(url).__name__, url.database, url.wais_kind, url.search\n('WaisUrl', 'directory-of-servers', 'index', 'smith')",
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The port, an int, or None.
    port,
    /// A wais database.
    database,
    /// A wais URL's form: ``database``, ``index``, ``document``.
    wais_kind,
    /// The search part (http, wais, generic; gopher's after the first ``%09``).
    search,
    /// A wais document's type.
    wtype,
    /// A wais document's path.
    wpath
}

scheme_class! {
    FileUrl,
    "a file URL (section 3.10)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"file://vms.host.edu/disk$user/my/notes/note12345.txt\")\n>>> type(url).__name__, url.host, url.path\n('FileUrl', 'vms.host.edu', ('disk$user', 'my', 'notes', 'note12345.txt'))",
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The path: an http path (after its ``/``, a str), ftp, file and prospero segments
    /// (a tuple of str), an RFC 1630 generic path (a str).
    path
}

scheme_class! {
    ProsperoUrl,
    "a prospero URL (section 3.11)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"prospero://host.dom//pros/name;x=y\")\n>>> type(url).__name__, url.path, url.fields\n('ProsperoUrl', ('', 'pros', 'name'), (('x', 'y'),))",
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The port, an int, or None.
    port,
    /// The path: an http path (after its ``/``, a str), ftp, file and prospero segments
    /// (a tuple of str), an RFC 1630 generic path (a str).
    path,
    /// Prospero's field specs, a tuple of ``(name, value)``.
    fields,
    /// Prospero's version (RFC 1630).
    version,
    /// Prospero's attributes (RFC 1630).
    attributes
}

scheme_class! {
    GenericUrl,
    "a URL of any other scheme (RFC 1738's genericurl, RFC 1630's uri; urn)",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"x-shell://u@host:22/bin\")\n>>> type(url).__name__, url.user, url.host, url.urlpath\n('GenericUrl', 'u', 'host', 'bin')",
    /// A generic URL's scheme-specific part.
    scheme_part,
    /// The user name of a login (ftp, telnet, generic).
    user,
    /// The password of a login.
    password,
    /// The host as written (http, ftp, gopher, nntp, telnet, wais, file, prospero, and a
    /// generic URL with an ``ip-schemepart``).
    host,
    /// The port, an int, or None.
    port,
    /// A generic URL's url-path (RFC 1738's ``ip-schemepart``).
    urlpath,
    /// The path: an http path (after its ``/``, a str), ftp, file and prospero segments
    /// (a tuple of str), an RFC 1630 generic path (a str).
    path,
    /// The search part (http, wais, generic; gopher's after the first ``%09``).
    search,
    /// RFC 2396's authority after ``//`` (a server or a registry name), or None.
    authority,
    /// RFC 2396's userinfo before ``@`` in a server, or None.
    userinfo,
    /// RFC 2396's port digits as written (possibly empty, with no range), or None.
    port_digits,
    /// RFC 2396's registry-based name, or None.
    reg_name,
    /// RFC 2396's path segments (each with its ``;`` params), a tuple of str, or None.
    path_segments,
    /// RFC 2396's query after ``?``, or None.
    query,
    /// RFC 2396's opaque part, or None.
    opaque_part
}

scheme_class! {
    IdUrl,
    "RFC 1630's mid and cid URLs",
    ">>> import rfc1738\n>>> url = rfc1738.parse(\"mid:12345@info.cern.ch\", dialect=\"rfc1630\")\n>>> type(url).__name__, url.addr_spec\n('IdUrl', '12345@info.cern.ch')",
    /// A mid URL's addr-spec.
    addr_spec,
    /// A cid URL's content identifier.
    content_identifier
}

url_methods! {
    /// The production read: ``http``, ``ftp``, ``gopher``, ..., ``generic`` (and in the
    /// RFC 1630 dialects ``mid``, ``cid``, ``urn``, ``rlogin``, ``tn3270``).
    kind,
    /// The scheme in lower case.
    scheme,
    /// Whether the reference starts with the prefix ``URL:``.
    prefixed,
    /// The fragment-id after ``#`` as written, ``""`` after a bare ``#``, None without ``#``.
    fragment;

    /// The dialect that read the URL: ``rfc1738``, ``rfc1630`` or ``draft``.
    ///
    /// >>> import rfc1738
    /// >>> rfc1738.parse("mid:12345@info.cern.ch", dialect="rfc1630").dialect
    /// 'rfc1630'
    #[getter]
    fn dialect(&self) -> &'static str {
        self.dialect.name()
    }

    /// The URL alone: the reference without its ``URL:`` prefix and ``#fragment``.
    ///
    /// >>> import rfc1738
    /// >>> rfc1738.parse("URL:http://info.cern.ch/#top").url
    /// 'http://info.cern.ch/'
    #[getter]
    fn url(&self) -> &str {
        self.reference.url().as_str()
    }

    /// A component decoded: its ``%XX`` escapes turned into octets, as the crate's
    /// ``Escaped::decode`` does (``+`` stays ``+``). Text gives ``bytes`` (a str when
    /// ``encoding`` is given, decoded by it), segments a tuple of them; None stays None.
    /// Raises KeyError for a name that is not a component of this URL's kind, TypeError
    /// for one that is not text (a port).
    ///
    /// >>> import rfc1738
    /// >>> url = rfc1738.parse("ftp://h/%2Fetc/caf%C3%A9")
    /// >>> url.decoded("path")
    /// (b'/etc', b'caf\xc3\xa9')
    /// >>> url.decoded("path", "utf-8")
    /// ('/etc', 'café')
    #[pyo3(signature = (name, encoding = None))]
    fn decoded<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        encoding: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let Some(value) = self.map(py)?.get_item(name)? else {
            return Err(PyKeyError::new_err(format!(
                "{} URLs have no component {name:?}",
                self.reference.url().kind().name()
            )));
        };
        let decoded = decode(&value)?;
        match encoding {
            None => Ok(decoded),
            Some(encoding) => {
                let to_text = |item: &Bound<'py, PyAny>| -> PyResult<Bound<'py, PyAny>> {
                    if item.is_none() {
                        Ok(item.clone())
                    } else {
                        item.call_method1("decode", (encoding,))
                    }
                };
                match decoded.cast::<PyTuple>() {
                    Ok(items) => {
                        let items = items.iter().map(|i| to_text(&i)).collect::<PyResult<Vec<_>>>()?;
                        Ok(PyTuple::new(py, items)?.into_any())
                    }
                    Err(_) => to_text(&decoded),
                }
            }
        }
    }

    /// The object ``rfc1738 parse --json`` prints for this input, less ``line``: ``input``,
    /// ``dialect``, ``valid``, ``kind``, ``scheme``, ``prefixed``, ``fragment``,
    /// ``display`` and the kind's fields. A new dict at each call.
    ///
    /// >>> import rfc1738
    /// >>> rfc1738.parse("news:comp.infosystems.www").to_dict()["grouppart_kind"]
    /// 'group'
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let form = InputForm::Reference;
        let text = self.reference.as_str();
        let report = ParseReport::of(text, form, form.read(text, self.dialect));
        Keys::new(py).dict_of(&report)
    }

    /// Pickled as the call that reads it again: ``parse(str(url), dialect)``.
    ///
    /// >>> import pickle, rfc1738
    /// >>> pickle.loads(pickle.dumps(rfc1738.parse("news:comp.infosystems.www"))).kind
    /// 'news'
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, &'static str))> {
        let parse = py.import("rfc1738")?.getattr("parse")?;
        Ok((parse, (self.reference.as_str().to_owned(), self.dialect.name())))
    }

    fn __str__(&self) -> &str {
        self.reference.as_str()
    }

    fn __repr__(&self) -> String {
        let text = self.reference.as_str();
        match self.dialect {
            Dialect::Rfc1738 => format!("rfc1738.parse({})", python_repr(text)),
            dialect => format!(
                "rfc1738.parse({}, dialect={:?})",
                python_repr(text),
                dialect.name()
            ),
        }
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<Url>() else {
            return py.NotImplemented();
        };
        let other = other.get();
        let same = self.dialect == other.dialect
            && self.reference.as_str() == other.reference.as_str();
        match op {
            CompareOp::Eq => same.into_pyobject(py).map_or_else(|_| py.None(), |b| b.to_owned().into_any().unbind()),
            CompareOp::Ne => (!same).into_pyobject(py).map_or_else(|_| py.None(), |b| b.to_owned().into_any().unbind()),
            _ => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.reference.as_str().hash(&mut hasher);
        self.dialect.hash(&mut hasher);
        hasher.finish()
    }
}

/// Reads a URL reference, ``[URL:] url [#fragment]``, exactly as ``rfc1738 parse`` does,
/// by the grammar of ``dialect`` (``rfc1738``, ``rfc1630`` or ``draft``). ``url`` is a str,
/// or bytes (which must be UTF-8). Raises ``ParseError`` when it is not a URL reference in
/// that dialect (also for bytes that are not UTF-8: code ``not-utf-8``).
///
/// >>> import rfc1738
/// >>> url = rfc1738.parse("URL:ftp://myname@host.dom/%2Fetc/motd#top")
/// >>> url.kind, url.user, url.host, url.path, url.prefixed, url.fragment
/// ('ftp', 'myname', 'host.dom', ('%2Fetc', 'motd'), True, 'top')
/// >>> rfc1738.parse("mid:12345@info.cern.ch", dialect="rfc1630").addr_spec
/// '12345@info.cern.ch'
#[pyfunction]
#[pyo3(signature = (url, dialect = "rfc1738"))]
pub(crate) fn parse<'py>(
    py: Python<'py>,
    url: &Bound<'py, PyAny>,
    dialect: &str,
) -> PyResult<Bound<'py, Url>> {
    let dialect = dialect_of(dialect)?;
    let text = utf8_or_raise(py, text_of(url)?, dialect)?;
    match rfc1738::parse_reference(&text, dialect) {
        Ok(reference) => Url::of_scheme(py, reference.into_owned(), dialect),
        Err(error) => Err(parse_error(py, &error)),
    }
}

impl Url {
    /// The object of the class of the reference's scheme (`HttpUrl`, `FtpUrl`, ...).
    fn of_scheme<'py>(
        py: Python<'py>,
        reference: UrlReference<'static>,
        dialect: Dialect,
    ) -> PyResult<Bound<'py, Url>> {
        let kind = reference.url().kind();
        let base = PyClassInitializer::from(Url {
            reference,
            dialect,
            map: PyOnceLock::new(),
        });
        macro_rules! of {
            ($class:ident) => {
                Bound::new(py, base.add_subclass($class)).map(|object| object.into_super())
            };
        }
        match kind {
            UrlKind::Http => of!(HttpUrl),
            UrlKind::Ftp => of!(FtpUrl),
            UrlKind::Gopher => of!(GopherUrl),
            UrlKind::Mailto => of!(MailtoUrl),
            UrlKind::News => of!(NewsUrl),
            UrlKind::Nntp => of!(NntpUrl),
            UrlKind::Telnet | UrlKind::Rlogin | UrlKind::Tn3270 => of!(TelnetUrl),
            UrlKind::Wais => of!(WaisUrl),
            UrlKind::File => of!(FileUrl),
            UrlKind::Prospero => of!(ProsperoUrl),
            UrlKind::Mid | UrlKind::Cid => of!(IdUrl),
            _ => of!(GenericUrl),
        }
    }
}

/// Every class of `Url`, for the module: the base and one per scheme.
pub(crate) fn add_classes(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Url>()?;
    module.add_class::<HttpUrl>()?;
    module.add_class::<FtpUrl>()?;
    module.add_class::<GopherUrl>()?;
    module.add_class::<MailtoUrl>()?;
    module.add_class::<NewsUrl>()?;
    module.add_class::<NntpUrl>()?;
    module.add_class::<TelnetUrl>()?;
    module.add_class::<WaisUrl>()?;
    module.add_class::<FileUrl>()?;
    module.add_class::<ProsperoUrl>()?;
    module.add_class::<GenericUrl>()?;
    module.add_class::<IdUrl>()?;
    Ok(())
}

/// The inputs `parse_many` reads, parses and makes dicts of at a time.
const CHUNK: usize = 1024;

/// Reads every input of ``urls`` (an iterable of str or bytes) as ``parse`` does and
/// returns one dict per input, in order: the object ``rfc1738 parse --json`` prints for
/// it, less ``line`` (``valid`` tells; an invalid one has ``error``). No exception for a
/// bad input: bytes that are not UTF-8 give the CLI's ``not-utf-8`` report. The parsing
/// runs with the GIL released.
///
/// >>> import rfc1738
/// >>> reports = rfc1738.parse_many(["news:comp.infosystems.www", "http://h/a b"])
/// >>> [(r["valid"], r["kind"]) for r in reports]
/// [(True, 'news'), (False, 'http')]
/// >>> reports[1]["error"]["code"], reports[1]["error"]["offset"]
/// ('unsafe-character', 10)
#[pyfunction]
#[pyo3(signature = (urls, dialect = "rfc1738"))]
pub(crate) fn parse_many<'py>(
    py: Python<'py>,
    urls: &Bound<'py, PyAny>,
    dialect: &str,
) -> PyResult<Bound<'py, PyList>> {
    let dialect = dialect_of(dialect)?;
    if urls.is_instance_of::<PyString>() || urls.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "parse_many takes an iterable of URLs, not one URL (use parse)",
        ));
    }
    let _pause = GcPause::new(py);
    let mut keys = Keys::new(py);
    let list = PyList::empty(py);
    let mut items = urls.try_iter()?;
    // In chunks: the inputs of one are read, parsed with the GIL released, and made
    // dicts, then the next (memory stays small and in cache, whatever the number).
    let mut objects = Vec::with_capacity(CHUNK);
    let mut inputs: Vec<Text> = Vec::with_capacity(CHUNK);
    loop {
        objects.clear();
        inputs.clear();
        for item in items.by_ref().take(CHUNK) {
            let item = item?;
            inputs.push(text_of(&item)?);
            objects.push(item);
        }
        if objects.is_empty() {
            break;
        }
        let reports: Vec<Option<ParseReport<'_>>> = py.detach(|| {
            inputs
                .iter()
                .map(|input| {
                    input.as_ref().ok().map(|text| {
                        let form = InputForm::Reference;
                        ParseReport::of(text, form, form.read(text, dialect))
                    })
                })
                .collect()
        });
        for ((object, input), report) in objects.drain(..).zip(&inputs).zip(&reports) {
            let dict = match (input, report) {
                // A str input is the report's `input` (and `display`): the same object.
                (Ok(text), Some(report)) if object.is_instance_of::<PyString>() => {
                    keys.object_of_input(report, text, object)?
                }
                (_, Some(report)) => keys.object_of(report)?,
                (Err(bytes), None) => {
                    let input = UnreadableInput::new(&bytes[..], Unreadable::NotUtf8);
                    let report = UnreadableReport::parse(&input, dialect, InputForm::Reference);
                    keys.object_of(&report)?
                }
                (Ok(_), None) => unreachable!("every UTF-8 input has its report"),
            };
            list.append(dict)?;
        }
    }
    Ok(list)
}
