//! `rfc1738 links`: the links of HTML documents, resolved as the browsers of 1993-1995 did.

use crate::lines::each_file;
use crate::output::{shown, Out, Select};
use crate::Status;
use rfc1738::{Link, LinkLister, LinkReport};
use std::io::{self, Write};

/// Prints the links of each file (standard input without files, and for `-`) that
/// `select` shows, reading each as a stream. A file that cannot be opened or read is
/// reported on standard error and the others are still read. A link is valid when it has
/// an absolute form that is a valid URL reference by RFC 1738 (a tag, comment or
/// declaration skipped or left open is an invalid one).
pub(crate) fn run_links(
    lister: &LinkLister,
    files: &[std::path::PathBuf],
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<Status> {
    let status = each_file("links", "HTML", files, out, |input, file, out| {
        links_from(lister, input, file.unwrap_or("-"), json, select, out)
    })?;
    select.finish(out, "links", "links")?;
    Ok(status)
}

/// Prints the links of one stream.
fn links_from(
    lister: &LinkLister,
    input: impl io::Read,
    file: &str,
    json: bool,
    select: &mut Select,
    out: &mut Out,
) -> io::Result<()> {
    for link in lister.links_reader(input) {
        let link = link?;
        if !select.shows(link.is_valid()) {
            continue;
        }
        if json {
            serde_json::to_writer(&mut *out, &LinkReport::new(Some(file), &link))?;
            writeln!(out)?;
        } else {
            print_link(file, &link, out)?;
        }
        out.end_item()?;
    }
    Ok(())
}

/// One link as a line: `file:line: element attribute href -> result  (verdict)`, or the
/// error in place of the result.
fn print_link(file: &str, link: &Link, out: &mut impl Write) -> io::Result<()> {
    let what = match (&link.attribute, &link.href) {
        (Some(attribute), Some(href)) => format!("{} {attribute} {}", link.element, shown(href)),
        (Some(attribute), None) => format!("{} {attribute}", link.element),
        _ => link.element.clone(),
    };
    let answer = match (&link.result, link.verdict()) {
        (Ok(result), Some(Ok(kind))) => format!("-> {}  (valid {})", shown(result), kind.name()),
        (Ok(result), Some(Err(error))) => {
            format!("-> {}  (invalid: {})", shown(result), error.message())
        }
        (Err(error), _) => format!("-> error: {error}"),
        (Ok(result), None) => format!("-> {}", shown(result)),
    };
    let latin1 = match link.charset {
        rfc1738::Charset::Latin1 => "  [latin-1]",
        rfc1738::Charset::Utf8 => "",
    };
    writeln!(
        out,
        "{}:{}: {what} {answer}{latin1}",
        shown(file),
        link.line
    )?;
    if let Some(warning) = &link.warning {
        writeln!(out, "    {warning}")?;
    }
    Ok(())
}
