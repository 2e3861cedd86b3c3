"""The exceptions of rfc1738: plain Python classes, raised by the native module."""

from __future__ import annotations

from typing import Any, Dict, List, Optional

__all__ = ["ParseError", "ResolveError"]


class ParseError(ValueError):
    """The input is not a URL reference in the dialect read: where, what the RFC expected
    there (in its own rule names), and why.

    ``str(e)`` is one line (the message and the position, as Rust's ``Display``);
    ``e.render()`` is the block with a caret that ``rfc1738 parse`` prints. Offsets count
    bytes of the UTF-8 input (``char_offset`` counts characters); ``line`` and ``column``
    count from 1, the column in characters.

    >>> import rfc1738
    >>> try:
    ...     rfc1738.parse("http://info.cern.ch:70000/")
    ... except rfc1738.ParseError as e:
    ...     print(e.code, e.offset, e.column)
    ...     print(e)
    port-out-of-range 20 21
    port 70000 is out of range: a port is at most 65535 at line 1, column 21 (byte 20), in httpurl
    """

    #: the error's kind, a stable kebab-case name (``unsafe-character``, ``not-utf-8``, ...)
    code: str
    #: the message for a person, without the position
    message: str
    #: the byte offset of the error in the input (UTF-8)
    offset: int
    #: ``offset`` counted in characters
    char_offset: int
    #: the line of the offset, from 1
    line: int
    #: the column of the offset in characters, from 1
    column: int
    #: what the dialect's grammar allows at the offset: rule names, quoted literals, ``end of URL``
    expected: List[str]
    #: the dialect that read the input: ``rfc1738``, ``rfc1630`` or ``draft``
    dialect: str
    #: the production being read (``http``, ``ftp``, ... ``generic``), or None
    kind: Optional[str]

    def __init__(
        self,
        description: str,
        *,
        code: str,
        message: str,
        offset: int,
        char_offset: int,
        line: int,
        column: int,
        expected: List[str],
        dialect: str,
        kind: Optional[str],
        rendered: str,
    ) -> None:
        super().__init__(description)
        self.code = code
        self.message = message
        self.offset = offset
        self.char_offset = char_offset
        self.line = line
        self.column = column
        self.expected = expected
        self.dialect = dialect
        self.kind = kind
        self._rendered = rendered

    def __reduce__(self) -> Any:
        # Pickled (for multiprocessing) with its fields, which are keyword arguments.
        return (_make_parse_error, (self.args[0], self._fields()))

    def _fields(self) -> Dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "offset": self.offset,
            "char_offset": self.char_offset,
            "line": self.line,
            "column": self.column,
            "expected": self.expected,
            "dialect": self.dialect,
            "kind": self.kind,
            "rendered": self._rendered,
        }

    def render(self) -> str:
        """The error as the block of lines ``rfc1738 parse`` prints: the message, the
        position, the input with a caret under the offset, and what was expected.

        >>> import rfc1738
        >>> try:
        ...     rfc1738.parse("ftp://h/f;type=x")
        ... except rfc1738.ParseError as e:
        ...     print(e.render().splitlines()[-1].strip())
        = expected: ftptype
        """
        return self._rendered

    def to_dict(self) -> Dict[str, Any]:
        """The error object of the CLI's JSON: ``code``, ``offset``, ``char_offset``,
        ``expected``, ``message``.

        >>> import rfc1738
        >>> try:
        ...     rfc1738.parse("http://h/a b")
        ... except rfc1738.ParseError as e:
        ...     print(e.to_dict()["code"])
        unsafe-character
        """
        return {
            "code": self.code,
            "offset": self.offset,
            "char_offset": self.char_offset,
            "expected": list(self.expected),
            "message": self.message,
        }


class ResolveError(ValueError):
    """A partial form that cannot be resolved (a context that is not absolute, a gopher
    context), or a mode that is none of the library's. ``str(e)`` is the message.

    >>> import rfc1738
    >>> try:
    ...     rfc1738.resolve("gopher://h/1x", "y", mode="rfc1630")
    ... except rfc1738.ResolveError as e:
    ...     print(e.code)
    no-partial-forms
    """

    #: a stable name: ``context-not-absolute``, ``no-partial-forms``, ``unknown-mode``,
    #: ``context-without-scheme``, ``whatwg-base-failure``, ``whatwg-failure``,
    #: ``mode-not-built``
    code: str
    #: the message for a person (also ``str(e)``)
    message: str

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __reduce__(self) -> Any:
        return (_make_resolve_error, (self.message, self.code))

    def to_dict(self) -> Dict[str, str]:
        """The error object of ``rfc1738 resolve --json``: ``code`` and ``message``.

        >>> import rfc1738
        >>> try:
        ...     rfc1738.resolve("a/b", "c", mode="rfc1630")
        ... except rfc1738.ResolveError as e:
        ...     print(e.to_dict()["code"])
        context-not-absolute
        """
        return {"code": self.code, "message": self.message}


def _make_parse_error(description: str, fields: Dict[str, Any]) -> ParseError:
    """A ParseError back from its pickle."""
    return ParseError(description, **fields)


def _make_resolve_error(message: str, code: str) -> ResolveError:
    """A ResolveError back from its pickle."""
    return ResolveError(message, code=code)
