//! `rfc1738`: parse URLs by RFC 1738 (or RFC 1630, or its draft) from the command line,
//! resolve partial forms, normalize and check URLs, find them in text and in HTML pages.
//!
//! ```text
//! rfc1738 parse [--dialect rfc1738|rfc1630|draft] [--url-only] [--json] [URL ... | -] [-f FILE]
//! rfc1738 resolve [--mode rfc1630|draft|rfc1808|cern] [--json] [CONTEXT [PARTIAL ... | -]] [-f FILE]
//! rfc1738 normalize [--json] [URL ... | -] [-f FILE]
//! rfc1738 key [--style rfc1738|surt] [--json] [URL ... | -] [-f FILE]
//! rfc1738 cdxj [--style rfc1738|surt] [--sort] [FILE ...]
//! rfc1738 lint [--dialect D] [--json] [--all] [URL ... | -] [-f FILE]
//! rfc1738 request [--dialect D] [--json] [--ftp-password EMAIL] [--news-server HOST[:PORT]] [--allow-dangerous] [--http-host] [URL ... | -] [-f FILE]
//! rfc1738 fetch [--json] [-o FILE] [--max-size BYTES] [--timeout SECONDS] [--follow[=N]] [--ftp-password EMAIL] [--news-server HOST[:PORT]] [--allow-dangerous] [--http-host] [-q] URL
//! rfc1738 extract [--dialect D] [--json] [--max-len N] [--line-numbers] [--fail-on-invalid] [--format auto|text|warc|arc] [--max-record N] [FILE ... | -]
//! rfc1738 links [--base URL] [--mode M] [--html html2|whatwg] [--json] [--max-len N] [--fail-on-invalid] [--format auto|html|warc|arc] [--max-record N] [FILE ... | -]
//! rfc1738 serve [--host ADDRESS] [--port N] [--open]
//! rfc1738 completions bash|zsh|fish|powershell|elvish
//! rfc1738 man [COMMAND] [--dir DIR]
//!     every mode: [--only valid|invalid] [--summary] [-q|--quiet] [--color auto|always|never] [--line-buffered]
//! ```
//!
//! The conventions, the same in every mode (the book, "The command line"): inputs as
//! arguments, `-` for standard input, nothing for standard input, `--file` for files of
//! one URL per line; the answers on standard output (with `--json`, one object per input,
//! carrying `line`, and `file` for a line of a `--file`), the errors on standard error;
//! exit status 0 when every input is valid, 1 when any is invalid (`extract` and `links`:
//! only with `--fail-on-invalid`), 2 on a usage error or a file that cannot be read.

mod archives;
mod cdxj;
mod cli;
mod extract;
mod fetch;
mod key;
mod lines;
mod links;
mod lint;
mod manuals;
mod mirror;
mod normalize;
mod output;
mod parse;
mod partial;
mod place;
mod request;
mod resolve;
mod status;
mod timeline;

use clap::{CommandFactory, Parser};
use cli::{Cli, Command, Inputs, SelectArgs};
use lines::Sources;
use lint::LintMode;
use output::{Out, Paint, Select};
use parse::ParseMode;
use request::RequestMode;
use rfc1738::extraction::Extractor;
use rfc1738::reports::InputForm;
use rfc1738::requests::RequestOptions;
use rfc1738::Dialect;
use rfc1738_archive::{ArchiveReader, Format};
use rfc1738_fetch::Fetcher;
use rfc1738_links::LinkLister;
use status::Status;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let on_terminal = stdout.is_terminal();
    let mut out = Out {
        writer: BufWriter::new(stdout.lock()),
        line_buffered: cli.line_buffered || on_terminal,
        paint_stderr: Paint::new(cli.color, io::stderr().is_terminal()),
    };
    let paint = Paint::new(cli.color, on_terminal);
    let result = run(cli.command, paint, &mut out);
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(Status::Valid) => ExitCode::SUCCESS,
        Ok(Status::Invalid) => ExitCode::from(1),
        Ok(Status::Unreadable) => ExitCode::from(2),
        // A closed pipe (`rfc1738 parse ... | head`) is not an error of ours.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("rfc1738: {error}");
            ExitCode::from(2)
        }
    }
}

/// Runs one mode.
fn run(command: Command, paint: Paint, out: &mut Out) -> io::Result<Status> {
    match command {
        Command::Parse {
            dialect,
            url_only,
            json,
            urls,
            inputs,
        } => {
            let mode = ParseMode {
                dialect: dialect.into(),
                form: match url_only {
                    true => InputForm::Url,
                    false => InputForm::Reference,
                },
                json,
            };
            per_url("parse", &urls, &inputs, out, |item, place, select, out| {
                parse::print_url(item, place, &mode, select, out)
            })
        }
        Command::Resolve {
            mode,
            compare,
            json,
            context,
            partials,
            inputs,
        } => {
            // "-" alone in the context's place: the CONTEXT<TAB>PARTIAL lines of standard
            // input.
            let (context, partials) = match (context, partials.is_empty()) {
                (Some(context), true) if context == "-" => (None, vec![context]),
                (Some(context), true) if inputs.files.is_empty() => usage_error(
                    "resolve",
                    format!(
                        "resolve {context:?}: no partial form to resolve against it (give them as \
                     arguments, \"-\" for standard input, or --file)"
                    ),
                ),
                (context, _) => (context, partials),
            };
            let mut select = select(&inputs.select);
            let compare = links::compared_modes("resolve", compare);
            resolve::run(
                mode.into(),
                &compare,
                json,
                context.as_deref(),
                &sources(&partials, &inputs),
                &mut select,
                out,
            )
        }
        Command::Normalize { json, urls, inputs } => per_url(
            "normalize",
            &urls,
            &inputs,
            out,
            |item, place, select, out| normalize::print_normalized(item, place, json, select, out),
        ),
        Command::Key {
            style,
            json,
            urls,
            inputs,
        } => {
            // One line's buffer for every key.
            let mut line = String::new();
            per_url("key", &urls, &inputs, out, |item, place, select, out| {
                key::print_key(item, place, style.into(), json, select, &mut line, out)
            })
        }
        Command::Timeline {
            base,
            json,
            urls,
            inputs,
        } => per_url(
            "timeline",
            &urls,
            &inputs,
            out,
            |item, place, select, out| {
                timeline::print_timeline(item, place, base.as_deref(), json, select, out)
            },
        ),
        Command::Cdxj(args) => cdxj::run(args, out),
        Command::Lint {
            dialect,
            min_severity,
            ignore,
            json,
            all,
            urls,
            inputs,
        } => {
            let min_severity = rfc1738::lint::Severity::ALL
                .into_iter()
                .find(|severity| Some(severity.name()) == min_severity.as_deref())
                .unwrap_or(rfc1738::lint::Severity::Notice);
            let mode = LintMode {
                dialect: Dialect::from(dialect),
                min_severity,
                ignore,
                json,
                all,
                paint,
            };
            per_url("lint", &urls, &inputs, out, |item, place, select, out| {
                lint::print_lint(item, place, &mode, select, out)
            })
        }
        Command::Request {
            dialect,
            json,
            ftp_password,
            news_server,
            allow_dangerous,
            http_host,
            urls,
            inputs,
        } => {
            let options = request_options(allow_dangerous, http_host, ftp_password, news_server);
            let mode = RequestMode {
                dialect: dialect.into(),
                json,
                options,
                paint,
            };
            per_url(
                "request",
                &urls,
                &inputs,
                out,
                |item, place, select, out| request::print_request(item, place, &mode, select, out),
            )
        }
        Command::Fetch {
            dialect,
            json,
            output,
            max_size,
            timeout,
            follow,
            ftp_password,
            news_server,
            allow_dangerous,
            http_host,
            quiet,
            url,
        } => {
            let options = request_options(allow_dangerous, http_host, ftp_password, news_server);
            let fetcher = Fetcher::new()
                .options(options)
                .dialect(dialect.into())
                .max_size(max_size)
                .timeout(Duration::from_secs_f64(timeout))
                .follow_redirects(follow.unwrap_or(0));
            let mode = fetch::FetchMode {
                fetcher,
                json,
                quiet,
                output,
            };
            fetch::run(&url, &mode, out)
        }
        Command::Extract {
            dialect,
            json,
            max_len,
            line_numbers,
            fail_on_invalid,
            format,
            archive,
            select: select_args,
            files,
        } => {
            let max_len = at_least_256("extract", max_len, out)?;
            let archives = archives::Archives {
                reading: match format {
                    cli::ExtractFormat::Auto => Some(None),
                    cli::ExtractFormat::Text => None,
                    cli::ExtractFormat::Warc => Some(Some(Format::Warc)),
                    cli::ExtractFormat::Arc => Some(Some(Format::Arc)),
                },
                reader: ArchiveReader::new().max_record(archive.max_record),
            };
            let extractor = Extractor::new()
                .dialect(dialect.into())
                .max_len(max_len)
                .line_numbers(line_numbers);
            let mut select = select(&select_args);
            let status = extract::run_extract(extractor, archives, &files, json, &mut select, out)?;
            Ok(status.failing_on_invalid(fail_on_invalid && select.any_invalid()))
        }
        Command::Links {
            base,
            bases,
            base_prefix,
            mode,
            compare,
            html,
            json,
            max_len,
            fail_on_invalid,
            format,
            archive,
            select: select_args,
            files,
        } => {
            let max_len = at_least_256("links", max_len, out)?;
            let archives = archives::Archives {
                reading: match format {
                    cli::LinksFormat::Auto => Some(None),
                    cli::LinksFormat::Html => None,
                    cli::LinksFormat::Warc => Some(Some(Format::Warc)),
                    cli::LinksFormat::Arc => Some(Some(Format::Arc)),
                },
                reader: ArchiveReader::new().max_record(archive.max_record),
            };
            let mut lister = LinkLister::new()
                .mode(mode.into())
                .compare(&links::compared_modes("links", compare))
                .reading(html.into())
                .max_len(max_len);
            if let Some(base) = base {
                if let Err(error) = rfc1738::parse_reference(&base, Dialect::Rfc1738) {
                    out.note(format_args!(
                        "rfc1738 links: note: --base {:?} is no valid URL by RFC 1738 ({}): \
                         links are resolved against it as written",
                        base,
                        error.message()
                    ))?;
                }
                lister = lister.base(base);
            }
            let bases = match mirror::Bases::read(&bases, &base_prefix) {
                Ok(bases) => bases,
                Err(message) => {
                    out.note(format_args!("rfc1738 links: {message}"))?;
                    return Ok(Status::Unreadable);
                }
            };
            let (files, left_out) = match mirror::expand(&files) {
                Ok(found) => found,
                Err(error) => {
                    out.note(format_args!("rfc1738 links: {error}"))?;
                    return Ok(Status::Unreadable);
                }
            };
            let mut select = select(&select_args);
            let status =
                links::run_links(&lister, &bases, archives, &files, json, &mut select, out)?;
            if left_out > 0 && select.summary {
                out.note(format_args!(
                    "rfc1738 links: {} of the folders given left out (not .html, .htm, .shtml, ARC or WARC)",
                    output::counted(left_out, "file")
                ))?;
            }
            Ok(status.failing_on_invalid(fail_on_invalid && select.any_invalid()))
        }
        Command::Serve { host, port, open } => {
            out.flush()?;
            rfc1738_explorer::run(host, port, open)?;
            Ok(Status::Valid)
        }
        Command::Completions { shell } => {
            manuals::completions(shell, out)?;
            Ok(Status::Valid)
        }
        Command::Man { command, dir } => manuals::man(command.as_deref(), dir.as_deref(), out),
    }
}

/// The configuration of `request` and `fetch`: the news server is the option's, else
/// NNTPSERVER's, as the readers of 1994 read it; the anonymous FTP password the option's,
/// else EMAIL's (the user's address, which section 3.2.1 asks for).
fn request_options(
    allow_dangerous: bool,
    http_host: bool,
    ftp_password: Option<String>,
    news_server: Option<String>,
) -> RequestOptions {
    let mut options = RequestOptions::new()
        .allow_dangerous(allow_dangerous)
        .http_host_header(http_host);
    // Anonymous FTP's password: --ftp-password, else $EMAIL, else the user at the host,
    // as the clients of the time made one (Lynx sent `user@host`); the request says which.
    // `--ftp-password ''` sends none: PASS is left missing.
    let given = |value: Option<String>| value.filter(|value| !value.is_empty());
    options = match (ftp_password, given(std::env::var("EMAIL").ok())) {
        (Some(email), _) if email.is_empty() => options,
        (Some(email), _) => options.ftp_password_from(email, "--ftp-password"),
        (None, Some(email)) => options.ftp_password_from(email, "$EMAIL"),
        (None, None) => {
            let user = given(std::env::var("USER").ok())
                .or_else(|| given(std::env::var("LOGNAME").ok()))
                .unwrap_or_else(|| "anonymous".to_owned());
            let email = format!("{user}@{}", host_name());
            options.ftp_password_from(
                email,
                "the user and host names, as Lynx made one (no --ftp-password, no $EMAIL)",
            )
        }
    };
    let news_server = news_server
        .or_else(|| std::env::var("NNTPSERVER").ok())
        .filter(|server| !server.is_empty());
    if let Some(server) = news_server {
        options = options.news_server(server);
    }
    options
}

/// This machine's name, for anonymous FTP's password: `$HOSTNAME`, else the kernel's
/// (`/proc/sys/kernel/hostname`) or `/etc/hostname`, else `localhost`.
fn host_name() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty() && name.bytes().all(|b| b.is_ascii_graphic()))
        .unwrap_or_else(|| "localhost".to_owned())
}

/// The inputs of a mode that reads one per line.
fn sources<'a>(arguments: &'a [String], inputs: &'a Inputs) -> Sources<'a> {
    Sources {
        arguments,
        files: &inputs.files,
    }
}

/// A mode that reads URLs one per line (parse, normalize, lint, request), its plumbing
/// written once: the selection of `--only`, `--quiet` and `--summary`, the sources
/// (arguments, `-`, `--file`), `print` called for each input with its place, then the
/// summary.
fn per_url(
    mode: &str,
    urls: &[String],
    inputs: &Inputs,
    out: &mut Out,
    mut print: impl FnMut(lines::Item<'_>, place::Place<'_>, &mut Select, &mut Out) -> io::Result<bool>,
) -> io::Result<Status> {
    let mut select = select(&inputs.select);
    let status =
        sources(urls, inputs).each(mode, "URLs (one per line)", out, |item, place, out| {
            print(item, place, &mut select, out)
        })?;
    select.finish(out, mode, "inputs")?;
    Ok(status)
}

fn select(args: &SelectArgs) -> Select {
    Select::new(args.only, args.quiet, args.summary)
}

/// A `--max-len` below 256 is raised to 256, and standard error says so.
fn at_least_256(mode: &str, max_len: usize, out: &mut Out) -> io::Result<usize> {
    if max_len < 256 {
        out.note(format_args!(
            "rfc1738 {mode}: --max-len {max_len} is less than the least, 256: reading with 256"
        ))?;
    }
    Ok(max_len.max(256))
}

/// A usage error of a mode found after the arguments were read: clap's message with the
/// mode's usage, exit status 2.
fn usage_error(mode: &str, message: String) -> ! {
    let mut command = Cli::command();
    command.build();
    let mode = command
        .find_subcommand_mut(mode)
        .expect("a mode of the command line");
    mode.error(clap::error::ErrorKind::MissingRequiredArgument, message)
        .exit()
}
