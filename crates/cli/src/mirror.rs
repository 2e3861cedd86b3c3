//! A mirror of a site for `rfc1738 links`: folders read recursively, and each page's base
//! from a map of file to URL (`--bases FILE`, a TSV beside the pages as a crawl's manifest
//! is) or from a prefix of its path put in a URL's place (`--base-prefix DIR=URL`, a wget
//! or HTTrack tree).

use rfc1738::encoding::{charset, encode};
use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

/// How deep a folder is walked: deeper folders are reported and not read.
const MAX_DEPTH: usize = 64;

/// The files a folder holds that `links` reads: HTML pages by their name (`.html`,
/// `.htm`, `.shtml`, any case) and ARC and WARC files (`.arc`, `.warc`, plain or `.gz`).
fn is_read(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    [".html", ".htm", ".shtml", ".arc", ".warc"]
        .iter()
        .any(|end| name.ends_with(end))
}

/// The files to read: each argument as given, a folder replaced by the files under it that
/// [`is_read`] takes, in the order of their paths (a symbolic link to a folder is not
/// followed). Returns them and how many other files the folders held, which are left out.
pub(crate) fn expand(arguments: &[PathBuf]) -> io::Result<(Vec<PathBuf>, u64)> {
    expand_taking(arguments, is_read)
}

/// [`expand`], a folder's files taken by `is_read` (`cdxj`: ARC and WARC files alone).
pub(crate) fn expand_taking(
    arguments: &[PathBuf],
    is_read: fn(&Path) -> bool,
) -> io::Result<(Vec<PathBuf>, u64)> {
    let mut files = Vec::new();
    let mut skipped = 0;
    for argument in arguments {
        if argument.as_os_str() != "-" && argument.is_dir() {
            walk(argument, 0, is_read, &mut files, &mut skipped)?;
        } else {
            files.push(argument.clone());
        }
    }
    Ok((files, skipped))
}

fn walk(
    folder: &Path,
    depth: usize,
    is_read: fn(&Path) -> bool,
    files: &mut Vec<PathBuf>,
    skipped: &mut u64,
) -> io::Result<()> {
    if depth > MAX_DEPTH {
        return Err(io::Error::other(format!(
            "{}: folders nested deeper than {MAX_DEPTH} are not read",
            folder.display()
        )));
    }
    let mut entries = std::fs::read_dir(folder)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", folder.display())))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<io::Result<Vec<PathBuf>>>()?;
    entries.sort();
    for path in entries {
        let kind = std::fs::symlink_metadata(&path)?.file_type();
        if kind.is_dir() {
            walk(&path, depth + 1, is_read, files, skipped)?;
        } else if kind.is_symlink() && path.is_dir() {
            *skipped += 1;
        } else if is_read(&path) {
            files.push(path);
        } else {
            *skipped += 1;
        }
    }
    Ok(())
}

/// Where each page's base comes from, beside `--base`.
#[derive(Debug, Default)]
pub(crate) struct Bases {
    /// `--bases`: each page's canonical path, to its URL.
    map: HashMap<PathBuf, String>,
    /// `--base-prefix`: a folder's canonical path, and the URL that takes its place.
    prefixes: Vec<(PathBuf, String)>,
}

impl Bases {
    /// Reads each `--bases` file (lines `PATH<TAB>URL`, the path relative to the file's
    /// folder, further columns ignored; empty lines and lines starting with `#` skipped) and each `--base-prefix`
    /// (`DIR=URL`). A line without a tab, a URL without a scheme, or a folder that does not
    /// exist is an error that names it.
    pub(crate) fn read(maps: &[PathBuf], prefixes: &[String]) -> Result<Bases, String> {
        let mut bases = Bases::default();
        for file in maps {
            let text = std::fs::read_to_string(file)
                .map_err(|error| format!("--bases {}: {error}", file.display()))?;
            let folder = file.parent().unwrap_or(Path::new("."));
            for (number, line) in text.lines().enumerate() {
                let at = || format!("--bases {}:{}", file.display(), number + 1);
                if line.trim().is_empty() || line.starts_with('#') {
                    continue;
                }
                let (path, url) = line.split_once('\t').ok_or_else(|| {
                    format!("{}: a line is PATH<TAB>URL, and this one has no tab", at())
                })?;
                // Columns after the URL (a crawl's original path) are not part of it.
                let url = url.split('\t').next().unwrap_or_default().trim();
                if rfc1738::leading_scheme(url).is_none() {
                    return Err(format!("{}: {url:?} is not an absolute URL", at()));
                }
                let page = folder.join(path);
                // A page listed that is not there is kept by its path as written.
                let key = page.canonicalize().unwrap_or(page);
                bases.map.insert(key, url.to_owned());
            }
        }
        for prefix in prefixes {
            let (folder, url) = prefix
                .split_once('=')
                .ok_or_else(|| format!("--base-prefix {prefix:?}: DIR=URL, and there is no ="))?;
            if rfc1738::leading_scheme(url).is_none() {
                return Err(format!(
                    "--base-prefix {prefix:?}: {url:?} is not an absolute URL"
                ));
            }
            let canonical = Path::new(folder)
                .canonicalize()
                .map_err(|error| format!("--base-prefix {prefix:?}: {folder}: {error}"))?;
            bases.prefixes.push((canonical, url.to_owned()));
        }
        Ok(bases)
    }

    /// Whether any base comes from a map or a prefix.
    pub(crate) fn is_empty(&self) -> bool {
        self.map.is_empty() && self.prefixes.is_empty()
    }

    /// The base of the page at `path`: its line of a `--bases` file, else the URL of the
    /// longest `--base-prefix` folder that holds it followed by its path under that folder
    /// (each segment escaped as an http path's segment is), else `None`.
    pub(crate) fn of(&self, path: &Path) -> Option<String> {
        let canonical = path.canonicalize().ok()?;
        if let Some(url) = self.map.get(&canonical) {
            return Some(url.clone());
        }
        let (folder, url) = self
            .prefixes
            .iter()
            .filter(|(folder, _)| canonical.starts_with(folder))
            .max_by_key(|(folder, _)| folder.as_os_str().len())?;
        let rest = canonical.strip_prefix(folder).ok()?;
        let segments: Vec<String> = rest
            .iter()
            .map(|segment| {
                encode(segment.to_string_lossy().as_bytes(), &charset::HSEGMENT).into_owned()
            })
            .collect();
        let joiner = if url.ends_with('/') { "" } else { "/" };
        Some(format!("{url}{joiner}{}", segments.join("/")))
    }
}
