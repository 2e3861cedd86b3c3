"""Type stubs of the native module rfc1738._rfc1738 (re-exported by the package rfc1738)."""

import os
from typing import (
    Any,
    Dict,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Tuple,
    Union,
    final,
)

from typing_extensions import disjoint_base

_Text = Union[str, bytes, bytearray]

DIALECTS: Tuple[str, ...]
MODES: Tuple[str, ...]
DEFAULT_MODE: str
__version__: str
__all__ = [
    "ArchiveLinks",
    "Comparison",
    "DEFAULT_MODE",
    "DIALECTS",
    "FileUrl",
    "Found",
    "FtpUrl",
    "GenericUrl",
    "GopherUrl",
    "HttpUrl",
    "IdUrl",
    "Link",
    "LintWarning",
    "MODES",
    "MailtoUrl",
    "NewsUrl",
    "NntpUrl",
    "ProsperoUrl",
    "TelnetUrl",
    "Url",
    "WaisUrl",
    "__version__",
    "CdxjIndex",
    "KEY_STYLES",
    "arrow_keys",
    "arrow_links",
    "arrow_links_warc",
    "arrow_parse",
    "arrow_resolve",
    "equivalent",
    "extract",
    "cdxj",
    "compare",
    "extract_file",
    "key",
    "links",
    "links_file",
    "links_warc",
    "lint",
    "lint_report",
    "normalize",
    "parse",
    "parse_many",
    "resolve",
    "timeline",
]

@disjoint_base
class Url:
    """A URL reference read by one dialect's grammar; ``str(url)`` is the input, and
    ``url.to_dict()`` the object ``rfc1738 parse --json`` prints for it (less ``line``).
    ``parse`` gives an object of the class of its scheme (``HttpUrl``, ``FtpUrl``, ...),
    whose properties are that scheme's components."""

    @property
    def kind(self) -> str: ...
    @property
    def scheme(self) -> str: ...
    @property
    def prefixed(self) -> bool: ...
    @property
    def fragment(self) -> Optional[str]: ...
    @property
    def dialect(self) -> str: ...
    @property
    def url(self) -> str: ...
    def decoded(self, name: str, encoding: Optional[str] = None) -> Any:
        """The component ``name`` percent-decoded: bytes (str with ``encoding``), a tuple
        of them for segments, None when absent."""
    def to_dict(self) -> Dict[str, Any]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class HttpUrl(Url):
    """A ``Url`` of an http URL."""

    @property
    def host(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[int]: ...
    @property
    def path(self) -> Optional[str]: ...
    @property
    def search(self) -> Optional[str]: ...

@final
class FtpUrl(Url):
    """A ``Url`` of an ftp URL."""

    @property
    def user(self) -> Optional[str]: ...
    @property
    def password(self) -> Optional[str]: ...
    @property
    def host(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[int]: ...
    @property
    def path(self) -> Union[str, Tuple[str, ...], None]: ...
    @property
    def typecode(self) -> Optional[str]: ...
    @property
    def ftptype(self) -> Optional[str]: ...

@final
class GopherUrl(Url):
    """A ``Url`` of a gopher URL."""

    @property
    def host(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[int]: ...
    @property
    def gopher_type(self) -> Optional[str]: ...
    @property
    def selector(self) -> Optional[str]: ...
    @property
    def search(self) -> Optional[str]: ...
    @property
    def gopher_plus(self) -> Optional[str]: ...

@final
class MailtoUrl(Url):
    """A ``Url`` of a mailto URL."""

    @property
    def address(self) -> Optional[str]: ...

@final
class NewsUrl(Url):
    """A ``Url`` of a news URL."""

    @property
    def grouppart_kind(self) -> Optional[str]: ...
    @property
    def grouppart(self) -> Optional[str]: ...

@final
class NntpUrl(Url):
    """A ``Url`` of an nntp URL."""

    @property
    def host(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[int]: ...
    @property
    def group(self) -> Optional[str]: ...
    @property
    def article(self) -> Optional[int]: ...
    @property
    def article_digits(self) -> Optional[str]: ...

@final
class TelnetUrl(Url):
    """A ``Url`` of a telnet, rlogin or tn3270 URL."""

    @property
    def user(self) -> Optional[str]: ...
    @property
    def password(self) -> Optional[str]: ...
    @property
    def host(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[int]: ...

@final
class WaisUrl(Url):
    """A ``Url`` of a wais URL."""

    @property
    def host(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[int]: ...
    @property
    def database(self) -> Optional[str]: ...
    @property
    def wais_kind(self) -> Optional[str]: ...
    @property
    def search(self) -> Optional[str]: ...
    @property
    def wtype(self) -> Optional[str]: ...
    @property
    def wpath(self) -> Optional[str]: ...

@final
class FileUrl(Url):
    """A ``Url`` of a file URL."""

    @property
    def host(self) -> Optional[str]: ...
    @property
    def path(self) -> Union[str, Tuple[str, ...], None]: ...

@final
class ProsperoUrl(Url):
    """A ``Url`` of a prospero URL."""

    @property
    def host(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[int]: ...
    @property
    def path(self) -> Union[str, Tuple[str, ...], None]: ...
    @property
    def fields(self) -> Optional[Tuple[Tuple[str, str], ...]]: ...
    @property
    def version(self) -> Optional[str]: ...
    @property
    def attributes(self) -> Optional[str]: ...

@final
class GenericUrl(Url):
    """A ``Url`` of a URL of another scheme (generic, urn)."""

    @property
    def scheme_part(self) -> Optional[str]: ...
    @property
    def user(self) -> Optional[str]: ...
    @property
    def password(self) -> Optional[str]: ...
    @property
    def host(self) -> Optional[str]: ...
    @property
    def port(self) -> Optional[int]: ...
    @property
    def urlpath(self) -> Optional[str]: ...
    @property
    def path(self) -> Union[str, Tuple[str, ...], None]: ...
    @property
    def search(self) -> Optional[str]: ...
    @property
    def authority(self) -> Optional[str]: ...
    @property
    def userinfo(self) -> Optional[str]: ...
    @property
    def port_digits(self) -> Optional[str]: ...
    @property
    def reg_name(self) -> Optional[str]: ...
    @property
    def path_segments(self) -> Optional[Tuple[str, ...]]: ...
    @property
    def query(self) -> Optional[str]: ...
    @property
    def opaque_part(self) -> Optional[str]: ...

@final
class IdUrl(Url):
    """A ``Url`` of a mid or cid URL (RFC 1630)."""

    @property
    def addr_spec(self) -> Optional[str]: ...
    @property
    def content_identifier(self) -> Optional[str]: ...

@final
class LintWarning:
    """One warning of RFC 1738 section 6's checks."""

    @property
    def kind(self) -> str: ...
    @property
    def severity(self) -> str: ...
    @property
    def component(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def char_start(self) -> int: ...
    @property
    def char_end(self) -> int: ...
    @property
    def line_break(self) -> Optional[int]: ...
    @property
    def message(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]: ...

@final
class Found:
    """A URL found in running text, with the fields of ``rfc1738 extract --json``."""

    @property
    def file(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def char_start(self) -> int: ...
    @property
    def char_end(self) -> int: ...
    @property
    def char_column(self) -> int: ...
    @property
    def found(self) -> str: ...
    @property
    def url(self) -> str: ...
    @property
    def wrapper(self) -> str: ...
    @property
    def prefixed(self) -> bool: ...
    @property
    def hyphen_break(self) -> bool: ...
    @property
    def alternative(self) -> Optional[str]: ...
    @property
    def alternative_valid(self) -> Optional[bool]: ...
    @property
    def valid(self) -> bool: ...
    @property
    def kind(self) -> Optional[str]: ...
    @property
    def error(self) -> Optional[Dict[str, Any]]: ...
    def to_dict(self) -> Dict[str, Any]: ...

def parse(url: _Text, dialect: str = "rfc1738") -> Url:
    """Reads a URL reference as ``rfc1738 parse`` does; raises ParseError."""

def parse_many(urls: Iterable[_Text], dialect: str = "rfc1738") -> List[Dict[str, Any]]:
    """One ``rfc1738 parse --json`` object (less ``line``) per input; never raises for a bad input."""

def resolve(context: str, partial: str, mode: str = "cern") -> str:
    """A partial form resolved by ``mode`` (one of ``MODES``: RFC 1630's rules, its
    draft's, RFC 1808's, the CERN library's, RFC 2396's, RFC 3986's, the WHATWG URL
    Standard's); raises ResolveError."""

@final
class Comparison:
    """A link resolved by several modes, with the fields of ``rfc1738 resolve --compare
    --json``."""

    @property
    def context(self) -> str: ...
    @property
    def partial(self) -> str: ...
    @property
    def compare(self) -> Dict[str, Optional[str]]: ...
    @property
    def compare_errors(self) -> Dict[str, str]: ...
    @property
    def differ(self) -> bool: ...
    @property
    def classes(self) -> List[str]: ...
    @property
    def differences(self) -> Dict[str, List[str]]: ...
    def to_dict(self) -> Dict[str, Any]: ...

def compare(base: str, link: str, modes: Sequence[str]) -> Comparison:
    """``link`` resolved against ``base`` by each of ``modes`` (two or more of ``MODES``),
    whether the results differ and the classes of each difference; raises ResolveError
    (an unknown mode) or ValueError (fewer than two modes, or one named twice)."""

def normalize(url: _Text) -> str:
    """A URL reference at one encoding level, as ``rfc1738 normalize`` prints it."""

def equivalent(a: _Text, b: _Text) -> bool:
    """Whether two URL references name the same URL at one encoding level."""

KEY_STYLES: Tuple[str, ...]

def key(url: _Text, style: str = "rfc1738") -> str:
    """The archive key of a URL reference, as ``rfc1738 key`` prints it; raises
    ParseError (style rfc1738) or ValueError (where surt raises)."""

def lint(url: _Text, dialect: str = "rfc1738") -> List[LintWarning]:
    """RFC 1738 section 6's warnings of a URL reference."""

def lint_report(url: _Text, dialect: str = "rfc1738") -> Dict[str, Any]:
    """The ``rfc1738 lint --json`` object (less ``line``)."""

def timeline(url: _Text, base: Optional[str] = None) -> Dict[str, Any]:
    """Each standard's verdict on ``url`` in its year and, with ``base``, the URL resolved
    in every mode: the ``rfc1738 timeline --json`` object (less ``line``)."""

def extract(
    text: _Text,
    dialect: str = "rfc1738",
    max_len: int = 65536,
    line_numbers: bool = False,
) -> Iterator[Found]:
    """The URLs in running text."""

def extract_file(
    path: Union[str, "os.PathLike[str]"],
    dialect: str = "rfc1738",
    max_len: int = 65536,
    line_numbers: bool = False,
) -> Iterator[Found]:
    """The URLs in a file, read as a stream; raises OSError."""

@final
class Link:
    """A link of an HTML document, with the fields of ``rfc1738 links --json``."""

    @property
    def file(self) -> str: ...
    @property
    def record_offset(self) -> Optional[int]: ...
    @property
    def record_url(self) -> Optional[str]: ...
    @property
    def record_date(self) -> Optional[str]: ...
    @property
    def line(self) -> int: ...
    @property
    def element(self) -> str: ...
    @property
    def attribute(self) -> Optional[str]: ...
    @property
    def href(self) -> Optional[str]: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def mode(self) -> Optional[str]: ...
    @property
    def valid(self) -> Optional[bool]: ...
    @property
    def kind(self) -> Optional[str]: ...
    @property
    def error(self) -> Optional[Dict[str, Any]]: ...
    @property
    def href_valid(self) -> Optional[bool]: ...
    @property
    def href_error(self) -> Optional[Dict[str, Any]]: ...
    @property
    def changed(self) -> List[str]: ...
    @property
    def warning(self) -> Optional[Dict[str, Any]]: ...
    @property
    def charset(self) -> str: ...
    @property
    def compare(self) -> Optional[Dict[str, Optional[str]]]: ...
    @property
    def compare_errors(self) -> Optional[Dict[str, str]]: ...
    @property
    def differ(self) -> Optional[bool]: ...
    @property
    def classes(self) -> Optional[List[str]]: ...
    @property
    def differences(self) -> Optional[Dict[str, List[str]]]: ...
    def to_dict(self) -> Dict[str, Any]: ...

def links(
    html: _Text,
    base: Optional[str] = None,
    mode: str = "cern",
    max_len: int = 65536,
    *,
    reading: str = "html2",
    compare: Optional[Sequence[str]] = None,
) -> List[Link]:
    """The links of an HTML document, resolved as the browsers of 1993-1996 did."""

def links_file(
    path: Union[str, "os.PathLike[str]"],
    base: Optional[str] = None,
    mode: str = "cern",
    max_len: int = 65536,
    *,
    reading: str = "html2",
    compare: Optional[Sequence[str]] = None,
) -> Iterator[Link]:
    """The links of the HTML document in a file, read as a stream; raises OSError."""

@final
class ArchiveLinks:
    """The links of the pages of a web archive, read as they are asked for."""

    @property
    def pages(self) -> int: ...
    @property
    def other_media_types(self) -> Dict[str, int]: ...
    @property
    def skipped(self) -> Dict[str, int]: ...
    @property
    def versions(self) -> Dict[str, int]: ...
    @property
    def problems(self) -> List[Dict[str, Any]]: ...
    @property
    def warnings(self) -> List[Dict[str, Any]]: ...
    @property
    def format(self) -> Optional[str]: ...
    @property
    def gzip(self) -> Optional[bool]: ...
    def __iter__(self) -> "ArchiveLinks": ...
    def __next__(self) -> Link: ...

@final
class CdxjIndex:
    """The CDXJ index of one ARC or WARC file, as ``rfc1738 cdxj`` writes it."""

    @property
    def lines(self) -> List[str]: ...
    @property
    def left_out(self) -> Dict[str, int]: ...
    @property
    def problems(self) -> List[Dict[str, Any]]: ...
    @property
    def format(self) -> str: ...
    @property
    def gzip(self) -> bool: ...
    def __len__(self) -> int: ...

def cdxj(
    source: Union[str, bytes, "os.PathLike[str]"],
    style: str = "rfc1738",
    *,
    filename: Optional[str] = None,
    max_record: int = 16777216,
) -> CdxjIndex:
    """The CDXJ index of an ARC or WARC file (a path or its bytes); raises OSError, ValueError."""

def links_warc(
    path: Union[str, "os.PathLike[str]"],
    mode: str = "cern",
    *,
    max_record: int = 16777216,
    reading: str = "html2",
    max_len: int = 65536,
) -> ArchiveLinks:
    """The links of the HTML pages of an ARC or WARC file, streamed; see rfc1738.links_warc."""

def arrow_parse(urls: Any, dialect: str = "rfc1738", *, threads: Optional[int] = None) -> Any:
    """rfc1738.arrow.parse, returning the native Arrow array."""

def arrow_keys(
    urls: Any, style: str = "rfc1738", *, compare: bool = True, threads: Optional[int] = None
) -> Any:
    """rfc1738.arrow.keys, returning the native Arrow array."""

def arrow_resolve(
    contexts: Any, partials: Any, mode: str = "cern", *, threads: Optional[int] = None
) -> Any:
    """rfc1738.arrow.resolve, returning the native Arrow array."""

def arrow_links(
    pages: Any,
    bases: Any = None,
    mode: str = "cern",
    *,
    reading: str = "html2",
    max_len: int = 65536,
    threads: Optional[int] = None,
    compare: Optional[Sequence[str]] = None,
) -> Any:
    """rfc1738.arrow.links, returning the native Arrow array."""

def arrow_links_warc(
    files: Any,
    mode: str = "cern",
    *,
    max_record: int = 16777216,
    reading: str = "html2",
    max_len: int = 65536,
    threads: Optional[int] = None,
    compare: Optional[Sequence[str]] = None,
) -> Any:
    """rfc1738.arrow.links_warc, returning the native Arrow array."""
