//! `rfc1738 cdxj`: a CDXJ index of ARC and WARC files. TO BE WRITTEN.

use crate::output::Out;
use crate::status::Status;
use std::io;
use std::path::PathBuf;

/// The arguments of `rfc1738 cdxj`.
#[derive(clap::Args)]
pub(crate) struct CdxjArgs {
    /// The ARC and WARC files (plain or gzip'd).
    pub(crate) files: Vec<PathBuf>,
}

/// Writes the index.
pub(crate) fn run(args: CdxjArgs, out: &mut Out) -> io::Result<Status> {
    let _ = (args.files, out);
    Ok(Status::Invalid)
}
