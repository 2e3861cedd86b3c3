"""The exported grammars, read by parsers we did not write, agree with the crate.

Every parse case of the corpus (``corpus/*.jsonl``), in its dialect, is read by

* PyPI ``abnf`` over the generated ABNF (``grammar/abnf/*.abnf``), entry rule
  ``urlreference`` (RFC 1738), ``fragmentaddress`` (RFC 1630, draft-www-uri-00) or
  ``URI-reference`` (RFC 2396, which has no ``URL:`` prefix and reads relative
  references), with ``parse_all`` (the whole input);
* PyPI ``parsimonious`` over the generated PEG (``grammar/python/*.peg``), the same
  entry rules, with ``parse`` (the whole input).

Each must give the crate's verdict: a valid case is accepted, an invalid one rejected,
but for the cases the crate rejects only for a limit its grammar leaves to prose
(``PROSE_LIMITS``), which the grammar accepts. For a valid case, the text each rule that
``components`` maps a component to matched must equal the corpus's value.

Run: ``python3 tools/grammar/agree.py`` (with ``abnf`` and ``parsimonious`` installed).
It prints the counts per dialect and tool, and exits 1 on any disagreement.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import abnf
from parsimonious.exceptions import ParseError as PegError  # type: ignore[import-untyped]
from parsimonious.grammar import Grammar  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[2]

#: Error codes the crate gives for what its grammar leaves to prose: the grammar
#: accepts these inputs (``tools/grammar/tests/vm_corpus.rs`` checks that it accepts
#: no other invalid case), by the rule whose limit is prose.
PROSE_LIMITS: dict[str, str] = {
    "port-out-of-range": "port (at most 65535)",
    "octet-out-of-range": "hostnumber (each of its digits at most 255)",
}

#: The files of each dialect and the entry rule (pest names; ABNF writes "_" as "-").
DIALECTS: dict[str, tuple[str, str]] = {
    "rfc1738": ("rfc1738", "urlreference"),
    "rfc1630": ("rfc1630", "fragmentaddress"),
    "draft": ("draft-www-uri-00", "fragmentaddress"),
    "rfc2396": ("rfc2396", "URI_reference"),
}


@dataclass
class Tree:
    """A parse tree of either library: a rule's name, the text it matched, its children."""

    name: str
    text: str
    children: list[Tree] = field(default_factory=list)

    def walk(self) -> Iterator[Tree]:
        """Every node, in pre-order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, *names: str) -> Optional[Tree]:
        """The first node (pre-order) of one of these rules, if any."""
        return next((n for n in self.walk() if n.name in names), None)


def from_abnf(node: Any) -> Tree:
    """An ``abnf`` node as a Tree (names as pest writes them)."""
    children = [from_abnf(c) for c in getattr(node, "children", []) if c.name != "literal"]
    return Tree(node.name.lower().replace("-", "_"), node.value, children)


def from_peg(node: Any) -> Tree:
    """A ``parsimonious`` node as a Tree."""
    return Tree(node.expr_name, node.text, [from_peg(c) for c in node.children])


def split(text: Optional[str]) -> Optional[list[str]]:
    """A path's segments, or None."""
    return None if text is None else text.split("/")


def text_of(tree: Tree, *names: str) -> Optional[str]:
    """The text of the first node of one of these rules, or None."""
    node = tree.find(*names)
    return None if node is None else node.text


def after_colon(node: Optional[Tree]) -> Optional[str]:
    """The text of a node after its first ":" (the part after a scheme)."""
    return None if node is None else node.text.split(":", 1)[1]


def digits_after_group(tree: Tree) -> Optional[str]:
    """The article number of an nntp URL: its `digits` that are not in its `hostport`."""
    url = tree.find("nntpurl", "nntpaddress")
    if url is None:
        return None
    stack = list(reversed(url.children))
    while stack:
        node = stack.pop()
        if node.name == "digits":
            return node.text
        if node.name != "hostport":
            stack.extend(reversed(node.children))
    return None


def wais_kind(tree: Tree) -> Optional[str]:
    """Which production read a wais URL (RFC 1630's waisindex without "?" is a database)."""
    if tree.find("waisdoc") is not None:
        return "document"
    index = tree.find("waisindex")
    if index is not None and "?" in index.text:
        return "index"
    return "database" if index is not None or tree.find("waisdatabase") else None


def mailto_address(tree: Tree) -> Optional[str]:
    """RFC 1630's mailto address: after "mailto:" and the draft's misprinted second ":"."""
    node = tree.find("mailtoaddress")
    if node is None:
        return None
    address = node.text[len("mailto:") :]
    return address[1:] if address.startswith(":") and "::" in node.text[:8] else address


def prose_limited(tree: Tree) -> bool:
    """Whether the tree holds a value beyond a prose limit: a port above 65535 or a
    hostnumber part above 255. The draft reads a URL of a named scheme that fails such a
    limit as a generic URL (its `url` holds `generic`): the crate takes that reading, the
    grammar (which has no limits) the named production's."""
    for node in tree.walk():
        if node.name == "port" and node.text and int(node.text) > 65535:
            return True
        if node.name == "hostnumber" and any(int(p) > 255 for p in node.text.split(".")):
            return True
    return False


def grouppart_kind(tree: Tree) -> Optional[str]:
    """Which production read a news URL's grouppart."""
    part = tree.find("grouppart", "groupart")
    if part is None:
        return None
    if tree.find("article") is not None:
        return "article"
    return "all" if part.text == "*" else "group"


def fields(tree: Tree) -> list[list[str]]:
    """RFC 1738's prospero fieldspecs, as [name, value]."""
    return [
        [text_of(f, "fieldname") or "", text_of(f, "fieldvalue") or ""]
        for f in tree.walk()
        if f.name == "fieldspec"
    ]


def port(tree: Tree) -> Optional[int]:
    """The port, as a number."""
    text = text_of(tree, "port")
    return None if text is None else int(text)


def fragment(tree: Tree) -> Optional[str]:
    """The fragment-id after "#" ("" when void), None without "#"."""
    node = tree.find("fragment")
    return None if node is None else node.text[1:]


#: The productions of each kind, in both families (the rewrites' helpers included).
PRODUCTIONS: dict[str, str] = {
    **{f"{k}url": k for k in ("http", "ftp", "file", "gopher", "mailto", "news", "nntp")},
    **{f"{k}url": k for k in ("telnet", "wais", "prospero")},
    **{f"{k}address": k for k in ("http", "ftp", "gopher", "mailto", "news", "nntp", "telnet")},
    **{f"{k}address": k for k in ("wais", "prospero", "mid", "cid", "rlogin", "tn3270")},
    **{k: "generic" for k in ("otherurl", "unprefixed_otherurl", "uri", "generic")},
    "unprefixed_generic": "generic",
}


def kind(tree: Tree) -> Optional[str]:
    """The kind of the first production in the tree (pre-order). The draft's `uri` is
    `url | generic`, not the generic form itself, and is skipped."""
    for node in tree.walk():
        draft_uri = node.name == "uri" and any(c.name in ("url", "generic") for c in node.children)
        if node.name in PRODUCTIONS and not draft_uri:
            return PRODUCTIONS[node.name]
    return None


Getter = Callable[[Tree], Any]

#: What is compared for every valid case: component -> how it is read from the tree.
COMMON: dict[str, Getter] = {
    "kind": kind,
    "fragment": fragment,
    "prefixed": lambda t: t.find("prefixedurl") is not None,
}

#: The rule each component is read from, per (dialect family, kind).
KINDS_1738: dict[str, dict[str, Getter]] = {
    "http": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "path": lambda t: text_of(t, "hpath"),
        "search": lambda t: text_of(t, "search"),
    },
    "ftp": {
        "user": lambda t: text_of(t, "user"),
        "password": lambda t: text_of(t, "password"),
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "path": lambda t: split(text_of(t, "fpath")),
        "typecode": lambda t: (lambda x: x and x.lower())(text_of(t, "ftptype")),
    },
    "file": {
        "host": lambda t: text_of(t, "host"),
        "path": lambda t: split(text_of(t, "fpath")),
    },
    "gopher": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "gopher_type": lambda t: text_of(t, "gtype"),
        "selector": lambda t: text_of(t, "selector") or "",
        "search": lambda t: text_of(t, "gopher_search"),
        "gopher_plus": lambda t: text_of(t, "gopher_plus_string"),
    },
    "mailto": {"address": lambda t: text_of(t, "encoded822addr")},
    "news": {
        "grouppart": lambda t: text_of(t, "grouppart"),
        "grouppart_kind": grouppart_kind,
    },
    "nntp": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "group": lambda t: text_of(t, "group"),
        "article_digits": digits_after_group,
    },
    "telnet": {
        "user": lambda t: text_of(t, "user"),
        "password": lambda t: text_of(t, "password"),
        "host": lambda t: text_of(t, "host"),
        "port": port,
    },
    "wais": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "database": lambda t: text_of(t, "database"),
        "wais_kind": wais_kind,
        "search": lambda t: text_of(t, "search"),
        "wtype": lambda t: text_of(t, "wtype"),
        "wpath": lambda t: text_of(t, "wpath"),
    },
    "prospero": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "path": lambda t: split(text_of(t, "ppath")),
        "fields": fields,
    },
    "generic": {
        "scheme_part": lambda t: text_of(t, "schemepart", "unprefixed_schemepart"),
        "user": lambda t: text_of(t, "user"),
        "password": lambda t: text_of(t, "password"),
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "urlpath": lambda t: text_of(t, "urlpath"),
    },
}

#: The same for RFC 1630 and the draft.
KINDS_1630: dict[str, dict[str, Getter]] = {
    "http": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "path": lambda t: text_of(t, "path"),
        "search": lambda t: text_of(t, "search"),
    },
    "ftp": {
        "user": lambda t: text_of(t, "user"),
        "password": lambda t: text_of(t, "password"),
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "path": lambda t: split(text_of(t, "path")),
        "ftptype": lambda t: text_of(t, "ftptype"),
    },
    "gopher": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "gopher_type": lambda t: text_of(t, "gtype"),
        "selector": lambda t: text_of(t, "gcommand", "selector") or "",
        "search": lambda t: text_of(t, "search"),
    },
    "mailto": {"address": mailto_address},
    "news": {
        "grouppart": lambda t: text_of(t, "groupart"),
        "grouppart_kind": grouppart_kind,
    },
    "nntp": {
        "group": lambda t: text_of(t, "group"),
        "article_digits": digits_after_group,
    },
    "wais": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "database": lambda t: text_of(t, "database"),
        "wais_kind": wais_kind,
        "search": lambda t: text_of(t, "search"),
        "wtype": lambda t: text_of(t, "wtype"),
        "wpath": lambda t: text_of(t, "wpath") or text_of(t.find("waisdoc") or Tree("", ""), "path"),
    },
    "prospero": {
        "host": lambda t: text_of(t, "host"),
        "port": port,
        "path": lambda t: split(text_of(t, "hsoname")),
        "version": lambda t: text_of(t, "version"),
        "attributes": lambda t: text_of(t, "attributes"),
    },
    "generic": {
        "scheme_part": lambda t: after_colon(t.find("uri", "generic", "unprefixed_generic")),
        "path": lambda t: text_of(t, "path", "unprefixed_path"),
        "search": lambda t: text_of(t, "search"),
    },
    "mid": {"addr_spec": lambda t: text_of(t, "addr_spec")},
    "cid": {"content_identifier": lambda t: text_of(t, "content_identifier")},
}
for _login in ("telnet", "rlogin", "tn3270"):
    KINDS_1630[_login] = {
        "user": lambda t: text_of(t, "user"),
        "password": lambda t: text_of(t, "password"),
        "host": lambda t: text_of(t, "host"),
        "port": port,
    }
KINDS_1630["urn"] = {**KINDS_1630["generic"], "kind": lambda t: "urn" if kind(t) == "generic" else kind(t)}


def path_2396(tree: Tree) -> str:
    """RFC 2396's path of a hierarchical or relative reference: its `rel_path` or
    `abs_path` (a `net_path`'s), "" when it has neither."""
    return text_of(tree, "rel_path", "abs_path") or ""


def segments_2396(tree: Tree) -> Optional[list[str]]:
    """RFC 2396's path segments: the path without its leading "/", split at "/"; None
    for an empty path."""
    path = path_2396(tree)
    return None if path == "" else path.removeprefix("/").split("/")


def port_2396(tree: Tree) -> Optional[int]:
    """RFC 2396's port as a number: None when void or beyond 65535 (the grammar sets no
    range; the crate's `port` is the number when one fits, `port_digits` the text)."""
    text = text_of(tree, "port")
    return int(text) if text and int(text) <= 65535 else None


#: RFC 2396: one generic syntax for every scheme, no ``URL:`` prefix. The rules' names
#: are compared lower-cased (ABNF names are case-insensitive), none of these has capitals.
COMPONENTS_2396: dict[str, Getter] = {
    "scheme": lambda t: (lambda s: s and s.lower())(text_of(t, "scheme")),
    "fragment": lambda t: text_of(t, "fragment"),
    "authority": lambda t: text_of(t, "authority"),
    "userinfo": lambda t: text_of(t, "userinfo"),
    "host": lambda t: text_of(t, "host"),
    "port": port_2396,
    "port_digits": lambda t: text_of(t, "port"),
    "reg_name": lambda t: text_of(t, "reg_name"),
    "path": path_2396,
    "path_segments": segments_2396,
    "query": lambda t: text_of(t, "query"),
    "opaque_part": lambda t: text_of(t, "opaque_part"),
}


def components(dialect: str, kind: str) -> dict[str, Getter]:
    """Every component compared for a valid case of this dialect and kind."""
    if dialect == "rfc2396":
        return COMPONENTS_2396
    kinds = KINDS_1738 if dialect == "rfc1738" else KINDS_1630
    return {**COMMON, **kinds.get(kind, {})}


class Parsers:
    """The two third-party parsers over one dialect's exported grammars."""

    def __init__(self, stem: str, entry: str) -> None:
        """Loads ``grammar/abnf/STEM.abnf`` and ``grammar/python/STEM.peg``."""
        self.abnf_rules: type[abnf.Rule] = type(f"Abnf_{stem.replace('-', '_')}", (abnf.Rule,), {})
        self.abnf_rules.from_file(ROOT / "grammar" / "abnf" / f"{stem}.abnf")
        self.abnf_entry = self.abnf_rules(entry.replace("_", "-"))
        peg = (ROOT / "grammar" / "python" / f"{stem}.peg").read_text(encoding="ascii")
        self.peg_entry = Grammar(peg)[entry]

    def abnf(self, text: str) -> Optional[Tree]:
        """The tree ``abnf`` reads from the whole text, or None."""
        try:
            return from_abnf(self.abnf_entry.parse_all(text))
        except abnf.ParseError:
            return None

    def peg(self, text: str) -> Optional[Tree]:
        """The tree ``parsimonious`` reads from the whole text, or None."""
        try:
            return from_peg(self.peg_entry.parse(text))
        except PegError:
            return None


def cases() -> Iterator[dict[str, Any]]:
    """Every parse case of the corpus."""
    for path in sorted((ROOT / "corpus").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            if "input" in case and "dialect" in case:
                yield case


def main() -> int:
    """Runs every case through both parsers; prints the counts; 0 when all agree."""
    parsers = {d: Parsers(*files) for d, files in DIALECTS.items()}
    counts: dict[tuple[str, str], list[int]] = {}
    prose: dict[tuple[str, str], int] = {}
    fallback: dict[str, int] = {}
    problems: list[str] = []
    seconds = {"abnf": 0.0, "parsimonious": 0.0}
    for case in cases():
        dialect, text = case["dialect"], case["input"]
        code = None if case["valid"] else case["error"]["code"]
        expected = case["valid"] or code in PROSE_LIMITS
        for tool in ("abnf", "parsimonious"):
            started = time.perf_counter()
            tree = (parsers[dialect].abnf if tool == "abnf" else parsers[dialect].peg)(text)
            seconds[tool] += time.perf_counter() - started
            tally = counts.setdefault((dialect, tool), [0, 0, 0])
            tally[0] += 1
            if code in PROSE_LIMITS:
                prose[(dialect, code)] = prose.get((dialect, code), 0) + (tool == "abnf")
            if (tree is not None) != expected:
                problems.append(
                    f"{case['id']} {dialect} {tool}: {text!r} read as "
                    f"{'valid' if tree else 'invalid'}, the crate's grammar says "
                    f"{'valid' if expected else 'invalid'} ({code or 'valid'})"
                )
                continue
            tally[1] += 1
            if tree is None or not case["valid"]:
                continue
            read = [
                (key, get(tree), case[key])
                for key, get in components(dialect, case["kind"]).items()
                if key in case
            ]
            differ = [f"{key} {got!r}, corpus {want!r}" for key, got, want in read if got != want]
            if differ and prose_limited(tree):
                fallback[dialect] = fallback.get(dialect, 0) + (tool == "abnf")
                continue
            tally[2] += len(read)
            problems.extend(f"{case['id']} {dialect} {tool}: {text!r}: {d}" for d in differ)
    print("dialect  tool          cases  same verdict  components compared")
    for (dialect, tool), (n, same, compared) in sorted(counts.items()):
        print(f"{dialect:8} {tool:13} {n:5}  {same:12}  {compared:19}")
    for (dialect, code), n in sorted(prose.items()):
        print(f"{dialect}: {n} cases invalid for {code}, accepted by the grammar: {PROSE_LIMITS[code]}")
    for dialect, n in sorted(fallback.items()):
        print(
            f"{dialect}: {n} valid cases the crate reads as another production, the first "
            "failing a prose limit: verdict compared, components not"
        )
    print(f"time: abnf {seconds['abnf']:.1f} s, parsimonious {seconds['parsimonious']:.1f} s")
    for problem in problems:
        print(problem)
    print(f"{len(problems)} disagreements")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
