//! `rfc1738_links::LinkLister`: the links of HTML pages as the browsers of 1993-1995
//! followed them. (The pages of `corpus/links/` through the command and their goldens:
//! `crates/cli/tests/links.rs`.)

use pretty_assertions::assert_eq;
use rfc1738::resolution::ResolveMode;
use rfc1738::UrlKind;
use rfc1738_links::{Charset, HtmlReading, Link, LinkLister};
use std::io::Read;

use rfc1738_test_support::pieces::Pieces;

/// The links of `html`, with the base given, read by HTML 2.0's rules.
fn links(html: &str, base: Option<&str>, mode: ResolveMode) -> Vec<Link> {
    links_read(html, base, mode, HtmlReading::Html2)
}

/// The links of `html`, with the base given, in a reading.
fn links_read(
    html: &str,
    base: Option<&str>,
    mode: ResolveMode,
    reading: HtmlReading,
) -> Vec<Link> {
    let mut lister = LinkLister::new().mode(mode).reading(reading);
    if let Some(base) = base {
        lister = lister.base(base);
    }
    lister.links(html)
}

/// `(element, attribute, href, result or error code)` of each link.
fn summary(links: &[Link]) -> Vec<(String, String, String, String)> {
    links
        .iter()
        .map(|link| {
            (
                link.element().to_owned(),
                link.attribute().unwrap_or_default().to_owned(),
                link.href().unwrap_or_default().to_owned(),
                match &link.result() {
                    Ok(result) => result.to_string(),
                    Err(error) => format!("error: {}", error.code()),
                },
            )
        })
        .collect()
}

fn row(
    element: &str,
    attribute: &str,
    href: &str,
    result: &str,
) -> (String, String, String, String) {
    (element.into(), attribute.into(), href.into(), result.into())
}

#[test]
fn the_url_attributes_of_html_2_are_links_in_any_case_and_quoting() {
    let page = "<A NAME=top HREF = 'a.html'>x</A><img SRC=b.gif Alt=\"b\"><Link rel=up href=\"..\">\
                <FORM ACTION=/cgi-bin/q><INPUT TYPE=Image SRC=c.gif><INPUT TYPE=submit SRC=no.gif></FORM>\
                <ISINDEX PROMPT=x><META HTTP-EQUIV=refresh CONTENT=\"0; URL=no.html\"><A NAME=only>";
    let found = links(page, Some("http://h/d/p.html"), ResolveMode::Cern);
    assert_eq!(
        summary(&found),
        [
            row("a", "href", "a.html", "http://h/d/a.html"),
            row("img", "src", "b.gif", "http://h/d/b.gif"),
            row("link", "href", "..", "http://h"),
            row("form", "action", "/cgi-bin/q", "http://h/cgi-bin/q"),
            row("input", "src", "c.gif", "http://h/d/c.gif"),
        ]
    );
}

#[test]
fn what_a_tokenizer_reads_as_no_tag_is_no_link() {
    let page = "<!-- <A HREF=comment.html> --><TITLE><A HREF=title.html></TITLE>\
                <SCRIPT>x = '<A HREF=script.html>'</SCRIPT><TEXTAREA><A HREF=t.html></TEXTAREA>\
                < A HREF=space.html> <A HREF=\"ok.html\" HREF=\"second.html\"></A HREF=end.html>";
    let found = links_read(
        page,
        Some("http://h/"),
        ResolveMode::Rfc1808,
        HtmlReading::Whatwg,
    );
    assert_eq!(
        summary(&found),
        [row("a", "href", "ok.html", "http://h/ok.html")]
    );
    // HTML 2.0 knows no SCRIPT: its tags are ignored and its content is read as markup, as
    // Mosaic 2.7 read it.
    let found = links(page, Some("http://h/"), ResolveMode::Rfc1808);
    assert_eq!(
        summary(&found),
        [
            row("a", "href", "script.html", "http://h/script.html"),
            row("a", "href", "ok.html", "http://h/ok.html")
        ]
    );
}

#[test]
fn character_references_are_decoded_as_the_tokenizer_does() {
    let page = "<A HREF=\"q?a=1&amp;b=2&#38;c=3&lt\">x</A>";
    let found = links(page, Some("http://h/"), ResolveMode::Cern);
    assert_eq!(found[0].href(), Some("q?a=1&b=2&c=3<"));
    // The WHATWG rules, not HTML 2.0's: &#150; is Windows-1252's en dash, &not needs no
    // ";" (but stays before a letter, digit or "=" in an attribute), NUL is U+FFFD.
    let page = "<A HREF=\"x&#150;y&not;z&noty\"><A HREF=a&not b><A HREF=\"q\0r\">";
    let found = links(page, Some("http://h/"), ResolveMode::Cern);
    let hrefs: Vec<_> = found.iter().map(|l| l.href().unwrap()).collect();
    assert_eq!(hrefs, ["x\u{2013}y\u{ac}z&noty", "a\u{ac}", "q\u{fffd}r"]);
}

#[test]
fn the_content_of_xmp_plaintext_iframe_noembed_and_noscript_holds_no_links() {
    let whatwg = |page: &str| {
        let found = links_read(
            page,
            Some("http://h/"),
            ResolveMode::Cern,
            HtmlReading::Whatwg,
        );
        summary(&found)
    };
    for element in [
        "XMP", "LISTING", "IFRAME", "NOEMBED", "NOFRAMES", "NOSCRIPT",
    ] {
        let page = format!("<{element}><A HREF=in.html></{element}><A HREF=out.html>");
        assert_eq!(
            whatwg(&page),
            [row("a", "href", "out.html", "http://h/out.html")],
            "{element}"
        );
    }
    // PLAINTEXT has no end: the rest of the page is text.
    assert_eq!(
        whatwg("<A HREF=a.html><PLAINTEXT><A HREF=in.html></PLAINTEXT><A HREF=out.html>"),
        [row("a", "href", "a.html", "http://h/a.html")]
    );
}

#[test]
fn html_2_literal_elements_hold_no_links_and_end_at_their_own_end_tag() {
    let html2 = |page: &str| summary(&links(page, Some("http://h/"), ResolveMode::Cern));
    for element in ["XMP", "LISTING", "PLAINTEXT", "xmp", "Listing"] {
        // Nothing but the element's own end tag is markup in it: no comment, no tag.
        let page = format!(
            "<{element}><A HREF=in.html><!-- </{element}x> <B></B></{element} ><A HREF=out.html>"
        );
        assert_eq!(
            html2(&page),
            [row("a", "href", "out.html", "http://h/out.html")],
            "{element}"
        );
    }
    // TITLE and TEXTAREA hold text: no link, but comments are read in them.
    assert_eq!(
        html2("<TITLE>a<!-- </TITLE> --><A HREF=in.html></TITLE><A HREF=out.html>"),
        [row("a", "href", "out.html", "http://h/out.html")]
    );
    // "</TITLE" before a comment is no end tag (found by the links fuzz target).
    assert_eq!(
        html2("<TITLE>a</TITLE<!-- c -->b</TITLE><A HREF=out.html>"),
        [row("a", "href", "out.html", "http://h/out.html")]
    );
    // Elements HTML 2.0 does not know are read as markup (IFRAME, NOSCRIPT, STYLE).
    assert_eq!(
        html2("<IFRAME><A HREF=in.html></IFRAME><STYLE><!-- <A HREF=no.html> --></STYLE>"),
        [row("a", "href", "in.html", "http://h/in.html")]
    );
}

#[test]
fn base_href_wins_over_the_base_given_from_where_it_stands() {
    let page = "<A HREF=a.html><BASE HREF=\"http://other/x/y.html\"><A HREF=b.html>";
    let found = links(page, Some("http://h/d/p.html"), ResolveMode::Rfc1808);
    assert_eq!(
        summary(&found),
        [
            row("a", "href", "a.html", "http://h/d/a.html"),
            row(
                "base",
                "href",
                "http://other/x/y.html",
                "http://other/x/y.html"
            ),
            row("a", "href", "b.html", "http://other/x/b.html"),
        ]
    );
}

#[test]
fn links_resolve_against_the_document_without_its_fragment_as_the_browsers_did() {
    // The issue's example: a page fetched from an address with a fragment.
    let page = "<A HREF=c.html>c</A><IMG SRC=i.gif><A HREF=#s>s</A><A HREF=d.html#t>t</A>";
    let base = "http://info.cern.ch/a/b.html#top";
    for mode in ResolveMode::ALL {
        let found = links(page, Some(base), mode);
        let results: Vec<_> = found.iter().map(|l| l.result().unwrap()).collect();
        assert_eq!(
            results,
            [
                "http://info.cern.ch/a/c.html",
                "http://info.cern.ch/a/i.gif",
                "http://info.cern.ch/a/b.html#s",
                "http://info.cern.ch/a/d.html#t"
            ],
            "{mode:?}"
        );
    }
    // `resolve` stays the library call, which inherits the base's fragment.
    assert_eq!(
        rfc1738::resolution::resolve(base, "c.html", ResolveMode::Cern).unwrap(),
        "http://info.cern.ch/a/c.html#top"
    );
    // A BASE HREF with a fragment is a document's address too.
    let page = "<BASE HREF=\"http://h/x/y.html#f\"><A HREF=z.html>";
    for mode in ResolveMode::ALL {
        let found = links(page, None, mode);
        assert_eq!(found[0].result().as_deref(), Ok("http://h/x/y.html#f"));
        assert_eq!(
            found[1].result().as_deref(),
            Ok("http://h/x/z.html"),
            "{mode:?}"
        );
    }
}

#[test]
fn the_cern_mode_calls_the_library_per_element_as_mosaic_did() {
    let page = "<IMG SRC=i.gif#a><INPUT TYPE=IMAGE SRC=j.gif#b><A HREF=k.html#c>\
                <FORM ACTION=\"f?x=1#d\"><FORM METHOD=post ACTION=\"p#e\"><FORM ACTION=\"\">";
    let found = links(page, Some("http://h/d/doc.html?q#top"), ResolveMode::Cern);
    let results: Vec<_> = found.iter().map(|l| l.result().unwrap()).collect();
    assert_eq!(
        results,
        [
            "http://h/d/i.gif",
            "http://h/d/j.gif",
            "http://h/d/k.html#c",
            "http://h/d/f",
            "http://h/d/p#e",
            "http://h/d/doc.html"
        ]
    );
    // The other modes keep what the URL holds.
    let found = links(
        page,
        Some("http://h/d/doc.html?q#top"),
        ResolveMode::Rfc1808,
    );
    assert_eq!(found[0].result().as_deref(), Ok("http://h/d/i.gif#a"));
    assert_eq!(found[3].result().as_deref(), Ok("http://h/d/f?x=1#d"));
}

#[test]
fn a_relative_base_is_reported_once_and_resolved_against_the_base_given() {
    let page = "<BASE HREF=\"/new/index.html\"><A HREF=a.html><A HREF=b.html>";
    let found = links(page, Some("http://h/old/p.html"), ResolveMode::Cern);
    assert_eq!(
        summary(&found),
        [
            row("base", "href", "/new/index.html", "http://h/new/index.html"),
            row("a", "href", "a.html", "http://h/new/a.html"),
            row("a", "href", "b.html", "http://h/new/b.html"),
        ]
    );
    let warnings: Vec<_> = found.iter().map(|link| link.warning().is_some()).collect();
    assert_eq!(warnings, [true, false, false]);
    // Without a base: the BASE says why, the links after it have none.
    let found = links(page, None, ResolveMode::Cern);
    let codes: Vec<_> = found.iter().map(|l| l.error().map(|e| e.code())).collect();
    assert_eq!(
        codes,
        [Some("relative-base"), Some("no-base"), Some("no-base")]
    );
}

#[test]
fn without_any_base_a_relative_link_has_no_result_and_an_absolute_one_has() {
    let found = links(
        "<A HREF=a.html><A HREF=\"ftp://h/f\">",
        None,
        ResolveMode::Cern,
    );
    assert_eq!(found[0].error().map(|e| e.code()), Some("no-base"));
    assert_eq!(found[0].verdict(), None);
    assert_eq!(found[1].result().as_deref(), Ok("ftp://h/f"));
    for mode in ResolveMode::ALL {
        let found = links("<A HREF=\"http://h:80/f\">", None, mode);
        let expected = match mode {
            ResolveMode::Cern | ResolveMode::Whatwg => "http://h/f",
            _ => "http://h:80/f",
        };
        assert_eq!(found[0].result().as_deref(), Ok(expected), "{mode}");
    }
    // An absolute link needs no base in any mode: each mode resolves it against nothing.
    for mode in ResolveMode::ALL {
        let found = links("<A HREF=\"ftp://h/f\">", Some("http://b/"), mode);
        assert_eq!(found[0].result().as_deref(), Ok("ftp://h/f"), "{mode}");
        assert_eq!(found[0].kind(), Some(UrlKind::Ftp));
    }
}

#[test]
fn the_later_standards_read_links_and_base_href_by_their_own_rules() {
    let page = "<A HREF=\"?y\"><A HREF=\"../../../g\"><A HREF=\"..\\x.html\">\
                <A HREF=\"HTTP://H:80/a/./b\"><A HREF=\"http://a:99999/\">";
    let results = |mode| -> Vec<String> {
        summary(&links(page, Some("http://a/b/c/d;p?q#f"), mode))
            .into_iter()
            .map(|(_, _, _, result)| result)
            .collect()
    };
    assert_eq!(
        results(ResolveMode::Rfc2396),
        [
            "http://a/b/c/?y",
            "http://a/../g",
            "http://a/b/c/..\\x.html",
            "HTTP://H:80/a/./b",
            "http://a:99999/"
        ]
    );
    assert_eq!(
        results(ResolveMode::Rfc3986),
        [
            "http://a/b/c/d;p?y",
            "http://a/g",
            "http://a/b/c/..\\x.html",
            "HTTP://H:80/a/b",
            "http://a:99999/"
        ]
    );
    assert_eq!(
        results(ResolveMode::Whatwg),
        [
            "http://a/b/c/d;p?y",
            "http://a/g",
            "http://a/b/x.html",
            "http://h/a/b",
            "error: whatwg-failure"
        ]
    );
    // Without a base, an absolute link is the mode's reading of it alone; BASE HREF too,
    // and against the base given when there is one.
    let alone = links("<A HREF=\"HTTP://H:80/a/../b\">", None, ResolveMode::Whatwg);
    assert_eq!(alone[0].result().as_deref(), Ok("http://h/b"));
    let alone = links(
        "<A HREF=\"HTTP://H:80/a/../b\">",
        None,
        ResolveMode::Rfc3986,
    );
    assert_eq!(alone[0].result().as_deref(), Ok("HTTP://H:80/b"));
    let page = "<BASE HREF=\"HTTP://B/x/../y/\"><A HREF=g>";
    let found = links(page, Some("http://a/"), ResolveMode::Whatwg);
    assert_eq!(summary(&found)[0].3, "http://b/y/");
    assert_eq!(found[1].result().as_deref(), Ok("http://b/y/g"));
    assert_eq!(found[0].warning(), None);
    let found = links(page, None, ResolveMode::Rfc2396);
    // Step 6 removes the dot segments of the merged path, the base's among them.
    assert_eq!(summary(&found)[1].3, "HTTP://B/y/g");
    // A colon before any slash, but no scheme by RFC 2396: no base to resolve it against.
    let found = links(
        "<A HREF=\"a b:c\"><BASE HREF=\"a b:c\"><A HREF=g>",
        None,
        ResolveMode::Rfc2396,
    );
    assert_eq!(
        summary(&found)
            .into_iter()
            .map(|(_, _, _, result)| result)
            .collect::<Vec<_>>(),
        ["error: no-base", "error: relative-base", "error: no-base"]
    );
}

#[test]
fn the_mode_refusing_a_base_gives_its_reason() {
    let found = links("<A HREF=y>", Some("gopher://h/1x"), ResolveMode::Rfc1630);
    assert_eq!(found[0].error().map(|e| e.code()), Some("no-partial-forms"));
    let found = links("<A HREF=y>", Some("gopher://h/1x"), ResolveMode::Cern);
    assert_eq!(found[0].result().as_deref(), Ok("gopher://h/y"));
}

#[test]
fn a_relative_base_the_mode_cannot_resolve_leaves_the_links_after_it_an_unresolved_base() {
    let page = "<BASE HREF=\"sub/\">\n<A HREF=x><A HREF=\"http://h/y\">";
    let found = links(page, Some("gopher://h/1x"), ResolveMode::Rfc1630);
    let codes: Vec<_> = found.iter().map(|l| l.error().map(|e| e.code())).collect();
    assert_eq!(
        codes,
        [Some("no-partial-forms"), Some("unresolved-base"), None]
    );
    // A base was given: the message does not say otherwise.
    let message = found[1]
        .error()
        .map(ToString::to_string)
        .unwrap_or_default();
    assert_eq!(
        message,
        "no base to resolve against: the document's BASE HREF before this link is relative \
         and could not be resolved against the base URL given (--base)"
    );
    assert_eq!(found[2].result().as_deref(), Ok("http://h/y"));
    // RFC 1808 refuses a base without a scheme in the same way.
    let found = links(page, Some("/rel"), ResolveMode::Rfc1808);
    let codes: Vec<_> = found.iter().map(|l| l.error().map(|e| e.code())).collect();
    assert_eq!(
        codes,
        [
            Some("context-without-scheme"),
            Some("unresolved-base"),
            None
        ]
    );
}

#[test]
fn lines_count_lf_cr_lf_and_cr() {
    let page = "<A HREF=one>\r\n<A\r\nHREF=three>\r<A HREF=four>\n\n<IMG\n\nSRC=seven>";
    let found = links(page, Some("http://h/"), ResolveMode::Cern);
    let lines: Vec<u64> = found.iter().map(|link| link.line()).collect();
    assert_eq!(lines, [1, 3, 4, 8]);
}

#[test]
fn bytes_that_are_not_utf_8_are_latin_1_from_the_first_on() {
    let page: &[u8] =
        b"<A HREF=\"caf\xc3\xa9.html\"><A HREF=\"na\xefve.html\"><A HREF=\"caf\xc3\xa9.html\">";
    let found: Vec<Link> = LinkLister::new()
        .base("http://h/")
        .links_reader(page)
        .collect::<Result<_, _>>()
        .unwrap();
    let read: Vec<_> = found
        .iter()
        .map(|link| (link.href().unwrap().to_owned(), link.charset()))
        .collect();
    assert_eq!(
        read,
        [
            ("café.html".to_owned(), Charset::Utf8),
            ("naïve.html".to_owned(), Charset::Latin1),
            // From the first byte that is not UTF-8 on, every byte is Latin-1.
            ("cafÃ©.html".to_owned(), Charset::Latin1),
        ]
    );
    // RFC 1738 wants those characters escaped: the result is invalid, and says so.
    assert!(!found[1].is_valid());
}

#[test]
fn the_charset_is_the_one_in_force_when_the_attribute_ended() {
    let charset = |page: &[u8]| -> Vec<(String, Charset)> {
        LinkLister::new()
            .base("http://h/")
            .links_reader(page)
            .map(|link| {
                let link = link.unwrap();
                (link.href().unwrap_or_default().to_owned(), link.charset())
            })
            .collect()
    };
    let utf8 = |href: &str| vec![(href.to_owned(), Charset::Utf8)];
    // The first byte that is not UTF-8 comes after the value: in the next attribute's
    // name, after a closing quote, on the next line, after the tag, far after it.
    assert_eq!(charset(b"<a href=before \xe9=1>"), utf8("before"));
    assert_eq!(charset(b"<a href=\"before\"\xe9>"), utf8("before"));
    assert_eq!(charset(b"<a href='x'\n\xe9 name=y>"), utf8("x"));
    assert_eq!(charset(b"<a href=x>\xe9"), utf8("x"));
    let far = [&b"<a href=x>"[..], &[b'y'; 5000], b"\xe9"].concat();
    assert_eq!(charset(&far), utf8("x"));
    // In the value, or before it (in an earlier attribute): Latin-1.
    assert_eq!(
        charset(b"<a href=bef\xe9>"),
        [("bef\u{e9}".to_owned(), Charset::Latin1)]
    );
    assert_eq!(
        charset(b"<a name=\xe9 href=x>"),
        [("x".to_owned(), Charset::Latin1)]
    );
    // A value ended by a character reference, then the byte.
    assert_eq!(
        charset(b"<a href=x&amp;\xe9>"),
        [("x&\u{e9}".to_owned(), Charset::Latin1)]
    );
    assert_eq!(charset(b"<a href=\"x&amp\"\xe9>"), utf8("x&"));
}

#[test]
fn a_utf_8_character_cut_by_a_read_is_still_utf_8() {
    let page = "<A HREF=\"caf\u{e9}\u{1F30D}.html\">";
    let found: Vec<Link> = LinkLister::new()
        .base("http://h/")
        .links_reader(Pieces(page.as_bytes(), 1))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(found[0].href(), Some("caf\u{e9}\u{1F30D}.html"));
    assert_eq!(found[0].charset(), Charset::Utf8);
}

/// A document of `size` bytes made on the fly: `head`, then `fill` repeated, then `tail`.
struct Generated {
    head: Vec<u8>,
    fill: u8,
    remaining: usize,
    tail: Vec<u8>,
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.head.is_empty() {
            let n = self.head.len().min(buf.len());
            buf[..n].copy_from_slice(&self.head[..n]);
            self.head.drain(..n);
            return Ok(n);
        }
        if self.remaining > 0 {
            let n = self.remaining.min(buf.len());
            buf[..n].fill(self.fill);
            self.remaining -= n;
            return Ok(n);
        }
        let n = self.tail.len().min(buf.len());
        buf[..n].copy_from_slice(&self.tail[..n]);
        self.tail.drain(..n);
        Ok(n)
    }
}

#[test]
fn a_tag_comment_or_link_attribute_longer_than_the_limit_is_reported_and_skipped() {
    let lister = LinkLister::new().base("http://h/").max_len(1000);
    let huge = 20 * 1024 * 1024;
    let streamed = |head: &str, fill: u8, tail: &str| -> Vec<(String, String)> {
        let document = Generated {
            head: head.as_bytes().to_vec(),
            fill,
            remaining: huge,
            tail: tail.as_bytes().to_vec(),
        };
        lister
            .links_reader(document)
            .map(|link| {
                let link = link.unwrap();
                let code = link.error().map_or("ok", |e| e.code());
                (
                    link.element().to_owned(),
                    format!("{code} {}", link.href().unwrap_or_default()),
                )
            })
            .collect()
    };
    // A 20 MiB href: reported, the rest of the tag and the page still read.
    assert_eq!(
        streamed("<A HREF=\"", b'a', "\" NAME=x><A HREF=next.html>"),
        [
            ("a".into(), "too-long ".into()),
            ("a".into(), "ok next.html".into())
        ]
    );
    // A 20 MiB comment.
    assert_eq!(
        streamed("<!--", b'-', " --><A HREF=next.html>"),
        [
            ("#comment".into(), "too-long ".into()),
            ("a".into(), "ok next.html".into())
        ]
    );
    // A tag of 20 MiB of attributes: the whole tag goes.
    assert_eq!(
        streamed("<IMG SRC=x.gif ", b' ', "ALT=y><A HREF=next.html>")[1..],
        [("a".into(), "ok next.html".into())]
    );
    let attributes: String = (0..100).map(|i| format!("A{i}=abcdefgh ")).collect();
    let many = format!("<IMG SRC=x.gif {attributes}><A HREF=next.html>");
    assert_eq!(
        lister
            .links(&many)
            .iter()
            .map(|l| (l.element(), l.error().map(|e| e.code())))
            .collect::<Vec<_>>(),
        [("img", Some("too-long")), ("a", None)]
    );
    // 20 MiB of text between tags is never held.
    assert_eq!(
        streamed("<A HREF=a.html>", b'x', "<A HREF=b.html>"),
        [
            ("a".into(), "ok a.html".into()),
            ("a".into(), "ok b.html".into())
        ]
    );
}

#[test]
fn a_huge_run_of_letters_after_a_less_than_sign_is_read_in_bounded_memory() {
    // html5gum keeps the letters after "</" in TITLE, XMP or SCRIPT (and after "<" in a
    // script's "<!--") in a buffer of its own; the reader breaks such a run past the
    // limit. 20 MiB of letters in each place: the page is still read as before. (Memory
    // measured by hand: flat at about 6 MB for 50 and 200 MB inputs.)
    let lister = LinkLister::new()
        .base("http://h/")
        .max_len(256)
        .reading(HtmlReading::Whatwg);
    let read = |head: &str, tail: &str| -> Vec<(u64, String, String)> {
        let document = Generated {
            head: head.as_bytes().to_vec(),
            fill: b'a',
            remaining: 20 * 1024 * 1024,
            tail: tail.as_bytes().to_vec(),
        };
        lister
            .links_reader(document)
            .map(|link| {
                let link = link.unwrap();
                let code = link.error().map_or("ok", |e| e.code());
                (
                    link.line(),
                    link.element().to_owned(),
                    format!("{code} {}", link.href().unwrap_or_default()),
                )
            })
            .collect()
    };
    let after = "\n<A HREF=in.html></TITLE></XMP></SCRIPT>--></SCRIPT>\n<A HREF=next.html>";
    for head in [
        "<TITLE>\n</",
        "<XMP>\n</",
        "<SCRIPT>\n<!--<",
        "<SCRIPT>\n<!--<script></",
    ] {
        assert_eq!(
            read(head, &format!(">{after}")),
            [(4, "a".to_owned(), "ok next.html".to_owned())],
            "{head}"
        );
    }
    // A start tag of a 20 MiB name is still one tag, too long, and so is an end tag.
    assert_eq!(
        read("\n<", " HREF=x.html><A HREF=next.html>"),
        [
            // Named by its first 256 bytes, whatever the pieces they were read in.
            (2, "a".repeat(256), "too-long ".to_owned()),
            (2, "a".to_owned(), "ok next.html".to_owned())
        ]
    );
    assert_eq!(
        read("</", "><A HREF=next.html>"),
        [(1, "a".to_owned(), "ok next.html".to_owned())]
    );
}

/// `(line, element, error code or href)` of each link of `page` in a reading, read whole;
/// the same must come of it read in pieces of 1 to 7 bytes.
fn read_both_ways(page: &[u8], reading: HtmlReading) -> Vec<(u64, String, String)> {
    let lister = LinkLister::new()
        .base("http://h/d/")
        .reading(reading)
        .max_len(256);
    let read = |piece: usize| -> Vec<Link> {
        lister
            .links_reader(Pieces(page, piece))
            .collect::<Result<_, _>>()
            .unwrap()
    };
    // Every field alike, the character set included.
    let whole = read(usize::MAX);
    for piece in 1..=7 {
        assert_eq!(read(piece), whole, "{reading} in pieces of {piece}");
    }
    whole
        .into_iter()
        .map(|link| {
            let what = match (&link.result(), &link.href()) {
                (Err(error), _) => error.code().to_owned(),
                (Ok(_), Some(href)) => href.to_string(),
                (Ok(result), None) => result.to_string(),
            };
            (link.line(), link.element().to_owned(), what)
        })
        .collect()
}

fn found(line: u64, element: &str, what: &str) -> (u64, String, String) {
    (line, element.to_owned(), what.to_owned())
}

#[test]
fn what_is_left_open_at_the_end_is_reported_on_its_line_in_both_readings() {
    use HtmlReading::{Html2, Whatwg};
    let cases: &[(&str, HtmlReading, &str, &str)] = &[
        ("<!-- a -- b\n<A HREF=x>", Html2, "#comment", "comment"),
        ("<!-- a\n<A HREF=x>", Whatwg, "#comment", "comment"),
        (
            "<!DOCTYPE x \"y>\n<A HREF=x>",
            Html2,
            "#declaration",
            "declaration",
        ),
        ("<!DOCTYPE\nx", Whatwg, "#declaration", "declaration"),
        (
            "<![ IGNORE [\n<A HREF=x>",
            Html2,
            "#marked-section",
            "marked section",
        ),
        (
            "<?pi\n<A HREF=x",
            Html2,
            "#processing-instruction",
            "processing instruction",
        ),
        ("<?pi\n<A HREF=x", Whatwg, "#comment", "comment"),
        ("<! x\n<A HREF=x", Whatwg, "#comment", "comment"),
        ("<A HREF='x>\n<A HREF=y>", Html2, "a", "tag"),
        ("<A HREF='x>\n<A HREF=y>", Whatwg, "a", "tag"),
        ("</B X='x>\n<A HREF=y>", Html2, "/b", "end tag"),
        ("</B X='x>\n<A HREF=y>", Whatwg, "/b", "end tag"),
    ];
    for &(tail, reading, element, what) in cases {
        let page = format!("<A HREF=first.html>\n{tail}");
        let read = read_both_ways(page.as_bytes(), reading);
        assert_eq!(
            read,
            [found(1, "a", "first.html"), found(2, element, "unclosed")],
            "{tail:?} {reading}"
        );
        let links = LinkLister::new().reading(reading).links(&page);
        let error = links[1].error().unwrap();
        assert_eq!(
            *error,
            rfc1738_links::LinkError::Unclosed { what, reading },
            "{tail:?}"
        );
        let message = error.to_string();
        assert!(message.starts_with(what), "{message}");
        assert!(message.contains(reading.rules()), "{message}");
    }
    // What closes is not reported: the same tails, closed.
    for (page, reading) in [
        ("<!-- a -- b -->", Html2),
        ("<!-- a -->", Whatwg),
        ("<!DOCTYPE x \"y>\">", Html2),
        ("<![ IGNORE [ ]]>", Html2),
        ("<?pi >", Html2),
        ("<A HREF='x'>", Whatwg),
        // An end tag begun in RAWTEXT that is not the element's own is text.
        ("<XMP></XM", Whatwg),
        ("<XMP></XMPX", Html2),
        ("<TITLE></TITL", Whatwg),
        ("<", Html2),
        ("<!", Html2),
        ("</", Html2),
        ("<!-", Html2),
    ] {
        let read = read_both_ways(page.as_bytes(), reading);
        assert!(
            read.iter().all(|(_, _, what)| what != "unclosed"),
            "{page:?}: {read:?}"
        );
    }
}

#[test]
fn declarations_longer_than_the_limit_are_reported_in_document_order() {
    let long = "x".repeat(300);
    let page = format!(
        "<A HREF=a.html><!-- {long} --><A HREF=b.html>\n<!DOCTYPE {long}><![ CDATA [{long}]]>\
         <?{long}><A HREF=c.html>"
    );
    assert_eq!(
        read_both_ways(page.as_bytes(), HtmlReading::Html2),
        [
            found(1, "a", "a.html"),
            found(1, "#comment", "too-long"),
            found(1, "a", "b.html"),
            found(2, "#declaration", "too-long"),
            found(2, "#marked-section", "too-long"),
            found(2, "#processing-instruction", "too-long"),
            found(2, "a", "c.html"),
        ]
    );
}

#[test]
fn names_longer_than_the_limit_are_cut_the_same_whole_and_in_pieces() {
    // Found by the links fuzz target: a name was kept up to the last piece that fitted, so
    // a tag's name and whether it was too long depended on how the page was read.
    let attributes: String = (0..30).map(|i| format!(" A{i}=value{i}")).collect();
    let page = format!(
        "<A HREF=a.html>\n<Iue19{attributes} A3{}\">x</A>\n<{} HREF=b.html><A HREF=c.html>",
        "t".repeat(300),
        "n".repeat(300)
    );
    for reading in HtmlReading::ALL {
        assert_eq!(
            read_both_ways(page.as_bytes(), reading),
            [
                found(1, "a", "a.html"),
                found(2, "iue19", "too-long"),
                found(3, &"n".repeat(256), "too-long"),
                found(3, "a", "c.html"),
            ],
            "{reading}"
        );
    }
}

#[test]
fn a_declaration_is_in_the_character_set_in_force_where_it_ended() {
    // Found by the links fuzz target: a declaration's report took the character set of
    // wherever the tokenizer happened to be when it was handed on.
    let long = "x".repeat(300);
    let inside = [
        format!("<!-- {long} ").as_bytes(),
        b"\xe9 --><A HREF=a.html>",
    ]
    .concat();
    let after = [
        format!("<!-- {long} --><A HREF=a.html>").as_bytes(),
        b"\xe9",
    ]
    .concat();
    for (page, charsets) in [
        (inside, [Charset::Latin1, Charset::Latin1]),
        (after, [Charset::Utf8, Charset::Utf8]),
    ] {
        let read = read_both_ways(&page, HtmlReading::Html2);
        assert_eq!(read[0].2, "too-long");
        let links: Vec<Link> = LinkLister::new()
            .base("http://h/")
            .max_len(256)
            .links_reader(&page[..])
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            links.iter().map(|l| l.charset()).collect::<Vec<_>>(),
            charsets
        );
    }
}

#[test]
fn the_corpus_pages_give_the_same_links_whole_and_in_pieces() {
    for entry in std::fs::read_dir(rfc1738_test_support::root().join("corpus/links")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "html") {
            let page = std::fs::read(&path).unwrap();
            for reading in HtmlReading::ALL {
                assert!(!read_both_ways(&page, reading).is_empty());
            }
        }
    }
}

#[test]
fn html_2_declarations_are_read_in_bounded_memory() {
    // 20 MiB inside a comment, a DOCTYPE's literal, an IGNORE marked section, a processing
    // instruction, and after "</" in XMP: the reader keeps nothing of them.
    let lister = LinkLister::new().base("http://h/").max_len(256);
    for (head, tail, skipped) in [
        ("<!-- ", " -->", Some("#comment")),
        ("<!DOCTYPE x \"", "\">", Some("#declaration")),
        ("<![ IGNORE [", "]]>", Some("#marked-section")),
        ("<?", ">", Some("#processing-instruction")),
        ("<XMP></", "></XMP>", None),
    ] {
        let document = Generated {
            head: format!("<A HREF=a.html>\n{head}").into_bytes(),
            fill: b'a',
            remaining: 20 * 1024 * 1024,
            tail: format!("{tail}\n<A HREF=b.html>").into_bytes(),
        };
        let read: Vec<_> = lister
            .links_reader(document)
            .map(|link| {
                let link = link.unwrap();
                (link.line(), link.element().to_owned())
            })
            .collect();
        let mut expected = vec![(1, "a".to_owned())];
        expected.extend(skipped.map(|element| (2, element.to_owned())));
        expected.push((3, "a".to_owned()));
        assert_eq!(read, expected, "{head}");
    }
}

#[test]
fn repeated_attributes_count_toward_the_tag_limit_and_are_found_in_linear_time() {
    let lister = LinkLister::new().base("http://h/").max_len(256);
    let codes = |page: &str| -> Vec<Option<&'static str>> {
        let found = lister.links(page);
        found.iter().map(|l| l.error().map(|e| e.code())).collect()
    };
    // 1 + 4 + 1 + 200 bytes: within the limit; the first HREF wins.
    let within = format!("<A HREF=x{} HREF=y>", " B".repeat(199));
    assert_eq!(lister.links(&within)[0].href(), Some("x"));
    // 1 + 4 + 1 + 300 bytes of one repeated name: too long, like any other 306 bytes.
    assert_eq!(
        codes(&format!("<A HREF=x{}>", " B".repeat(300))),
        [Some("too-long")]
    );
    // 15,000 names of three letters (60 KB), then 250,000 repeats of the last (1 MB): the
    // tag passes the default limit and is skipped, in well under a second (it took 30 s when each attribute was
    // compared with every one kept and the repeats did not count).
    let letters = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let names: Vec<String> = (0..15_000)
        .map(|i| {
            [i / 1296, i / 36 % 36, i % 36]
                .map(|d| char::from(letters[d]))
                .iter()
                .collect()
        })
        .collect();
    let last = &names[names.len() - 1];
    let page = format!(
        "<A {}{} HREF=x><A HREF=y>",
        names.join(" "),
        format!(" {last}").repeat(250_000)
    );
    let started = std::time::Instant::now();
    let found = LinkLister::new().base("http://h/").links(&page);
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    let read: Vec<_> = found
        .iter()
        .map(|l| (l.error().map(|e| e.code()), l.href()))
        .collect();
    assert_eq!(read, [(Some("too-long"), None), (None, Some("y"))]);
}

/// A link's verdicts are those of its texts: the result's is the parse of the result, the
/// href's the parse of the href as written (that each is made once and kept is the type's:
/// `verdict()` lends a field the link holds).
#[test]
fn a_links_verdicts_are_the_parses_of_its_texts() {
    let found = links(
        r#"<a href="http://h/~x">x</a> <a href="http://info.cern.ch.:8001/w">w</a>"#,
        None,
        ResolveMode::Cern,
    );
    fn parsed(text: &str) -> Result<rfc1738::UrlReference<'_>, rfc1738::ParseError> {
        rfc1738::parse_reference(text, rfc1738::Dialect::Rfc1738)
    }
    let Some(Err(tilde)) = found[0].verdict() else {
        panic!("the tilde is invalid: {:?}", found[0]);
    };
    assert_eq!(tilde, &parsed("http://h/~x").unwrap_err());
    let Some(Err(href)) = found[1].href_verdict() else {
        panic!("the gateway's href is invalid as written: {:?}", found[1]);
    };
    assert_eq!(href, &parsed("http://info.cern.ch.:8001/w").unwrap_err());
    assert!(found[1].is_valid(), "cern's rewrite of it is valid");
    assert_eq!(
        found[1].kind(),
        parsed(found[1].result().unwrap())
            .ok()
            .map(|r| r.url().kind())
    );
}
