//! The judge's own tests (the crate `rfc1738-judge`, whose tests run here so that `cargo
//! test` at the root runs them): the compiled grammars' rule enums numbered as
//! `pest_derive`'s, the diagnosis's `xalphas` as the grammar's `fragmentid`, and the
//! judgment of a rejection against pest's own reading.

use pretty_assertions::assert_eq;
use rfc1738::judged::{self as compiled, Grammar, error_at, xalphas_len};
use rfc1738::{Dialect, ParseError};
use rfc1738_judge::rejection::{Form, Judged, Judgment, Token, judge_rejection};

/// What pest's `fragmentid` matches at the start of `text`.
fn fragmentid_by_pest(text: &str) -> usize {
    use pest::Parser;
    use rfc1738::grammar::rfc1630::{Rfc1630Parser, Rule};
    Rfc1630Parser::parse(Rule::fragmentid, text)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .map_or(0, |pair| pair.as_str().len())
}

#[test]
fn the_compiled_xalphas_matches_what_the_grammars_fragmentid_matches() {
    // Every string of up to three characters over every ASCII character that differs
    // (each class, "%" and hex digits, and the rest), and every byte alone.
    let alphabet: Vec<char> = "aZ09$-_@.&+!*\"'(),%fG#/ ~\u{7f}\u{0}é".chars().collect();
    let mut texts: Vec<String> = (0..=127u8).map(|b| char::from(b).to_string()).collect();
    for &a in &alphabet {
        for &b in &alphabet {
            texts.push(format!("{a}{b}"));
            for &c in &alphabet {
                texts.push(format!("{a}{b}{c}"));
                texts.push(format!("x{a}{b}{c}%"));
            }
        }
    }
    for text in &texts {
        assert_eq!(xalphas_len(text), fragmentid_by_pest(text), "{text:?}");
    }
}

/// The names of a generated enum's rules, in its order.
fn generated<R: Grammar>() -> Vec<String> {
    R::ALL.iter().map(|rule| format!("{rule:?}")).collect()
}

/// The names of a pest_derive enum's rules, `EOI` first.
fn pest_names<R: std::fmt::Debug>(all: &[R]) -> Vec<String> {
    std::iter::once("EOI".to_owned())
        .chain(all.iter().map(|rule| format!("{rule:?}")))
        .collect()
}

#[test]
fn each_generated_rule_enum_numbers_its_rules_as_pest_derive_does() {
    use rfc1738::grammar as pest;
    assert_eq!(
        generated::<compiled::rfc2396::Rule>(),
        pest_names(pest::rfc2396::Rule::all_rules())
    );
    assert_eq!(
        generated::<compiled::rfc1738::Rule>(),
        pest_names(pest::Rule::all_rules())
    );
    assert_eq!(
        generated::<compiled::rfc1630::Rule>(),
        pest_names(pest::rfc1630::Rule::all_rules())
    );
    assert_eq!(
        generated::<compiled::draft_www_uri_00::Rule>(),
        pest_names(pest::draft_www_uri_00::Rule::all_rules())
    );
    // And each pest rule is the generated rule of its number.
    for &rule in pest::Rule::all_rules() {
        assert_eq!(
            format!("{rule:?}"),
            format!("{:?}", compiled::rfc1738::Rule::ALL[rule as usize])
        );
    }
}

/// The error the entry point gives for `input` in the dialect of `R`.
fn error_of<R: Judged>(input: &str) -> ParseError {
    match R::DIALECT {
        Dialect::Rfc1738 => rfc1738::parse(input),
        dialect => rfc1738::parse_reference(input, dialect).map(|r| r.url().clone()),
    }
    .expect_err("rejected")
}

fn judged<R: Judged>(input: &str) -> Result<Judgment, String> {
    judge_rejection::<R>(input, &error_of::<R>(input), Form::Url)
}

#[test]
fn each_basis_is_judged() {
    // Equal: pest's furthest offset and reading.
    assert_eq!(
        judged::<compiled::rfc1738::Rule>("http://h/a b"),
        Ok(Judgment::Equal)
    );
    assert_eq!(
        judged::<compiled::rfc1630::Rule>("URL: http://h/"),
        Ok(Judgment::Equal)
    );
    // A login without "@" read as a hostport (ftp), and "URL:" as a scheme of RFC 1738's
    // URL alone, whose login is no login (found by fuzzing the judge).
    assert_eq!(
        judged::<compiled::rfc1738::Rule>("ftp://h:8x/"),
        Ok(Judgment::Equal)
    );
    assert_eq!(
        judged::<compiled::rfc1738::Rule>("URL:ftp://rlogin:-/#x"),
        Ok(Judgment::Equal)
    );
    // Lists of their own, bounded.
    for input in ["http:/h/", "http://user@h/", " http://h/", "ftp://u:p/q@h/"] {
        assert_eq!(
            judged::<compiled::rfc1738::Rule>(input),
            Ok(Judgment::Bounded),
            "{input}"
        );
    }
    assert_eq!(
        judged::<compiled::rfc1630::Rule>("URL:x:y"),
        Ok(Judgment::Bounded)
    );
    // The family's broken escape from its "%"; an article cut short in one.
    assert_eq!(
        judged::<compiled::draft_www_uri_00::Rule>("news:a%0"),
        Ok(Judgment::Equal)
    );
    assert_eq!(
        judged::<compiled::rfc1630::Rule>("http://h/%zz"),
        Ok(Judgment::Equal)
    );
    // Beyond the grammar: pest accepts.
    assert_eq!(
        judged::<compiled::rfc1738::Rule>("http://h:70000/"),
        Ok(Judgment::Accepted)
    );
}

#[test]
fn an_error_other_than_pests_reading_is_refused() {
    let input = "http://h/a b";
    let error = error_of::<compiled::rfc1738::Rule>(input);
    let with = |offset: usize, expected: Vec<String>| {
        error_at(
            input,
            offset,
            error.kind().clone(),
            expected,
            Dialect::Rfc1738,
        )
    };
    let expected: Vec<String> = error.expected().iter().map(|n| n.to_string()).collect();
    // One byte off; a name dropped; a name added.
    let off = with(error.offset() + 1, expected.clone());
    let dropped = with(error.offset(), expected[1..].to_vec());
    let mut more = expected.clone();
    more.push("\"#\"".to_owned());
    let added = with(error.offset(), more);
    for wrong in [off, dropped, added] {
        assert!(
            judge_rejection::<compiled::rfc1738::Rule>(input, &wrong, Form::Url).is_err(),
            "{wrong:?}"
        );
    }
    // A list of its own that names what can be read at the caret.
    let input = "http:/h/";
    let error = error_of::<compiled::rfc1738::Rule>(input);
    let wrong = error_at(
        input,
        error.offset(),
        error.kind().clone(),
        vec!["\"/\"".into()],
        Dialect::Rfc1738,
    );
    assert!(judge_rejection::<compiled::rfc1738::Rule>(input, &wrong, Form::Url).is_err());
    // An error beyond the grammar for a text pest refuses.
    let input = "http://h/a b";
    let port = error_of::<compiled::rfc1738::Rule>("http://h:70000/");
    let wrong = error_at(input, 9, port.kind().clone(), Vec::new(), Dialect::Rfc1738);
    assert!(judge_rejection::<compiled::rfc1738::Rule>(input, &wrong, Form::Url).is_err());
}

#[test]
fn pests_tokens_are_read_back_from_their_debug_form() {
    assert!(matches!(
        Token::of("Sensitive { token: \"\\\"a\\\\\" }"),
        Ok(Token::Literal(text, false)) if text == "\"a\\"
    ));
    assert!(matches!(
        Token::of("Insensitive { token: \"url:\" }"),
        Ok(Token::Literal(text, true)) if text == "url:"
    ));
    assert!(matches!(
        Token::of("Range { start: '\\t', end: 'z' }"),
        Ok(Token::Range('\t', 'z'))
    ));
    assert!(matches!(
        Token::of("Range { start: '\\u{7f}', end: '\\'' }"),
        Ok(Token::Range('\u{7f}', '\''))
    ));
    assert!(Token::of("Something { new }").is_err());
}
