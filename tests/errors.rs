//! Error messages as a person reads them, pinned exactly for the common mistakes.

use pretty_assertions::assert_eq;
use rfc1738::Dialect;

mod common;

/// The block a person reads (`{:#}`), with the caret.
fn rendered(input: &str) -> String {
    format!("{:#}", rfc1738::parse(input).unwrap_err())
}

#[test]
fn an_unsafe_character_names_its_escape() {
    assert_eq!(
        rendered("http://info.cern.ch/hyper text"),
        "\
error: unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2)
 --> line 1, column 26 (byte 25), in httpurl
  |
  | http://info.cern.ch/hyper text
  |                          ^
  = expected: xchar or end of URL"
    );
}

#[test]
fn an_invalid_escape_points_at_its_percent() {
    assert_eq!(
        rendered("news:12345667123%asdghfh@info.cern.ch"),
        "\
error: invalid escape \"%as\": \"%\" must be followed by two hex digits (a literal \"%\" is written %25)
 --> line 1, column 17 (byte 16), in newsurl
  |
  | news:12345667123%asdghfh@info.cern.ch
  |                 ^
  = expected: hex"
    );
}

#[test]
fn a_user_in_an_http_url_is_refused_with_the_reason() {
    assert_eq!(
        rendered("http://joe:secret@www.w3.org/"),
        "\
error: http URLs carry no user name or password (RFC 1738 section 3): nothing may stand between \"//\" and the host
 --> line 1, column 8 (byte 7), in httpurl
  |
  | http://joe:secret@www.w3.org/
  |        ^"
    );
}

#[test]
fn display_is_one_line_with_the_message_and_the_position() {
    let error = rfc1738::parse("http://info.cern.ch/hyper text").unwrap_err();
    assert_eq!(
        error.to_string(),
        "unsafe character ' ' must be escaped as %20 (RFC 1738 section 2.2) at line 1, column 26 (byte 25), in httpurl"
    );
    let error = rfc1738::parse("nope").unwrap_err();
    assert_eq!(
        error.to_string(),
        "no scheme: a URL starts with a scheme (letters, digits, \"+\", \"-\", \".\") and \":\" at line 1, column 5 (byte 4)"
    );
    // The block is the alternate form, and `render`.
    assert_eq!(error.render(), format!("{error:#}"));
    assert!(error.render().starts_with("error: no scheme"));
}

/// As `anyhow` and `Box<dyn Error>` print an error: `Error: ` and its `Display`, which is
/// one line, even where the message quotes a line break of the input.
#[test]
fn an_error_prints_as_one_line_behind_a_box_dyn_error() {
    fn fails(input: &str) -> Result<rfc1738::Url<'_>, Box<dyn std::error::Error + '_>> {
        Ok(rfc1738::parse(input)?)
    }
    for input in [
        "http://h/a b",
        "ftp://h/%\n0",
        "x",
        "",
        "gopher://h:1x/",
        "a\nb:c d",
    ] {
        let error = fails(input).unwrap_err();
        let printed = format!("Error: {error}");
        assert!(!printed.contains('\n'), "{printed:?}");
        assert!(!printed.starts_with("Error: error:"), "{printed:?}");
        assert!(printed.contains(" at line "), "{printed:?}");
    }
    let error = rfc1738::parse("ftp://h/%\n0").unwrap_err();
    assert!(error.to_string().contains("\\x0a"), "{error}");
}

#[test]
fn every_corpus_error_displays_as_one_line() {
    let (mut checked, inputs) = (0, corpus_inputs());
    for input in &inputs {
        for dialect in Dialect::ALL {
            if let Err(error) = rfc1738::parse_reference(input, dialect) {
                let line = error.to_string();
                assert!(!line.contains('\n'), "{dialect} {input:?}: {line:?}");
                let position = format!(
                    " at line {}, column {} (byte {})",
                    error.line(),
                    error.column(),
                    error.offset()
                );
                assert!(line.contains(&position), "{line}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} errors");
}

#[test]
fn expected_names_rfc_rules_not_pest_internals() {
    let error = rfc1738::parse("http://a.b-/").unwrap_err();
    assert_eq!(error.expected(), ["alphadigit", "\"-\""]);
    assert_eq!(error.kind().code(), "label-ends-with-hyphen");
    let error = rfc1738::parse("ftp://h/f;type=x").unwrap_err();
    assert_eq!(error.expected(), ["ftptype"]);
    let error = rfc1738::parse("nope").unwrap_err();
    assert_eq!(
        error.expected(),
        ["alphadigit", "\"+\"", "\"-\"", "\".\"", "\":\""]
    );
    assert_eq!(error.production(), None);
}

#[test]
fn a_predefined_scheme_never_falls_back_to_genericurl() {
    for input in ["http:foo", "news:1abc", "nntp://h/", "wais://h", "mailto:"] {
        let error = rfc1738::parse(input).unwrap_err();
        let scheme = input.split(':').next().unwrap();
        assert_eq!(
            error.production(),
            Some(format!("{scheme}url").as_str()),
            "{input}"
        );
    }
}

#[test]
fn a_fragment_is_refused_as_not_part_of_a_url() {
    let error = rfc1738::parse("http://h/p#sec").unwrap_err();
    assert_eq!((error.offset(), error.kind().code()), (10, "fragment"));
    assert!(error.message().contains("fragment identifier"));
}

#[test]
fn numbers_out_of_range_are_positioned_at_their_digits() {
    let error = rfc1738::parse("http://1.2.3.999/").unwrap_err();
    assert_eq!(
        (error.offset(), error.kind().code()),
        (13, "octet-out-of-range")
    );
    let error = rfc1738::parse(&format!("http://h:{}/", "9".repeat(1000))).unwrap_err();
    assert_eq!(
        (error.offset(), error.kind().code()),
        (9, "port-out-of-range")
    );
    assert!(
        error.message().len() < 120,
        "a long number is abbreviated: {}",
        error.message()
    );
}

/// Every input of the corpus, read in every dialect: where it is an error, the error's
/// caret, `expected` and message are true of the input (`tests/common/error_truth.rs`).
#[test]
fn every_corpus_error_in_every_dialect_is_true_of_its_input() {
    let inputs = corpus_inputs();
    let (mut checked, mut wrong) = (0, Vec::new());
    for input in &inputs {
        for dialect in Dialect::ALL {
            if let Err(error) = rfc1738::parse_reference(input, dialect) {
                checked += 1;
                for falsehood in common::error_truth::falsehoods(input, dialect, &error) {
                    wrong.push(format!("{dialect} {input:?}: {falsehood}\n{error:#}"));
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} errors");
    assert!(
        wrong.is_empty(),
        "{} of {checked} errors say what is not so:\n\n{}",
        wrong.len(),
        wrong.join("\n\n")
    );
}

fn corpus_inputs() -> std::collections::BTreeSet<String> {
    common::corpus::inputs()
}
