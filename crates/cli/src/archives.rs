//! `links` and `extract` on web archives: ARC and WARC files told from their first bytes
//! (or by `--format`), read record by record by the library's `archive` module; what was
//! read, skipped and could not be read, told on standard error.

use crate::lines::each_file;
use crate::output::{counted, shown, Out, Select};
use crate::status::Status;
use rfc1738::reports::InRecord;
use rfc1738_archive::{
    sniff, ArchiveReader, Detected, Document, Format, Item, Peeked, Problem, Tally,
};
use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::PathBuf;

/// How a mode reads its files.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Archives {
    /// `None`: as documents (HTML, text) whatever they hold; `Some(None)`: told from the
    /// first bytes; `Some(Some(format))`: as archives of that format.
    pub(crate) reading: Option<Option<Format>>,
    pub(crate) reader: ArchiveReader,
}

/// A command that reads files as documents, and web archives record by record: `links`
/// (HTML pages) and `extract` (texts).
pub(crate) struct Command {
    /// Its name, which leads its messages.
    pub(crate) mode: &'static str,
    /// What a file is read as (`HTML`, `text`), for the hint at a terminal.
    pub(crate) reads: &'static str,
    /// What an archive's documents read are called in its summary (`pages`, `texts`).
    pub(crate) documents: &'static str,
    /// What the command's own summary counts (`links`, `URLs found`).
    pub(crate) found: &'static str,
    /// Whether a document of this media type (`None`: not given) is read.
    pub(crate) wanted: fn(Option<&str>) -> bool,
    /// JSON output: an archive's summary is a JSON object too.
    pub(crate) json: bool,
}

impl Archives {
    /// Runs `command` over `files` (standard input without files, and for `-`). A file
    /// that is not an archive goes whole to `plain`. An archive is read record by record:
    /// each document whose media type the command wants goes to `document` with the file's
    /// name; the other documents, the records skipped and the problems are counted (a
    /// problem told on standard error as it comes), then summed up for the archive. The
    /// status is the files', and `Unreadable` when a record could not be read.
    pub(crate) fn run(
        self,
        command: &Command,
        files: &[PathBuf],
        select: &mut Select,
        out: &mut Out,
        mut plain: impl FnMut(&mut dyn Read, Option<&str>, &mut Select, &mut Out) -> io::Result<()>,
        mut document: impl FnMut(Document<'_>, &str, &mut Select, &mut Out) -> io::Result<()>,
    ) -> io::Result<Status> {
        let mut damaged = false;
        let status = each_file(
            command.mode,
            command.reads,
            files,
            out,
            |input, file, out| {
                let (detected, input) = match self.open(input)? {
                    Either::Plain(input) => return plain(input, file, select, out),
                    Either::Peeked(mut input) => return plain(&mut input, file, select, out),
                    Either::Archive(archive) => archive,
                };
                let file = file.unwrap_or("-");
                let mut tally = Tally::new(Tally::LISTED);
                self.reader.read(input, detected, &mut |item| {
                    // Whether the command reads the document, asked once of its media type.
                    let wanted =
                        matches!(&item, Item::Document(each) if (command.wanted)(each.media_type));
                    tally.count(&item, |_| wanted);
                    match item {
                        Item::Document(each) if wanted => document(each, file, select, out),
                        Item::Problem(problem) | Item::Warning(problem) => {
                            tell(out, command.mode, file, problem)
                        }
                        Item::Document(_) | Item::Skipped(_) => Ok(()),
                    }
                })?;
                let summary = select.summary;
                finish(&tally, out, command, file, detected, summary)?;
                damaged |= tally.damaged();
                Ok(())
            },
        )?;
        select.finish(out, command.mode, command.found)?;
        Ok(match damaged {
            true => status.and(Status::Unreadable),
            false => status,
        })
    }

    /// Whether the file is an archive, and the file whole again.
    fn open<R: Read>(&self, input: R) -> io::Result<Either<R, (Detected, Peeked<R>)>> {
        let Some(format) = self.reading else {
            return Ok(Either::Plain(input));
        };
        let (detected, input) = sniff(input, format)?;
        Ok(match detected {
            Some(detected) => Either::Archive((detected, input)),
            None => Either::Peeked(input),
        })
    }
}

/// A file as a document, as it was or with its first bytes looked at, or an archive.
enum Either<R, A> {
    Plain(R),
    Peeked(Peeked<R>),
    Archive(A),
}

/// The record a document came from, for its reports.
pub(crate) fn in_record(record: &rfc1738_archive::Record) -> InRecord<'_> {
    InRecord {
        offset: record.offset,
        url: record.url.as_deref(),
        date: record.date.as_deref(),
    }
}

/// The label of a record's lines in text output: `FILE@OFFSET URL`.
pub(crate) fn record_label(file: &str, record: &InRecord<'_>) -> String {
    match record.url {
        Some(url) => format!("{file}@{} {url}", record.offset),
        None => format!("{file}@{}", record.offset),
    }
}

/// A problem, or a warning (`ProblemKind::is_warning`), told on standard error at once:
/// `rfc1738 MODE: FILE: record at byte N (URL): what`, `warning:` before a warning's
/// `record`.
fn tell(out: &mut Out, mode: &str, file: &str, problem: &Problem) -> io::Result<()> {
    let told = match problem.kind.is_warning() {
        true => "warning: ",
        false => "",
    };
    out.note(format_args!(
        "rfc1738 {mode}: {}: {told}{}",
        shown(file),
        shown(&problem.to_string())
    ))
}

/// The summary of one archive on standard error: a JSON object with `--json`
/// ([`rfc1738_archive::Summary`]), a line with `--summary`, naming the documents read as
/// the command does ("pages", "texts").
fn finish(
    tally: &Tally,
    out: &mut Out,
    command: &Command,
    file: &str,
    detected: Detected,
    summary: bool,
) -> io::Result<()> {
    let (mode, what) = (command.mode, command.documents);
    if command.json {
        let summary = tally.summary(file, detected, what);
        return out.stderr(|stderr, _| {
            serde_json::to_writer(&mut *stderr, &summary)?;
            writeln!(stderr)
        });
    }
    if !summary {
        return Ok(());
    }
    let counts = |map: &BTreeMap<String, u64>| {
        map.iter()
            .map(|(name, n)| format!("{n} {name}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let other: u64 = tally.other_media_types.values().sum();
    let skipped: u64 = tally.skipped.values().sum();
    // "version 1.0: 5 records", "version 0.17: 2 records, 1.0: 1 record"
    let versions = tally
        .versions
        .iter()
        .map(|(version, n)| format!("{version}: {n} record{}", if *n == 1 { "" } else { "s" }))
        .collect::<Vec<_>>()
        .join(", ");
    out.note(format_args!(
        "rfc1738 {mode}: {}: {} ({}{}): {} {what} read, {other} of other media types{}, \
             {} skipped{}, {}{}",
        shown(file),
        detected.format.name().to_ascii_uppercase(),
        if detected.gzip { "gzip" } else { "plain" },
        match versions.is_empty() {
            true => String::new(),
            false => format!(", version {versions}"),
        },
        tally.documents,
        match other {
            0 => String::new(),
            _ => format!(" ({})", shown(&counts(&tally.other_media_types))),
        },
        counted(skipped, "record"),
        match skipped {
            0 => String::new(),
            _ => format!(" ({})", shown(&counts(&tally.skipped))),
        },
        counted(tally.problems, "problem"),
        match tally.warnings {
            0 => String::new(),
            n => format!(", {}", counted(n, "warning")),
        }
    ))
}
