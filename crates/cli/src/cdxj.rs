//! `rfc1738 cdxj`: a CDXJ index of ARC and WARC files, one line per capture, as
//! webrecorder's `cdxj-indexer` writes it (the lines are made by the archive crate's
//! [`rfc1738_archive::cdxj`]; the keys by rfc1738-keys). Folders are read recursively for
//! their ARC and WARC files; `--sort` sorts the lines in bounded memory (sorted chunks
//! spilled to temporary files, then merged); each record that could not be read or
//! indexed is told on standard error, and the rest of the file is still read.

use crate::cli::CdxjArgs;
use crate::lines::hint_if_terminal;
use crate::mirror::expand_taking;
use crate::output::{counted, shown, Out};
use crate::status::Status;
use rfc1738_archive::cdxj::{Indexed, Indexer, UrlKey};
use rfc1738_archive::{sniff, ArchiveReader, Problem};
use rfc1738_keys::Style;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// Whether a folder's file is indexed: `.arc`, `.arc.gz`, `.warc`, `.warc.gz`, in any
/// case (cdxj-indexer's extensions).
fn is_archive(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    [".arc", ".arc.gz", ".warc", ".warc.gz"]
        .iter()
        .any(|end| name.ends_with(end))
}

/// The key of a URL in `style`, as the command makes it ([`rfc1738_keys::index_key`]).
fn url_key(url: &str, style: Style) -> UrlKey {
    let (key, made_in) = rfc1738_keys::index_key(url, style);
    UrlKey {
        key,
        style: made_in.map(Style::name),
    }
}

/// What one file gave, for `--summary`.
#[derive(Default)]
struct Counts {
    lines: u64,
    left_out: BTreeMap<String, u64>,
    problems: u64,
}

/// Writes the index of the files (standard input without any) to standard output, sorted
/// with `--sort`. The status is `Unreadable` when a file could not be read, was no
/// archive, or held a record that could not be read or indexed.
pub(crate) fn run(args: CdxjArgs, out: &mut Out) -> io::Result<Status> {
    let (files, _) = expand_taking(&args.files, is_archive)?;
    let files = match files.is_empty() {
        true => vec![PathBuf::from("-")],
        false => files,
    };
    let style = Style::from(args.style);
    let key = |url: &str| url_key(url, style);
    let reader = ArchiveReader::new().max_record(args.archive.max_record);
    let indexer = Indexer::new(reader, &key);
    let mut sorter = args.sort.then(|| Sorter::new(args.sort_buffer));
    let mut status = Status::Valid;
    for path in &files {
        let result = if path.as_os_str() == "-" {
            hint_if_terminal("cdxj", "an ARC or WARC file");
            index_file(
                &indexer,
                io::stdin().lock(),
                "-",
                "-",
                &args,
                &mut sorter,
                out,
            )
        } else {
            let name = path
                .file_name()
                .map_or_else(|| path.to_string_lossy(), |name| name.to_string_lossy());
            File::open(path).and_then(|file| {
                let shown_as = path.to_string_lossy();
                index_file(&indexer, file, &shown_as, &name, &args, &mut sorter, out)
            })
        };
        match result {
            Ok(file_status) => status = status.and(file_status),
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Err(error),
            Err(error) => {
                let name = match path.as_os_str() == "-" {
                    true => "standard input".into(),
                    false => path.to_string_lossy(),
                };
                out.note(format_args!("rfc1738 cdxj: {}: {error}", shown(&name)))?;
                status = Status::Unreadable;
            }
        }
    }
    if let Some(sorter) = sorter {
        sorter.finish(out)?;
    }
    Ok(status)
}

/// Indexes one file, `shown_as` in messages and `filename` in its lines; returns its
/// status.
fn index_file(
    indexer: &Indexer<'_>,
    input: impl Read,
    shown_as: &str,
    filename: &str,
    args: &CdxjArgs,
    sorter: &mut Option<Sorter>,
    out: &mut Out,
) -> io::Result<Status> {
    let (detected, input) = sniff(input, None)?;
    let Some(detected) = detected else {
        out.note(format_args!(
            "rfc1738 cdxj: {}: not an ARC or WARC file (nothing indexed)",
            shown(shown_as)
        ))?;
        return Ok(Status::Unreadable);
    };
    let mut counts = Counts::default();
    let mut line = Vec::new();
    indexer.index(input, detected, filename, &mut |item| match item {
        Indexed::Entry(entry) => {
            counts.lines += 1;
            line.clear();
            line.extend_from_slice(entry.line().as_bytes());
            line.push(b'\n');
            match sorter {
                Some(sorter) => sorter.push(&line),
                None => {
                    out.write_all(&line)?;
                    out.end_item()
                }
            }
        }
        Indexed::LeftOut(record) => {
            *counts.left_out.entry(record.kind.clone()).or_default() += 1;
            Ok(())
        }
        Indexed::Problem(problem) => {
            counts.problems += 1;
            tell(out, shown_as, problem)
        }
    })?;
    if args.summary {
        let left_out: u64 = counts.left_out.values().sum();
        let kinds = counts
            .left_out
            .iter()
            .map(|(kind, n)| format!("{n} {kind}"))
            .collect::<Vec<_>>()
            .join(", ");
        out.note(format_args!(
            "rfc1738 cdxj: {}: {} ({}): {}, {} left out{}, {}",
            shown(shown_as),
            detected.format.name().to_ascii_uppercase(),
            if detected.gzip { "gzip" } else { "plain" },
            counted(counts.lines, "line"),
            counted(left_out, "record"),
            match left_out {
                0 => String::new(),
                _ => format!(" ({})", shown(&kinds)),
            },
            counted(counts.problems, "problem"),
        ))?;
    }
    Ok(match counts.problems {
        0 => Status::Valid,
        _ => Status::Unreadable,
    })
}

/// A problem told on standard error at once, as `links` tells an archive's:
/// `rfc1738 cdxj: FILE: record at byte N (URL): what`.
fn tell(out: &mut Out, file: &str, problem: &Problem) -> io::Result<()> {
    out.note(format_args!(
        "rfc1738 cdxj: {}: {}",
        shown(file),
        shown(&problem.to_string())
    ))
}

/// Sorts lines in bounded memory: up to `buffer` bytes of lines are held, then sorted and
/// written to a temporary file (removed when dropped); at the end the files and what is
/// held are merged. Lines compare by their bytes (their line ends included, as
/// cdxj-indexer's Python strings do), and a line equal to the one before is written once.
struct Sorter {
    buffer: usize,
    held: Vec<Vec<u8>>,
    held_bytes: usize,
    chunks: Vec<File>,
}

impl Sorter {
    fn new(buffer: usize) -> Sorter {
        Sorter {
            buffer,
            held: Vec::new(),
            held_bytes: 0,
            chunks: Vec::new(),
        }
    }

    /// Takes a line (with its line end).
    fn push(&mut self, line: &[u8]) -> io::Result<()> {
        self.held.push(line.to_vec());
        self.held_bytes += line.len();
        if self.held_bytes > self.buffer {
            self.spill()?;
        }
        Ok(())
    }

    /// Writes the lines held, sorted, to a temporary file.
    fn spill(&mut self) -> io::Result<()> {
        self.held.sort_unstable();
        self.held.dedup();
        let mut file = BufWriter::new(tempfile::tempfile()?);
        for line in self.held.drain(..) {
            file.write_all(&line)?;
        }
        let mut file = file.into_inner().map_err(|error| error.into_error())?;
        file.rewind()?;
        self.chunks.push(file);
        self.held_bytes = 0;
        Ok(())
    }

    /// Writes every line taken, sorted, each once.
    fn finish(mut self, out: &mut Out) -> io::Result<()> {
        self.held.sort_unstable();
        self.held.dedup();
        if self.chunks.is_empty() {
            for line in &self.held {
                out.write_all(line)?;
            }
            return Ok(());
        }
        // Merged: the smallest next line of each source first (Reverse: a max-heap).
        let mut sources: Vec<Source> = self
            .chunks
            .drain(..)
            .map(|file| Source::Chunk(BufReader::new(file)))
            .collect();
        sources.push(Source::Held(std::mem::take(&mut self.held).into_iter()));
        let mut heap = BinaryHeap::new();
        for (i, source) in sources.iter_mut().enumerate() {
            if let Some(line) = source.next_line()? {
                heap.push(Reverse((line, i)));
            }
        }
        let mut last: Option<Vec<u8>> = None;
        while let Some(Reverse((line, i))) = heap.pop() {
            if last.as_ref() != Some(&line) {
                out.write_all(&line)?;
            }
            if let Some(next) = sources[i].next_line()? {
                heap.push(Reverse((next, i)));
            }
            last = Some(line);
        }
        Ok(())
    }
}

/// A run of sorted lines that [`Sorter::finish`] merges.
enum Source {
    /// A temporary file.
    Chunk(BufReader<File>),
    /// The lines still held.
    Held(std::vec::IntoIter<Vec<u8>>),
}

impl Source {
    /// The next line, with its line end.
    fn next_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        match self {
            Source::Chunk(file) => {
                let mut line = Vec::new();
                match file.read_until(b'\n', &mut line)? {
                    0 => Ok(None),
                    _ => Ok(Some(line)),
                }
            }
            Source::Held(lines) => Ok(lines.next()),
        }
    }
}
