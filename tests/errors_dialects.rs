//! Error messages of the RFC 1630 dialects as a person reads them, pinned exactly: one
//! diagnosis for every dialect, in RFC 1738's vocabulary where RFC 1630 means what RFC 1738
//! means (unsafe and reserved characters, escapes, the end), in its own where it does not
//! (a space RFC 1630 reserves, a second "#"). Each error is also true of its input
//! (`crates/test-support/src/error_truth.rs`).

use pretty_assertions::assert_eq;
use rfc1738::Dialect;

/// The block a person reads (`{:#}`), with the caret, after checking the error is true.
fn rendered(input: &str, dialect: Dialect) -> String {
    let error = rfc1738::parse_reference(input, dialect).unwrap_err();
    let wrong = rfc1738_test_support::error_truth::falsehoods(input, dialect, &error);
    assert!(wrong.is_empty(), "{input:?} ({dialect}): {wrong:?}");
    format!("{error:#}")
}

#[test]
fn a_national_character_is_unsafe_as_in_rfc1738() {
    assert_eq!(
        rendered("http://info.cern.ch/hyper{text}", Dialect::Rfc1630),
        "\
error: unsafe character '{' must be escaped as %7B (RFC 1738 section 2.2)
 --> line 1, column 26 (byte 25), in httpaddress
  |
  | http://info.cern.ch/hyper{text}
  |                          ^
  = expected: \"#\", xalpha, \"/\", \"?\" or end of URI"
    );
}

#[test]
fn a_reserved_character_is_reserved_as_in_rfc1738() {
    assert_eq!(
        rendered("http://info.cern.ch/hyper?a=b", Dialect::Rfc1630),
        "\
error: reserved character '=' is not allowed here (RFC 1738 section 2.2); if it is data, escape it as %3D
 --> line 1, column 28 (byte 27), in httpaddress
  |
  | http://info.cern.ch/hyper?a=b
  |                            ^
  = expected: \"#\", xalpha or end of URI"
    );
}

#[test]
fn a_space_is_reserved_in_rfc1630_in_its_own_words() {
    assert_eq!(
        rendered("http://info.cern.ch/hyper text", Dialect::Rfc1630),
        "\
error: ' ' is not allowed here: it is reserved: it may stand only where the grammar uses it as a delimiter; if it is data, escape it as %20
 --> line 1, column 26 (byte 25), in httpaddress
  |
  | http://info.cern.ch/hyper text
  |                          ^
  = expected: \"#\", xalpha, \"/\", \"?\" or end of URI"
    );
}

#[test]
fn a_second_hash_is_refused_in_rfc1630() {
    assert_eq!(
        rendered("http://info.cern.ch/hyper#a#b", Dialect::Rfc1630),
        "\
error: '#' is not allowed here: \"#\" ends the URI and starts its fragment-id, which holds no second \"#\"; if it is data, escape it as %23
 --> line 1, column 28 (byte 27), in httpaddress
  |
  | http://info.cern.ch/hyper#a#b
  |                            ^
  = expected: xalpha or end of URI"
    );
}

#[test]
fn an_invalid_escape_points_at_its_percent() {
    assert_eq!(
        rendered("news:12345667123%asdghfh@info.cern.ch", Dialect::Rfc1630),
        "\
error: invalid escape \"%as\": \"%\" must be followed by two hex digits (a literal \"%\" is written %25)
 --> line 1, column 17 (byte 16), in newsaddress
  |
  | news:12345667123%asdghfh@info.cern.ch
  |                 ^
  = expected: hex"
    );
}

#[test]
fn a_port_out_of_range_is_the_shared_authority_error() {
    assert_eq!(
        rendered("http://info.cern.ch:99999/", Dialect::Rfc1630),
        "\
error: port 99999 is out of range: a port is at most 65535
 --> line 1, column 21 (byte 20), in httpaddress
  |
  | http://info.cern.ch:99999/
  |                     ^
  = expected: port"
    );
}

#[test]
fn an_nntp_article_number_stops_at_a_space() {
    assert_eq!(
        rendered("nntp:comp.infosystems/12 34", Dialect::Rfc1630),
        "\
error: ' ' is not allowed here: it is reserved: it may stand only where the grammar uses it as a delimiter; if it is data, escape it as %20
 --> line 1, column 25 (byte 24), in nntpaddress
  |
  | nntp:comp.infosystems/12 34
  |                         ^
  = expected: \"#\", digit or end of URI"
    );
}

#[test]
fn missing_slashes_are_named_as_in_rfc1738() {
    assert_eq!(
        rendered("ftp:/info.cern.ch/", Dialect::Rfc1630),
        "\
error: ftp URLs start with \"ftp://\"
 --> line 1, column 5 (byte 4), in ftpaddress
  |
  | ftp:/info.cern.ch/
  |     ^
  = expected: \"//\""
    );
}

#[test]
fn punctuation_is_unsafe_in_the_draft() {
    assert_eq!(
        rendered("http://info.cern.ch/<hyper>", Dialect::DraftWwwUri00),
        "\
error: unsafe character '<' must be escaped as %3C (RFC 1738 section 2.2)
 --> line 1, column 21 (byte 20), in httpaddress
  |
  | http://info.cern.ch/<hyper>
  |                     ^
  = expected: \"#\", xalpha, \"/\", \"?\" or end of URI"
    );
}

#[test]
fn a_national_character_is_unsafe_in_the_draft() {
    assert_eq!(
        rendered("http://info.cern.ch/a|b", Dialect::DraftWwwUri00),
        "\
error: unsafe character '|' must be escaped as %7C (RFC 1738 section 2.2)
 --> line 1, column 22 (byte 21), in httpaddress
  |
  | http://info.cern.ch/a|b
  |                      ^
  = expected: \"#\", xalpha, \"/\", \"?\" or end of URI"
    );
}

#[test]
fn a_second_hash_is_refused_in_the_draft() {
    assert_eq!(
        rendered("http://info.cern.ch/hyper#a#b", Dialect::DraftWwwUri00),
        "\
error: '#' is not allowed here: \"#\" ends the URI and starts its fragment-id, which holds no second \"#\"; if it is data, escape it as %23
 --> line 1, column 28 (byte 27), in httpaddress
  |
  | http://info.cern.ch/hyper#a#b
  |                            ^
  = expected: xalpha or end of URI"
    );
}
