//! The fast path against the pest parser: for generated valid URLs of every scheme and for
//! mutations of them, both must give the same verdict and the same tree, and so the same
//! `Url`; for URL references (`[URL:] url [#fragment]`) the same, from the entry rule
//! `whole_reference`, and `parse_reference` must read them as their parts read.
//!
//! The same for the RFC 1630 dialects: each compiled grammar against its `pest_derive`
//! parser, from `whole_uri` and the reference's forms, and the lowered reference from both
//! trees (`rfc1738_judge::fuzzing::dialect_fast_and_pest_agree`), on generated URIs of the family,
//! their mutations and the corpus.
//!
//! On a rejected input the error is judged against pest's own reading
//! (`rfc1738_rfc1738_judge::rejection`): its offset is where pest got furthest and its expected list
//! is what pest expected there, named as the errors name it, or, for the errors that name
//! an earlier cause or a list of their own, the caret is bounded by pest's and the list is
//! true at it. Each test counts the rejections it judged, by how, prints the counts
//! (`--nocapture`) and requires every rejection judged.
//!
//! CI runs 50,000 cases (per dialect). The long run (10 million cases) is opt-in:
//! `DIFFERENTIAL_CASES=10000000 cargo test --release --test differential`; `DIFFERENTIAL_SEED`
//! changes the seed.

/// A small deterministic generator (xorshift64*), so a failure can be replayed by its seed.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// Up to `max` characters drawn from `alphabet`, with an escape now and then.
    fn text(&mut self, alphabet: &str, max: usize) -> String {
        let chars: Vec<char> = alphabet.chars().collect();
        let len = self.below(max + 1);
        (0..len)
            .map(|_| {
                if self.chance(8) {
                    format!("%{:02X}", self.below(256))
                } else {
                    chars[self.below(chars.len())].to_string()
                }
            })
            .collect()
    }
}

const UNRESERVED: &str = "abcxyzABCXYZ0189$-_.+!*'(),";

impl Random {
    fn label(&mut self, first: &str) -> String {
        let mut label = self
            .pick(&[first])
            .chars()
            .nth(self.below(first.len()))
            .unwrap()
            .to_string();
        for _ in 0..self.below(4) {
            if self.chance(30) {
                label.push('-');
            }
            label.push(
                self.pick(&["a", "z", "Q", "0", "9"])
                    .chars()
                    .next()
                    .unwrap(),
            );
        }
        label
    }

    fn host(&mut self) -> String {
        if self.chance(20) {
            let octets: Vec<String> = (0..4).map(|_| self.below(300).to_string()).collect();
            return octets.join(".");
        }
        let mut host = String::new();
        for _ in 0..self.below(4) {
            host.push_str(&self.label("abz019"));
            host.push('.');
        }
        host.push_str(&self.label("abcXYZ"));
        host
    }

    fn hostport(&mut self) -> String {
        let host = self.host();
        match self.below(4) {
            0 => format!("{host}:{}", self.below(70_000)),
            _ => host,
        }
    }

    fn login(&mut self) -> String {
        let mut login = String::new();
        if self.chance(40) {
            login.push_str(&self.text(&format!("{UNRESERVED};?&="), 6));
            if self.chance(50) {
                login.push(':');
                login.push_str(&self.text(&format!("{UNRESERVED};?&="), 6));
            }
            login.push('@');
        }
        login + &self.hostport()
    }

    fn segments(&mut self, extra: &str, max: usize) -> String {
        let alphabet = format!("{UNRESERVED}{extra}");
        let parts: Vec<String> = (0..=self.below(max))
            .map(|_| self.text(&alphabet, 6))
            .collect();
        parts.join("/")
    }

    fn scheme_case(&mut self, scheme: &str) -> String {
        if self.chance(10) {
            scheme.to_ascii_uppercase()
        } else {
            scheme.to_owned()
        }
    }

    /// A URL the grammar accepts (most of the time: hosts and ports are drawn wider than
    /// the range checks allow, to reach those errors too).
    fn url(&mut self) -> String {
        match self.below(11) {
            0 => {
                let mut url = format!("{}://{}", self.scheme_case("http"), self.hostport());
                if self.chance(70) {
                    url += &format!("/{}", self.segments(";:@&=", 4));
                    if self.chance(40) {
                        url += &format!("?{}", self.text(&format!("{UNRESERVED};:@&="), 8));
                    }
                }
                url
            }
            1 => {
                let mut url = format!("{}://{}", self.scheme_case("ftp"), self.login());
                if self.chance(70) {
                    url += &format!("/{}", self.segments("?:@&=", 4));
                    if self.chance(30) {
                        url += &format!(";type={}", self.pick(&["a", "i", "d", "A", "I", "D"]));
                    }
                }
                url
            }
            2 => {
                let mut url = format!("{}://{}", self.scheme_case("gopher"), self.hostport());
                if self.chance(80) {
                    url.push('/');
                    if self.chance(90) {
                        url += self.pick(&["0", "1", "7", "h", "%30"]);
                        url += &self.text(&format!("{UNRESERVED};/?:@&="), 10);
                        if self.chance(40) {
                            url += &format!("%09{}", self.text(&format!("{UNRESERVED};:@&="), 6));
                            if self.chance(50) {
                                url += &format!(
                                    "%09{}",
                                    self.text(&format!("{UNRESERVED};/?:@&="), 8)
                                );
                            }
                        }
                    }
                }
                url
            }
            3 => format!("mailto:{}@{}", self.text(UNRESERVED, 6), self.host()),
            4 => match self.below(3) {
                0 => "news:*".to_owned(),
                1 => format!("news:{}{}", self.label("abcXYZ"), self.text("abz09-.+_", 8)),
                _ => format!(
                    "news:{}@{}",
                    self.text(&format!("{UNRESERVED};/?:&="), 8),
                    self.host()
                ),
            },
            5 => {
                let mut url = format!("nntp://{}/{}", self.hostport(), self.label("abc"));
                if self.chance(50) {
                    url += &format!("/{}", self.below(1_000_000));
                }
                url
            }
            6 => format!("telnet://{}{}", self.login(), self.pick(&["", "/"])),
            7 => {
                let base = format!("wais://{}/{}", self.hostport(), self.text(UNRESERVED, 6));
                match self.below(3) {
                    0 => base,
                    1 => format!("{base}?{}", self.text(&format!("{UNRESERVED};:@&="), 6)),
                    _ => format!(
                        "{base}/{}/{}",
                        self.text(UNRESERVED, 4),
                        self.text(UNRESERVED, 6)
                    ),
                }
            }
            8 => {
                let host = match self.below(3) {
                    0 => String::new(),
                    1 => "localhost".to_owned(),
                    _ => self.host(),
                };
                format!("file://{host}/{}", self.segments("?:@&=", 4))
            }
            9 => {
                let mut url = format!(
                    "prospero://{}/{}",
                    self.hostport(),
                    self.segments("?:@&=", 3)
                );
                for _ in 0..self.below(3) {
                    let alphabet = format!("{UNRESERVED}?:@&");
                    url += &format!(";{}={}", self.text(&alphabet, 5), self.text(&alphabet, 5));
                }
                url
            }
            _ => {
                let scheme = self.pick(&["x-archie", "urn", "Z39.50s", "my+scheme", "1a"]);
                if self.chance(50) {
                    format!(
                        "{scheme}://{}/{}",
                        self.login(),
                        self.text(&format!("{UNRESERVED};/?:@&="), 8)
                    )
                } else {
                    format!(
                        "{scheme}:{}",
                        self.text(&format!("{UNRESERVED};/?:@&="), 12)
                    )
                }
            }
        }
    }

    /// The URL with one to three random edits of the characters that matter.
    fn mutate(&mut self, url: &str) -> String {
        const MUTANTS: &[&str] = &[
            "%", "/", ":", ";", "?", "@", "#", "=", "&", " ", "é", "%0", "-", ".", "%09", "a", "0",
        ];
        let mut chars: Vec<String> = url.chars().map(String::from).collect();
        for _ in 0..=self.below(3) {
            let at = self.below(chars.len() + 1);
            match self.below(3) {
                0 => chars.insert(at, self.pick(MUTANTS).to_owned()),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ if at < chars.len() => chars[at] = self.pick(MUTANTS).to_owned(),
                _ => chars.push(self.pick(MUTANTS).to_owned()),
            }
        }
        chars.concat()
    }
}

impl Random {
    /// A URL reference, `[URL:] url [#fragment]`, now and then with a final line break
    /// (which the entry rule `whole_reference` allows and `parse_reference` does not).
    fn reference(&mut self) -> String {
        let prefix = self.pick(&["", "", "", "URL:", "url:", "Url:", "uRl:"]);
        let url = match self.below(10) {
            0 => format!("url:{}", self.text(&format!("{UNRESERVED};/?:@&="), 6)),
            1 => self.text(&format!("{UNRESERVED}:"), 6),
            _ => self.url(),
        };
        let fragment = match self.below(3) {
            0 => String::new(),
            1 => "#".to_owned() + &self.text(&format!("{UNRESERVED}@&\""), 8),
            _ => "#".to_owned() + &self.text(&format!("{UNRESERVED}@&\";/?:=#~ "), 8),
        };
        let end = match self.below(8) {
            0 => "\n",
            1 => "\r\n",
            2 => "\r",
            _ => "",
        };
        format!("{prefix}{url}{fragment}{end}")
    }
}

use rfc1738::Dialect;
use rfc1738_judge::fuzzing::fast_and_pest_agree as check;
use rfc1738_judge::fuzzing::reference_fast_and_pest_agree as check_reference;
use rfc1738_judge::rejection::Form;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The input of every parse case of `corpus/*.jsonl`, in file order.
fn corpus_inputs() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus/")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    files.sort();
    let mut inputs = Vec::new();
    for path in files {
        for line in std::fs::read_to_string(&path).expect("corpus file").lines() {
            let case: serde_json::Value = serde_json::from_str(line).expect("a JSON case");
            inputs.push(case["input"].as_str().expect("an input string").to_owned());
        }
    }
    inputs
}

/// Reports how the rejections of `dialect` in `form` this test's thread made were judged
/// against pest (`rfc1738_judge::rejection`), and checks the judge judged: every one of the
/// `invalid` inputs, and at least `1 / share` of them by an offset and a list equal to
/// pest's (the rest by an offset bounded and a list of the error's own, most of them the
/// final line breaks of the generated references, which `parse_reference` refuses).
fn every_rejection_judged(dialect: Dialect, form: Form, invalid: u64, share: u64) {
    use rfc1738_judge::rejection::{JUDGMENTS, Judgment, judged, tally};
    eprint!("{}", tally());
    let all: u64 = JUDGMENTS
        .into_iter()
        .map(|judgment| judged(dialect, form, judgment))
        .sum();
    assert_eq!(all, invalid, "{dialect} {form:?}: rejections judged");
    let equal = judged(dialect, form, Judgment::Equal);
    assert!(
        equal * share >= invalid,
        "{dialect} {form:?}: only {equal} of {invalid} rejections equal to pest's reading"
    );
}

/// Runs `cases` inputs made by `make`, every second one mutated, through `agree` (a
/// check of the judge: whether the input is valid, or how the two parsers disagree);
/// panics on a disagreement, naming `label`, the case and `seed`. Returns how many inputs
/// were valid and how many were mutated.
fn agree_on_generated(
    random: &mut Random,
    cases: u64,
    label: &str,
    seed: u64,
    make: fn(&mut Random) -> String,
    agree: impl Fn(&str) -> Result<bool, String>,
) -> (u64, u64) {
    let (mut valid, mut mutated) = (0u64, 0u64);
    for case in 0..cases {
        let made = make(random);
        let input = if case % 2 == 0 {
            made
        } else {
            mutated += 1;
            random.mutate(&made)
        };
        match agree(&input) {
            Ok(ok) => valid += u64::from(ok),
            Err(disagreement) => panic!("{label}case {case} (seed {seed}): {disagreement}"),
        }
    }
    (valid, mutated)
}

#[test]
fn the_fast_path_and_pest_agree_on_generated_urls_and_mutations() {
    let cases = env_number("DIFFERENTIAL_CASES", 50_000);
    let seed = env_number("DIFFERENTIAL_SEED", 0x1994_1738);
    let mut random = Random(seed | 1);
    let (valid, mutated) = agree_on_generated(&mut random, cases, "", seed, Random::url, check);
    // The generator must reach both sides of the grammar to prove anything.
    assert!(
        valid > cases / 4,
        "only {valid} of {cases} inputs were valid"
    );
    assert!(valid < cases - mutated / 4, "too few inputs were invalid");
    every_rejection_judged(Dialect::Rfc1738, Form::Url, cases - valid, 2);
}

#[test]
fn the_fast_path_and_pest_agree_on_the_corpus_and_its_mutations() {
    let mut random = Random(0x0001_6300);
    for input in corpus_inputs() {
        check(&input).unwrap();
        for _ in 0..4 {
            check(&random.mutate(&input)).unwrap();
        }
    }
}

#[test]
fn the_fast_path_and_pest_agree_on_generated_references_and_mutations() {
    let cases = env_number("DIFFERENTIAL_CASES", 50_000) / 2;
    let seed = env_number("DIFFERENTIAL_SEED", 0x1994_1738);
    let mut random = Random(seed.rotate_left(17) | 1);
    let (valid, mutated) = agree_on_generated(
        &mut random,
        cases,
        "",
        seed,
        Random::reference,
        check_reference,
    );
    assert!(
        valid > cases / 5,
        "only {valid} of {cases} inputs were valid"
    );
    assert!(valid < cases - mutated / 4, "too few inputs were invalid");
    every_rejection_judged(Dialect::Rfc1738, Form::Reference, cases - valid, 4);
}

#[test]
fn the_fast_path_and_pest_agree_on_the_corpus_as_references() {
    let mut random = Random(0x0001_6301);
    for input in corpus_inputs() {
        check_reference(&input).unwrap();
        check_reference(&format!("{input}\n")).unwrap();
        for _ in 0..4 {
            check_reference(&random.mutate(&input)).unwrap();
        }
    }
}

#[test]
fn the_trees_agree_on_long_inputs() {
    for input in [
        format!("http://h/{}", "a/".repeat(10_000)),
        format!("gopher://h/1{}", "%09".repeat(10_000)),
        format!("http://{}com/", "a.".repeat(10_000)),
        format!("ftp://h/{} x", "b".repeat(10_000)),
    ] {
        check(&input).unwrap();
        check_reference(&format!("URL:{input}#{}", "f".repeat(10_000))).unwrap();
    }
}

impl Random {
    /// A URI of the RFC 1630 family: now and then one of RFC 1738's URLs or references,
    /// otherwise one of the forms these documents add or read differently (mid, cid,
    /// rlogin, tn3270, nntp without host, prospero's version and attributes, wais
    /// documents, ftptype, the draft's gopher search, generic URIs).
    fn family_uri(&mut self) -> String {
        let xalphas = "abcXYZ0189$-_@.&+!*\"'(),";
        let uri = match self.below(14) {
            0 | 1 => self.url(),
            2 => return self.reference(),
            3 => format!("mid:{}@{}", self.text(xalphas, 6), self.host()),
            4 => format!("cid:{}", self.text(xalphas, 10)),
            5 => format!(
                "{}://{}",
                self.pick(&["rlogin", "tn3270", "telnet", "RLOGIN"]),
                self.login()
            ),
            6 => format!(
                "nntp:{}/{}",
                self.label("abcXYZ"),
                self.pick(&["1", "0099", "18446744073709551616", "x"])
            ),
            7 => {
                let mut uri = format!("prospero://{}/{}", self.hostport(), self.segments("", 3));
                if self.chance(50) {
                    uri += &format!("%00{}{}", self.below(100), self.text("aZ09", 4));
                }
                uri
            }
            8 => format!(
                "wais://{}/{}/{}/{}",
                self.hostport(),
                self.text(xalphas, 5),
                self.text(xalphas, 3),
                self.pick(&["1=a;", "12=b/c;3=d;", "x", ""])
            ),
            9 => format!(
                "ftp://{}/{}{}",
                self.login(),
                self.segments("", 3),
                self.pick(&["", ";type=a", ";type=In", ";type=L8", ";type=e"])
            ),
            10 => format!(
                "gopher://{}/{}{}{}",
                self.hostport(),
                self.pick(&["0", "1", "h", ""]),
                self.segments("", 2),
                self.pick(&["", "?", "?a+b"])
            ),
            11 => format!(
                "mailto:{}{}@{}",
                self.pick(&["", ":"]),
                self.text(xalphas, 6),
                self.host()
            ),
            12 => format!(
                "news:{}",
                self.pick(&[
                    "*",
                    "comp.infosystems",
                    "a@b",
                    "a@1.2.3.4",
                    "x@300.1.1.1",
                    "a@b:1"
                ])
            ),
            _ => format!(
                "{}:{}",
                self.pick(&["x-arch", "urn", "afs", "magic", "Url", "a b", "a;b"]),
                self.segments("?:; ", 3)
            ),
        };
        let fragment = match self.below(4) {
            0 => format!("#{}", self.text(xalphas, 5)),
            _ => String::new(),
        };
        format!(
            "{}{uri}{fragment}",
            self.pick(&["", "", "", "URL:", "url:"])
        )
    }
}

impl Random {
    /// An RFC 2396 `URI-reference`: an absolute URI (a `hier_part` with a server or a
    /// `reg_name`, or an `opaque_part`) or a relative reference (`net_path`, `abs_path`,
    /// `rel_path`), with `;` params, a query and a fragment now and then; some spoiled by
    /// characters RFC 2396 excludes, and the mutations of the differential.
    fn rfc2396_reference(&mut self) -> String {
        const PCHAR: &str = "abcXYZ0189-_.!~*'():@&=+$,";
        let path = |random: &mut Random| {
            let segments: Vec<String> = (0..=random.below(3))
                .map(|_| {
                    let mut segment = random.text(PCHAR, 5);
                    if random.chance(20) {
                        segment.push(';');
                        segment.push_str(&random.text(PCHAR, 4));
                    }
                    segment
                })
                .collect();
            segments.join("/")
        };
        let authority = |random: &mut Random| match random.below(6) {
            0 => String::new(),
            1 => format!(
                "{}@{}",
                random.text("abc019;:&=+$,-_.!~*'()", 6),
                random.host()
            ),
            2 => format!("{}:{}", random.host(), random.text("0123456789", 6)),
            3 => random.text("abc019$,;:@&=+-_.!~*'()", 8),
            _ => random.host(),
        };
        let hier = |random: &mut Random| match random.below(3) {
            0 => format!("/{}", path(random)),
            _ => {
                let authority = authority(random);
                let path = if random.chance(75) {
                    format!("/{}", path(random))
                } else {
                    String::new()
                };
                format!("//{authority}{path}")
            }
        };
        let uri = match self.below(7) {
            0..=2 => {
                let scheme = self.pick(&["http", "ftp", "X-Arch+1.0", "gopher", "news", "a"]);
                if self.chance(20) {
                    format!("{scheme}:{}", self.text("abcXYZ019;?:@&=+$,-_.!~*'()/", 10))
                } else {
                    format!("{scheme}:{}", hier(self))
                }
            }
            3 | 4 => hier(self),
            5 => path(self),
            _ => String::new(),
        };
        let query = if self.chance(30) {
            format!("?{}", self.text("abc019;/?:@&=+$,-_.!~*'()", 8))
        } else {
            String::new()
        };
        let fragment = if self.chance(25) {
            format!("#{}", self.text("abc019;/?:@&=+$,-_.!~*'()", 6))
        } else {
            String::new()
        };
        let mut reference = format!("{uri}{query}{fragment}");
        if self.chance(10) {
            let at = self.below(reference.len() + 1);
            if reference.is_char_boundary(at) {
                let bad =
                    self.pick(&[" ", "[", "]", "{", "|", "\\", "^", "`", "<", "\"", "#", "%"]);
                reference.insert_str(at, bad);
            }
        }
        reference
    }
}

#[test]
fn rfc2396_and_its_pest_parser_agree_on_generated_references_and_mutations() {
    use rfc1738_judge::fuzzing::dialect_fast_and_pest_agree as agree;
    let dialect = Dialect::Rfc2396;
    let cases = env_number("DIFFERENTIAL_CASES", 50_000);
    let seed = env_number("DIFFERENTIAL_SEED", 0x1998_2396);
    let mut random = Random(seed | 1);
    let (valid, mutated) = agree_on_generated(
        &mut random,
        cases,
        "rfc2396 ",
        seed,
        Random::rfc2396_reference,
        |input| agree(dialect, input),
    );
    assert!(
        valid > cases / 5,
        "only {valid} of {cases} inputs were valid"
    );
    assert!(valid < cases - mutated / 4, "too few inputs were invalid");
    every_rejection_judged(dialect, Form::Reference, cases - valid, 2);
}

#[test]
fn the_compiled_dialects_and_pest_agree_on_generated_uris_and_mutations() {
    use rfc1738_judge::fuzzing::dialect_fast_and_pest_agree as agree;
    let cases = env_number("DIFFERENTIAL_CASES", 50_000);
    let seed = env_number("DIFFERENTIAL_SEED", 0x1994_1630);
    for dialect in [rfc1738::Dialect::Rfc1630, rfc1738::Dialect::DraftWwwUri00] {
        let mut random = Random(seed.rotate_left(dialect as u32 * 7) | 1);
        let (valid, mutated) = agree_on_generated(
            &mut random,
            cases,
            &format!("{dialect} "),
            seed,
            Random::family_uri,
            |input| agree(dialect, input),
        );
        assert!(
            valid > cases / 5,
            "{dialect}: only {valid} of {cases} inputs were valid"
        );
        assert!(
            valid < cases - mutated / 4,
            "{dialect}: too few inputs were invalid"
        );
        every_rejection_judged(dialect, Form::Reference, cases - valid, 2);
    }
}

#[test]
fn the_compiled_dialects_and_pest_agree_on_the_corpus_and_its_mutations() {
    use rfc1738_judge::fuzzing::dialect_fast_and_pest_agree as agree;
    let mut random = Random(0x0001_6302);
    for input in corpus_inputs() {
        for dialect in [
            rfc1738::Dialect::Rfc1630,
            rfc1738::Dialect::DraftWwwUri00,
            rfc1738::Dialect::Rfc2396,
        ] {
            agree(dialect, &input).unwrap();
            for _ in 0..2 {
                agree(dialect, &random.mutate(&input)).unwrap();
            }
        }
    }
}
