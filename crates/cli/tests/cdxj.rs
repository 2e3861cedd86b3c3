//! `rfc1738 cdxj` on ARC and WARC files made here: every field of a line, the offsets and
//! lengths of gzip members, a damaged record told on standard error (exit status 2) with
//! the rest still indexed, `--sort` (in memory and spilled to temporary files), the key
//! styles, folders. The lines were checked against webrecorder's cdxj-indexer 1.5.0 when
//! written; `tests/archives/test_cdxj.py` compares with it on every run of CI.

mod common;

use rfc1738_test_support::archives::{crawl, file, gz, header_end, warc, warc_lying, HTTP};

/// Runs the command: its standard output, standard error and exit status.
fn rfc1738(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let (status, out, err) = common::cli::run_with(args, &[], stdin);
    (out, err, status)
}

/// A line's key, timestamp and fields (in their order).
fn split(line: &str) -> (&str, &str, serde_json::Map<String, serde_json::Value>) {
    let mut parts = line.splitn(3, ' ');
    let (key, timestamp) = (parts.next().unwrap(), parts.next().unwrap());
    let json: serde_json::Value = serde_json::from_str(parts.next().unwrap()).unwrap();
    (key, timestamp, json.as_object().unwrap().clone())
}

/// The names of a line's fields, in order.
fn names(fields: &serde_json::Map<String, serde_json::Value>) -> Vec<&str> {
    fields.keys().map(String::as_str).collect()
}

#[test]
fn every_field_of_a_plain_warc_as_cdxj_indexer_writes_it() {
    let records = crawl();
    let (bytes, o) = file(&records);
    let (stdout, stderr, status) = rfc1738(&["cdxj", "--style", "surt"], &bytes);
    assert_eq!(status, 0, "{stderr}");
    // The lines cdxj-indexer 1.5.0 writes for this file (named "-" here): the response, the
    // revisit (no digest: it has none, and none is computed for a revisit), the text
    // response, the resource; the warcinfo, request and warc-fields metadata left out.
    let length = |i: usize| records[i].len() - 4; // the two line ends after it not counted
    let expected = [
        format!(
            r#"ch,cern,info)/ 20080430204825 {{"url": "http://info.cern.ch/", "mime": "text/html", "status": "200", "digest": "sha1:4N5LZZNUW2HF4CVKJRJOEPD3SFIT247K", "length": "{}", "offset": "{}", "filename": "-"}}"#,
            length(2),
            o[2]
        ),
        format!(
            r#"ch,cern,info)/ 20080430204825 {{"url": "http://info.cern.ch/", "mime": "warc/revisit", "status": "200", "length": "{}", "offset": "{}", "filename": "-"}}"#,
            length(3),
            o[3]
        ),
        format!(
            r#"h)/n.txt 20080430204825 {{"url": "http://h/n.txt", "mime": "text/plain", "status": "200", "digest": "sha1:I2FRQT5D7KY4BLHKSAEZYBIDXYZGGZZW", "length": "{}", "offset": "{}", "filename": "-"}}"#,
            length(5),
            o[5]
        ),
        format!(
            r#"file:/p.html 20080430204825 {{"url": "file:///p.html", "mime": "text/html", "digest": "sha1:D33MR6JKBCEKUZT3FEHU6TSHP5BEIXLP", "length": "{}", "offset": "{}", "filename": "-"}}"#,
            length(6),
            o[6]
        ),
    ];
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected);
    let (_, _, fields) = split(stdout.lines().next().unwrap());
    assert_eq!(
        names(&fields),
        ["url", "mime", "status", "digest", "length", "offset", "filename"]
    );
}

#[test]
fn in_a_gzipd_file_offset_and_length_are_the_gzip_members() {
    let members: Vec<Vec<u8>> = crawl().iter().map(|record| gz(record)).collect();
    let (bytes, o) = file(&members);
    let (stdout, stderr, status) = rfc1738(&["cdxj", "--style", "surt"], &bytes);
    assert_eq!(status, 0, "{stderr}");
    let spans: Vec<(String, String)> = stdout
        .lines()
        .map(|line| {
            let (_, _, fields) = split(line);
            let text = |name: &str| fields[name].as_str().unwrap().to_owned();
            (text("offset"), text("length"))
        })
        .collect();
    let expected: Vec<(String, String)> = [2, 3, 5, 6]
        .iter()
        .map(|&i| (o[i].to_string(), members[i].len().to_string()))
        .collect();
    assert_eq!(spans, expected);
    // The same lines but for those two fields as the plain file's.
    let (plain, _, _) = rfc1738(&["cdxj", "--style", "surt"], &file(&crawl()).0);
    let without_span = |text: &str| -> Vec<(String, String)> {
        text.lines()
            .map(|line| {
                let (key, _, mut fields) = split(line);
                fields.remove("offset");
                fields.remove("length");
                (key.to_owned(), serde_json::to_string(&fields).unwrap())
            })
            .collect()
    };
    assert_eq!(without_span(&stdout), without_span(&plain));
}

#[test]
fn a_damaged_record_is_told_on_standard_error_and_the_rest_indexed() {
    let page = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>";
    let liar = warc_lying("response", "http://h/liar", HTTP, page, page.len() - 2);
    let good = warc("response", "http://h/good", HTTP, page);
    let skipped_from = header_end(&liar);
    let (bytes, o) = file(&[liar, good]);
    let (stdout, stderr, status) = rfc1738(&["cdxj", "--style", "surt", "-"], &bytes);
    assert_eq!(status, 2);
    assert_eq!(
        stderr,
        format!(
            "rfc1738 cdxj: -: record at byte 0 (http://h/liar): the record does not end where \
             its length ({} bytes) says: record skipped, the next one searched for from its \
             header's end\n\
             rfc1738 cdxj: -: record at byte {skipped_from}: {} bytes that start no record \
             skipped, to the next record\n",
            page.len() - 2,
            o[1] - skipped_from
        )
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    let (key, _, fields) = split(lines[0]);
    assert_eq!(key, "h)/good");
    assert_eq!(fields["offset"], o[1].to_string());

    // A corrupt gzip member: told, and the next member indexed.
    let mut broken = gz(&warc("response", "http://h/broken", HTTP, page));
    let at = broken.len() - 6;
    broken[at] ^= 0xff; // its CRC
    let members = [broken, gz(&warc("response", "http://h/good", HTTP, page))];
    let (bytes, o) = file(&members);
    let (stdout, stderr, status) = rfc1738(&["cdxj", "--style", "surt"], &bytes);
    assert_eq!(status, 2);
    assert!(
        stderr.starts_with("rfc1738 cdxj: -: record at byte 0: gzip member truncated or corrupt"),
        "{stderr}"
    );
    let (key, _, fields) = split(stdout.trim_end());
    assert_eq!(key, "h)/good");
    assert_eq!(fields["offset"], o[1].to_string());
    assert_eq!(fields["length"], members[1].len().to_string());
}

#[test]
fn a_record_without_a_url_or_date_is_reported_not_indexed() {
    let block = b"text";
    let mut no_date = warc("resource", "http://h/no-date", "text/plain", block);
    let text = String::from_utf8(no_date.clone()).unwrap();
    no_date = text
        .replace(
            "WARC-Date: 2008-04-30T20:48:25Z\r\n",
            "WARC-Date: 2008-02-30T20:48:25Z\r\n",
        )
        .into_bytes();
    let no_url = String::from_utf8(warc("resource", "http://h/no-url", "text/plain", block))
        .unwrap()
        .replace("WARC-Target-URI: http://h/no-url\r\n", "")
        .into_bytes();
    let (bytes, o) = file(&[no_date, no_url]);
    let (stdout, stderr, status) = rfc1738(&["cdxj"], &bytes);
    assert_eq!((stdout.as_str(), status), ("", 2));
    assert_eq!(
        stderr,
        format!(
            "rfc1738 cdxj: -: record at byte 0 (http://h/no-date): record not indexed: its date \
             \"2008-02-30T20:48:25Z\" is no date\n\
             rfc1738 cdxj: -: record at byte {}: record not indexed: it has no WARC-Target-URI\n",
            o[1]
        )
    );
}

#[test]
fn arc_records_their_dates_and_their_digests() {
    let filedesc =
        b"1 0 InternetArchive\nURL IP-address Archive-date Content-type Archive-length\n";
    let response = b"HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<p>";
    let dns = b"info.cern.ch.\t1\tIN\tA\t1.2.3.4";
    let records: Vec<Vec<u8>> = [
        (
            "filedesc://a.arc 0.0.0.0 19960923142103 text/plain",
            &filedesc[..],
        ),
        (
            "http://info.cern.ch/ 192.0.2.1 19960923142103 text/html",
            response,
        ),
        ("dns:info.cern.ch 192.0.2.1 199609231421 text/dns", dns),
        (
            "http://info.cern.ch/a b 192.0.2.1 19961332256161 text/html",
            response,
        ),
    ]
    .iter()
    .map(|(head, block)| {
        let mut record = format!("{head} {}\n", block.len()).into_bytes();
        record.extend_from_slice(block);
        record.push(b'\n');
        record
    })
    .collect();
    let (bytes, o) = file(&records);
    let (stdout, stderr, status) = rfc1738(&["cdxj", "--style", "surt"], &bytes);
    assert_eq!(status, 0, "{stderr}");
    // As cdxj-indexer 1.5.0 writes them: an ARC date of 12 digits padded (seconds 59), one
    // out of range clamped (month 12, day 31, hour 23, minute and second 59); a dns: record
    // has no HTTP head (no mime, no status) and its digest is its block's.
    let length = |i: usize| records[i].len() - 1;
    let expected = [
        format!(
            r#"ch,cern,info)/ 19960923142103 {{"url": "http://info.cern.ch/", "mime": "text/html", "status": "200", "digest": "sha1:MOW2KXALUIJKLMPY2WTQREDYR4AJOK7U", "length": "{}", "offset": "{}", "filename": "-"}}"#,
            length(1),
            o[1]
        ),
        format!(
            r#"dns:info.cern.ch 19960923142159 {{"url": "dns:info.cern.ch", "digest": "sha1:WL4XZTQYN6QBMUJ5WJATMIX2RKREMMX4", "length": "{}", "offset": "{}", "filename": "-"}}"#,
            length(2),
            o[2]
        ),
        format!(
            r#"ch,cern,info)/a%20b 19961231235959 {{"url": "http://info.cern.ch/a%20b", "mime": "text/html", "status": "200", "digest": "sha1:MOW2KXALUIJKLMPY2WTQREDYR4AJOK7U", "length": "{}", "offset": "{}", "filename": "-"}}"#,
            length(3),
            o[3]
        ),
    ];
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn sorted_lines_each_once_in_memory_or_through_temporary_files() {
    let folder = tempfile::tempdir().unwrap();
    let a = folder.path().join("a.warc");
    std::fs::write(&a, file(&crawl()).0).unwrap();
    let a = a.to_str().unwrap();
    let (unsorted, _, _) = rfc1738(&["cdxj", a], b"");
    let mut expected: Vec<&str> = unsorted.lines().collect();
    expected.sort_unstable();
    expected.dedup();
    let expected: String = expected.iter().map(|line| format!("{line}\n")).collect();
    // The file twice: its lines once each.
    for args in [
        &["cdxj", "--sort", a, a][..],
        &["cdxj", "--sort", "--sort-buffer", "1", a, a],
        &["cdxj", "--sort", "--sort-buffer", "700", a, a],
    ] {
        let (stdout, stderr, status) = rfc1738(args, b"");
        assert_eq!(status, 0, "{stderr}");
        assert_eq!(stdout, expected, "{args:?}");
    }
    assert_ne!(unsorted, expected);
}

#[test]
fn the_rfc1738_style_gives_a_url_the_grammar_rejects_the_surt_key_and_says_so() {
    let records = [
        warc("resource", "http://info.cern.ch/", "text/html", b"<p>"),
        warc("resource", "http://info.cern.ch/{x}", "text/html", b"<p>"),
    ];
    let (stdout, stderr, status) = rfc1738(&["cdxj"], &file(&records).0);
    assert_eq!(status, 0, "{stderr}");
    let lines: Vec<_> = stdout.lines().map(split).collect();
    let key = |url: &str, style: &str| {
        let (key, _, _) = rfc1738(&["key", "--style", style, url], b"");
        key.trim_end().to_owned()
    };
    assert_eq!(lines[0].0, key("http://info.cern.ch/", "rfc1738"));
    assert_eq!(lines[0].2.get("key_style"), None);
    assert_eq!(lines[1].0, key("http://info.cern.ch/{x}", "surt"));
    assert_eq!(lines[1].2["key_style"], "surt");
    assert_eq!(names(&lines[1].2).last(), Some(&"key_style"));
    // Nothing else changes.
    let (surt, _, _) = rfc1738(&["cdxj", "--style", "surt"], &file(&records).0);
    let surt_line = surt.lines().nth(1).unwrap();
    assert_eq!(
        lines[1]
            .2
            .iter()
            .filter(|(name, _)| *name != "key_style")
            .count(),
        split(surt_line).2.len()
    );
    assert_eq!(
        stdout.lines().nth(1).unwrap(),
        surt_line.replace("\"}", "\", \"key_style\": \"surt\"}")
    );
}

#[test]
fn folders_are_read_for_their_archives_in_path_order() {
    let folder = tempfile::tempdir().unwrap();
    let nested = folder.path().join("b");
    std::fs::create_dir(&nested).unwrap();
    let one = warc("resource", "http://h/one", "text/plain", b"1");
    let two = warc("resource", "http://h/two", "text/plain", b"2");
    std::fs::write(nested.join("c.WARC.gz"), gz(&two)).unwrap();
    std::fs::write(folder.path().join("a.warc"), &one).unwrap();
    std::fs::write(folder.path().join("notes.txt"), b"not read").unwrap();
    let (stdout, stderr, status) = rfc1738(
        &[
            "cdxj",
            "--style",
            "surt",
            "--summary",
            folder.path().to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    let files: Vec<String> = stdout
        .lines()
        .map(|line| split(line).2["filename"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(files, ["a.warc", "c.WARC.gz"]);
    let a = folder.path().join("a.warc");
    assert_eq!(
        stderr.lines().next().unwrap(),
        format!(
            "rfc1738 cdxj: {}: WARC (plain): 1 line, 0 records left out, 0 problems",
            a.display()
        )
    );
}

#[test]
fn a_file_that_is_no_archive_is_told_and_the_status_is_2() {
    let (stdout, stderr, status) = rfc1738(&["cdxj"], b"<html>no archive</html>");
    assert_eq!((stdout.as_str(), status), ("", 2));
    assert_eq!(
        stderr,
        "rfc1738 cdxj: -: not an ARC or WARC file (nothing indexed)\n"
    );
}
