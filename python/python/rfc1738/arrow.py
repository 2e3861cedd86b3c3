"""Columns of URLs, partial forms, pages and web archives, read and reported in Arrow.

Each function takes Arrow columns through the Arrow PyCapsule interface: a pyarrow
``Array`` or ``ChunkedArray``, a Polars ``Series``, a DuckDB result's column, a pandas
``Series`` backed by Arrow, or any object with ``__arrow_c_array__`` or
``__arrow_c_stream__`` (none of these libraries is a dependency); or a table of one
column (a pyarrow ``Table``, a Polars ``DataFrame``, a DuckDB relation such as
``duckdb.sql("SELECT url FROM crawl")``), whose column is read. Strings may be
``string``, ``large_string`` or ``string_view``; pages and archives may also be binary.
The work is done without the GIL on the machine's cores (``threads`` sets how many;
one for short columns), each thread taking the next slice of the column as it comes for
one, and no Python object is made per value.

Each returns an Arrow struct array whose fields are named as the fields of the
command's ``--json`` objects: a ``pyarrow.Array`` when pyarrow is installed, otherwise
an array object with ``__arrow_c_array__`` (``pyarrow.array(x)``, ``polars.Series(x)``
and others take it). A null input gives a null row.

>>> import pyarrow as pa, rfc1738.arrow
>>> rows = rfc1738.arrow.parse(pa.array(["ftp://host/pub/a;type=d", "http://x/%zz"]))
>>> rows.field("kind").to_pylist(), rows.field("path").to_pylist()
(['ftp', 'http'], [['pub', 'a'], None])
>>> rows.field("error").field("code").to_pylist()
[None, 'invalid-escape']
"""

from typing import Any, Optional, Sequence, Union

from . import _rfc1738

__all__ = ["keys", "links", "links_warc", "parse", "resolve"]

_Column = Any
"""An Arrow column: an object with ``__arrow_c_array__`` or ``__arrow_c_stream__``."""


def _out(array: Any) -> Any:
    """A pyarrow array of the native result when pyarrow is there, else the result."""
    try:
        import pyarrow  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return array
    return pyarrow.array(array)


def _table(value: Any) -> Any:
    """``value`` as a pyarrow table when it is a table of columns (a pyarrow ``Table`` or
    ``RecordBatch``, a Polars ``DataFrame``, a DuckDB relation or result, a stream of
    record batches), else None. Needs pyarrow, which every such library brings."""
    try:
        import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    if isinstance(value, (pa.Table, pa.RecordBatch)):
        return value
    if type(value).__name__ == "DuckDBPyRelation" and hasattr(value, "arrow"):
        value = value.arrow()  # a table, or a reader of record batches (DuckDB 1.4)
        return value.read_all() if hasattr(value, "read_all") else value
    if isinstance(value, (pa.Array, pa.ChunkedArray)) or not hasattr(value, "__arrow_c_stream__"):
        return None
    try:
        # A stream whose type is a struct is a table's; a column's is refused here.
        return pa.table(value)
    except (pa.ArrowInvalid, TypeError):
        return None


def _column(value: Any, what: str, one: bool = False) -> Any:
    """``value`` when it is an Arrow column (or, where ``one``, a ``str`` or None for
    every row); its one column when it is a table of one column; else ``TypeError``."""
    if one and (value is None or isinstance(value, str)):
        return value
    table = _table(value)
    if table is not None:
        if table.num_columns != 1:
            names = ", ".join(table.column_names)
            raise TypeError(
                f"{what}: a table of {table.num_columns} columns ({names}): give one column, "
                f"as table[name] or relation.select(name)"
            )
        return table.column(0)
    if hasattr(value, "__arrow_c_array__") or hasattr(value, "__arrow_c_stream__"):
        return value
    raise TypeError(
        f"{what}: an Arrow column is wanted (an object with __arrow_c_array__ or "
        f"__arrow_c_stream__, such as pyarrow.array(...)), or a table of one column, "
        f"not {type(value).__name__}"
    )


def parse(urls: _Column, dialect: str = "rfc1738", *, threads: Optional[int] = None) -> Any:
    """The report of each URL reference of a column of strings, as ``rfc1738 parse
    --json`` gives it, read by ``dialect`` (``rfc1738``, ``rfc1630`` or ``draft``).

    A struct array with one row per input: ``input`` (the URL, so that the rows need no
    join back to their column), ``valid``; ``kind`` and ``scheme``  (for an
    invalid input, the production it was read by and its scheme, when it has one);
    ``prefixed`` and ``fragment``; the components of every kind of URL under the names of
    ``parse --json`` (``user``, ``password``, ``host``, ``port`` (int32), ``path``,
    ``search``, ``typecode``, ``gopher_type``, ``selector``, ``grouppart``, ``article``
    (int64), ``fields`` (prospero's, a list of ``fieldname``/``fieldvalue`` structs), ...),
    null where the URL has none; and ``error``: ``code``, ``offset``, ``char_offset``,
    ``expected`` (the RFC's rule names) and ``message``, null for a valid input.

    ``path`` is a list of segments for every kind: for ftp, file and prospero URLs the
    segments ``parse --json`` lists; for an http or generic URL, whose path ``parse
    --json`` gives as one string, that string split on ``/`` (``"/".join(path)`` gives it
    back). ``dialect`` and ``form`` are not columns (the call's), nor ``display``, which
    for a valid reference is the input again.

    Raises ``ValueError`` for an unknown dialect and ``TypeError`` for a column that is
    not of strings.

    >>> import pyarrow as pa, rfc1738.arrow
    >>> rows = rfc1738.arrow.parse(pa.array(["gopher://h:7070/0x", None, "mid:a@b"]),
    ...                            dialect="rfc1630")
    >>> rows.to_pylist()[0]["port"], rows.is_null().to_pylist()
    (7070, [False, True, False])
    """
    return _out(_rfc1738.arrow_parse(_column(urls, "urls"), dialect, threads=threads))


def keys(
    urls: _Column, style: str = "rfc1738", *, compare: bool = True, threads: Optional[int] = None
) -> Any:
    """The archive key of each URL reference of a column of strings, as ``rfc1738 key
    --json`` gives it, in ``style`` (one of ``rfc1738.KEY_STYLES``): ``rfc1738``, the
    scheme-aware key, or ``surt``, PyPI ``surt`` 0.3.1's key.

    A struct array with one row per input: ``key``, null when the input has none;
    ``error``, null when it has one: ``code``, ``offset``, ``char_offset``, ``expected``
    and ``message`` of the parse error (style ``rfc1738``), or ``surt``, what ``surt``
    raises (style ``surt``); and for style ``rfc1738`` ``surt`` (the surt style's key of
    the same input) and ``merges`` (what that key merges that this one keeps apart:
    ``scheme``, ``login``, ``case``, ``escape``, ``order``, ``trailing-slash``,
    ``segments``, ``www``), null in style ``surt``, and null with ``compare=False``: the
    key alone, at the cost of the key alone (about a third of the row's with the
    comparison). A null input gives a null row.

    Raises ``ValueError`` for an unknown style and ``TypeError`` for a column that is not
    of strings.

    >>> import pyarrow as pa, rfc1738.arrow
    >>> rows = rfc1738.arrow.keys(pa.array(["ftp://h/%2Fetc", "gopher://h:70/1", None]))
    >>> rows.field("key").to_pylist()
    ['ftp://(h,)/%2Fetc', 'gopher://(h,)/', None]
    >>> rows.field("surt").to_pylist(), rows.field("merges").to_pylist()[0]
    (['h)/etc', 'h:70)/1', None], ['scheme', 'escape'])
    >>> alone = rfc1738.arrow.keys(pa.array(["ftp://h/%2Fetc"]), compare=False)
    >>> alone.field("key").to_pylist(), alone.field("surt").to_pylist()
    (['ftp://(h,)/%2Fetc'], [None])
    """
    return _out(
        _rfc1738.arrow_keys(_column(urls, "urls"), style, compare=compare, threads=threads)
    )


def resolve(
    contexts: Union[_Column, str, None],
    partials: Union[_Column, str, None],
    mode: str = "cern",
    *,
    threads: Optional[int] = None,
) -> Any:
    """Each partial form resolved against its context (``rfc1738 resolve --json``): two
    columns of strings read side by side, or a column and one ``str`` for every row.

    A struct array with ``result`` (the absolute form) and ``error`` (``code``,
    ``message``), one of them null; a row with a null context or partial is null.
    ``mode`` is one of ``rfc1738.MODES``: ``rfc1630``, ``draft``, ``rfc1808``, ``cern``,
    ``rfc2396``, ``rfc3986`` or ``whatwg``. Raises
    ``rfc1738.ResolveError`` for an unknown mode and ``ValueError`` when the columns'
    lengths differ.

    >>> import pyarrow as pa, rfc1738.arrow
    >>> rows = rfc1738.arrow.resolve("http://a/b/c/d;p?q", pa.array(["../g", "g:h"]),
    ...                              mode="rfc1808")
    >>> rows.field("result").to_pylist()
    ['http://a/b/g', 'g:h']
    """
    return _out(
        _rfc1738.arrow_resolve(
            _column(contexts, "contexts", one=True),
            _column(partials, "partials", one=True),
            mode,
            threads=threads,
        )
    )


def links(
    pages: _Column,
    bases: Union[_Column, str, None] = None,
    mode: str = "cern",
    *,
    reading: str = "html2",
    max_len: int = 65536,
    threads: Optional[int] = None,
    compare: Optional[Sequence[str]] = None,
) -> Any:
    """The links of each HTML page of a column (strings, or bytes read as ``links``
    reads them), each resolved against the page's ``BASE HREF``, else its base (a column
    beside the pages, or one ``str`` for all, or None), by ``mode``, as ``rfc1738 links
    --json`` lists them.

    A struct array with one row per link: ``page`` (the index of its page's row), then
    ``line``, ``element``, ``attribute``, ``href``, ``result``, ``valid``, ``kind``,
    ``error`` (``code``, ``message``, ``reading``), ``warning`` (``code``, ``message``)
    and ``charset``. ``reading`` and ``max_len`` are those of ``rfc1738.links``.

    With ``compare`` (two modes or more, as ``rfc1738.compare`` takes them), the columns
    of ``rfc1738 links --compare --json`` come before ``warning``: ``compare`` (a struct
    with a string field per mode: its result), ``compare_errors`` (the same, the error
    code of a mode without a result), ``differ`` (a bool), ``classes`` (a list of the
    difference classes) and ``differences`` (a struct with a list field per pair of
    modes, named ``"cern/whatwg"``, null when the pair does not differ).

    >>> import pyarrow as pa, rfc1738.arrow
    >>> pages = pa.array(['<A HREF="../x.html">x</A>', '<IMG SRC="i.gif">'])
    >>> bases = pa.array(["http://info.cern.ch/a/b.html", "http://h/"])
    >>> rows = rfc1738.arrow.links(pages, bases)
    >>> list(zip(rows.field("page").to_pylist(), rows.field("result").to_pylist()))
    [(0, 'http://info.cern.ch/x.html'), (1, 'http://h/i.gif')]
    >>> rows = rfc1738.arrow.links(pages, bases, compare=["cern", "whatwg"])
    >>> rows.field("compare").field("whatwg").to_pylist(), rows.field("differ").to_pylist()
    (['http://info.cern.ch/x.html', 'http://h/i.gif'], [False, False])
    >>> page = pa.array(['<A HREF="..">up</A> <A HREF="http://info.cern.ch.:80/">w</A>'])
    >>> rows = rfc1738.arrow.links(page, "http://info.cern.ch/a/b.html", compare=["cern", "rfc3986"])
    >>> rows.field("classes").to_pylist()
    [['dot-segments'], ['trailing-dot', 'default-port']]
    """
    return _out(
        _rfc1738.arrow_links(
            _column(pages, "pages"),
            _column(bases, "bases", one=True),
            mode,
            reading=reading,
            max_len=max_len,
            threads=threads,
            compare=compare,
        )
    )


def links_warc(
    files: _Column,
    mode: str = "cern",
    *,
    max_record: int = 16 << 20,
    reading: str = "html2",
    max_len: int = 65536,
    threads: Optional[int] = None,
    compare: Optional[Sequence[str]] = None,
) -> Any:
    """The links of the HTML pages of each web archive of a column (ARC or WARC files,
    plain or gzip'd): their bytes (a binary column, as Spark's ``binaryFile`` source
    gives) or their paths (strings), read as ``rfc1738.links_warc`` reads one.

    A struct array with one row per link: ``file`` (the index of its archive's row),
    ``record_offset``, ``record_url`` and ``record_date`` of the page's record, then the
    fields of a link as in ``links`` (with ``compare``, its columns too); and one row per thing that could not be read, with
    ``problem`` (``code``, ``message``) set and the link's fields null: a truncated gzip
    member, a length that lies, a record over ``max_record`` (``too-long``), a body that
    does not decode, a file that is no archive (``not-an-archive``) or cannot be read
    (``io``); and one row per record read otherwise than it says, with ``record_warning``
    (``code``, ``message``) set, before its page's links: a body stored de-chunked
    (``dechunked``) or decoded (``decoded``), chunked framing that breaks off
    (``chunked``). Nothing is dropped without a row.

    >>> import pyarrow as pa, rfc1738.arrow
    >>> page = b"HTTP/1.0 200 OK\\r\\nContent-Type: text/html\\r\\n\\r\\n<A HREF=b.html>b</A>"
    >>> warc = (b"WARC/1.0\\r\\nWARC-Type: response\\r\\nWARC-Target-URI: http://h/a/\\r\\n"
    ...         b"Content-Length: %d\\r\\n\\r\\n" % len(page) + page + b"\\r\\n\\r\\n")
    >>> rows = rfc1738.arrow.links_warc(pa.array([warc, b"no archive"]))
    >>> rows.field("result").to_pylist(), rows.field("problem").field("code").to_pylist()
    (['http://h/a/b.html', None], [None, 'not-an-archive'])
    """
    return _out(
        _rfc1738.arrow_links_warc(
            _column(files, "files"),
            mode,
            max_record=max_record,
            reading=reading,
            max_len=max_len,
            threads=threads,
            compare=compare,
        )
    )
