//! The record reader of web archives (`rfc1738_archive`) on hand-made ARC and WARC bytes,
//! plain and gzip'd: the records read and skipped, and every kind of bad input reported
//! with its offset and URL while the rest of the file is still read. (The command on such
//! files: `crates/cli/tests/archive.rs`.)

use flate2::write::GzEncoder;
use flate2::Compression;
use rfc1738_archive::{sniff, ArchiveReader, Detected, Format, Item, ProblemKind};
use rfc1738_test_support::archives::{
    crawl, file, gz, header_end, html, line_end, response, warc, warc_lying, HTTP,
};
use rfc1738_test_support::pieces::Pieces;
use std::io::{Read, Write};

/// What the reader handed on, owned.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    Doc {
        offset: u64,
        url: Option<String>,
        media: Option<String>,
        status: Option<u16>,
        body: String,
    },
    Skip {
        offset: u64,
        kind: String,
    },
    Problem {
        offset: u64,
        url: Option<String>,
        code: &'static str,
    },
    Warning {
        offset: u64,
        url: Option<String>,
        code: &'static str,
    },
}

fn doc(offset: u64, url: &str, media: &str, status: Option<u16>, body: &str) -> Event {
    Event::Doc {
        offset,
        url: Some(url.to_owned()),
        media: Some(media.to_owned()),
        status,
        body: body.to_owned(),
    }
}

fn skip(offset: u64, kind: &str) -> Event {
    Event::Skip {
        offset,
        kind: kind.to_owned(),
    }
}

fn problem(offset: u64, url: Option<&str>, code: &'static str) -> Event {
    Event::Problem {
        offset,
        url: url.map(str::to_owned),
        code,
    }
}

fn warning(offset: u64, url: &str, code: &'static str) -> Event {
    Event::Warning {
        offset,
        url: Some(url.to_owned()),
        code,
    }
}

/// Reads `bytes` as the reader detects them (they must be an archive).
fn read(bytes: &[u8], max_record: u64) -> Vec<Event> {
    let (detected, input) = sniff(bytes, None).unwrap();
    read_as(input, detected.expect("an archive"), max_record)
}

fn read_as(input: impl Read, detected: Detected, max_record: u64) -> Vec<Event> {
    let mut events = Vec::new();
    ArchiveReader::new()
        .max_record(max_record)
        .read(input, detected, &mut |item| {
            events.push(match item {
                Item::Document(d) => Event::Doc {
                    offset: d.record.offset,
                    url: d.record.url.clone(),
                    media: d.media_type.map(str::to_owned),
                    status: d.status,
                    body: String::from_utf8_lossy(d.body).into_owned(),
                },
                Item::Skipped(r) => skip(r.offset, &r.kind),
                Item::Problem(p) => Event::Problem {
                    offset: p.offset,
                    url: p.url.clone(),
                    code: p.kind.code(),
                },
                Item::Warning(w) => Event::Warning {
                    offset: w.offset,
                    url: w.url.clone(),
                    code: w.kind.code(),
                },
            });
            Ok(())
        })
        .unwrap();
    events
}

const MAX: u64 = ArchiveReader::DEFAULT_MAX_RECORD;

fn crawl_events(offsets: &[u64]) -> Vec<Event> {
    vec![
        skip(offsets[0], "warcinfo"),
        skip(offsets[1], "request"),
        doc(
            offsets[2],
            "http://info.cern.ch/",
            "text/html",
            Some(200),
            "<A HREF=a.html>a</A>",
        ),
        skip(offsets[3], "revisit"),
        skip(offsets[4], "metadata"),
        doc(
            offsets[5],
            "http://h/n.txt",
            "text/plain",
            Some(200),
            "see http://h/",
        ),
        doc(
            offsets[6],
            "file:///p.html",
            "text/html",
            None,
            "<a href=x>x</a>",
        ),
    ]
}

#[test]
fn a_plain_warc_file_gives_its_documents_and_skips_the_other_records() {
    let (bytes, offsets) = file(&crawl());
    assert_eq!(read(&bytes, MAX), crawl_events(&offsets));
}

#[test]
fn a_warc_file_gzipped_per_record_gives_the_members_offsets() {
    let members: Vec<Vec<u8>> = crawl().iter().map(|r| gz(r)).collect();
    let (bytes, offsets) = file(&members);
    let (detected, _) = sniff(&bytes[..], None).unwrap();
    assert_eq!(
        detected,
        Some(Detected {
            format: Format::Warc,
            gzip: true
        })
    );
    assert_eq!(read(&bytes, MAX), crawl_events(&offsets));
}

#[test]
fn a_warc_file_gzipped_whole_is_read_too() {
    let (plain, _) = file(&crawl());
    let events = read(&gz(&plain), MAX);
    assert_eq!(events, crawl_events(&[0; 7]));
}

#[test]
fn a_truncated_gzip_member_is_reported_and_the_next_members_read() {
    let records = crawl();
    let mut members: Vec<Vec<u8>> = records.iter().map(|r| gz(r)).collect();
    let cut = members[2].len() - 12;
    members[2].truncate(cut);
    let (bytes, offsets) = file(&members);
    let events = read(&bytes, MAX);
    let mut expected = crawl_events(&offsets);
    // The page's member is cut: reported with its offset; the revisit after it is read.
    assert!(
        events.contains(&problem(offsets[2], Some("http://info.cern.ch/"), "gzip")),
        "{events:#?}"
    );
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Doc { offset, .. } if *offset == offsets[2])));
    expected.remove(2);
    let rest: Vec<Event> = events
        .into_iter()
        .filter(|e| !matches!(e, Event::Problem { .. }))
        .collect();
    assert_eq!(rest, expected);
}

#[test]
fn a_gzip_member_cut_at_the_end_of_the_file_is_reported() {
    let mut member = gz(&html("http://h/", "<a href=x>x</a>"));
    member.truncate(member.len() - 30);
    let events = read(&member, MAX);
    assert_eq!(events.len(), 1, "{events:#?}");
    assert!(matches!(
        &events[0],
        Event::Problem {
            offset: 0,
            code: "gzip",
            ..
        }
    ));
}

#[test]
fn bytes_between_gzip_members_are_reported_and_skipped() {
    let first = gz(&html("http://h/1", "<a href=1>1</a>"));
    let second = gz(&html("http://h/2", "<a href=2>2</a>"));
    let mut bytes = first.clone();
    bytes.extend_from_slice(b"junk that is no gzip member");
    let second_at = bytes.len() as u64;
    bytes.extend_from_slice(&second);
    assert_eq!(
        read(&bytes, MAX),
        [
            doc(0, "http://h/1", "text/html", Some(200), "<a href=1>1</a>"),
            problem(first.len() as u64, None, "skipped"),
            doc(
                second_at,
                "http://h/2",
                "text/html",
                Some(200),
                "<a href=2>2</a>"
            ),
        ]
    );
}

#[test]
fn a_content_length_too_short_is_reported_and_the_next_record_read() {
    let page = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=x>x</a>";
    let liar = warc_lying("response", "http://h/liar", HTTP, page, page.len() - 5);
    let next = html("http://h/next", "<a href=y>y</a>");
    let block_at = header_end(&liar);
    let (bytes, offsets) = file(&[liar, next]);
    assert_eq!(
        read(&bytes, MAX),
        [
            problem(0, Some("http://h/liar"), "length"),
            problem(block_at, None, "skipped"),
            doc(
                offsets[1],
                "http://h/next",
                "text/html",
                Some(200),
                "<a href=y>y</a>"
            ),
        ]
    );
}

#[test]
fn a_content_length_too_long_runs_into_the_next_record_which_is_still_read() {
    let page = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=x>x</a>";
    let liar = warc_lying("response", "http://h/liar", HTTP, page, page.len() + 40);
    let next = html("http://h/next", "<a href=y>y</a>");
    let block_at = header_end(&liar);
    let (bytes, offsets) = file(&[liar, next]);
    assert_eq!(
        read(&bytes, MAX),
        [
            problem(0, Some("http://h/liar"), "length"),
            problem(block_at, None, "skipped"),
            doc(
                offsets[1],
                "http://h/next",
                "text/html",
                Some(200),
                "<a href=y>y</a>"
            ),
        ]
    );
}

#[test]
fn a_content_length_past_the_end_of_the_file_is_reported() {
    let page = b"HTTP/1.1 200 OK\r\n\r\n<a href=x>x</a>";
    let liar = warc_lying("response", "http://h/liar", HTTP, page, 5000);
    let events = read(&liar, MAX);
    assert_eq!(events[0], problem(0, Some("http://h/liar"), "truncated"));
    assert_eq!(events[1], problem(header_end(&liar), None, "skipped"));
    assert_eq!(events.len(), 2);
    // The same in a gzip member: the member ends first.
    let events = read(&gz(&liar), MAX);
    assert_eq!(events[0], problem(0, Some("http://h/liar"), "truncated"));
}

#[test]
fn a_record_over_the_limit_is_skipped_without_being_held() {
    // Its length is not trusted: the next record is searched for from its header's end,
    // and what lies between is reported with its count.
    let big = html("http://h/big", &"<a href=x>x</a>".repeat(100));
    let next = html("http://h/next", "<a href=y>y</a>");
    let (bytes, offsets) = file(&[big.clone(), next.clone()]);
    let skipped = offsets[1] - header_end(&big);
    let expected = [
        problem(offsets[0], Some("http://h/big"), "too-long"),
        problem(header_end(&big), None, "skipped"),
        doc(
            offsets[1],
            "http://h/next",
            "text/html",
            Some(200),
            "<a href=y>y</a>",
        ),
    ];
    assert_eq!(read(&bytes, 1000), expected);
    assert_eq!(skipped_bytes(&bytes, 1000), [skipped]);
    // Gzip'd per record: the rest of its member is what was skipped.
    let (bytes, offsets) = file(&[gz(&big), gz(&next)]);
    let expected = [
        problem(offsets[0], Some("http://h/big"), "too-long"),
        problem(offsets[0], None, "skipped"),
        doc(
            offsets[1],
            "http://h/next",
            "text/html",
            Some(200),
            "<a href=y>y</a>",
        ),
    ];
    assert_eq!(read(&bytes, 1000), expected);
}

#[test]
fn a_length_over_the_limit_takes_no_record_after_it() {
    // A good record, one whose length is 10^18 (or over the limit), then 100 good records:
    // all 101 are read, in WARC and in ARC, the liar reported with what was skipped.
    let page = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=x>x</a>";
    for lie in [1_000_000_000_000_000_000u64, MAX + 1] {
        let mut warcs = vec![html("http://h/before", "<a href=x>x</a>")];
        let mut liar = warc_lying("response", "http://h/liar", HTTP, page, 0);
        let at = header_end(&liar) as usize;
        liar.splice(at - 5..at - 4, lie.to_string().bytes());
        warcs.push(liar);
        let mut arcs = vec![arc("http://h/before", "19960923142103", "text/html", page)];
        let mut arc_liar = arc("http://h/liar", "19960923142103", "text/html", page);
        let end = line_end(&arc_liar) as usize;
        let length = page.len().to_string();
        arc_liar.splice(end - 1 - length.len()..end - 1, lie.to_string().bytes());
        arcs.push(arc_liar);
        for n in 0..100 {
            let url = format!("http://h/after/{n}");
            warcs.push(html(&url, "<a href=y>y</a>"));
            arcs.push(arc(&url, "19960923142103", "text/html", page));
        }
        for records in [warcs, arcs] {
            let (bytes, offsets) = file(&records);
            let events = read(&bytes, MAX);
            let docs: Vec<u64> = events
                .iter()
                .filter_map(|event| match event {
                    Event::Doc { offset, .. } => Some(*offset),
                    _ => None,
                })
                .collect();
            let mut expected = offsets.clone();
            expected.remove(1);
            assert_eq!(docs, expected, "{lie}");
            assert_eq!(
                events[1],
                problem(offsets[1], Some("http://h/liar"), "too-long")
            );
            assert!(matches!(
                events[2],
                Event::Problem {
                    code: "skipped",
                    ..
                }
            ));
            assert_eq!(events.len(), 103);
        }
    }
}

#[test]
fn a_line_too_long_after_an_arc_record_whose_length_lies_keeps_the_offsets_true() {
    // The block ends where no LF is, and what follows is a line over 64 KiB: the record is
    // reported, and the record after it read at its own offset (the line was read to be
    // looked at, and only the 64 KiB kept of it put back: every offset after it was off).
    let page = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=x>x</a>";
    let mut liar = arc("http://h/liar", "19960923142103", "text/html", page);
    liar.pop();
    liar.extend_from_slice(&[b'y'; 70_000]);
    liar.push(b'\n');
    let next = arc("http://h/next", "19960923142103", "text/html", page);
    let (bytes, offsets) = file(&[liar.clone(), next]);
    assert_eq!(
        read(&bytes, MAX),
        [
            problem(0, Some("http://h/liar"), "length"),
            problem(line_end(&liar), None, "skipped"),
            doc(
                offsets[1],
                "http://h/next",
                "text/html",
                Some(200),
                "<a href=x>x</a>"
            ),
        ]
    );
    assert_eq!(skipped_bytes(&bytes, MAX), [offsets[1] - line_end(&liar)]);
}

#[test]
fn a_run_of_header_lines_that_all_lie_is_read_in_linear_time() {
    // 16 MiB of WARC (or ARC) header lines, each claiming 16,000,000 bytes (under the
    // default limit): each record is reported and the next searched for from its header's
    // end, which is the next header line. Each used to cost a copy of its claimed block
    // (read, then put back): 290,000 copies of 16 MB, hours. Now the block is looked at in
    // place, and the buffer moves only what it reads: seconds. The reading runs on a
    // thread of its own and must end within a minute (a bound against running away, not a
    // speed test; a 4 MiB run of the old code took 24 s in a debug build).
    let warc = b"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 16000000\r\n\r\n".to_vec();
    let arc = b"http://x.test/ 192.0.2.1 19960923142103 text/html 16000000\n".to_vec();
    for line in [warc, arc] {
        let count = (16 << 20) / line.len();
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = sender.send(read(&line.repeat(count), MAX));
        });
        let events = receiver
            .recv_timeout(std::time::Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{count} records not read within a minute"));
        assert_eq!(events.len(), count);
        assert!(events.iter().all(|event| matches!(
            event,
            Event::Problem {
                code: "length" | "truncated",
                ..
            }
        )));
    }
}

#[test]
fn sniffing_tells_arc_fragments_lower_case_warc_and_empty_gzip_files() {
    let detect = |bytes: &[u8]| sniff(bytes, None).unwrap().0;
    let plain = |format| {
        Some(Detected {
            format,
            gzip: false,
        })
    };
    // An ARC record's header line first, without the filedesc block.
    let fragment = arc("http://h/", "19960923142103", "text/html", b"<a href=x>");
    assert_eq!(detect(&fragment), plain(Format::Arc));
    assert_eq!(detect(b"warc/1.0\r\n"), plain(Format::Warc));
    // Text that starts with a URL is no archive, nor is a line of a scheme too long.
    assert_eq!(detect(b"http://h/ is where it is\n"), None);
    assert_eq!(detect(b"http://h/ 1.2.3.4 1996 text/html 5"), None);
    assert_eq!(detect(&[b'a'; 100]), None);
    assert_eq!(detect(b"<a href=x>"), None);
    // Nothing but empty gzip members: an empty WARC file.
    let empty = [gz(b""), gz(b"")].concat();
    let detected = detect(&empty);
    assert_eq!(
        detected,
        Some(Detected {
            format: Format::Warc,
            gzip: true
        })
    );
    assert_eq!(read_as(&empty[..], detected.unwrap(), MAX), []);
    // An empty member before the first record is looked through.
    let later = [gz(b""), gz(&fragment)].concat();
    assert_eq!(
        detect(&later),
        Some(Detected {
            format: Format::Arc,
            gzip: true
        })
    );
}

/// The byte counts of the `skipped` problems of reading `bytes`.
fn skipped_bytes(bytes: &[u8], max_record: u64) -> Vec<u64> {
    let (detected, input) = sniff(bytes, None).unwrap();
    let mut counts = Vec::new();
    ArchiveReader::new()
        .max_record(max_record)
        .read(input, detected.unwrap(), &mut |item| {
            if let Item::Problem(problem) = item {
                if let ProblemKind::Skipped { bytes } = problem.kind {
                    counts.push(bytes);
                }
            }
            Ok(())
        })
        .unwrap();
    counts
}

#[test]
fn a_chunked_body_is_decoded_and_a_bad_one_reported() {
    let chunked = response(
        "http://h/c",
        "Content-Type: text/html\r\nTransfer-Encoding: chunked\r\n",
        b"5\r\n<a hr\r\na;ext=1\r\nef=x>x</a>\r\n0\r\n\r\n",
    );
    let bad = response(
        "http://h/bad",
        "Content-Type: text/html\r\nTransfer-Encoding: chunked\r\n",
        b"zz\r\n<a href=x>\r\n0\r\n\r\n",
    );
    let unended = response(
        "http://h/unended",
        "Content-Type: text/html\r\nTransfer-Encoding: chunked\r\n",
        b"5\r\n<a hr\r\n",
    );
    let (bytes, offsets) = file(&[chunked, bad, unended]);
    // A body that is not chunked is read as stored (recorders store bodies de-chunked),
    // one whose framing breaks off as far as it goes and the rest as stored: each with a
    // warning before its document.
    assert_eq!(
        read(&bytes, MAX),
        [
            doc(
                offsets[0],
                "http://h/c",
                "text/html",
                Some(200),
                "<a href=x>x</a>"
            ),
            warning(offsets[1], "http://h/bad", "dechunked"),
            doc(
                offsets[1],
                "http://h/bad",
                "text/html",
                Some(200),
                "zz\r\n<a href=x>\r\n0\r\n\r\n"
            ),
            warning(offsets[2], "http://h/unended", "chunked"),
            doc(
                offsets[2],
                "http://h/unended",
                "text/html",
                Some(200),
                "<a hr"
            ),
        ]
    );
}

#[test]
fn a_gzip_or_deflate_body_is_decoded_and_others_reported() {
    let body = b"<a href=x>x</a>";
    let gzipped = response(
        "http://h/g",
        "Content-Type: text/html\r\nContent-Encoding: gzip\r\n",
        &gz(body),
    );
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), Compression::default());
    zlib.write_all(body).unwrap();
    let deflated = response(
        "http://h/d",
        "Content-Type: text/html\r\nContent-Encoding: deflate\r\n",
        &zlib.finish().unwrap(),
    );
    let brotli = response(
        "http://h/br",
        "Content-Type: text/html\r\nContent-Encoding: br\r\n",
        b"\x8b\x03",
    );
    let corrupt = response(
        "http://h/bad",
        "Content-Type: text/html\r\nContent-Encoding: gzip\r\n",
        b"\x1f\x8b\x08nonsense",
    );
    // A body that decodes to more than the limit.
    let bomb = response(
        "http://h/bomb",
        "Content-Type: text/html\r\nContent-Encoding: gzip\r\n",
        &gz(&vec![b'a'; 100_000]),
    );
    let (bytes, offsets) = file(&[gzipped, deflated, brotli, corrupt, bomb]);
    assert_eq!(
        read(&bytes, 50_000),
        [
            doc(
                offsets[0],
                "http://h/g",
                "text/html",
                Some(200),
                "<a href=x>x</a>"
            ),
            doc(
                offsets[1],
                "http://h/d",
                "text/html",
                Some(200),
                "<a href=x>x</a>"
            ),
            problem(offsets[2], Some("http://h/br"), "encoding"),
            problem(offsets[3], Some("http://h/bad"), "encoding"),
            problem(offsets[4], Some("http://h/bomb"), "encoding"),
        ]
    );
}

#[test]
fn unreadable_headers_are_reported_and_the_next_record_read() {
    let no_length =
        b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: http://h/nolength\r\n\r\nabc\r\n\r\n"
            .to_vec();
    let bad_length =
        b"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: 1e3\r\n\r\nabc\r\n\r\n".to_vec();
    let no_colon =
        b"WARC/1.0\r\nWARC-Type response\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n".to_vec();
    let no_type =
        b"WARC/1.0\r\nWARC-Target-URI: <http://h/notype>\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n"
            .to_vec();
    let not_http = warc(
        "response",
        "http://h/nothttp",
        HTTP,
        b"<html>no status line</html>\n",
    );
    let unended = warc(
        "response",
        "http://h/unended",
        HTTP,
        b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n",
    );
    let good = html("http://h/good", "<a href=y>y</a>");
    let records = [
        no_length, bad_length, no_colon, no_type, not_http, unended, good,
    ];
    let (bytes, o) = file(&records);
    assert_eq!(
        read(&bytes, MAX),
        [
            problem(o[0], Some("http://h/nolength"), "header"),
            problem(o[0] + header_end(&records[0]), None, "skipped"),
            problem(o[1], None, "header"),
            problem(o[1] + header_end(&records[1]), None, "skipped"),
            problem(o[2], None, "header"),
            // From the line without a colon on.
            problem(o[2] + 30, None, "skipped"),
            problem(o[3], Some("http://h/notype"), "header"),
            problem(o[4], Some("http://h/nothttp"), "http"),
            problem(o[5], Some("http://h/unended"), "http"),
            doc(
                o[6],
                "http://h/good",
                "text/html",
                Some(200),
                "<a href=y>y</a>"
            ),
        ]
    );
}

#[test]
fn bytes_that_start_no_record_are_reported_with_their_count() {
    let (mut bytes, _) = file(&[html("http://h/1", "1")]);
    let junk_at = bytes.len() as u64;
    bytes.extend_from_slice(b"junk\nmore junk\n");
    let next_at = bytes.len() as u64;
    bytes.extend_from_slice(&html("http://h/2", "2"));
    let events = read(&bytes, MAX);
    assert_eq!(events[1], problem(junk_at, None, "skipped"));
    assert_eq!(
        events[2],
        doc(next_at, "http://h/2", "text/html", Some(200), "2")
    );
    let mut count = 0;
    ArchiveReader::new()
        .read(
            &bytes[..],
            Detected {
                format: Format::Warc,
                gzip: false,
            },
            &mut |item| {
                if let Item::Problem(p) = item {
                    assert_eq!(
                        p.kind,
                        rfc1738_archive::ProblemKind::Skipped {
                            bytes: next_at - junk_at
                        }
                    );
                    count += 1;
                }
                Ok(())
            },
        )
        .unwrap();
    assert_eq!(count, 1);
}

/// An ARC record: its header line, its content, a LF.
fn arc(url: &str, date: &str, content_type: &str, content: &[u8]) -> Vec<u8> {
    let mut record =
        format!("{url} 192.0.2.1 {date} {content_type} {}\n", content.len()).into_bytes();
    record.extend_from_slice(content);
    record.push(b'\n');
    record
}

fn arc_v1_file() -> Vec<Vec<u8>> {
    let version = b"1 0 InternetArchive\nURL IP-address Archive-date Content-type Archive-length\n";
    vec![
        arc(
            "filedesc://IA-001102.arc",
            "19960923142103",
            "text/plain",
            version,
        ),
        arc(
            "http://www.w3.org/",
            "19961104142103",
            "text/html",
            b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<A HREF=\"pub/WWW/\">WWW</A>\n",
        ),
        arc(
            "http://h/a b.txt",
            "19961104142104",
            "text/plain",
            b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nftp://ftp.x/",
        ),
        arc(
            "gopher://g/00/x",
            "19961104142105",
            "text/plain",
            b"gopher text",
        ),
    ]
}

#[test]
fn an_arc_v1_file_gives_its_documents_with_iso_dates() {
    let (bytes, o) = file(&arc_v1_file());
    let (detected, _) = sniff(&bytes[..], None).unwrap();
    assert_eq!(
        detected,
        Some(Detected {
            format: Format::Arc,
            gzip: false
        })
    );
    let expected = vec![
        skip(o[0], "filedesc"),
        doc(
            o[1],
            "http://www.w3.org/",
            "text/html",
            Some(200),
            "<A HREF=\"pub/WWW/\">WWW</A>\n",
        ),
        doc(
            o[2],
            "http://h/a b.txt",
            "text/plain",
            Some(200),
            "ftp://ftp.x/",
        ),
        doc(o[3], "gopher://g/00/x", "text/plain", None, "gopher text"),
    ];
    assert_eq!(read(&bytes, MAX), expected);
    // Gzip'd per record.
    let members: Vec<Vec<u8>> = arc_v1_file().iter().map(|r| gz(r)).collect();
    let (bytes, o) = file(&members);
    let events = read(&bytes, MAX);
    assert_eq!(
        events[1],
        doc(
            o[1],
            "http://www.w3.org/",
            "text/html",
            Some(200),
            "<A HREF=\"pub/WWW/\">WWW</A>\n"
        )
    );
    // The date, as ISO 8601.
    let mut dates = Vec::new();
    let (bytes, _) = file(&arc_v1_file());
    ArchiveReader::new()
        .read(
            &bytes[..],
            Detected {
                format: Format::Arc,
                gzip: false,
            },
            &mut |item| {
                if let Item::Document(d) = item {
                    dates.push(d.record.date.clone().unwrap());
                }
                Ok(())
            },
        )
        .unwrap();
    assert_eq!(
        dates,
        [
            "1996-11-04T14:21:03Z",
            "1996-11-04T14:21:04Z",
            "1996-11-04T14:21:05Z"
        ]
    );
}

#[test]
fn an_arc_v2_file_is_read_by_its_ten_fields() {
    let version = b"2 0 Alexa\nURL IP-address Archive-date Content-type Result-code Checksum Location Offset Filename Archive-length\n";
    let filedesc = arc("filedesc://x.arc", "20000101000000", "text/plain", version);
    let content = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=x>x</a>";
    let mut record = format!(
        "http://h/ 192.0.2.1 20000101000001 text/html 200 ABCDEF - 0 x.arc {}\n",
        content.len()
    )
    .into_bytes();
    record.extend_from_slice(content);
    record.push(b'\n');
    let (bytes, o) = file(&[filedesc, record]);
    assert_eq!(
        read(&bytes, MAX),
        [
            skip(0, "filedesc"),
            doc(o[1], "http://h/", "text/html", Some(200), "<a href=x>x</a>")
        ]
    );
}

#[test]
fn an_arc_record_whose_length_lies_is_reported_and_the_next_read() {
    let mut records = arc_v1_file();
    // Too short by 10: the rest of the content is no header line.
    let content = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<a href=x>x</a>";
    let mut short = format!(
        "http://h/short 192.0.2.1 19961104142103 text/html {}\n",
        content.len() - 10
    )
    .into_bytes();
    short.extend_from_slice(content);
    short.push(b'\n');
    // Too long by 30: it runs into the next record's header.
    let mut long = format!(
        "http://h/long 192.0.2.1 19961104142103 text/html {}\n",
        content.len() + 30
    )
    .into_bytes();
    long.extend_from_slice(content);
    long.push(b'\n');
    records.insert(1, short);
    records.insert(3, long);
    let (bytes, o) = file(&records);
    let events = read(&bytes, MAX);
    assert_eq!(
        events,
        [
            skip(o[0], "filedesc"),
            problem(o[1], Some("http://h/short"), "length"),
            problem(o[1] + line_end(&records[1]), None, "skipped"),
            doc(
                o[2],
                "http://www.w3.org/",
                "text/html",
                Some(200),
                "<A HREF=\"pub/WWW/\">WWW</A>\n"
            ),
            problem(o[3], Some("http://h/long"), "length"),
            problem(o[3] + line_end(&records[3]), None, "skipped"),
            doc(
                o[4],
                "http://h/a b.txt",
                "text/plain",
                Some(200),
                "ftp://ftp.x/"
            ),
            doc(o[5], "gopher://g/00/x", "text/plain", None, "gopher text"),
        ]
    );
}

#[test]
fn sniffing_hands_back_the_stream_whole() {
    for text in [
        &b"<html><a href=x>"[..],
        b"",
        b"W",
        b"WARC",
        b"WARC/",
        b"\x1f",
        b"\x1f\x8b junk",
        b"filedesc:/",
    ] {
        let (detected, mut input) = sniff(text, None).unwrap();
        let mut again = Vec::new();
        input.read_to_end(&mut again).unwrap();
        assert_eq!(again, text);
        let expected = (text == b"WARC/").then_some(Detected {
            format: Format::Warc,
            gzip: false,
        });
        assert_eq!(detected, expected, "{text:?}");
    }
    let gzipped_html = gz(b"<html>");
    assert_eq!(sniff(&gzipped_html[..], None).unwrap().0, None);
    assert_eq!(
        sniff(&gzipped_html[..], Some(Format::Arc)).unwrap().0,
        Some(Detected {
            format: Format::Arc,
            gzip: true
        })
    );
    assert_eq!(
        sniff(&b"<html>"[..], Some(Format::Warc)).unwrap().0,
        Some(Detected {
            format: Format::Warc,
            gzip: false
        })
    );
}

/// Found by the `records` fuzz target (HARDENING.md, issue 33): an ARC file of corrupt gzip
/// members, a truncated member followed by raw bytes. Read in pieces of two bytes, a
/// corrupt member was told differently (some of its bytes skipped first, and its
/// record's URL) than read whole: the gzip decoder saw other buffer boundaries. The
/// reader now fills its buffer the same way whatever the source's read sizes.
#[test]
fn a_corrupt_gzip_member_is_told_the_same_however_the_file_arrives() {
    let data = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/records-corrupt-member.bin"
    ))
    .unwrap();
    // As the fuzz target makes its file from the input: the first byte's flags (ARC,
    // gzip, a member cut in half followed by the raw bytes), the rest compressed.
    let (&first, raw) = data.split_first().unwrap();
    assert_eq!(first & 7, 7);
    let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
    encoder.write_all(raw).unwrap();
    let mut file = encoder.finish().unwrap();
    file.truncate(file.len() / 2);
    file.extend_from_slice(raw);
    let detected = Detected {
        format: Format::Arc,
        gzip: true,
    };
    let whole = read_as(&file[..], detected, 4096);
    assert!(whole
        .iter()
        .any(|event| matches!(event, Event::Problem { code: "gzip", .. })));
    for piece in [1, 2, 3, 7, 13, 4096] {
        assert_eq!(
            read_as(Pieces(&file, piece), detected, 4096),
            whole,
            "pieces of {piece}"
        );
    }
}
