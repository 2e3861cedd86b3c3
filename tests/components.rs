//! The component walk (`Url::components`): over every URL of the corpus, read by every
//! dialect, the components come in the order of the text, do not overlap, lie on the text
//! they give, and agree with the scheme structs' accessors.

use rfc1738::{Role, Url};

fn corpus_urls() -> Vec<(String, rfc1738::Dialect)> {
    let inputs = rfc1738_test_support::corpus::inputs();
    let mut urls = Vec::new();
    for input in inputs {
        for dialect in rfc1738::Dialect::ALL {
            if rfc1738::parse_reference(&input, dialect).is_ok() {
                urls.push((input.clone(), dialect));
            }
        }
    }
    urls
}

#[test]
fn components_are_ordered_disjoint_and_agree_with_the_accessors() {
    let urls = corpus_urls();
    assert!(urls.len() > 1500, "{}", urls.len());
    let mut checked = [false; rfc1738::UrlKind::ALL.len()];
    for (input, dialect) in &urls {
        let reference = rfc1738::parse_reference(input, *dialect).unwrap();
        let url = reference.url();
        let text = url.as_str();
        let components: Vec<_> = url.components().collect();
        // Every URL starts with its scheme, but an RFC 2396 relative reference, which has
        // none.
        if url.scheme().is_empty() {
            assert_eq!(*dialect, rfc1738::Dialect::Rfc2396, "{text}");
            assert!(
                components.iter().all(|c| c.role() != Role::Scheme),
                "{text}"
            );
        } else {
            assert_eq!(components[0].role(), Role::Scheme, "{text}");
            assert!(
                components[0].as_str().eq_ignore_ascii_case(url.scheme()),
                "{text}"
            );
        }
        let mut at = 0;
        for component in &components {
            let span = component.span();
            assert!(span.start >= at, "{text}: {components:?}");
            assert_eq!(&text[span.clone()], component.as_str(), "{text}");
            at = span.end;
        }
        let find = |role| url.component(role).map(|c| c.as_str());
        assert_eq!(
            find(Role::Host),
            url.host().map(|host| host.as_str()),
            "{text}"
        );
        assert_eq!(
            // RFC 2396's port has no range and may be empty: no value then.
            find(Role::Port).and_then(|p| p.parse::<u16>().ok()),
            url.port(),
            "{text}"
        );
        match url {
            Url::Ftp(ftp) => {
                assert_eq!(find(Role::User), ftp.user().map(|u| u.as_str()));
                assert_eq!(find(Role::Password), ftp.password().map(|u| u.as_str()));
                assert_eq!(find(Role::Fpath), ftp.path().map(|u| u.as_str()));
                let code = find(Role::Typecode).or(find(Role::Ftptype));
                assert_eq!(code, ftp.ftp_type().map(|ftp_type| ftp_type.as_str()));
            }
            Url::Http(http) => {
                assert_eq!(find(Role::Hpath), http.path().map(|u| u.as_str()));
                assert_eq!(find(Role::Search), http.search().map(|u| u.as_str()));
            }
            Url::Gopher(gopher) => {
                assert_eq!(find(Role::Gtype), gopher.gopher_type().map(|u| u.as_str()));
                assert_eq!(
                    find(Role::Selector).unwrap_or(""),
                    gopher.selector().as_str()
                );
                assert_eq!(find(Role::Search), gopher.search().map(|u| u.as_str()));
                assert_eq!(
                    find(Role::GopherPlus),
                    gopher.gopher_plus().map(|u| u.as_str())
                );
            }
            Url::News(news) => assert_eq!(find(Role::Grouppart), Some(news.grouppart_str())),
            Url::Nntp(nntp) => {
                assert_eq!(find(Role::Group), Some(nntp.group()));
                assert_eq!(find(Role::Article), nntp.article_as_written());
            }
            Url::Generic(generic) => {
                assert_eq!(find(Role::Path), generic.path().map(|u| u.as_str()));
                assert_eq!(find(Role::Search), generic.search().map(|u| u.as_str()));
                assert_eq!(find(Role::Urlpath), generic.urlpath().map(|u| u.as_str()));
                assert_eq!(find(Role::User), generic.user().map(|u| u.as_str()));
            }
            Url::Mid(id) => assert_eq!(find(Role::AddrSpec), Some(id.id().as_str())),
            Url::Cid(id) => assert_eq!(find(Role::ContentIdentifier), Some(id.id().as_str())),
            Url::Prospero(prospero) => {
                assert_eq!(find(Role::Ppath), Some(prospero.path().as_str()));
                assert_eq!(find(Role::Version), prospero.version());
                let names: Vec<_> = components
                    .iter()
                    .filter(|c| c.role() == Role::Fieldname)
                    .map(|c| c.as_str())
                    .collect();
                let fields: Vec<_> = prospero.fields().map(|f| f.name().as_str()).collect();
                assert_eq!(names, fields);
            }
            Url::Mailto(mailto) => {
                assert_eq!(find(Role::Encoded822addr), Some(mailto.address().as_str()));
            }
            Url::Telnet(telnet) | Url::Rlogin(telnet) | Url::Tn3270(telnet) => {
                assert_eq!(find(Role::User), telnet.user().map(|u| u.as_str()));
                assert_eq!(find(Role::Password), telnet.password().map(|u| u.as_str()));
                // A login, and no other component but the scheme.
                let roles = [
                    Role::Scheme,
                    Role::User,
                    Role::Password,
                    Role::Host,
                    Role::Port,
                ];
                assert!(
                    components.iter().all(|c| roles.contains(&c.role())),
                    "{text}"
                );
            }
            Url::Wais(wais) => {
                assert_eq!(find(Role::Database), Some(wais.database().as_str()));
                let (search, wtype, wpath) = match wais.form() {
                    rfc1738::schemes::WaisForm::Database => (None, None, None),
                    rfc1738::schemes::WaisForm::Index { search } => {
                        (Some(search.as_str()), None, None)
                    }
                    rfc1738::schemes::WaisForm::Document { wtype, wpath } => {
                        (None, Some(wtype.as_str()), Some(wpath.as_str()))
                    }
                };
                assert_eq!(find(Role::Search), search, "{text}");
                assert_eq!(find(Role::Wtype), wtype, "{text}");
                assert_eq!(find(Role::Wpath), wpath, "{text}");
                // The accessors by the components' names read the same.
                assert_eq!(wais.search().map(|u| u.as_str()), search, "{text}");
                assert_eq!(wais.wtype().map(|u| u.as_str()), wtype, "{text}");
                assert_eq!(wais.wpath().map(|u| u.as_str()), wpath, "{text}");
            }
            Url::File(file) => {
                assert_eq!(find(Role::Fpath), Some(file.path().as_str()), "{text}");
            }
            // `Url` is non-exhaustive: a kind added later must be added here.
            other => panic!("{text}: no accessors compared for {:?}", other.kind()),
        }
        checked[url.kind() as usize] = true;
    }
    // Every kind of URL the dialects read was met, and its components checked.
    let unchecked: Vec<rfc1738::UrlKind> = rfc1738::UrlKind::ALL
        .iter()
        .copied()
        .filter(|kind| !checked[*kind as usize])
        .collect();
    assert_eq!(unchecked, Vec::new(), "kinds of URL no corpus case reads");
}
