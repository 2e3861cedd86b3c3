//! What was made of one archive's records, counted the same way by every reader of the
//! crate (the `rfc1738` command's summary, the Python package's `ArchiveLinks`): the
//! documents read, those of other media types, the records skipped by kind, the records
//! by the format's version, the problems and the warnings.

#[cfg(feature = "serde")]
use crate::Detected;
use crate::{Item, Problem};
use std::collections::BTreeMap;

/// The counts of one archive's records ([`Tally::count`] each [`Item`] as it comes), and
/// the problems and warnings themselves, up to a number listed (all are counted).
///
/// ```
/// use rfc1738_archive::{sniff, ArchiveReader, Tally};
///
/// let warc = b"WARC/1.0\r\nWARC-Type: request\r\nContent-Length: 0\r\n\r\n\r\n\r\n";
/// let (detected, input) = sniff(&warc[..], None).unwrap();
/// let mut tally = Tally::new(Tally::LISTED);
/// ArchiveReader::new()
///     .read(input, detected.unwrap(), &mut |item| {
///         tally.count(&item, |document| document.is_html());
///         Ok(())
///     })
///     .unwrap();
/// assert_eq!(tally.skipped["request"], 1);
/// assert_eq!((tally.documents, tally.problems), (0, 0));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Documents read (those the reader wanted: pages, texts).
    pub documents: u64,
    /// Documents of the media types not read, by media type (`none` without one).
    pub other_media_types: BTreeMap<String, u64>,
    /// Records skipped, by kind in lower case (`request`, `revisit`, `warcinfo`, ...).
    pub skipped: BTreeMap<String, u64>,
    /// Records read (documents and skipped ones) by the format's version (`1.0`, `0.17`,
    /// an ARC file's `1` or `2`).
    pub versions: BTreeMap<&'static str, u64>,
    /// Problems: what could not be read.
    pub problems: u64,
    /// The first problems, up to the number listed.
    pub listed_problems: Vec<Problem>,
    /// Warnings: what was read otherwise than its record says.
    pub warnings: u64,
    /// The first warnings, up to the number listed.
    pub listed_warnings: Vec<Problem>,
    listed: usize,
}

impl Tally {
    /// How many problems (and how many warnings) the command's summary lists.
    pub const LISTED: usize = 1000;

    /// No record counted yet; at most `listed` problems and as many warnings kept.
    pub fn new(listed: usize) -> Tally {
        Tally {
            listed,
            ..Tally::default()
        }
    }

    /// Counts `item`: a document as read when `wanted` says so (the caller reads it), as
    /// of another media type otherwise; a record skipped by its kind; a problem or a
    /// warning ([`ProblemKind::is_warning`](crate::ProblemKind::is_warning)).
    pub fn count(&mut self, item: &Item<'_>, wanted: impl FnOnce(&crate::Document<'_>) -> bool) {
        match item {
            Item::Document(document) if wanted(document) => self.read(document.record.version),
            Item::Document(document) => self.other(document.record.version, document.media_type),
            Item::Skipped(record) => self.skip(record.version, &record.kind),
            Item::Problem(problem) | Item::Warning(problem) => self.problem(problem),
        }
    }

    /// A document read, of a record of `version`.
    pub fn read(&mut self, version: &'static str) {
        self.documents += 1;
        *self.versions.entry(version).or_default() += 1;
    }

    /// A document of a media type not read.
    pub fn other(&mut self, version: &'static str, media_type: Option<&str>) {
        *self
            .other_media_types
            .entry(media_type.unwrap_or("none").to_owned())
            .or_default() += 1;
        *self.versions.entry(version).or_default() += 1;
    }

    /// A record skipped by its kind.
    pub fn skip(&mut self, version: &'static str, kind: &str) {
        *self.skipped.entry(kind.to_ascii_lowercase()).or_default() += 1;
        *self.versions.entry(version).or_default() += 1;
    }

    /// A problem, or a warning: counted, and kept while fewer than the number listed are.
    pub fn problem(&mut self, problem: &Problem) {
        let (count, listed) = match problem.kind.is_warning() {
            true => (&mut self.warnings, &mut self.listed_warnings),
            false => (&mut self.problems, &mut self.listed_problems),
        };
        *count += 1;
        if listed.len() < self.listed {
            listed.push(problem.clone());
        }
    }

    /// Whether anything could not be read (a warning is no damage: its record was read).
    pub fn damaged(&self) -> bool {
        self.problems > 0
    }

    /// The summary of the archive as a JSON object (feature `serde`): see [`Summary`].
    #[cfg(feature = "serde")]
    #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
    pub fn summary<'a>(
        &'a self,
        file: &'a str,
        detected: Detected,
        documents: &'static str,
    ) -> Summary<'a> {
        Summary {
            tally: self,
            file,
            detected,
            documents,
        }
    }
}

/// The JSON summary of one archive, as `rfc1738 links --json` and `extract --json` print
/// it on standard error: `{"summary": "archive", "file", "format", "gzip", DOCUMENTS,
/// "other_media_types", "versions", "skipped", "problem_count", "problems",
/// "warning_count", "warnings"}`, DOCUMENTS the reader's name for what it read (`pages`,
/// `texts`).
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
#[derive(Debug, Clone, Copy)]
pub struct Summary<'a> {
    tally: &'a Tally,
    file: &'a str,
    detected: Detected,
    documents: &'static str,
}

#[cfg(feature = "serde")]
impl serde::Serialize for Summary<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let tally = self.tally;
        let mut map = serializer.serialize_map(Some(12))?;
        map.serialize_entry("summary", "archive")?;
        map.serialize_entry("file", self.file)?;
        map.serialize_entry("format", self.detected.format.name())?;
        map.serialize_entry("gzip", &self.detected.gzip)?;
        map.serialize_entry(self.documents, &tally.documents)?;
        map.serialize_entry("other_media_types", &tally.other_media_types)?;
        map.serialize_entry("versions", &tally.versions)?;
        map.serialize_entry("skipped", &tally.skipped)?;
        map.serialize_entry("problem_count", &tally.problems)?;
        map.serialize_entry("problems", &tally.listed_problems)?;
        map.serialize_entry("warning_count", &tally.warnings)?;
        map.serialize_entry("warnings", &tally.listed_warnings)?;
        map.end()
    }
}
