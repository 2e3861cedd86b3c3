//! `links` and `extract` on web archives: ARC and WARC files told from their first bytes
//! (or by `--format`), read record by record by the library's `archive` module; what was
//! read, skipped and could not be read, told on standard error.

use crate::output::{shown, Out};
use rfc1738::archive::{sniff, ArchiveReader, Detected, Document, Format, Item, Peeked, Problem};
use rfc1738::InRecord;
use std::collections::BTreeMap;
use std::io::{self, Read};

/// How a mode reads its files.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Archives {
    /// `None`: as documents (HTML, text) whatever they hold; `Some(None)`: told from the
    /// first bytes; `Some(Some(format))`: as archives of that format.
    pub(crate) reading: Option<Option<Format>>,
    pub(crate) reader: ArchiveReader,
}

impl Archives {
    /// Reads the records of an archive for `mode` (`links`, `extract`): each document whose
    /// media type `wanted` takes to `read`, the others, the records skipped and the
    /// problems counted (a problem told on standard error as it comes); then the summary
    /// of the archive, whose documents are called `what`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn each_document<R: Read>(
        self,
        mode: &str,
        what: &str,
        detected: Detected,
        input: Peeked<R>,
        file: &str,
        json: bool,
        summary: bool,
        out: &mut Out,
        wanted: impl Fn(Option<&str>) -> bool,
        mut read: impl FnMut(Document<'_>, &mut Out) -> io::Result<()>,
    ) -> io::Result<Tally> {
        let mut tally = Tally::default();
        self.reader.read(input, detected, &mut |item| match item {
            Item::Document(document) if wanted(document.media_type) => {
                tally.read += 1;
                read(document, out)
            }
            Item::Document(document) => {
                tally.other(document.media_type);
                Ok(())
            }
            Item::Skipped(record) => {
                tally.skipped(&record.kind);
                Ok(())
            }
            Item::Problem(problem) => tally.problem(out, mode, file, problem),
        })?;
        tally.finish(out, mode, file, detected, json, summary, what)?;
        Ok(tally)
    }

    /// Whether the file is an archive, and the file whole again.
    pub(crate) fn open<R: Read>(&self, input: R) -> io::Result<Either<R, (Detected, Peeked<R>)>> {
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
pub(crate) enum Either<R, A> {
    Plain(R),
    Peeked(Peeked<R>),
    Archive(A),
}

/// The record a document came from, for its reports.
pub(crate) fn in_record(record: &rfc1738::archive::Record) -> InRecord<'_> {
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

/// The most problems a JSON summary lists (all are told, and counted).
const LISTED: usize = 1000;

/// What was made of one archive's records.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Documents read (pages, texts).
    pub(crate) read: u64,
    /// Documents of another media type, by media type.
    pub(crate) other: BTreeMap<String, u64>,
    /// Records skipped by kind.
    pub(crate) skipped: BTreeMap<String, u64>,
    problems: u64,
    listed: Vec<serde_json::Value>,
}

impl Tally {
    /// A document of a media type not read.
    pub(crate) fn other(&mut self, media_type: Option<&str>) {
        *self
            .other
            .entry(media_type.unwrap_or("none").to_owned())
            .or_default() += 1;
    }

    /// A record skipped by its kind.
    pub(crate) fn skipped(&mut self, kind: &str) {
        *self.skipped.entry(kind.to_ascii_lowercase()).or_default() += 1;
    }

    /// Whether anything could not be read.
    pub(crate) fn damaged(&self) -> bool {
        self.problems > 0
    }

    /// A problem, told on standard error at once: `rfc1738 MODE: FILE: record at byte N
    /// (URL): what`.
    pub(crate) fn problem(
        &mut self,
        out: &mut Out,
        mode: &str,
        file: &str,
        problem: &Problem,
    ) -> io::Result<()> {
        self.problems += 1;
        if self.listed.len() < LISTED {
            self.listed.push(serde_json::json!({
                "offset": problem.offset,
                "url": problem.url,
                "code": problem.kind.code(),
                "message": problem.kind.to_string(),
            }));
        }
        out.note(format_args!(
            "rfc1738 {mode}: {}: {}",
            shown(file),
            shown(&problem.to_string())
        ))
    }

    /// The summary of one archive on standard error: a JSON object with `--json`, a line
    /// with `--summary`. `what` names the documents read ("pages", "texts").
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn finish(
        &self,
        out: &mut Out,
        mode: &str,
        file: &str,
        detected: Detected,
        json: bool,
        summary: bool,
        what: &str,
    ) -> io::Result<()> {
        if json {
            let summary = serde_json::json!({
                "summary": "archive",
                "file": file,
                "format": detected.format.name(),
                "gzip": detected.gzip,
                what: self.read,
                "other_media_types": self.other,
                "skipped": self.skipped,
                "problem_count": self.problems,
                "problems": self.listed,
            });
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
        let other: u64 = self.other.values().sum();
        let skipped: u64 = self.skipped.values().sum();
        out.note(format_args!(
            "rfc1738 {mode}: {}: {} {}: {} {what} read, {other} of other media types{}, {skipped} \
             records skipped{}, {} problems",
            shown(file),
            detected.format.name().to_ascii_uppercase(),
            if detected.gzip { "(gzip)" } else { "(plain)" },
            self.read,
            match other {
                0 => String::new(),
                _ => format!(" ({})", shown(&counts(&self.other))),
            },
            match skipped {
                0 => String::new(),
                _ => format!(" ({})", shown(&counts(&self.skipped))),
            },
            self.problems
        ))
    }
}
