//! Property: a URL built from random decoded components parses back, and its components
//! decode to exactly what was given. 10,000 cases per scheme (`RFC1738_BUILD_CASES=n` for
//! more), components drawn from every octet with the grammar's delimiters favoured.

use pretty_assertions::assert_eq;
use rfc1738::schemes::{
    FileUrl, FtpUrl, GenericUrl, GopherUrl, Grouppart, HttpUrl, MailtoUrl, NewsUrl, NntpUrl,
    ProsperoUrl, TelnetUrl, Typecode, WaisForm, WaisUrl,
};
use rfc1738_test_support::random::Random;

/// Component data drawn for the builders.
trait Draw {
    fn bytes(&mut self) -> Vec<u8>;
    fn host(&mut self) -> String;
    fn port(&mut self) -> Option<u16>;
    fn group(&mut self) -> String;
    fn segments(&mut self) -> Option<Vec<Vec<u8>>>;
}

impl Draw for Random {
    /// Component data: any octet, with delimiters, `%`, tab, CR, LF and "+" favoured.
    fn bytes(&mut self) -> Vec<u8> {
        const FAVOURED: &[u8] = b"/;?:@&=%#+ \t\r\n.-_~*'()!,$\"<>[]{}|\\^`";
        let len = self.below(12);
        (0..len)
            .map(|_| match self.below(4) {
                0 => FAVOURED[self.below(FAVOURED.len())],
                1 => self.below(256) as u8,
                _ => b"abcXYZ019"[self.below(9)],
            })
            .collect()
    }

    fn host(&mut self) -> String {
        const HOSTS: &[&str] = &["h", "info.cern.ch", "a-b.c9.d", "128.141.201.74", "x.Y.z"];
        HOSTS[self.below(HOSTS.len())].to_owned()
    }

    fn port(&mut self) -> Option<u16> {
        self.chance(30).then(|| self.next() as u16)
    }

    fn group(&mut self) -> String {
        let mut group = String::from(char::from(b"abcXYZ"[self.below(6)]));
        for _ in 0..self.below(10) {
            group.push(char::from(b"az09-.+_"[self.below(8)]));
        }
        group
    }

    fn segments(&mut self) -> Option<Vec<Vec<u8>>> {
        self.chance(80)
            .then(|| (0..1 + self.below(4)).map(|_| self.bytes()).collect())
    }
}

fn cases() -> usize {
    std::env::var("RFC1738_BUILD_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

fn decoded<'a>(parts: impl Iterator<Item = rfc1738::Escaped<'a>>) -> Vec<Vec<u8>> {
    parts.map(|part| part.decode().into_owned()).collect()
}

fn port_and_host<T>(host: &str, port: Option<u16>, got: (&str, Option<u16>), url: &T)
where
    T: std::fmt::Display,
{
    assert_eq!(got.0, host, "{url}");
    assert_eq!(got.1, port, "{url}");
}

#[test]
fn http_urls_built_from_random_components_parse_back_to_them() {
    let mut random = Random(80);
    for _ in 0..cases() {
        let (host, port, segments) = (random.host(), random.port(), random.segments());
        let search = random.chance(40).then(|| random.bytes());
        let mut builder = HttpUrl::builder(host.clone());
        if let Some(port) = port {
            builder = builder.port(port);
        }
        for segment in segments.iter().flatten() {
            builder = builder.segment(segment);
        }
        if let Some(search) = &search {
            builder = builder.search(search);
        }
        let url = builder.build().unwrap();
        port_and_host(&host, port, (url.host().as_str(), url.port()), &url);
        let expected_segments = match (&segments, &search) {
            (Some(segments), _) => segments.clone(),
            (None, Some(_)) => vec![Vec::new()],
            (None, None) => Vec::new(),
        };
        assert_eq!(decoded(url.segments()), expected_segments, "{url}");
        assert_eq!(
            url.search().map(|s| s.decode().into_owned()),
            search,
            "{url}"
        );
        assert_eq!(
            rfc1738::parse(url.as_str()).unwrap().to_string(),
            url.as_str()
        );
    }
}

#[test]
fn ftp_urls_built_from_random_components_parse_back_to_them() {
    let mut random = Random(21);
    let typecodes = [Typecode::Ascii, Typecode::Image, Typecode::Directory];
    for _ in 0..cases() {
        let (host, port, segments) = (random.host(), random.port(), random.segments());
        let user = random.chance(50).then(|| random.bytes());
        let password = random.chance(30).then(|| random.bytes());
        let typecode = random.chance(30).then(|| typecodes[random.below(3)]);
        let mut builder = FtpUrl::builder(host.clone());
        if let Some(port) = port {
            builder = builder.port(port);
        }
        if let Some(user) = &user {
            builder = builder.user(user);
        }
        if let Some(password) = &password {
            builder = builder.password(password);
        }
        for segment in segments.iter().flatten() {
            builder = builder.segment(segment);
        }
        if let Some(typecode) = typecode {
            builder = builder.typecode(typecode);
        }
        let url = builder.build().unwrap();
        port_and_host(&host, port, (url.host().as_str(), url.port()), &url);
        let expected_user = match (&user, &password) {
            (None, Some(_)) => Some(Vec::new()),
            _ => user.clone(),
        };
        assert_eq!(
            url.user().map(|u| u.decode().into_owned()),
            expected_user,
            "{url}"
        );
        assert_eq!(
            url.password().map(|p| p.decode().into_owned()),
            password,
            "{url}"
        );
        let expected_segments = match (&segments, typecode) {
            (Some(segments), _) => segments.clone(),
            (None, Some(_)) => vec![Vec::new()],
            (None, None) => Vec::new(),
        };
        assert_eq!(decoded(url.segments()), expected_segments, "{url}");
        assert_eq!(
            url.ftp_type().and_then(|ftp_type| ftp_type.typecode()),
            typecode,
            "{url}"
        );
    }
}

#[test]
fn file_urls_built_from_random_components_parse_back_to_them() {
    let mut random = Random(10);
    for _ in 0..cases() {
        let host = random.chance(60).then(|| random.host());
        let segments = random.segments().unwrap_or_default();
        let mut builder = FileUrl::builder();
        if let Some(host) = &host {
            builder = builder.host(host.clone());
        }
        for segment in &segments {
            builder = builder.segment(segment);
        }
        let url = builder.build().unwrap();
        assert_eq!(url.host().map(|h| h.as_str().to_owned()), host, "{url}");
        let expected = if segments.is_empty() {
            vec![Vec::new()]
        } else {
            segments
        };
        assert_eq!(decoded(url.segments()), expected, "{url}");
    }
}

#[test]
fn gopher_urls_built_from_random_components_send_the_same_request() {
    let mut random = Random(70);
    for _ in 0..cases() {
        let (host, port) = (random.host(), random.port());
        let item_type = random.chance(90).then(|| random.below(256) as u8);
        let selector = random.chance(80).then(|| random.bytes());
        let search = random.chance(40).then(|| random.bytes());
        let gopher_plus = random.chance(20).then(|| random.bytes());
        let mut builder = GopherUrl::builder(host.clone());
        if let Some(port) = port {
            builder = builder.port(port);
        }
        if let Some(item_type) = item_type {
            builder = builder.item_type(item_type);
        }
        if let Some(selector) = &selector {
            builder = builder.selector(selector);
        }
        if let Some(search) = &search {
            builder = builder.search(search);
        }
        if let Some(gopher_plus) = &gopher_plus {
            builder = builder.gopher_plus(gopher_plus);
        }
        let has_path = selector.is_some() || search.is_some() || gopher_plus.is_some();
        // A TAB inside a selector or a search is refused (it is the separator), never
        // moved into the next field.
        let tab = |field: &Option<Vec<u8>>| field.as_ref().is_some_and(|f| f.contains(&b'\t'));
        let url = match builder.build() {
            Ok(url) => url,
            Err(error) => {
                let refused_tab = matches!(
                    &error,
                    rfc1738::building::BuildError::NotAllowed {
                        component: "selector" | "search",
                        ..
                    }
                );
                assert!(
                    (item_type.is_none() && has_path)
                        || (refused_tab && (tab(&selector) || tab(&search))),
                    "{error}"
                );
                continue;
            }
        };
        assert!(!tab(&selector) && !tab(&search), "a TAB built into {url}");
        port_and_host(&host, port, (url.host().as_str(), url.port()), &url);
        assert_eq!(
            url.gopher_type().map(|t| t.decode().into_owned()),
            item_type.map(|t| vec![t]),
            "{url}"
        );
        // The request the client sends: selector, then TAB search, then TAB gopher+.
        let mut expected = selector.clone().unwrap_or_default();
        if search.is_some() || gopher_plus.is_some() {
            expected.push(b'\t');
            expected.extend(search.clone().unwrap_or_default());
        }
        if let Some(gopher_plus) = &gopher_plus {
            expected.push(b'\t');
            expected.extend(gopher_plus);
        }
        let mut request = url.selector().decode().into_owned();
        if let Some(search) = url.search() {
            request.push(b'\t');
            request.extend(search.decode().iter());
        }
        if let Some(gopher_plus) = url.gopher_plus() {
            request.push(b'\t');
            request.extend(gopher_plus.decode().iter());
        }
        assert_eq!(request, expected, "{url}");
    }
}

#[test]
fn mailto_news_and_nntp_urls_built_from_random_components_parse_back_to_them() {
    let mut random = Random(119);
    for _ in 0..cases() {
        let address = random.bytes();
        match MailtoUrl::builder(&address).build() {
            Ok(url) => assert_eq!(url.address().decode().as_ref(), address.as_slice()),
            Err(_) => assert!(address.is_empty()),
        }
        let group = random.group();
        let news = NewsUrl::builder().group(group.clone()).build().unwrap();
        let Grouppart::Group(got) = news.grouppart() else {
            panic!("{group} is not read as a group")
        };
        assert_eq!(got, group);
        let (unique, host) = (random.bytes(), random.host());
        match NewsUrl::builder().article(&unique, host.clone()).build() {
            Ok(url) => {
                let Grouppart::Article(article) = url.grouppart() else {
                    panic!("{url} is not read as an article")
                };
                assert_eq!(
                    article.unique().decode().as_ref(),
                    unique.as_slice(),
                    "{url}"
                );
                assert_eq!(article.host().as_str(), host, "{url}");
            }
            Err(_) => assert!(unique.is_empty()),
        }
        let (host, port, article) = (
            random.host(),
            random.port(),
            random.chance(50).then(|| random.next()),
        );
        let mut builder = NntpUrl::builder(host.clone(), group.clone());
        if let Some(port) = port {
            builder = builder.port(port);
        }
        if let Some(article) = article {
            builder = builder.article(article);
        }
        let url = builder.build().unwrap();
        assert_eq!(url.host().unwrap().as_str(), host);
        assert_eq!(url.port(), port);
        assert_eq!(url.group(), group);
        assert_eq!(url.article(), article);
    }
}

#[test]
fn telnet_wais_prospero_and_generic_urls_built_from_random_components_parse_back_to_them() {
    let mut random = Random(23);
    for _ in 0..cases() {
        let (host, port) = (random.host(), random.port());
        let user = random.chance(50).then(|| random.bytes());
        let password = random.chance(30).then(|| random.bytes());
        let mut builder = TelnetUrl::builder(host.clone()).trailing_slash(random.chance(50));
        if let Some(port) = port {
            builder = builder.port(port);
        }
        if let Some(user) = &user {
            builder = builder.user(user);
        }
        if let Some(password) = &password {
            builder = builder.password(password);
        }
        let url = builder.build().unwrap();
        port_and_host(&host, port, (url.host().as_str(), url.port()), &url);
        let expected_user = match (&user, &password) {
            (None, Some(_)) => Some(Vec::new()),
            _ => user.clone(),
        };
        assert_eq!(
            url.user().map(|u| u.decode().into_owned()),
            expected_user,
            "{url}"
        );
        assert_eq!(
            url.password().map(|p| p.decode().into_owned()),
            password,
            "{url}"
        );

        let database = random.bytes();
        let mut builder = WaisUrl::builder(host.clone(), &database);
        let form = random.below(3);
        let (search, wtype, wpath) = (random.bytes(), random.bytes(), random.bytes());
        if form == 1 {
            builder = builder.search(&search);
        } else if form == 2 {
            builder = builder.document(&wtype, &wpath);
        }
        let url = builder.build().unwrap();
        assert_eq!(
            url.database().decode().as_ref(),
            database.as_slice(),
            "{url}"
        );
        match (form, url.form()) {
            (0, WaisForm::Database) => {}
            (1, WaisForm::Index { search: got }) => {
                assert_eq!(got.decode().as_ref(), search.as_slice(), "{url}")
            }
            (2, WaisForm::Document { wtype: t, wpath: p }) => {
                assert_eq!(t.decode().as_ref(), wtype.as_slice(), "{url}");
                assert_eq!(p.decode().as_ref(), wpath.as_slice(), "{url}");
            }
            (form, got) => panic!("{url}: form {form} read as {got:?}"),
        }

        let segments = random.segments().unwrap_or_default();
        let fields: Vec<(Vec<u8>, Vec<u8>)> = (0..random.below(3))
            .map(|_| (random.bytes(), random.bytes()))
            .collect();
        let mut builder = ProsperoUrl::builder(host.clone());
        for segment in &segments {
            builder = builder.segment(segment);
        }
        for (name, value) in &fields {
            builder = builder.field(name, value);
        }
        let url = builder.build().unwrap();
        let expected = if segments.is_empty() {
            vec![Vec::new()]
        } else {
            segments
        };
        assert_eq!(decoded(url.segments()), expected, "{url}");
        let got: Vec<(Vec<u8>, Vec<u8>)> = url
            .fields()
            .map(|f| {
                (
                    f.name().decode().into_owned(),
                    f.value().decode().into_owned(),
                )
            })
            .collect();
        assert_eq!(got, fields, "{url}");

        let schemepart = random.bytes();
        match GenericUrl::builder("x-test", &schemepart).build() {
            Ok(url) => assert_eq!(url.scheme_part().decode().as_ref(), schemepart.as_slice()),
            Err(error) => panic!("x-test:{schemepart:?}: {error}"),
        }
    }
}

#[test]
fn builders_refuse_what_has_no_escape() {
    assert!(NewsUrl::builder().group("9lives").build().is_err());
    assert!(NewsUrl::builder().group("").build().is_err());
    assert!(NntpUrl::builder("h", "a b").build().is_err());
    assert!(HttpUrl::builder("bad host").build().is_err());
    assert!(GenericUrl::builder("HTTP", "x").build().is_err());
    assert!(GenericUrl::builder("ftp", "//h/").build().is_err());
    assert!(MailtoUrl::builder("").build().is_err());
    let error = GopherUrl::builder("h").selector("x").build().unwrap_err();
    assert_eq!(
        error.to_string(),
        "a selector needs a gtype (item type) (RFC 1738 section 5)"
    );
}

/// A host has no escapes: a delimiter in a host given would move the components after it
/// (`h/a` with port 8080 wrote `http://h/a:8080`: host `h`, port lost in the path). Every
/// builder with a host refuses one that is not letters, digits, `-` and `.`.
#[test]
fn a_host_holding_a_delimiter_is_refused_not_written_into_another_component() {
    use rfc1738::building::BuildError;
    let hosts = [
        "h/a", "h:1", "u@h", "h?x", "h#f", "h;x", "h%41", "h a", "h\t", "h\0", "é.org", "[::1]",
    ];
    for host in hosts {
        let results: Vec<Result<String, BuildError>> = vec![
            HttpUrl::builder(host)
                .port(8080)
                .build()
                .map(|u| u.to_string()),
            FtpUrl::builder(host)
                .segment("x")
                .build()
                .map(|u| u.to_string()),
            GopherUrl::builder(host).build().map(|u| u.to_string()),
            NntpUrl::builder(host, "comp.x")
                .build()
                .map(|u| u.to_string()),
            ProsperoUrl::builder(host)
                .segment("x")
                .build()
                .map(|u| u.to_string()),
            TelnetUrl::builder(host).build().map(|u| u.to_string()),
            WaisUrl::builder(host, "db").build().map(|u| u.to_string()),
            FileUrl::builder()
                .host(host)
                .segment("x")
                .build()
                .map(|u| u.to_string()),
            NewsUrl::builder()
                .article("a", host)
                .build()
                .map(|u| u.to_string()),
        ];
        for result in results {
            let error = result.expect_err(host);
            assert_eq!(
                error,
                BuildError::NotAllowed {
                    component: "host",
                    value: host.to_owned(),
                    reason: "a host is a hostname or hostnumber: letters, digits, \"-\" and \".\", with no escapes (RFC 1738 section 3.1)",
                },
                "{host:?}"
            );
        }
    }
    // What is left to the grammar: the characters are a host's, the structure is not.
    for host in ["a..b", "-a", "a-", "1.2.3.999"] {
        assert!(
            matches!(HttpUrl::builder(host).build(), Err(BuildError::Invalid(_))),
            "{host:?}"
        );
    }
    let http = HttpUrl::builder("info.cern.ch").port(8080).build().unwrap();
    assert_eq!(
        (http.host().as_str(), http.port()),
        ("info.cern.ch", Some(8080))
    );
    let file = FileUrl::builder().segment("x").build().unwrap();
    assert_eq!(file.to_string(), "file:///x");
}
