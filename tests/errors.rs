//! Error messages as a person reads them, pinned exactly for the common mistakes.

use pretty_assertions::assert_eq;
use rfc1738::Dialect;

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
  = expected: uchar, \"&\", \"/\", \":\", \";\", \"=\", \"?\", \"@\" or end of URL"
    );
}

/// The classes an expected list names are those the production uses: an http path's
/// `hsegment` is `uchar` and six reserved characters, never `xchar` (which is every one of
/// them and "/" and "?", but which `httpurl` does not use); a gopher selector is `*xchar`.
#[test]
fn an_expected_list_names_the_classes_its_production_uses() {
    let expected = |input: &str| rfc1738::parse(input).unwrap_err().expected().to_vec();
    let http_path = [
        "uchar",
        "\"&\"",
        "\"/\"",
        "\":\"",
        "\";\"",
        "\"=\"",
        "\"?\"",
        "\"@\"",
        "end of URL",
    ];
    assert_eq!(expected("http://h/~user/"), http_path);
    assert_eq!(expected("news:comp lang"), http_path);
    assert_eq!(
        expected("http://h/a?b c"),
        [
            "uchar",
            "\"&\"",
            "\":\"",
            "\";\"",
            "\"=\"",
            "\"@\"",
            "end of URL"
        ]
    );
    assert_eq!(
        expected("gopher://h/1a b"),
        ["xchar", "\"%09\"", "end of URL"]
    );
    assert_eq!(expected("mailto:a b"), ["xchar", "end of URL"]);
    assert_eq!(expected("x-y:a b"), ["xchar", "end of URL"]);
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
/// caret, `expected` and message are true of the input (`crates/test-support/src/error_truth.rs`).
#[test]
fn every_corpus_error_in_every_dialect_is_true_of_its_input() {
    let inputs = corpus_inputs();
    let (mut checked, mut wrong) = (0, Vec::new());
    for input in &inputs {
        for dialect in Dialect::ALL {
            if let Err(error) = rfc1738::parse_reference(input, dialect) {
                checked += 1;
                for falsehood in
                    rfc1738_test_support::error_truth::falsehoods(input, dialect, &error)
                {
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
    rfc1738_test_support::corpus::inputs()
}

/// The error of `input` in `dialect`, checked true of its input.
fn checked(input: &str, dialect: Dialect) -> rfc1738::ParseError {
    let error = rfc1738::parse_reference(input, dialect).unwrap_err();
    let wrong = rfc1738_test_support::error_truth::falsehoods(input, dialect, &error);
    assert!(wrong.is_empty(), "{input:?} ({dialect}): {wrong:?}");
    error
}

#[test]
fn a_slash_in_a_user_name_or_password_is_named_in_every_scheme_with_a_login() {
    // RFC 1738 section 3.1: "/" in the user and password field must be encoded. Where the
    // grammar cannot read past the "/" (telnet has no path; a password is no port), the
    // error says so, on the "/"; ftp and generic URLs read "u/v@h/x" as a host and a path.
    for (login, offset, expected) in [
        ("u/v@h", 1, &["user", "\":\"", "\"@\""][..]),
        ("u/v/w@h", 1, &["user", "\":\"", "\"@\""][..]),
        ("u:p/q@h", 3, &["password", "\"@\""][..]),
        ("u:21/q@h", 4, &["password", "\"@\""][..]),
        ("u:p/q/r@h", 3, &["password", "\"@\""][..]),
    ] {
        for (scheme, dialects, code) in [
            ("telnet", &[Dialect::Rfc1738][..], "slash-in-login"),
            (
                "telnet",
                &[Dialect::Rfc1630][..],
                "slash-in-alphanum2-login",
            ),
            (
                "rlogin",
                &[Dialect::Rfc1630][..],
                "slash-in-alphanum2-login",
            ),
            (
                "tn3270",
                &[Dialect::Rfc1630][..],
                "slash-in-alphanum2-login",
            ),
        ] {
            for &dialect in dialects {
                let input = format!("{scheme}://{login}");
                let error = checked(&input, dialect);
                assert_eq!(error.kind().code(), code, "{input} ({dialect})");
                assert_eq!(error.offset(), scheme.len() + 3 + offset, "{input}");
                assert_eq!(error.expected(), expected, "{input}");
            }
        }
        if login.contains(':') && !login.contains(":21") {
            // A password is no port: ftp cannot read past the "/" either.
            for (dialect, code) in [
                (Dialect::Rfc1738, "slash-in-login"),
                (Dialect::Rfc1630, "slash-in-alphanum2-login"),
            ] {
                let input = format!("ftp://{login}/x");
                assert_eq!(checked(&input, dialect).kind().code(), code, "{input}");
            }
        }
    }
    // Escaped, the RFC 1738 user name is valid; RFC 1630's user name has no escapes.
    assert!(rfc1738::parse("telnet://u%2Fv@h").is_ok());
    assert!(rfc1738::parse("ftp://u:p%2Fq@h/x").is_ok());
    // The same text read otherwise: a host and a path, a generic URL, the draft's generic.
    assert!(rfc1738::parse("ftp://u/v@h/x").is_ok());
    assert!(rfc1738::parse("x://u:p/q@h/").is_ok());
    assert!(rfc1738::parse_reference("telnet://u/v@h", Dialect::DraftWwwUri00).is_ok());
}

#[test]
fn a_host_in_brackets_is_named_in_every_scheme_with_a_host() {
    // host = hostname | hostnumber in all three grammars: "[" cannot start one.
    let rfc1738_hosts = [
        "http://[::1]/",
        "http://[10.0.0.1]:80/",
        "ftp://[10.0.0.1]/",
        "ftp://u:p@[::1]/",
        "gopher://[::1]/",
        "news:x@[10.20.30.108]",
        "nntp://[::1]/g",
        "telnet://[::1]",
        "telnet://u@[::1]/",
        "wais://[::1]/db",
        "file://[::1]/x",
        "prospero://[::1]/x",
    ];
    for input in rfc1738_hosts {
        let error = checked(input, Dialect::Rfc1738);
        assert_eq!(error.kind().code(), "host-in-brackets", "{input}");
        assert_eq!(error.offset(), input.find('[').unwrap(), "{input}");
    }
    let family_hosts = [
        "http://[::1]/",
        "ftp://[10.0.0.1]/",
        "ftp://u@[::1]/",
        "gopher://[::1]/",
        "news:x@[10.20.30.108]",
        "telnet://[::1]",
        "rlogin://u@[::1]",
        "wais://[::1]/db",
        "prospero://[::1]/x",
        "mailto:a@[1.2.3.4]",
    ];
    for input in family_hosts {
        for dialect in [Dialect::Rfc1630, Dialect::DraftWwwUri00] {
            let error = checked(input, dialect);
            assert_eq!(
                error.kind().code(),
                "host-in-brackets",
                "{input} ({dialect})"
            );
        }
    }
    // Not where a host starts: an RFC 1738 mailto address (RFC 822's domain literal,
    // encoded), a generic URL (opaque), RFC 1630's mid (xalphas), inside a host name.
    for (input, dialect, code) in [
        ("mailto:a@[1.2.3.4]", Dialect::Rfc1738, "unsafe-character"),
        ("x://[::1]/", Dialect::Rfc1738, "unsafe-character"),
        ("mid:a@[1.2.3.4]", Dialect::Rfc1630, "unsafe-character"),
        ("http://h[1]/", Dialect::Rfc1738, "unexpected-character"),
    ] {
        assert_eq!(
            checked(input, dialect).kind().code(),
            code,
            "{input} ({dialect})"
        );
    }
    assert!(rfc1738::parse("mailto:a@%5B1.2.3.4%5D").is_ok());
    assert!(rfc1738::parse("news:x@10.20.30.108").is_ok());
}
