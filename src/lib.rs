//! # rfc1738
//!
//! URLs exactly as RFC 1738 (December 1994) defines them: the BNF of section 5 transcribed
//! into a pest grammar (`grammar/rfc1738.pest`), lowered into one typed struct per scheme,
//! with errors that say where, what the RFC expected there, and why. RFC 1630 (June 1994)
//! and its draft draft-www-uri-00 (March 1994) are read by their own grammars
//! ([`Dialect`], [`parse_reference`]), and their partial forms resolved
//! ([`resolution::resolve`]).
//!
//! ```
//! use rfc1738::Url;
//!
//! let url = Url::parse("gopher://gopher.micro.umn.edu:70/00/Information").unwrap();
//! assert_eq!(url.scheme(), "gopher");
//! assert_eq!(url.host().unwrap(), "gopher.micro.umn.edu");
//! assert_eq!(url.port(), Some(70));
//! let Url::Gopher(gopher) = &url else { unreachable!() };
//! assert_eq!(gopher.gopher_type().unwrap(), "0");
//! assert_eq!(gopher.selector(), "0/Information");
//!
//! let error = rfc1738::parse("http://info.cern.ch/hypertext#top").unwrap_err();
//! assert_eq!(error.offset(), 29);
//! assert!(error.message().contains("fragment"));
//! ```
//!
//! # Using the library
//!
//! No feature is on by default: a crate that depends on `rfc1738` compiles the parser and
//! its small dependencies (thiserror, memchr, bytecount, rfc1738-words). The `rfc1738` command is
//! the crate rfc1738-cli (`crates/cli` of the repository), which builds on this one.
//!
//! ```toml
//! [dependencies]
//! rfc1738 = "0.1"
//! # or, with serde (the JSON reports):
//! # rfc1738 = { version = "0.1", features = ["serde"] }
//! ```
//!
//! ## Feature flags
//!
//! | feature | what it adds |
//! | --- | --- |
//! | `serde` | `Serialize` and `Deserialize` for [`Url`] (a map that round-trips in every dialect, or a string read by RFC 1738), `Serialize` for [`UrlReference`] and [`ParseError`]; the report types `ParseReport`, `LintReport`, `NormalizeReport`, `ResolveReport`, `ExtractReport`, `UnreadableReport`, `RequestReport` (the CLI's JSON and the corpus's format). |
//! | `url` | conversions to and from the `url` crate's `url::Url` for http, ftp and file URLs: the `convert` module, `from_url_crate`, `ConvertError`. |
//! | `rfc3986` | the resolution mode `rfc3986` ([`ResolveMode::Rfc3986`](resolution::ResolveMode::Rfc3986), RFC 3986 section 5.2) through the crate fluent-uri; without it the mode answers `ModeNotBuilt`. |
//! | `whatwg` | the resolution mode `whatwg` ([`ResolveMode::Whatwg`](resolution::ResolveMode::Whatwg), the WHATWG URL Standard) through the crate url, and [`resolution::whatwg_violations`]; without it the mode answers `ModeNotBuilt`. |
//! | `pest` | `grammar`: the `pest_derive` parsers of the grammars, for tools that want pest's pairs (the judge, the crate `rfc1738-judge`, holds the compiled grammars to them). Without it no grammar is compiled twice. |
//! | `judge` | internal: the insides the judge reads (implies `pest`); hidden, not part of the API. |
//!
//! # The main types
//!
//! - [`Url`]: a URL read by one dialect's grammar, one variant per scheme, borrowing from
//!   its input ([`Url::parse`], [`Url::parse_in`], [`parse`]); `Display` and
//!   [`AsRef<str>`] give the text back as written. Its [`UrlKind`] names the production.
//! - The scheme structs inside it, one per production, in [`schemes`]:
//!   [`HttpUrl`](schemes::HttpUrl), [`FtpUrl`](schemes::FtpUrl),
//!   [`GopherUrl`](schemes::GopherUrl), ... and RFC 1630's [`IdUrl`](schemes::IdUrl) (of
//!   `mid:` and `cid:` URLs); their components are [`Escaped`] text, decoded on request,
//!   and [`Host`]s.
//! - [`Url::components`]: each component of a URL with its [`Role`] (the RFC's rule
//!   name) and its span in the text ([`Component`]).
//! - [`UrlReference`]: a URL as it stands in a document, with the prefix `URL:` and a
//!   `#fragment` ([`parse_reference`]).
//! - [`Dialect`]: which document's grammar reads (RFC 1738, RFC 1630, draft-www-uri-00).
//! - [`ParseError`] and its [`ErrorKind`]: where, what was expected and why. Its
//!   `Display` is one line; `{:#}` ([`ParseError::render`]) is the block with a caret.
//! - Around them, at the root: [`normalize`] and [`equivalent`], [`escape_controls`] and
//!   [`escape_octets`] (untrusted text and octets shown in one line); and one module per
//!   service: [`resolution`] (partial forms), [`lint`] (RFC 1738 section 6's security
//!   checks), [`requests`] (what a client sends for a URL, section 3, refused when section
//!   6 calls it dangerous), [`extraction`] (URLs in running text), [`encoding`] (the
//!   character sets and `%XX`), [`building`] (URLs from decoded components:
//!   [`HttpUrl::builder`](schemes::HttpUrl::builder), ...), [`unreadable`] (inputs that are
//!   no text) and, with `serde`, `reports` (the JSON reports).
//!
//! The other products are crates of their own on this one: the links of HTML pages,
//! resolved as the browsers of 1993-1995 did (rfc1738-links), web archives
//! (rfc1738-archive), the network client (rfc1738-fetch) and the `rfc1738` command
//! (rfc1738-cli).
//!
//! ```
//! use rfc1738::{Dialect, ErrorKind, Url, UrlKind};
//!
//! // A dialect per call: RFC 1630 knows mid: URLs, which RFC 1738 reads as generic.
//! let mid = Url::parse_in("mid:12345@info.cern.ch", Dialect::Rfc1630).unwrap();
//! assert_eq!(mid.kind(), UrlKind::Mid);
//! assert_eq!(mid.as_ref(), "mid:12345@info.cern.ch");
//!
//! // Errors: one line for logs and `?`, a block with a caret for a person.
//! let error = Url::parse("http://info.cern.ch:70000/").unwrap_err();
//! assert!(matches!(error.kind(), ErrorKind::PortOutOfRange { .. }));
//! assert_eq!(
//!     error.to_string(),
//!     "port 70000 is out of range: a port is at most 65535 at line 1, column 21 (byte 20), in httpurl"
//! );
//! assert!(format!("{error:#}").contains("\n  |                     ^"));
//! ```
//!
//! Other dialects, the `URL:` prefix, fragments and partial forms:
//!
//! ```
//! use rfc1738::{Dialect, Url};
//! use rfc1738::resolution::ResolveMode;
//!
//! let reference = rfc1738::parse_reference("URL:ftp://host/pub/file;type=I#part", Dialect::Rfc1630).unwrap();
//! assert!(reference.is_prefixed());
//! assert_eq!(reference.fragment(), Some("part"));
//! let Url::Ftp(ftp) = reference.url() else { unreachable!() };
//! assert_eq!(ftp.ftp_type().unwrap().code(), 'I');
//!
//! let context = "magic://a/b/c//d/e/f";
//! assert_eq!(rfc1738::resolution::resolve(context, "../g", ResolveMode::Rfc1630).unwrap(), "magic://a/b/c//d/g");
//! ```
//!
//! The pipeline: grammar → compiled parser (generated by `build.rs` from the same `.pest`
//! file that `grammar`'s pest parser is derived from, with the `pest` feature) → parse tree → lowering → typed
//! [`Url`] (one module per scheme) → decoding on request ([`Escaped`]). Failures go through
//! a diagnosis step, a tracing run of the compiled grammar, that produces a [`ParseError`].

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod ast;
mod facade;
#[cfg(feature = "pest")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest")))]
pub mod grammar;
#[cfg(feature = "judge")]
#[doc(hidden)]
pub mod judged;
mod lowering;
mod methods;
mod services;
mod syntax;
mod vocabulary;

#[cfg(feature = "url")]
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
pub use services::convert;
pub use services::lint;

pub use ast::component::{Component, Components, Role};
pub use ast::host::Host;
pub use ast::reference::UrlReference;
pub use ast::url::Url;
pub use facade::{is_valid, is_valid_reference, leading_scheme, parse, parse_reference};
pub use services::normalize::{equivalent, normalize, normalize_reference};
pub use vocabulary::dialect::{Dialect, UnknownDialect, is_absolute};
pub use vocabulary::error::{ErrorKind, ParseError};
pub use vocabulary::escape::Escaped;
pub use vocabulary::kind::UrlKind;
pub use vocabulary::shown::{escape_controls, escape_octets};

/// The URL of each scheme, one struct per production of RFC 1738 section 5 (and RFC 1630's
/// `mid:` and `cid:`), and the parts they are made of: what a [`Url`] holds in its
/// variants.
pub mod schemes {
    pub use crate::ast::scheme::{
        Article, Fieldspec, FileUrl, FtpType, FtpUrl, GenericForm, GenericUrl, GopherUrl,
        Grouppart, HttpUrl, IdUrl, MailtoUrl, NewsUrl, NntpUrl, PathSegment, ProsperoUrl,
        TelnetUrl, Typecode, WaisForm, WaisUrl, WpathField,
    };
}

/// Building URLs from decoded components: one builder per scheme, reached from its URL
/// type (`HttpUrl::builder`, `NewsUrl::builder`, ...), escaping what the scheme's
/// rules want escaped, and the [`BuildError`](building::BuildError) of a component no
/// escaping can make valid.
pub mod building {
    pub use crate::services::builders::{
        BuildError, FileBuilder, FtpBuilder, GenericBuilder, GopherBuilder, HttpBuilder,
        MailtoBuilder, NewsBuilder, NntpBuilder, ProsperoBuilder, TelnetBuilder, WaisBuilder,
    };
}

/// Octets and `%XX` escapes: the character sets of RFC 1738 section 2.2 ([`CharSet`](encoding::CharSet)),
/// encoding into them, decoding, and the segments of an escaped path.
pub mod encoding {
    pub use crate::vocabulary::encode::{CharSet, charset, encode};
    pub use crate::vocabulary::escape::{Segments, percent_decode};
}

/// URLs in running text, by RFC 1738's appendix ("Recommendations for URLs in Context"):
/// `<URL:...>` and `<...>` wrappers, bare URLs, hyphens at line breaks.
pub mod extraction {
    pub use crate::services::extract::{
        Extract, ExtractReader, Extractor, Found, Wrapper, extract, extract_reader,
    };
}

/// What a client sends for a URL (RFC 1738 section 3), refused when section 6 calls the
/// URL dangerous: one request type per scheme, their lines, and what the URL leaves to the
/// client.
pub mod requests {
    #[cfg(feature = "serde")]
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    pub use crate::services::request::report::RequestReport;
    pub use crate::services::request::{
        FileRequest, FtpRequest, FtpTransfer, GopherPlus, GopherRequest, HttpRequest, Line,
        MailtoRequest, Missing, NewsRequest, NntpCommand, NntpRequest, ProsperoRequest, Protocol,
        Request, RequestOptions, RequestRefused, ShownLine, TelnetRequest, Transport,
        UndefinedRequest, WaisAction, WaisRequest,
    };
}

/// Then and now: the verdict of each standard on a URL in its year, from draft-www-uri-00
/// (1994) to the WHATWG URL Standard (today, feature `whatwg`; RFC 3986's with feature
/// `rfc3986`), and a link resolved in every mode side by side.
pub mod timeline {
    #[cfg(feature = "serde")]
    pub use crate::services::timeline::TimelineReport;
    pub use crate::services::timeline::{
        Resolution, ResolutionError, Standard, Verdict, VerdictError, resolutions, rfc1808_error,
        timeline,
    };
}

/// Partial forms resolved against a context: RFC 1630's rules (in either reading of rule
/// 2), the draft's, RFC 1808's and the CERN library's; and, to compare, RFC 2396's, RFC
/// 3986's (feature `rfc3986`) and the WHATWG URL Standard's (feature `whatwg`)
/// ([`ResolveMode`](resolution::ResolveMode)).
pub mod resolution {
    pub use crate::services::compare::{
        Comparison, ComparisonSummary, Difference, DifferenceClass, DifferenceClasses, PairSummary,
        classify, compare, pair_name,
    };
    pub use crate::services::resolve::{
        ResolveError, ResolveMode, resolve, resolve_cern_without_anchor, whatwg_violations,
    };
}

/// Inputs that are no text: a line too long to read, bytes that are not UTF-8, a line
/// without the tab a batch mode wants; each with its place; and [`hex`](unreadable::hex),
/// how reports write bytes that are not text.
pub mod unreadable {
    pub use crate::services::unreadable::{Unreadable, UnreadableInput, hex};
}

/// The JSON reports of the command line and the corpus (feature `serde`): one report per
/// answer, each built from what was already computed, its error the one object
/// [`ParseError`] serializes to.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod reports {
    pub use crate::services::compare::CompareReport;
    pub use crate::services::error_report::ErrorReport;
    pub use crate::services::report::{
        ExtractReport, InRecord, InputForm, LintReport, NormalizeReport, ParseReport,
        ResolveReport, UnreadableReport, WarningReport,
    };
    pub use crate::services::serialize::{Entries, EntryType, EntryValue, REFERENCE_ENTRIES};
}

/// The examples of README.md, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The Rust examples of the book's chapters (`book/src/`), run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../book/src/library.md")]
struct BookLibraryExamples;

/// The Rust example of the book's chapter on clients.
#[cfg(doctest)]
#[doc = include_str!("../book/src/clients.md")]
struct BookClientsExamples;
