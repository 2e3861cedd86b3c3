"""URLs exactly as RFC 1738, RFC 1630 and draft-www-uri-00 define them.

The ``rfc1738`` Rust crate's parser for Python: ``parse`` reads a URL reference
(``[URL:] url [#fragment]``) into a typed ``Url``, ``parse_many`` gives the
``rfc1738 parse --json`` object of each of many inputs, and around them ``resolve``,
``normalize``, ``equivalent``, ``lint``, ``extract``, ``links`` and ``links_warc``
(web archives); ``rfc1738.arrow`` does the same over Arrow columns.

>>> import rfc1738
>>> url = rfc1738.parse("gopher://gopher.micro.umn.edu/11/")
>>> url.kind, url.host, url.gopher_type, url.selector
('gopher', 'gopher.micro.umn.edu', '1', '1/')
"""

from ._errors import ParseError, ResolveError
from ._rfc1738 import (
    DEFAULT_MODE,
    DIALECTS,
    MODES,
    ArchiveLinks,
    Found,
    Link,
    LintWarning,
    Url,
    __version__,
    equivalent,
    extract,
    extract_file,
    lint,
    lint_report,
    links,
    links_file,
    links_warc,
    normalize,
    parse,
    parse_many,
    resolve,
)

__all__ = [
    "DEFAULT_MODE",
    "DIALECTS",
    "MODES",
    "ArchiveLinks",
    "Found",
    "Link",
    "LintWarning",
    "ParseError",
    "ResolveError",
    "Url",
    "__version__",
    "equivalent",
    "extract",
    "extract_file",
    "lint",
    "lint_report",
    "links",
    "links_file",
    "links_warc",
    "normalize",
    "parse",
    "parse_many",
    "resolve",
]
