//! `rfc1738 links`: the links of HTML documents, resolved as the browsers of 1993-1995 did.

use crate::archives::{in_record, record_label, Archives, Command};
use crate::mirror::Bases;
use crate::output::{counted, shown, Out, Select};
use crate::status::Status;
use rfc1738::reports::InRecord;
use rfc1738::resolution::{ComparisonSummary, ResolveMode};
use rfc1738_links::{Link, LinkLister, LinkReport};
use std::cell::RefCell;
use std::io::{self, Write};
use std::path::Path;

/// The modes of `--compare` (`command`'s), checked: none (no comparison), or two or more,
/// each once and built into this binary; else a usage error.
pub(crate) fn compared_modes(command: &str, modes: Vec<ResolveMode>) -> Vec<ResolveMode> {
    let problem = if modes.len() == 1 {
        Some(format!(
            "--compare {}: name two modes or more, by comma (--compare cern,whatwg)",
            modes[0]
        ))
    } else if let Some(twice) = modes
        .iter()
        .enumerate()
        .find(|(i, mode)| modes[..*i].contains(mode))
    {
        Some(format!("--compare: the mode {} is named twice", twice.1))
    } else {
        modes
            .iter()
            .find(|mode| !mode.is_built())
            .map(|mode| format!("--compare: the mode {mode} is not built into this binary"))
    };
    match problem {
        Some(message) => crate::usage_error(command, message),
        None => modes,
    }
}

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
    // The comparisons of --compare, counted for --summary.
    let compared = lister.compared_modes();
    let summary = RefCell::new(
        (select.summary && !compared.is_empty()).then(|| ComparisonSummary::new(compared)),
    );
    let status = archives.run(
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
                    &mut summary.borrow_mut(),
                    out,
                ),
                None => links_from(
                    lister,
                    input,
                    file,
                    None,
                    json,
                    select,
                    &mut summary.borrow_mut(),
                    out,
                ),
            }
        },
        |document, file, select, out| {
            // Against the record's own URL.
            let lister = match &document.record.url {
                Some(url) => lister.clone().base(url.as_str()),
                None => lister.clone(),
            };
            let record = Some(in_record(document.record));
            let mut summary = summary.borrow_mut();
            links_from(
                &lister,
                document.body,
                file,
                record,
                json,
                select,
                &mut summary,
                out,
            )
        },
    )?;
    if let Some(summary) = summary.into_inner() {
        print_summary(&summary, json, out)?;
    }
    Ok(status)
}

/// The summary of `--compare` on standard error: a JSON object with `--json`
/// (`{"summary": "compare", ...}`), else a line for all the pairs and one per pair, with
/// its classes.
fn print_summary(summary: &ComparisonSummary, json: bool, out: &mut Out) -> io::Result<()> {
    if json {
        return out.stderr(|stderr, _| {
            serde_json::to_writer(&mut *stderr, summary)?;
            writeln!(stderr)
        });
    }
    let share = |part: u64, whole: u64| match whole {
        0 => String::new(),
        _ => format!(" ({:.1}%)", 100.0 * part as f64 / whole as f64),
    };
    let (links, pages) = (summary.links(), summary.pages());
    out.note(format_args!(
        "rfc1738 links: compared: {} on {}; results differ for {}{} on {}{}",
        counted(links, "link"),
        counted(pages, "page"),
        counted(summary.links_differ(), "link"),
        share(summary.links_differ(), links),
        counted(summary.pages_differ(), "page"),
        share(summary.pages_differ(), pages),
    ))?;
    for pair in summary.pairs() {
        let classes = pair
            .classes()
            .map(|(class, links, pages)| {
                format!(
                    "{class} {} on {}",
                    counted(links, "link"),
                    counted(pages, "page")
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        out.note(format_args!(
            "rfc1738 links: {}: {}{} on {}{} differ{}{classes}",
            pair.name(),
            counted(pair.links(), "link"),
            share(pair.links(), links),
            counted(pair.pages(), "page"),
            share(pair.pages(), pages),
            if classes.is_empty() { "" } else { ": " },
        ))?;
    }
    Ok(())
}

/// Prints the links of one stream (a page of an archive's `record`), and counts their
/// comparisons in `summary` (one page).
#[allow(clippy::too_many_arguments)]
fn links_from(
    lister: &LinkLister,
    input: impl io::Read,
    file: &str,
    record: Option<InRecord<'_>>,
    json: bool,
    select: &mut Select,
    summary: &mut Option<ComparisonSummary>,
    out: &mut Out,
) -> io::Result<()> {
    let label = record.as_ref().map(|record| record_label(file, record));
    let links = lister.links_reader(input);
    // The page counts once it is read, whatever stops its reading.
    let ended = links_listed(links, file, record, label, json, select, summary, out);
    if let Some(summary) = summary {
        summary.end_page();
    }
    ended
}

/// Prints and counts the links of one page.
#[allow(clippy::too_many_arguments)]
fn links_listed<R: io::Read>(
    links: rfc1738_links::Links<R>,
    file: &str,
    record: Option<InRecord<'_>>,
    label: Option<String>,
    json: bool,
    select: &mut Select,
    summary: &mut Option<ComparisonSummary>,
    out: &mut Out,
) -> io::Result<()> {
    for link in links {
        let link = link?;
        if let (Some(summary), Some(comparison)) = (summary.as_mut(), link.comparison()) {
            summary.count(comparison);
        }
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
    if let Some(comparison) = link.comparison().filter(|comparison| comparison.differ()) {
        let width = comparison
            .results()
            .iter()
            .map(|(mode, _)| mode.name().len())
            .max()
            .unwrap_or(0);
        for (mode, result) in comparison.results() {
            match result {
                Ok(result) => writeln!(out, "    {:width$} -> {}", mode.name(), shown(result))?,
                Err(error) => writeln!(out, "    {:width$} -> error: {error}", mode.name())?,
            }
        }
        let differences = comparison
            .differences()
            .iter()
            .map(|difference| {
                let classes: Vec<&str> = difference.classes().names().collect();
                format!("{} {}", difference.name(), classes.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; ");
        writeln!(out, "    differ: {differences}")?;
    }
    Ok(())
}
