//! Compiles the four grammars (grammar/rfc1738.pest, grammar/rfc1630.pest,
//! grammar/draft-www-uri-00.pest and grammar/rfc2396.pest) into the fast path (the crate rfc1738-grammar-compiler,
//! crates/grammar-compiler/): for each,
//! one description (its `Rule` enum, its RFC rule names, its `Grammar` implementation, its
//! rule functions) and its character classes. The same grammars that pest_derive turns into
//! the judge's pest parsers, so the two cannot drift.

use rfc1738_grammar_compiler::Spec;
use std::path::PathBuf;

/// A rule of RFC 1738's grammar as the RFC writes it: the file's name, but for the rules
/// the file names otherwise (RFC 1738's `ip-schemepart`, `gopher+_string`) and those the RFC
/// does not name (`end of URL`, the literals of the rules that only hold one).
fn rfc1738_name(name: &str) -> String {
    match name {
        "EOI" => "end of URL",
        "ip_schemepart" => "ip-schemepart",
        "gopher_plus_string" => "gopher+_string",
        "gopher_search" => "search",
        "all_groups" => "\"*\"",
        "trailing_slash" => "\"/\"",
        "predefined_scheme" => "scheme",
        "whole_url" => "url",
        "whole_reference" => "urlreference",
        // Every other rule is named exactly as in the RFC, or, for the reference's rules
        // (`urlreference`, `prefixedurl`, `fragmentid`, `xalpha`, ...), as in RFC 1630.
        other => other,
    }
    .to_owned()
}

/// A rule of RFC 1630's (or the draft's) grammar as the document writes it: with `-` for
/// the file's `_`, but for the rules the document does not name.
fn rfc1630_name(name: &str) -> String {
    match name {
        "EOI" => "end of URI".to_owned(),
        "fragment" => "\"#\"".to_owned(),
        "url_scheme" => "scheme".to_owned(),
        "whole_uri" | "fragmentaddress" => "uri".to_owned(),
        other => other.replace('_', "-"),
    }
}

/// A rule of RFC 2396's grammar as the RFC writes it: the file's name, but for
/// `URI-reference` (written `URI_reference` in the file) and the rules the RFC does not name.
fn rfc2396_name(name: &str) -> String {
    match name {
        "EOI" => "end of URI",
        "URI_reference" | "whole_reference" => "URI-reference",
        "whole_uri" => "absoluteURI",
        other => other,
    }
    .to_owned()
}

/// Each grammar file, what it is, and the files its description and classes go to.
const GRAMMARS: [(&str, Spec<'static>, &str, &str); 4] = [
    (
        "grammar/rfc1738.pest",
        Spec {
            dialect: "Rfc1738",
            url: "whole_url",
            reference: "urlreference",
            rfc_name: rfc1738_name,
        },
        "rfc1738_parser.rs",
        "rfc1738_classes.rs",
    ),
    (
        "grammar/rfc1630.pest",
        Spec {
            dialect: "Rfc1630",
            url: "whole_uri",
            reference: "whole_uri",
            rfc_name: rfc1630_name,
        },
        "rfc1630_parser.rs",
        "rfc1630_classes.rs",
    ),
    (
        "grammar/draft-www-uri-00.pest",
        Spec {
            dialect: "DraftWwwUri00",
            url: "whole_uri",
            reference: "whole_uri",
            rfc_name: rfc1630_name,
        },
        "draft_www_uri_00_parser.rs",
        "draft_www_uri_00_classes.rs",
    ),
    (
        "grammar/rfc2396.pest",
        Spec {
            dialect: "Rfc2396",
            // As in the RFC 1630 family, a URL is read as a reference is (a relative
            // reference is a URI-reference too); `whole_uri` stands alone for pest tools.
            url: "whole_reference",
            reference: "whole_reference",
            rfc_name: rfc2396_name,
        },
        "rfc2396_parser.rs",
        "rfc2396_classes.rs",
    ),
];

fn main() {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    let mut names: Vec<String> = Vec::new();
    for (source, spec, generated, classes) in GRAMMARS {
        println!("cargo:rerun-if-changed={source}");
        let grammar = std::fs::read_to_string(source).unwrap_or_else(|e| panic!("{source}: {e}"));
        let (code, sets, rules) = rfc1738_grammar_compiler::compile(&grammar, source, &spec)
            .unwrap_or_else(|error| panic!("cannot compile {source}: {error}"));
        std::fs::write(out_dir.join(generated), code).expect("write the generated parser");
        std::fs::write(out_dir.join(classes), sets).expect("write the character classes");
        for rule in rules {
            if !names.contains(&rule) {
                names.push(rule);
            }
        }
    }
    std::fs::write(
        out_dir.join("names.rs"),
        rfc1738_grammar_compiler::names(&names),
    )
    .expect("write the names");
}
