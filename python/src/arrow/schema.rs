//! The columns of `rfc1738.arrow`'s struct arrays, named as the reports of `--json` name
//! their fields. The components' columns are derived from the library's report tables
//! ([`rfc1738::UrlKind::entry_types`], [`rfc1738::reports::REFERENCE_ENTRIES`]), not listed here.

use super::columns::ColumnType;
use rfc1738::reports::{EntryType, REFERENCE_ENTRIES};
use rfc1738::resolution::ResolveMode;
use rfc1738::UrlKind;

/// The fields of `parse --json` that are not columns: the dialect and form (the call's),
/// and `display` (for a valid reference, the input again).
pub(crate) const PARSE_SKIPPED: &[&str] = &["dialect", "form", "display"];

/// The place of the column `name` in `columns` (0 when there is none: every name asked is
/// one of the schema's, which the tests of each writer read back).
pub(crate) fn column_at(columns: &[(&'static str, ColumnType)], name: &str) -> usize {
    columns
        .iter()
        .position(|(column, _)| *column == name)
        .unwrap_or_default()
}

/// The columns of `arrow.parse`: `input` (the row's URL, so that a result needs no join
/// back to its column), `valid`, `kind`, `scheme`, `prefixed`, `fragment`, the components
/// of every kind of URL (each name once), and `error`.
pub(crate) fn parse_columns() -> Vec<(&'static str, ColumnType)> {
    let mut columns: Vec<(&'static str, ColumnType)> =
        vec![("input", ColumnType::Text), ("valid", ColumnType::Bool)];
    let head = REFERENCE_ENTRIES
        .iter()
        .filter(|(name, _)| !PARSE_SKIPPED.contains(name))
        .copied();
    let components = UrlKind::ALL.iter().flat_map(|kind| kind.entry_types());
    for (name, entry) in head.chain(components) {
        if columns.iter().any(|(seen, _)| *seen == name) {
            continue;
        }
        columns.push((name, column_type(name, entry)));
    }
    columns.push(("error", parse_error()));
    columns
}

/// The column of an entry. `path` is a list of segments in every kind: the segments of an
/// ftp, file or prospero path, and an http or generic path split on `/` (which `parse
/// --json` gives as one string: `"/".join(path)` is that string).
fn column_type(name: &str, entry: EntryType) -> ColumnType {
    match entry {
        _ if name == "path" => ColumnType::TextList,
        EntryType::Flag => ColumnType::Bool,
        EntryType::Port => ColumnType::Int32,
        EntryType::Number => ColumnType::Int64,
        EntryType::Segments => ColumnType::TextList,
        EntryType::Fields => ColumnType::Pairs(["fieldname", "fieldvalue"]),
        _ => ColumnType::Text,
    }
}

/// A parse error: `code`, `offset`, `char_offset`, `expected` (the RFC's rule names),
/// `message`.
fn parse_error() -> ColumnType {
    let types = [
        ColumnType::Text,
        ColumnType::Int64,
        ColumnType::Int64,
        ColumnType::TextList,
        ColumnType::Text,
    ];
    ColumnType::Struct(PARSE_ERROR_FIELDS.into_iter().zip(types).collect())
}

/// The fields of a parse error's struct column, in its order: those `ParseError`'s
/// `Serialize` writes, in its order (`arrow.parse` writes an invalid row's error by them).
pub(crate) const PARSE_ERROR_FIELDS: [&str; 5] =
    ["code", "offset", "char_offset", "expected", "message"];

/// An error or warning of resolution or of a link: `code`, `message`, and for an error a
/// reading of the markup left open, `reading`.
fn coded(reading: bool) -> ColumnType {
    let mut fields = vec![("code", ColumnType::Text), ("message", ColumnType::Text)];
    if reading {
        fields.push(("reading", ColumnType::Text));
    }
    ColumnType::Struct(fields)
}

/// The fields of `resolve --json` that are not columns: the two inputs and the mode.
pub(crate) const RESOLVE_SKIPPED: &[&str] = &["context", "partial", "mode"];

/// The columns of `arrow.resolve`: `result`, or `error`.
pub(crate) fn resolve_columns() -> Vec<(&'static str, ColumnType)> {
    vec![("result", ColumnType::Text), ("error", coded(false))]
}

/// The field of `links --json` that is not a column: `file`, the page's name (a row has
/// the index of its page or archive instead).
pub(crate) const LINKS_SKIPPED: &[&str] = &["file"];

/// The columns of a comparison of `modes` (`links --compare`), none without modes:
/// `compare` and `compare_errors` (a struct of a text field per mode: its result, its
/// error code), `differ`, `classes`, and `differences` (a struct of a list of classes per
/// pair of modes, `cern/whatwg`, null when the pair does not differ).
pub(crate) fn compare_columns(modes: &[ResolveMode]) -> Vec<(&'static str, ColumnType)> {
    if modes.is_empty() {
        return Vec::new();
    }
    let per_mode = || {
        modes
            .iter()
            .map(|mode| (mode.name(), ColumnType::Text))
            .collect::<Vec<_>>()
    };
    let mut pairs = Vec::new();
    for (i, &first) in modes.iter().enumerate() {
        for &second in &modes[i + 1..] {
            pairs.push((
                crate::compare::pair_name(first, second),
                ColumnType::TextList,
            ));
        }
    }
    vec![
        ("compare", ColumnType::Struct(per_mode())),
        ("compare_errors", ColumnType::Struct(per_mode())),
        ("differ", ColumnType::Bool),
        ("classes", ColumnType::TextList),
        ("differences", ColumnType::Struct(pairs)),
    ]
}

/// The columns of a link, after its page's index, with those of a comparison of
/// `compared` (none for none). Its `error` is either why there is no result (`code`,
/// `message`, and `reading` for markup left open) or why the result is invalid (a parse
/// error: `code`, `offset`, `char_offset`, `expected`, `message`): one struct holds both,
/// the fields the other has null.
fn link_columns(compared: &[ResolveMode]) -> Vec<(&'static str, ColumnType)> {
    let ColumnType::Struct(mut error) = parse_error() else {
        unreachable!("a parse error is a struct")
    };
    error.push(("reading", ColumnType::Text));
    vec![
        ("line", ColumnType::Int64),
        ("element", ColumnType::Text),
        ("attribute", ColumnType::Text),
        ("href", ColumnType::Text),
        ("result", ColumnType::Text),
        ("mode", ColumnType::Text),
        ("valid", ColumnType::Bool),
        ("kind", ColumnType::Text),
        ("error", ColumnType::Struct(error)),
        ("href_valid", ColumnType::Bool),
        ("href_error", parse_error()),
        ("changed", ColumnType::TextList),
    ]
    .into_iter()
    .chain(compare_columns(compared))
    .chain([("warning", coded(false)), ("charset", ColumnType::Text)])
    .collect()
}

/// The columns of `arrow.links`: `page` (the index of the page's row), then a link's (with
/// the comparison of `compared`).
pub(crate) fn links_columns(compared: &[ResolveMode]) -> Vec<(&'static str, ColumnType)> {
    let mut columns = vec![("page", ColumnType::Int64)];
    columns.extend(link_columns(compared));
    columns
}

/// The columns of `arrow.links_warc`: `file` (the index of the archive's row), the
/// record's `record_offset`, `record_url`, `record_date`, then a link's, and `problem`
/// (`code`, `message`) for a row that tells what could not be read.
pub(crate) fn archive_links_columns(compared: &[ResolveMode]) -> Vec<(&'static str, ColumnType)> {
    let mut columns = vec![
        ("file", ColumnType::Int64),
        ("record_offset", ColumnType::Int64),
        ("record_url", ColumnType::Text),
        ("record_date", ColumnType::Text),
    ];
    columns.extend(link_columns(compared));
    columns.push(("problem", coded(false)));
    columns.push(("record_warning", coded(false)));
    columns
}

/// The names of `archive_links_columns` the reports do not write: the file's index.
pub(crate) const ARCHIVE_FILE: usize = 0;

/// The fields of `key --json` that are not columns: the input and the style (the call's).
pub(crate) const KEYS_SKIPPED: &[&str] = &["input", "style"];

/// The columns of `arrow.keys`: `key`; `error` (a parse error's fields, and `surt`:
/// what surt raises); for the rfc1738 style `surt` (that style's key) and `merges`.
pub(crate) fn keys_columns() -> Vec<(&'static str, ColumnType)> {
    let ColumnType::Struct(mut error) = parse_error() else {
        unreachable!("a parse error is a struct")
    };
    error.push(("surt", ColumnType::Text));
    vec![
        ("key", ColumnType::Text),
        ("error", ColumnType::Struct(error)),
        ("surt", ColumnType::Text),
        ("merges", ColumnType::TextList),
    ]
}
