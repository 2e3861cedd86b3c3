//! `LinkLister`: any bytes as a page, in both readings of its markup and every resolution
//! mode. The same links whether the page arrives whole or in pieces of 1 to 13 bytes; a
//! report of something left open comes last; and nothing is lost in silence: when nothing
//! is reported left open, a link written after the page (once its literal text is ended)
//! is listed, last.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::resolution::ResolveMode;
use rfc1738_links::{HtmlReading, Link, LinkLister};

use rfc1738_test_support::pieces::Pieces;

/// What ends every element whose content is text in either reading (the script's twice:
/// once for its "double escaped" state).
const END_TEXT: &[u8] = b"\n</xmp></listing></plaintext></title></textarea></script></script>\
    </style></iframe></noembed></noframes></noscript>\n<a href=zz-after.html>";

fn read(lister: &LinkLister, page: &[u8], piece: usize) -> Vec<Link> {
    lister
        .links_reader(Pieces(page, piece))
        .collect::<Result<_, _>>()
        .expect("reading from memory never fails")
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, page)) = data.split_first() else {
        return;
    };
    let reading = HtmlReading::ALL[usize::from(first & 1)];
    let mode = ResolveMode::ALL[usize::from(first >> 1) % ResolveMode::ALL.len()];
    let mut lister = LinkLister::new()
        .reading(reading)
        .mode(mode)
        .max_len(256 + usize::from(first >> 3));
    if first & 0x80 != 0 {
        lister = lister.base("http://h.example/a/b.html?q#f");
    }
    let whole = read(&lister, page, usize::MAX);
    let piece = 1 + usize::from(first % 13);
    assert_eq!(
        read(&lister, page, piece),
        whole,
        "whole and in pieces of {piece}"
    );
    let unclosed = |link: &Link| link.error().is_some_and(|e| e.code() == "unclosed");
    if let Some(at) = whole.iter().position(unclosed) {
        assert_eq!(
            at,
            whole.len() - 1,
            "a report of something left open comes last"
        );
        return;
    }
    // The WHATWG reading's PLAINTEXT has no end.
    let lower = page.to_ascii_lowercase();
    if reading == HtmlReading::Whatwg && lower.windows(10).any(|w| w == b"<plaintext") {
        return;
    }
    let mut longer = page.to_vec();
    longer.extend_from_slice(END_TEXT);
    let after = read(&lister, &longer, usize::MAX);
    let last = after.last().expect("the link written after the page");
    assert_eq!(last.href(), Some("zz-after.html"), "{after:?}");
});
