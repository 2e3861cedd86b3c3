"""URLs exactly as RFC 1738, RFC 1630 and draft-www-uri-00 define them.

The ``rfc1738`` Rust crate's parser for Python: ``parse`` reads a URL reference
(``[URL:] url [#fragment]``) into a typed ``Url``, ``parse_many`` gives the
``rfc1738 parse --json`` object of each of many inputs, and around them ``resolve``,
``normalize``, ``equivalent``, ``key`` (archive keys), ``cdxj`` (a CDXJ index), ``lint``, ``extract``, ``links`` and ``links_warc``
(web archives); ``rfc1738.arrow`` does the same over Arrow columns.

>>> import rfc1738
>>> url = rfc1738.parse("gopher://gopher.micro.umn.edu/11/")
>>> url.kind, url.host, url.gopher_type, url.selector
('gopher', 'gopher.micro.umn.edu', '1', '1/')
"""

from ._errors import ParseError, ResolveError
from ._rfc1738 import (
    ArchiveLinks,
    CdxjIndex,
    DEFAULT_MODE,
    DIALECTS,
    FileUrl,
    Found,
    FtpUrl,
    KEY_STYLES,
    GenericUrl,
    GopherUrl,
    HttpUrl,
    IdUrl,
    Link,
    LintWarning,
    MODES,
    MailtoUrl,
    NewsUrl,
    NntpUrl,
    ProsperoUrl,
    TelnetUrl,
    Url,
    WaisUrl,
    __version__,
    cdxj,
    equivalent,
    extract,
    extract_file,
    key,
    links,
    links_file,
    links_warc,
    lint,
    lint_report,
    normalize,
    parse,
    parse_many,
    resolve,
)

__all__ = [
    "ArchiveLinks",
    "CdxjIndex",
    "DEFAULT_MODE",
    "DIALECTS",
    "FileUrl",
    "Found",
    "FtpUrl",
    "GenericUrl",
    "GopherUrl",
    "HttpUrl",
    "IdUrl",
    "KEY_STYLES",
    "Link",
    "LintWarning",
    "MODES",
    "MailtoUrl",
    "NewsUrl",
    "NntpUrl",
    "ParseError",
    "ProsperoUrl",
    "ResolveError",
    "TelnetUrl",
    "Url",
    "WaisUrl",
    "__version__",
    "cdxj",
    "equivalent",
    "extract",
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
]
