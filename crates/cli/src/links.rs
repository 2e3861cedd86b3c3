//! `rfc1738 links`: the links of HTML documents, resolved as the browsers of 1993-1995 did.

use crate::archives::{in_record, record_label, Archives, Command};
use crate::mirror::Bases;
use crate::output::{shown, Out, Select};
use crate::status::Status;
use rfc1738::reports::InRecord;
use rfc1738_links::{Link, LinkLister, LinkReport};
use std::io::{self, Write};
use std::path::Path;

/// Prints the links of each file (standard input without files, and for `-`) that
/// `select` shows, reading each as a stream. A file that cannot be opened or read is
/// reported on standard error and the others are still read. A link is valid when it has
/// an absolute form that is a valid URL reference by RFC 1738 (a tag, comment or
/// declaration skipped or left open is an invalid one). An ARC or WARC file is read
/// record by record: the links of each HTML page, against the record's URL; a record that
/// cannot be read makes the status `Unreadable`.
pub(crate) fn run_links(
    lister: &LinkLister,
    bases: &Bases,
    archives: Archives,
    files: &[std::path::PathBuf],
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<Status> {
    let command = Command {
        mode: "links",
        reads: "HTML",
        documents: "pages",
        found: "links",
        wanted: rfc1738_archive::is_html,
        json,
    };
    archives.run(
        &command,
        files,
        select,
        out,
        |input, file, select, out| {
            // A page of a mirror: its base from --bases or --base-prefix, else --base.
            let base = file
                .filter(|_| !bases.is_empty())
                .and_then(|file| bases.of(Path::new(file)));
            let file = file.unwrap_or("-");
            match base {
                Some(base) => links_from(
                    &lister.clone().base(base),
                    input,
                    file,
                    None,
                    json,
                    select,
                    out,
                ),
                None => links_from(lister, input, file, None, json, select, out),
            }
        },
        |document, file, select, out| {
            // Against the record's own URL.
            let lister = match &document.record.url {
                Some(url) => lister.clone().base(url.as_str()),
                None => lister.clone(),
            };
            let record = Some(in_record(document.record));
            links_from(&lister, document.body, file, record, json, select, out)
        },
    )
}

/// Prints the links of one stream (a page of an archive's `record`).
fn links_from(
    lister: &LinkLister,
    input: impl io::Read,
    file: &str,
    record: Option<InRecord<'_>>,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<()> {
    let label = record.as_ref().map(|record| record_label(file, record));
    for link in lister.links_reader(input) {
        let link = link?;
        if !select.shows(link.is_valid()) {
            continue;
        }
        if json {
            let report = LinkReport::new(Some(file), &link);
            match record {
                Some(record) => serde_json::to_writer(&mut *out, &report.in_record(record))?,
                None => serde_json::to_writer(&mut *out, &report)?,
            }
            writeln!(out)?;
        } else {
            print_link(label.as_deref().unwrap_or(file), &link, out)?;
        }
        out.end_item()?;
    }
    Ok(())
}

/// One link as a line: `file:line: element attribute href -> result  (verdict)`, or the
/// error in place of the result.
fn print_link(file: &str, link: &Link, out: &mut impl Write) -> io::Result<()> {
    let what = match (&link.attribute(), &link.href()) {
        (Some(attribute), Some(href)) => format!("{} {attribute} {}", link.element(), shown(href)),
        (Some(attribute), None) => format!("{} {attribute}", link.element()),
        _ => link.element().to_owned(),
    };
    // What the mode did to an absolute href, where the result alone would mislead: the
    // server it changed, and the verdict of the href as written when it differs.
    let mut rewrite = String::new();
    if let Some(mode) = link.mode().filter(|_| !link.changed().is_empty()) {
        rewrite += &format!(
            "; {} changed its {}",
            mode.name(),
            link.changed().join(" and ")
        );
    }
    if let (Some(Err(error)), Some(Ok(_))) = (link.href_verdict(), link.verdict()) {
        rewrite += &format!("; as written invalid: {}", error.message());
    }
    let answer = match (&link.result(), link.verdict()) {
        (Ok(result), Some(Ok(kind))) => {
            format!("-> {}  (valid {}{rewrite})", shown(result), kind.name())
        }
        (Ok(result), Some(Err(error))) => {
            format!(
                "-> {}  (invalid: {}{rewrite})",
                shown(result),
                error.message()
            )
        }
        (Err(error), _) => format!("-> error: {error}"),
        (Ok(result), None) => format!("-> {}", shown(result)),
    };
    let latin1 = match link.charset() {
        rfc1738_links::Charset::Latin1 => "  [latin-1]",
        rfc1738_links::Charset::Utf8 => "",
    };
    writeln!(
        out,
        "{}:{}: {what} {answer}{latin1}",
        shown(file),
        link.line()
    )?;
    if let Some(warning) = &link.warning() {
        writeln!(out, "    {warning}")?;
    }
    Ok(())
}
