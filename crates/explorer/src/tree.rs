//! `/api/tree`: an input read against the grammar, as the explorer shows it. A valid input
//! as a tree of the grammar's rules, each with its span (bytes and characters) and its
//! diagram: the reference rule, the prefixed URL, the production read (`httpurl`), its
//! components by the RFC's rule names ([`rfc1738::Url::components`]), the fragment. An
//! invalid one as its error ([`rfc1738::ParseError`]'s accessors), each expected rule with
//! its diagram, the diagram of the production being read with the boxes to mark and the
//! box whose reading the error stopped, and the tree of what was read before the error.

use super::diagrams;
use rfc1738::reports::{InputForm, ParseReport};
use rfc1738::{Dialect, ParseError, UrlReference};
use serde::Serialize;

/// The explorer's reading of `input`: `input`, `dialect`, `form`, `valid`, then its
/// rule tree (valid) or its error (invalid), the other `null`.
#[derive(Serialize)]
pub(crate) struct Explanation<'i> {
    input: &'i str,
    dialect: &'static str,
    form: &'static str,
    valid: bool,
    tree: Option<Node<'i>>,
    error: Option<ErrorEntry>,
    /// An invalid input's longest start before its error that the grammar reads alone,
    /// and its tree (`null` when the input is valid or no start of it reads).
    read_before_error: Option<Node<'i>>,
}

/// The explorer's reading of `input`.
pub(crate) fn explain(input: &str, dialect: Dialect, form: InputForm) -> Explanation<'_> {
    let report = ParseReport::of(input, form, form.read(input, dialect));
    let (tree, error, read_before_error) = match report.result() {
        Ok(reference) => (Some(tree(input, reference, form)), None, None),
        Err(error) => {
            let read = read_before(input, dialect, form, error.offset());
            (None, Some(error_entry(input, error, read.as_ref())), read)
        }
    };
    Explanation {
        input,
        dialect: dialect.name(),
        form: form.name(),
        valid: report.is_valid(),
        tree,
        error,
        read_before_error,
    }
}

/// How many starts of an input [`read_before`] tries, from its error back: enough for the
/// components of a URL (a host, a port, a segment), bounded whatever the input's length.
const STARTS_TRIED: usize = 256;

/// The tree of the longest start of `input` that ends at or before byte `offset` (where
/// an error was found) and that the grammar reads alone, in `dialect` and `form`: what was
/// read before the error (`http://info.cern.ch/hyper` of `http://info.cern.ch/hyper text`),
/// the rules the reading had got through. `None` when no start within [`STARTS_TRIED`]
/// characters of the error reads.
fn read_before(input: &str, dialect: Dialect, form: InputForm, offset: usize) -> Option<Node<'_>> {
    let offset = offset.min(input.len());
    (1..=offset)
        .rev()
        .filter(|&end| input.is_char_boundary(end))
        .take(STARTS_TRIED)
        .find_map(|end| {
            let start = &input[..end];
            // The validity check first, which builds no error for the starts that fail.
            if !rfc1738::is_valid_reference(start, dialect) {
                return None;
            }
            let reference = form.read(start, dialect).ok()?;
            Some(tree(start, &reference, form))
        })
}

/// Characters before byte `at` of `input`.
fn chars(input: &str, at: usize) -> usize {
    input.get(..at).map_or(at, |before| before.chars().count())
}

/// One node of the tree: the rule, its span (bytes and characters), its text, its
/// diagram, its children.
#[derive(Serialize)]
pub(crate) struct Node<'i> {
    rule: &'i str,
    start: usize,
    end: usize,
    char_start: usize,
    char_end: usize,
    text: &'i str,
    diagram: Option<String>,
    children: Vec<Node<'i>>,
}

/// One node: the rule, its span, its text, its diagram, its children.
fn node<'i>(
    dialect: Dialect,
    input: &'i str,
    rule: &'i str,
    span: std::ops::Range<usize>,
    children: Vec<Node<'i>>,
) -> Node<'i> {
    Node {
        rule,
        start: span.start,
        end: span.end,
        char_start: chars(input, span.start),
        char_end: chars(input, span.end),
        text: input.get(span.clone()).unwrap_or(""),
        diagram: diagrams::url(dialect, rule),
        children,
    }
}

/// The rule tree of a valid input, as the grammar reads it, in the rules that hold a part
/// of the input of their own (an alternation such as `url`, which is one of the productions,
/// is left out): `urlreference` (RFC 1630 and the draft: `fragmentaddress`) of
/// `prefixedurl` or the production, and `fragment` of `fragmentid` (RFC 2396:
/// `URI_reference` of `absoluteURI` or `relativeURI`, and the `fragment` after "#"); for a
/// URL alone, the production.
fn tree<'i>(input: &'i str, reference: &UrlReference<'_>, form: InputForm) -> Node<'i> {
    let dialect = reference.dialect();
    let url = reference.url();
    // The URL's place in the input: after the prefix "URL:" (four bytes, any case).
    let start = match reference.is_prefixed() {
        true => 4,
        false => 0,
    };
    let start = match input
        .get(start..)
        .is_some_and(|rest| rest.starts_with(url.as_str()))
    {
        true => start,
        false => input.find(url.as_str()).unwrap_or(0),
    };
    let end = start + url.as_str().len();
    let components: Vec<Node<'i>> = url
        .components()
        .map(|component| {
            let span = component.span();
            node(
                dialect,
                input,
                component.role().name(),
                start + span.start..start + span.end,
                Vec::new(),
            )
        })
        .collect();
    let production = match url {
        // RFC 2396 reads a reference without a scheme as a `relativeURI`.
        rfc1738::Url::Generic(generic) if generic.is_relative() => "relativeURI",
        _ => url.kind().production_in(dialect),
    };
    let production = node(dialect, input, production, start..end, components);
    if form == InputForm::Url {
        return production;
    }
    let mut children = vec![match reference.is_prefixed() {
        true => node(dialect, input, "prefixedurl", 0..end, vec![production]),
        false => production,
    }];
    // RFC 2396: `URI_reference = { (absoluteURI | relativeURI)? ~ ("#" ~ fragment)? }`,
    // its `fragment` after the "#".
    if dialect == Dialect::Rfc2396 {
        if reference.fragment().is_some() {
            children.push(node(
                dialect,
                input,
                "fragment",
                end + 1..input.len(),
                Vec::new(),
            ));
        }
        return node(dialect, input, "URI_reference", 0..input.len(), children);
    }
    // `fragment = "#" fragmentid?` in the three grammars of 1994.
    if let Some(fragmentid) = reference.fragment() {
        let id = match fragmentid.is_empty() {
            true => Vec::new(),
            false => vec![node(
                dialect,
                input,
                "fragmentid",
                end + 1..input.len(),
                Vec::new(),
            )],
        };
        children.push(node(dialect, input, "fragment", end..input.len(), id));
    }
    let root = match dialect {
        Dialect::Rfc1738 => "urlreference",
        _ => "fragmentaddress",
    };
    node(dialect, input, root, 0..input.len(), children)
}

/// A rule the error expected, with its diagram.
#[derive(Serialize)]
struct Expected {
    name: String,
    diagram: Option<String>,
}

/// The diagram of the production an error was reading, with the boxes to mark.
#[derive(Serialize)]
struct Marked {
    rule: String,
    url: Option<String>,
    marked: Vec<String>,
    marks: &'static str,
    /// The box of the rule whose reading the error stopped (what was read before the error
    /// ends with it: `hpath` of `http://h/a b`), when the diagram draws it.
    stopped_in: Option<String>,
}

/// The error of an invalid input: `code`, `message`, `offset`, `char_offset`, `line`,
/// `column`, `production` (and its diagram with the boxes to mark), `expected` (each rule
/// with its diagram), `rendered` (the block the command line prints, with its caret).
#[derive(Serialize)]
pub(crate) struct ErrorEntry {
    code: &'static str,
    message: String,
    offset: usize,
    char_offset: usize,
    line: usize,
    column: usize,
    production: Option<String>,
    expected: Vec<Expected>,
    diagram: Option<Marked>,
    rendered: String,
    input_chars: usize,
}

/// The deepest rule of `read` (what was read before the error) that ends at the error's
/// `offset` and that the diagram of `production` draws.
fn stopped_in(
    dialect: Dialect,
    production: &str,
    read: &Node<'_>,
    offset: usize,
) -> Option<String> {
    let inner = read
        .children
        .iter()
        .rev()
        .find_map(|child| stopped_in(dialect, production, child, offset));
    inner.or_else(|| {
        (read.end == offset && diagrams::draws(dialect, production, read.rule))
            .then(|| read.rule.to_owned())
    })
}

fn error_entry(input: &str, error: &ParseError, read: Option<&Node<'_>>) -> ErrorEntry {
    let dialect = error.dialect();
    let expected: Vec<Expected> = error
        .expected()
        .iter()
        .map(|name| Expected {
            name: name.to_string(),
            diagram: diagrams::url(dialect, name),
        })
        .collect();
    let diagram = error.production().map(|production| {
        let (marked, marks) = diagrams::marks(dialect, production, error.expected());
        Marked {
            rule: production.to_owned(),
            url: diagrams::url(dialect, production),
            marked,
            marks,
            stopped_in: read.and_then(|read| stopped_in(dialect, production, read, error.offset())),
        }
    });
    ErrorEntry {
        code: error.kind().code(),
        message: error.message().to_string(),
        offset: error.offset(),
        char_offset: error.char_offset(),
        line: error.line(),
        column: error.column(),
        production: error.production().map(str::to_owned),
        expected,
        diagram,
        rendered: error.render(),
        input_chars: chars(input, input.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefixed_reference_is_read_as_the_grammar_reads_it() {
        let json = serde_json::to_value(explain(
            "URL:http://h:80/a?b#top",
            Dialect::Rfc1738,
            InputForm::Reference,
        ))
        .unwrap();
        let tree = &json["tree"];
        assert_eq!(tree["rule"], "urlreference");
        assert_eq!(tree["children"][0]["rule"], "prefixedurl");
        let http = &tree["children"][0]["children"][0];
        assert_eq!(
            (http["rule"].as_str(), http["start"].as_u64()),
            (Some("httpurl"), Some(4))
        );
        assert_eq!(http["diagram"], "/diagrams/rfc1738/httpurl.svg");
        let host = http["children"]
            .as_array()
            .unwrap()
            .iter()
            .find(|n| n["rule"] == "host")
            .unwrap();
        assert_eq!(host["text"], "h");
        assert_eq!(tree["children"][1]["rule"], "fragment");
        assert_eq!(tree["children"][1]["children"][0]["text"], "top");
    }

    #[test]
    fn an_rfc2396_reference_is_read_as_its_grammar_reads_it() {
        let json = serde_json::to_value(explain(
            "//h:80/a?b#top",
            Dialect::Rfc2396,
            InputForm::Reference,
        ))
        .unwrap();
        let tree = &json["tree"];
        assert_eq!(tree["rule"], "URI_reference");
        assert_eq!(tree["diagram"], "/diagrams/rfc2396/URI_reference.svg");
        assert_eq!(tree["children"][0]["rule"], "relativeURI");
        assert_eq!(tree["children"][1]["rule"], "fragment");
        assert_eq!(tree["children"][1]["text"], "top");
        let json =
            serde_json::to_value(explain("http://h/", Dialect::Rfc2396, InputForm::Reference))
                .unwrap();
        assert_eq!(json["tree"]["children"][0]["rule"], "absoluteURI");
        assert_eq!(
            json["tree"]["children"][0]["diagram"],
            "/diagrams/rfc2396/absoluteURI.svg"
        );
    }

    #[test]
    fn an_error_names_its_production_and_what_was_expected() {
        let json = serde_json::to_value(explain("http://h/a%zz", Dialect::Rfc1630, InputForm::Url))
            .unwrap();
        assert_eq!(json["valid"], false);
        let error = &json["error"];
        assert_eq!(error["production"], "httpaddress");
        assert_eq!(error["diagram"]["url"], "/diagrams/rfc1630/httpaddress.svg");
        assert!(error["rendered"].as_str().unwrap().contains('^'));
    }

    #[test]
    fn an_invalid_input_shows_what_was_read_before_its_error() {
        let json = serde_json::to_value(explain(
            "http://info.cern.ch/hyper text",
            Dialect::Rfc1738,
            InputForm::Reference,
        ))
        .unwrap();
        assert_eq!(json["tree"], serde_json::Value::Null);
        let read = &json["read_before_error"];
        assert_eq!(
            (read["rule"].as_str(), read["end"].as_u64()),
            (Some("urlreference"), Some(25))
        );
        let http = &read["children"][0];
        assert_eq!(http["rule"], "httpurl");
        let parts: Vec<(&str, &str)> = http["children"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| (n["rule"].as_str().unwrap(), n["text"].as_str().unwrap()))
            .collect();
        assert!(parts.contains(&("host", "info.cern.ch")), "{parts:?}");
        assert!(parts.contains(&("hpath", "hyper")), "{parts:?}");
        // The diagram outlines the rule whose reading the error stopped.
        assert_eq!(json["error"]["diagram"]["stopped_in"], "hpath");
        // A port without its digits: what reads is the URL up to its host.
        let json =
            serde_json::to_value(explain("http://h:/", Dialect::Rfc1738, InputForm::Url)).unwrap();
        assert_eq!(json["read_before_error"]["text"], "http://h");
        // Nothing before the error reads: no scheme.
        let json = serde_json::to_value(explain("h t", Dialect::Rfc1738, InputForm::Url)).unwrap();
        assert_eq!(json["read_before_error"], serde_json::Value::Null);
        let valid =
            serde_json::to_value(explain("http://h/", Dialect::Rfc1738, InputForm::Url)).unwrap();
        assert_eq!(valid["read_before_error"], serde_json::Value::Null);
    }
}
