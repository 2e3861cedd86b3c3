//! `rfc1738 fetch`: what a gopher, ftp, http or news/nntp URL names, its body on standard
//! output (or in a file), the report (what was sent, what came back, sizes, time) on
//! standard error, in text or `--json`.

use crate::output::{shown, write_error, Out, Paint};
use crate::partial::Partial;
use crate::place::Place;
use crate::request::print_refusal;
use crate::status::Status;
use rfc1738::requests::Missing;
use rfc1738_fetch::{FetchError, FetchErrorKind, FetchReport, Fetched, Fetcher};
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

/// How `fetch` runs.
pub(crate) struct FetchMode {
    pub(crate) fetcher: Fetcher,
    pub(crate) json: bool,
    pub(crate) quiet: bool,
    pub(crate) output: Option<PathBuf>,
}

/// Fetches `url`: the body to standard output or `--output`, the report to standard
/// error. Exit status 0 when fetched, 1 when not (the report says why), 2 when the output
/// file cannot be written (its partial file not made, or not renamed to it).
pub(crate) fn run(url: &str, mode: &FetchMode, out: &mut Out) -> io::Result<Status> {
    let (result, to) = match &mode.output {
        None => (mode.fetcher.fetch(url, out), "standard output".to_owned()),
        Some(path) => {
            // Written to a new file of a random name beside it, renamed once complete: a
            // fetch that fails (or is ended by SIGINT or SIGTERM) leaves no file that
            // looks whole, and nothing already in the folder is opened (partial.rs).
            let partial = match Partial::create(path) {
                Ok(partial) => partial,
                Err(error) => {
                    out.note(format_args!(
                        "rfc1738 fetch: {}: {error}",
                        shown(&path.to_string_lossy())
                    ))?;
                    return Ok(Status::Unreadable);
                }
            };
            let mut writer = BufWriter::new(partial.file());
            let result = mode.fetcher.fetch(url, &mut writer);
            drop(writer);
            if result.is_ok() {
                if let Err(error) = partial.finish(path) {
                    out.note(format_args!(
                        "rfc1738 fetch: {}: {error}",
                        shown(&path.to_string_lossy())
                    ))?;
                    return Ok(Status::Unreadable);
                }
            }
            (result, shown(&path.to_string_lossy()).into_owned())
        }
    };
    out.flush()?;
    if !mode.quiet {
        out.stderr(|stderr, paint| match mode.json {
            true => {
                serde_json::to_writer(&mut *stderr, &FetchReport::new(url, &result))?;
                writeln!(stderr)
            }
            false => report(url, &result, &to, paint, stderr),
        })?;
    }
    Ok(match result {
        Ok(_) => Status::Valid,
        Err(_) => Status::Invalid,
    })
}

/// The report in text: the URL, each event, then the outcome, the sizes and the time.
fn report(
    url: &str,
    result: &Result<Fetched, FetchError>,
    to: &str,
    paint: Paint,
    stderr: &mut dyn Write,
) -> io::Result<()> {
    if let Err(error) = result {
        match error.kind() {
            FetchErrorKind::Invalid(parse_error) => {
                writeln!(stderr, "{}", shown(url))?;
                return write_error(&mut &mut *stderr, "", parse_error, paint);
            }
            FetchErrorKind::RefusedByLint(refused) => {
                return print_refusal(
                    url,
                    Place::Argument(1),
                    refused,
                    "fetches it",
                    paint,
                    stderr,
                )
            }
            _ => {}
        }
    }
    writeln!(stderr, "fetch    {}", shown(url))?;
    let transcript = match result {
        Ok(fetched) => fetched.transcript(),
        Err(error) => error.transcript(),
    };
    for event in transcript.events() {
        writeln!(stderr, "{event}")?;
    }
    if transcript.omitted() > 0 {
        writeln!(
            stderr,
            "...      ({} more events not kept)",
            transcript.omitted()
        )?;
    }
    match result {
        Ok(fetched) => {
            if let Some(status) = fetched.status() {
                writeln!(stderr, "status   {status}")?;
            }
            let what = fetched
                .media_type()
                .map_or(String::new(), |media| format!(" ({})", shown(media)));
            writeln!(
                stderr,
                "body     {} bytes to {to}{what}",
                transcript.body_bytes()
            )?;
        }
        Err(error) => {
            writeln!(
                stderr,
                "{} [{}] {}",
                paint.paint(Paint::RED, "error   "),
                error.code(),
                shown(&error.to_string())
            )?;
            if let Some(hint) = hint(error.kind()) {
                writeln!(stderr, "         {hint}")?;
            }
            if transcript.body_bytes() > 0 {
                writeln!(
                    stderr,
                    "body     {} bytes to {to} before the error{}",
                    transcript.body_bytes(),
                    if to == "standard output" {
                        ""
                    } else {
                        " (not kept)"
                    }
                )?;
            }
        }
    }
    writeln!(
        stderr,
        "sizes    {} bytes sent, {} received",
        transcript.sent_bytes(),
        transcript.received_bytes()
    )?;
    writeln!(
        stderr,
        "time     {:.3} s",
        transcript.elapsed().as_secs_f64()
    )
}

/// What the user can do about an error, when the command line has a way.
fn hint(kind: &FetchErrorKind) -> Option<&'static str> {
    Some(match kind {
        FetchErrorKind::Incomplete(Missing::AnonymousPassword) => {
            "--ftp-password EMAIL gives anonymous FTP's password"
        }
        FetchErrorKind::Incomplete(Missing::NewsServer) => {
            "--news-server HOST[:PORT], or NNTPSERVER, names the news server"
        }
        FetchErrorKind::Incomplete(Missing::Password) => {
            "the password goes in the URL: ftp://user:password@host/..."
        }
        FetchErrorKind::Incomplete(Missing::Search) => {
            "the search goes in the URL, after %09: gopher://host/7selector%09words"
        }
        FetchErrorKind::Timeout { .. } => "--timeout SECONDS waits longer",
        FetchErrorKind::TooLarge { what, .. } if what == "the body" => {
            "--max-size BYTES allows a larger body"
        }
        FetchErrorKind::Redirect { reason, .. } if reason.contains("--follow") => {
            "--follow follows redirects (to http URLs)"
        }
        _ => return None,
    })
}
