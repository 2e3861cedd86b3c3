//! The judge: what the fast path is held to, and how. The `pest_derive` parsers read the
//! same grammars as the compiled ones (`pest`), the differential tests compare the two on
//! generated inputs (`differential`), and the fuzz targets' checks run both (`fuzzing`).
//! A rejected input is judged against pest's own reading of it, where pest got furthest
//! and what it expected there (`rejection`).
//! Outside the layers: it may import any of them, and no layer imports it.

#[cfg(all(test, feature = "pest"))]
mod differential;
#[cfg(all(any(test, feature = "fuzzing"), feature = "pest"))]
pub mod fuzzing;
#[cfg(feature = "pest")]
pub mod grammar;
#[cfg(all(any(test, feature = "fuzzing"), feature = "pest"))]
pub(crate) mod pest;
#[cfg(all(any(test, feature = "fuzzing"), feature = "pest"))]
pub(crate) mod rejection;

#[cfg(all(test, feature = "pest"))]
mod tests {
    use crate::syntax::compiled::Grammar;
    use crate::syntax::diagnose::xalphas_len;
    use pretty_assertions::assert_eq;

    /// What pest's `fragmentid` matches at the start of `text`.
    fn fragmentid_by_pest(text: &str) -> usize {
        use crate::judge::grammar::rfc1630::{Rfc1630Parser, Rule};
        use pest::Parser;
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
        use crate::judge::grammar as pest;
        use crate::syntax::compiled::{draft_www_uri_00, rfc1630, rfc1738, rfc2396};
        assert_eq!(
            generated::<rfc2396::Rule>(),
            pest_names(pest::rfc2396::Rule::all_rules())
        );
        assert_eq!(
            generated::<rfc1738::Rule>(),
            pest_names(pest::Rule::all_rules())
        );
        assert_eq!(
            generated::<rfc1630::Rule>(),
            pest_names(pest::rfc1630::Rule::all_rules())
        );
        assert_eq!(
            generated::<draft_www_uri_00::Rule>(),
            pest_names(pest::draft_www_uri_00::Rule::all_rules())
        );
        // And each pest rule is the generated rule of its number.
        for &rule in pest::Rule::all_rules() {
            assert_eq!(
                format!("{rule:?}"),
                format!("{:?}", rfc1738::Rule::ALL[rule as usize])
            );
        }
    }
}
