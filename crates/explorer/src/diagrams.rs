//! The railroad diagrams of `docs/diagrams/`, served from the binary (a table `build.rs`
//! writes, one `include_bytes!` per file), and what each diagram draws: the rules (boxes)
//! and the literals (rounded boxes) it shows, read from its SVG, to find where a rule that
//! failed is drawn.

use rfc1738::Dialect;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// `(path under docs/diagrams/, bytes)`, sorted by path.
static FILES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/diagrams.rs"));

/// The file at `path` under `docs/diagrams/` (`rfc1738/httpurl.svg`, `index.html`).
pub(crate) fn file(path: &str) -> Option<&'static [u8]> {
    FILES
        .binary_search_by(|(name, _)| (*name).cmp(path))
        .ok()
        .map(|at| FILES[at].1)
}

/// The folder of a dialect's diagrams.
pub(crate) fn folder(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Rfc1738 => "rfc1738",
        Dialect::Rfc1630 => "rfc1630",
        Dialect::Rfc2396 => "rfc2396",
        _ => "draft-www-uri-00",
    }
}

/// The stems of the diagrams a rule name may be drawn as: the name itself, with `_` for
/// `-` as the grammar files write it, and the grammar's own names for the rules the RFC names
/// otherwise (build.rs: `rfc1738_name`, `rfc1630_name`).
pub(crate) fn stems(name: &str) -> Vec<String> {
    let mut stems = match name.starts_with('"') {
        // A literal is drawn as written.
        true => vec![name.to_owned()],
        false => vec![name.replace('-', "_")],
    };
    let more: &[&str] = match name {
        "gopher+_string" => &["gopher_plus_string"],
        "search" => &["gopher_search"],
        "scheme" => &["predefined_scheme", "url_scheme"],
        "\"*\"" => &["all_groups"],
        "\"/\"" => &["trailing_slash"],
        "\"#\"" => &["fragment"],
        _ => &[],
    };
    stems.extend(more.iter().map(|stem| (*stem).to_owned()));
    stems
}

/// The address of the diagram of rule `name` in `dialect`, when there is one (a literal,
/// `"/"`, is no rule and has none).
pub(crate) fn url(dialect: Dialect, name: &str) -> Option<String> {
    if name.starts_with('"') {
        return None;
    }
    let folder = folder(dialect);
    stems(name)
        .into_iter()
        .map(|stem| format!("{folder}/{stem}.svg"))
        .find(|path| file(path).is_some())
        .map(|path| format!("/diagrams/{path}"))
}

/// What one diagram draws: the rules in its boxes, the literals in its rounded boxes.
#[derive(Default, Debug)]
pub(crate) struct Drawn {
    pub(crate) rules: BTreeSet<String>,
    pub(crate) literals: BTreeSet<String>,
}

/// Every diagram's [`Drawn`], by `folder/stem`, read once.
fn drawn() -> &'static BTreeMap<String, Drawn> {
    static DRAWN: OnceLock<BTreeMap<String, Drawn>> = OnceLock::new();
    DRAWN.get_or_init(|| {
        FILES
            .iter()
            .filter_map(|(path, bytes)| {
                let key = path.strip_suffix(".svg")?;
                Some((key.to_owned(), read_svg(&String::from_utf8_lossy(bytes))))
            })
            .collect()
    })
}

/// The text of each `<g class="nonterminal">` and `<g class="terminal">` of a diagram (the
/// railroad-diagram generator writes the text on the line after `<text ...>`).
fn read_svg(svg: &str) -> Drawn {
    let mut drawn = Drawn::default();
    let mut rest = svg;
    while let Some(at) = rest.find("<g class=\"") {
        rest = &rest[at + 10..];
        let rule = rest.starts_with("nonterminal\"");
        if !rule && !rest.starts_with("terminal\"") {
            continue;
        }
        let Some(open) = rest.find("<text") else {
            break;
        };
        let after = &rest[open..];
        let (Some(start), Some(end)) = (after.find('>'), after.find("</text>")) else {
            break;
        };
        let text = unescape(after[start + 1..end].trim());
        match rule {
            true => drawn.rules.insert(text),
            false => drawn.literals.insert(text),
        };
        rest = &after[end..];
    }
    drawn
}

/// The five entities of XML.
fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Whether the diagram of `production` in `dialect` draws a box of the rule `rule`.
pub(crate) fn draws(dialect: Dialect, production: &str, rule: &str) -> bool {
    let folder = folder(dialect);
    stems(production)
        .iter()
        .find_map(|stem| drawn().get(&format!("{folder}/{stem}")))
        .is_some_and(|diagram| stems(rule).iter().any(|stem| diagram.rules.contains(stem)))
}

/// Where the diagram of `production` in `dialect` shows what was `expected`: the boxes that
/// are one of the expected rules or literals (`"expected"`), or else the rules of the
/// diagram from which one of them can be reached (`"leads-to-expected"`), or none.
pub(crate) fn marks(
    dialect: Dialect,
    production: &str,
    expected: &[impl AsRef<str>],
) -> (Vec<String>, &'static str) {
    let folder = folder(dialect);
    let all = drawn();
    let Some(diagram) = stems(production)
        .iter()
        .find_map(|stem| all.get(&format!("{folder}/{stem}")))
    else {
        return (Vec::new(), "none");
    };
    let wanted: BTreeSet<String> = expected
        .iter()
        .flat_map(|name| stems(name.as_ref()))
        .collect();
    let direct: Vec<String> = diagram
        .rules
        .iter()
        .chain(&diagram.literals)
        .filter(|text| wanted.contains(*text))
        .cloned()
        .collect();
    if !direct.is_empty() {
        return (direct, "expected");
    }
    let reaches = |start: &str| {
        let mut seen = BTreeSet::new();
        let mut queue = vec![start.to_owned()];
        while let Some(rule) = queue.pop() {
            if wanted.contains(&rule) {
                return true;
            }
            if !seen.insert(rule.clone()) {
                continue;
            }
            if let Some(drawn) = all.get(&format!("{folder}/{rule}")) {
                if drawn
                    .literals
                    .iter()
                    .any(|literal| wanted.contains(literal))
                {
                    return true;
                }
                queue.extend(drawn.rules.iter().cloned());
            }
        }
        false
    };
    let leading: Vec<String> = diagram
        .rules
        .iter()
        .filter(|rule| reaches(rule))
        .cloned()
        .collect();
    match leading.is_empty() {
        true => (leading, "none"),
        false => (leading, "leads-to-expected"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dialect_has_its_diagrams() {
        assert_eq!(
            FILES
                .iter()
                .filter(|(path, _)| path.ends_with(".svg"))
                .count(),
            265
        );
        assert!(file("index.html").is_some());
        assert_eq!(
            url(Dialect::Rfc1738, "gopher+_string").as_deref(),
            Some("/diagrams/rfc1738/gopher_plus_string.svg")
        );
        assert_eq!(
            url(Dialect::Rfc1630, "httpaddress").as_deref(),
            Some("/diagrams/rfc1630/httpaddress.svg")
        );
        assert_eq!(
            url(Dialect::Rfc2396, "authority").as_deref(),
            Some("/diagrams/rfc2396/authority.svg")
        );
        assert_eq!(url(Dialect::Rfc1738, "no-such-rule"), None);
    }

    #[test]
    fn diagrams_are_read() {
        let drawn = &drawn()["rfc1738/httpurl"];
        assert!(drawn.rules.contains("hostport") && drawn.rules.contains("hpath"));
        assert!(drawn.literals.contains("\"/\""), "{drawn:?}");
        let (marked, how) = marks(Dialect::Rfc1738, "httpurl", &["hpath".to_owned()]);
        assert_eq!((marked, how), (vec!["hpath".to_owned()], "expected"));
        let (marked, how) = marks(Dialect::Rfc1738, "httpurl", &["hsegment".to_owned()]);
        assert_eq!(
            (marked, how),
            (vec!["hpath".to_owned()], "leads-to-expected")
        );
    }
}
