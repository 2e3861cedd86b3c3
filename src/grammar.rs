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
        use crate::syntax::compiled::Grammar;
        // The compiled grammar's enum numbers its rules as this one (a test checks it).
        let compiled = <crate::syntax::compiled::rfc1738::Rule as Grammar>::ALL[self as usize];
        compiled.rfc_name().to_owned()
    }
}

/// The pest parser of RFC 1630 (June 1994), with its own `Rule` enum.
pub mod rfc1630 {
    #![allow(missing_docs)]

    /// The pest parser generated from `grammar/rfc1630.pest` (RFC 1630, June 1994: the
    /// generic URI syntax and the URL syntax).
    ///
    /// ```
    /// use pest::Parser;
    /// use rfc1738::grammar::rfc1630::{Rfc1630Parser, Rule};
    ///
    /// let pairs = Rfc1630Parser::parse(Rule::whole_uri, "nntp:comp.infosystems/1234").unwrap();
    /// let group = pairs.flatten().find(|p| p.as_rule() == Rule::group).unwrap();
    /// assert_eq!(group.as_str(), "comp.infosystems");
    /// ```
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/rfc1630.pest"]
    #[non_exhaustive]
    pub struct Rfc1630Parser;
}

/// The pest parser of draft-www-uri-00 (March 1994), the draft that became RFC 1630.
pub mod draft_www_uri_00 {
    #![allow(missing_docs)]

    /// The pest parser generated from `grammar/draft-www-uri-00.pest`.
    ///
    /// ```
    /// use pest::Parser;
    /// use rfc1738::grammar::draft_www_uri_00::{DraftParser, Rule};
    ///
    /// // The draft allows a space in a path; RFC 1630 reserves it.
    /// assert!(DraftParser::parse(Rule::whole_uri, "http://info.cern.ch/a b").is_ok());
    /// ```
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/draft-www-uri-00.pest"]
    #[non_exhaustive]
    pub struct DraftParser;
}

/// The pest parser of RFC 2396 (August 1998), Appendix A: the generic syntax and the
/// relative references of `URI-reference`.
pub mod rfc2396 {
    #![allow(missing_docs)]

    /// The pest parser generated from `grammar/rfc2396.pest`.
    ///
    /// ```
    /// use pest::Parser;
    /// use rfc1738::grammar::rfc2396::{Rfc2396Parser, Rule};
    ///
    /// // A relative reference is a URI-reference of RFC 2396.
    /// assert!(Rfc2396Parser::parse(Rule::whole_reference, "../g;x?y#s").is_ok());
    /// assert!(Rfc2396Parser::parse(Rule::whole_reference, "http://a/b c").is_err());
    /// ```
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/rfc2396.pest"]
    #[non_exhaustive]
    pub struct Rfc2396Parser;
}
