//! The typed results of the RFC 1630 dialects: the common accessors, and what RFC 1630 adds
//! to the RFC 1738 structs (ftptype, prospero version and attributes, wpath fields, search
//! words, mid, cid, urn, rlogin, tn3270, the hostless nntp URL).

use pretty_assertions::assert_eq;
use rfc1738::{Dialect, Url, UrlKind, UrlReference};

fn read(input: &str) -> UrlReference<'_> {
    rfc1738::parse_reference(input, Dialect::Rfc1630)
        .unwrap_or_else(|error| panic!("{input}: {error}"))
}

/// (input, kind, scheme, host, port, url-path)
type Row = (
    &'static str,
    UrlKind,
    &'static str,
    Option<&'static str>,
    Option<u16>,
    Option<&'static str>,
);

#[test]
fn common_accessors_work_on_every_rfc1630_kind() {
    let rows: &[Row] = &[
        (
            "http://h:8080/a?b",
            UrlKind::Http,
            "http",
            Some("h"),
            Some(8080),
            Some("a?b"),
        ),
        (
            "ftp://u@h/a/b;type=I",
            UrlKind::Ftp,
            "ftp",
            Some("h"),
            None,
            Some("a/b;type=I"),
        ),
        (
            "nntp:comp.x/12",
            UrlKind::Nntp,
            "nntp",
            None,
            None,
            Some("comp.x/12"),
        ),
        ("mid:1@h", UrlKind::Mid, "mid", None, None, None),
        ("cid:p@h", UrlKind::Cid, "cid", None, None, None),
        ("URN:/iana/x", UrlKind::Urn, "urn", None, None, None),
        (
            "rlogin://u@h:513",
            UrlKind::Rlogin,
            "rlogin",
            Some("h"),
            Some(513),
            None,
        ),
        (
            "TN3270://h",
            UrlKind::Tn3270,
            "tn3270",
            Some("h"),
            None,
            None,
        ),
        ("file://h/x", UrlKind::Generic, "file", None, None, None),
    ];
    for &(input, kind, scheme, host, port, url_path) in rows {
        let url = read(input).into_url();
        assert_eq!(
            (
                url.kind(),
                url.scheme(),
                url.host().map(|host| host.as_str()),
                url.port(),
                url.url_path()
            ),
            (kind, scheme, host, port, url_path),
            "{input}"
        );
        assert_eq!(url.to_string(), input);
        assert_eq!(url.clone().into_owned(), url);
    }
}

#[test]
fn ftptype_is_the_rfc959_type_code() {
    let cases = [
        ("ftp://h/f;type=a", 'A', None, None, "A"),
        ("ftp://h/f;type=EC", 'E', Some('C'), None, "E C"),
        ("ftp://h/f;type=L36", 'L', None, Some("36"), "L 36"),
        ("ftp://h/f;type=i", 'I', None, None, "I"),
    ];
    for (input, code, formcode, byte_size, argument) in cases {
        let Url::Ftp(ftp) = read(input).into_url() else {
            panic!("{input}")
        };
        let ftp_type = ftp.ftp_type().unwrap();
        assert_eq!(
            (
                ftp_type.code(),
                ftp_type.formcode(),
                ftp_type.byte_size(),
                ftp_type.type_argument()
            ),
            (code, formcode, byte_size, Some(argument.to_owned())),
            "{input}"
        );
        // RFC 1738's typecode is not RFC 1630's ftptype: one field, in RFC 1630's form.
        assert_eq!(ftp_type.typecode(), None);
        assert_eq!(
            Some(ftp_type.as_str()),
            Some(&input[input.find(";type=").unwrap() + 6..])
        );
        assert_eq!(ftp.path().unwrap(), "f");
    }
    let Url::Ftp(plain) = read("ftp://h/dir/").into_url() else {
        panic!()
    };
    assert_eq!(plain.ftp_type(), None);
    // Read by RFC 1738, the same text has a typecode.
    let Ok(Url::Ftp(rfc1738_ftp)) = rfc1738::parse("ftp://h/f;type=A") else {
        panic!()
    };
    let ftp_type = rfc1738_ftp.ftp_type().unwrap();
    assert_eq!(ftp_type.typecode(), Some(rfc1738::schemes::Typecode::Ascii));
    assert_eq!(ftp_type.as_str(), "A");
    assert_eq!(ftp_type.type_argument().as_deref(), Some("A"));
    assert_eq!(
        plain.segments().map(|s| s.as_str()).collect::<Vec<_>>(),
        ["dir", ""]
    );
}

#[test]
fn prospero_version_and_attributes_follow_the_escaped_nul() {
    let Url::Prospero(with) = read("prospero://h//pros/name%0007ab1").into_url() else {
        panic!()
    };
    assert_eq!(
        (with.path().as_str(), with.version(), with.attributes()),
        ("/pros/name", Some("07"), Some("ab1"))
    );
    let Url::Prospero(without) = read("prospero://h/a%20b").into_url() else {
        panic!()
    };
    assert_eq!(
        (
            without.path().as_str(),
            without.version(),
            without.attributes()
        ),
        ("a%20b", None, None)
    );
}

#[test]
fn wais_wpath_fields_are_numbered_and_escaped() {
    let Url::Wais(wais) = read("wais://h/db/TEXT/1=a%3Bb;12=;").into_url() else {
        panic!()
    };
    let fields = wais.wpath_fields().unwrap();
    let read: Vec<(&str, String)> = fields
        .iter()
        .map(|field| {
            (
                field.number(),
                field.contents().decode_utf8().unwrap().into_owned(),
            )
        })
        .collect();
    assert_eq!(read, [("1", "a;b".to_owned()), ("12", String::new())]);
    // An RFC 1738 wpath is opaque: no fields.
    let Url::Wais(opaque) = rfc1738::parse("wais://h/db/TEXT/abc").unwrap() else {
        panic!()
    };
    assert_eq!(opaque.wpath_fields(), None);
}

#[test]
fn search_words_split_at_plus_and_decode_one_by_one() {
    let Url::Http(http) = read("http://h/find?url+syntax+a%2Bb").into_url() else {
        panic!()
    };
    let words: Vec<String> = http
        .search()
        .unwrap()
        .search_words()
        .map(|word| word.decode_utf8().unwrap().into_owned())
        .collect();
    assert_eq!(words, ["url", "syntax", "a+b"]);
}

#[test]
fn generic_uri_parts_and_news_articles() {
    let Url::Generic(generic) = read("x-magic:/a/b?c+d").into_url() else {
        panic!()
    };
    assert_eq!(
        (
            generic.path().unwrap().as_str(),
            generic.search().unwrap().as_str()
        ),
        ("/a/b", "c+d")
    );
    assert_eq!(generic.host(), None);
    assert_eq!(generic.form(), rfc1738::schemes::GenericForm::Uri);
    assert!(!generic.has_ip_schemepart());
    let Url::News(news) = read("news:123@h.x").into_url() else {
        panic!()
    };
    let rfc1738::schemes::Grouppart::Article(article) = news.grouppart() else {
        panic!()
    };
    assert_eq!(article.host().as_str(), "h.x");
    // An article whose host number is out of range is a group (an ialpha holds "@").
    let Url::News(group) = read("news:abc@1.2.3.256").into_url() else {
        panic!()
    };
    assert!(matches!(
        group.grouppart(),
        rfc1738::schemes::Grouppart::Group("abc@1.2.3.256")
    ));
}

#[test]
fn references_round_trip_and_own_their_text() {
    // The dialects that read the prefix "URL:" (RFC 2396 has none).
    for dialect in [Dialect::Rfc1738, Dialect::Rfc1630, Dialect::DraftWwwUri00] {
        let input = String::from("url:http://h/a?b#frag");
        let reference = rfc1738::parse_reference(&input, dialect).unwrap();
        assert!(reference.is_prefixed());
        assert_eq!(reference.dialect(), dialect);
        assert_eq!(reference.fragment(), Some("frag"));
        assert_eq!(reference.url().as_str(), "http://h/a?b");
        let owned = reference.clone().into_owned();
        drop(input);
        assert_eq!(owned.to_string(), "url:http://h/a?b#frag");
        assert_eq!(owned.as_str(), "url:http://h/a?b#frag");
    }
}

#[test]
fn dialect_names_parse_and_unknown_ones_are_refused() {
    for dialect in Dialect::ALL {
        assert_eq!(dialect.name().parse::<Dialect>().unwrap(), dialect);
    }
    assert_eq!(
        "DRAFT-WWW-URI-00".parse::<Dialect>().unwrap(),
        Dialect::DraftWwwUri00
    );
    let error = "rfc3986".parse::<Dialect>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "unknown dialect \"rfc3986\": expected rfc1738, rfc1630, draft or rfc2396"
    );
    assert_eq!(Dialect::default(), Dialect::Rfc1738);
}

#[test]
fn errors_name_the_dialect_and_its_production() {
    let error = rfc1738::parse_reference("gopher://h/", Dialect::Rfc1630).unwrap_err();
    assert_eq!(error.dialect(), Dialect::Rfc1630);
    assert_eq!(error.production(), Some("gopheraddress"));
    assert_eq!(error.offset(), 11);
    let error = rfc1738::parse_reference("foo/bar", Dialect::DraftWwwUri00).unwrap_err();
    assert_eq!(error.kind().code(), "partial-form");
    let error = rfc1738::parse_reference("http://h/ x", Dialect::Rfc1738).unwrap_err();
    assert_eq!(
        (error.dialect(), error.production()),
        (Dialect::Rfc1738, Some("httpurl"))
    );
}

#[test]
fn mid_and_cid_share_one_type() {
    let ids: Vec<(UrlKind, String)> = ["mid:12345@info.cern.ch", "cid:part1@h.dom"]
        .into_iter()
        .map(|input| match read(input).into_url() {
            Url::Mid(id) => (UrlKind::Mid, id.id().as_str().to_owned()),
            Url::Cid(id) => (UrlKind::Cid, id.id().as_str().to_owned()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        ids,
        [
            (UrlKind::Mid, "12345@info.cern.ch".to_owned()),
            (UrlKind::Cid, "part1@h.dom".to_owned())
        ]
    );
    let id: rfc1738::schemes::IdUrl<'_> = match read("cid:x").into_url() {
        Url::Cid(id) => id,
        _ => panic!(),
    };
    assert_eq!(id.url_path(), None);
}
