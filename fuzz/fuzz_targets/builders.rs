//! The builders: components cut from the input (at 0xFF bytes) are built into a URL of
//! each scheme, which parses back to the same components; a host cut from the input is
//! built as given or refused.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738::building::BuildError;
use rfc1738::schemes::{
    FileUrl, FtpUrl, GenericUrl, GopherUrl, HttpUrl, MailtoUrl, ProsperoUrl, WaisForm, WaisUrl,
};

fn decoded<'a>(parts: impl Iterator<Item = rfc1738::Escaped<'a>>) -> Vec<Vec<u8>> {
    parts.map(|part| part.decode().into_owned()).collect()
}

fuzz_target!(|data: &[u8]| {
    let parts: Vec<&[u8]> = data.split(|&b| b == 0xFF).collect();
    let part = |i: usize| parts.get(i).copied().unwrap_or_default();
    let segments: Vec<&[u8]> = part(0).split(|&b| b == 0xFE).collect();

    let mut http = HttpUrl::builder("h").search(part(1));
    let mut ftp = FtpUrl::builder("h").user(part(2)).password(part(3));
    let mut prospero = ProsperoUrl::builder("h").field(part(4), part(5));
    for segment in &segments {
        http = http.segment(segment);
        ftp = ftp.segment(segment);
        prospero = prospero.segment(segment);
    }
    let http = http.build().unwrap();
    assert_eq!(decoded(http.segments()), segments);
    assert_eq!(http.search().unwrap().decode().as_ref(), part(1));
    let ftp = ftp.build().unwrap();
    assert_eq!(decoded(ftp.segments()), segments);
    assert_eq!(ftp.user().unwrap().decode().as_ref(), part(2));
    assert_eq!(ftp.password().unwrap().decode().as_ref(), part(3));
    let prospero = prospero.build().unwrap();
    assert_eq!(decoded(prospero.segments()), segments);
    let field = prospero.fields().next().unwrap();
    assert_eq!(field.name().decode().as_ref(), part(4));
    assert_eq!(field.value().decode().as_ref(), part(5));

    // Gopher: the request sent is the same. A TAB inside the selector or the search is
    // refused, naming the first of the two that holds one (it is the protocol's separator,
    // RFC 1738 section 3.4).
    let gopher = GopherUrl::builder("h")
        .item_type(part(6).first().copied().unwrap_or(b'1'))
        .selector(part(7))
        .search(part(8))
        .build();
    let with_tab = [("selector", part(7)), ("search", part(8))]
        .into_iter()
        .find(|(_, value)| value.contains(&b'\t'));
    match (gopher, with_tab) {
        (Ok(gopher), None) => {
            let mut request = gopher.selector().decode().into_owned();
            for field in [gopher.search(), gopher.gopher_plus()]
                .into_iter()
                .flatten()
            {
                request.push(b'\t');
                request.extend(field.decode().iter());
            }
            let mut expected = part(7).to_vec();
            expected.push(b'\t');
            expected.extend_from_slice(part(8));
            assert_eq!(request, expected);
        }
        (Err(BuildError::NotAllowed { component, .. }), Some((with_tab, _))) => {
            assert_eq!(component, with_tab)
        }
        (built, with_tab) => panic!("{built:?}, a TAB in {with_tab:?}"),
    }

    match MailtoUrl::builder(part(9)).build() {
        Ok(mailto) => assert_eq!(mailto.address().decode().as_ref(), part(9)),
        Err(_) => assert!(part(9).is_empty()),
    }
    let wais = WaisUrl::builder("h", part(10))
        .document(part(11), part(12))
        .build()
        .unwrap();
    assert_eq!(wais.database().decode().as_ref(), part(10));
    let WaisForm::Document { wtype, wpath } = wais.form() else {
        panic!("{wais}: not a document")
    };
    assert_eq!(wtype.decode().as_ref(), part(11));
    assert_eq!(wpath.decode().as_ref(), part(12));
    let generic = GenericUrl::builder("x-fuzz", part(13)).build().unwrap();
    assert_eq!(generic.scheme_part().decode().as_ref(), part(13));

    // A host from the input: built as given or refused, never read back as another one.
    let host = String::from_utf8_lossy(part(14));
    let port = u16::from_be_bytes([part(15).first().copied().unwrap_or(0), 80]);
    let is_host_character = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'.';
    let chars_ok = host.bytes().all(is_host_character);
    match HttpUrl::builder(host.as_ref()).port(port).build() {
        Ok(http) => assert_eq!(
            (http.host().as_str(), http.port()),
            (host.as_ref(), Some(port))
        ),
        Err(_) => assert!(!chars_ok || rfc1738::parse(&format!("http://{host}/")).is_err()),
    }
    match FtpUrl::builder(host.as_ref()).segment(part(0)).build() {
        Ok(ftp) => assert_eq!(ftp.host().as_str(), host.as_ref()),
        Err(_) => assert!(!chars_ok || rfc1738::parse(&format!("ftp://{host}/")).is_err()),
    }
    match FileUrl::builder()
        .host(host.as_ref())
        .segment(part(0))
        .build()
    {
        Ok(file) => assert_eq!(file.host().map_or("", |h| h.as_str()), host.as_ref()),
        Err(_) => assert!(!chars_ok || rfc1738::parse(&format!("file://{host}/")).is_err()),
    }
});
