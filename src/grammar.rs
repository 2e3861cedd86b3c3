//! The generated parser: `pest_derive` compiles `grammar/rfc1738.pest` into [`Rfc1738Parser`]
//! and its [`Rule`] enum. Nothing here is written by hand but the names users see.

// pest_derive generates items (`Rule::all_rules`) without doc comments; every rule's own
// doc comment comes from the grammar, where a test checks it is present.
#![allow(missing_docs)]

/// The pest parser generated from `grammar/rfc1738.pest` (RFC 1738 section 5).
///
/// Most code wants [`crate::parse`]; this type is public for tools that want pest's raw
/// pairs, for example to walk the parse tree of a URL rule by rule.
///
/// ```
/// use pest::Parser;
/// use rfc1738::grammar::{Rfc1738Parser, Rule};
///
/// let pairs = Rfc1738Parser::parse(Rule::whole_url, "http://info.cern.ch/").unwrap();
/// let hostport = pairs.flatten().find(|p| p.as_rule() == Rule::hostport).unwrap();
/// assert_eq!(hostport.as_str(), "info.cern.ch");
/// ```
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rfc1738.pest"]
#[non_exhaustive]
pub struct Rfc1738Parser;

impl Rule {
    /// The rule's name as RFC 1738 writes it (`ip-schemepart`, `gopher+_string`), or a
    /// short phrase for the rules the RFC does not name (`end of URL`).
    pub fn rfc_name(self) -> String {
        match self {
            Rule::EOI => "end of URL".into(),
            Rule::ip_schemepart => "ip-schemepart".into(),
            Rule::gopher_plus_string => "gopher+_string".into(),
            Rule::gopher_search => "search".into(),
            Rule::all_groups => "\"*\"".into(),
            Rule::trailing_slash => "\"/\"".into(),
            Rule::predefined_scheme => "scheme".into(),
            Rule::whole_url => "url".into(),
            // Every other rule is named exactly as in the RFC.
            other => format!("{other:?}"),
        }
    }
}
