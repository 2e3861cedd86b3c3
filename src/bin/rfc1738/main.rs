//! `rfc1738`: parse URLs by RFC 1738 (or RFC 1630, or its draft) from the command line,
//! and resolve RFC 1630's partial forms.
//!
//! ```text
//! rfc1738 parse [--dialect rfc1738|rfc1630|draft] [--json] [URL ...]
//! rfc1738 resolve [--mode rfc1630|draft|rfc1808|cern] [--json] [CONTEXT PARTIAL ...]
//! rfc1738 extract [--dialect D] [--json] [--max-len N] [--line-numbers] [FILE ...]
//! rfc1738 normalize [--json] [URL ...]
//! rfc1738 lint [--dialect D] [--json] [--all] [URL ...]
//! rfc1738 links [--base URL] [--mode rfc1630|draft|rfc1808|cern] [--html html2|whatwg] [--json] [--max-len N] [FILE ...]
//! ```
//!
//! Every mode also takes `--color auto|always|never` and `--line-buffered`.
//!
//! Without URL (or PARTIAL) arguments, reads one input per line from standard input (a
//! line's CR LF or LF ending is not part of it; `resolve` reads `CONTEXT<TAB>PARTIAL`
//! lines). Exit status: 0 when every input is valid, 1 when any is invalid, 2 on a usage
//! error. `extract` reads the files (standard input without any, or for `-`) as streams,
//! in bounded memory; its exit status is 0 when every file was read, 2 when one could not
//! be (the others are still read), whatever it found. `lint` exits 0 when no input is
//! invalid or has a warning of severity `warning` or `danger`, 1 otherwise.
//!
//! Output conventions (README.md, "The command line"): JSON objects of the batch modes
//! carry `line`, the input's line (or the argument's position) from 1; a human error read
//! from standard input starts with `-:LINE:COLUMN:`; `normalize` and `resolve` print one
//! line per input line on standard output, empty for an input that has no answer (its
//! error goes to standard error); control characters of the input are shown as `\x1b`
//! escapes wherever text output echoes it.

mod extract;
mod lines;
mod links;
mod lint;
mod normalize;
mod output;
mod parse;
mod resolve;

use clap::{Parser, Subcommand, ValueEnum};
use lines::{each_input, Batch};
use output::{Out, Paint};
use rfc1738::{Dialect, Extractor, HtmlReading, LinkLister, ResolveMode};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "rfc1738",
    version,
    about = "URLs exactly as RFC 1738 (1994) defines them",
    after_help = "Without URL arguments a mode reads one input per line from standard input. \
                  Exit status: 0 all valid, 1 some invalid (lint: or a warning), 2 usage error \
                  or unreadable file."
)]
struct Cli {
    /// Colour `error:`, carets and severities: auto (when writing to a terminal and
    /// NO_COLOR is not set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
    /// Write each answer as soon as its input line is read, also into a pipe (always so on
    /// a terminal): for `tail -f log | rfc1738 parse --json`.
    #[arg(long, global = true)]
    line_buffered: bool,
    #[command(subcommand)]
    command: Command,
}

/// When to colour the output.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set to a non-empty value.
    Auto,
    /// Always, even into a pipe.
    Always,
    /// Never.
    Never,
}

/// The grammar to read by.
#[derive(Clone, Copy, ValueEnum)]
enum DialectArg {
    /// RFC 1738, Uniform Resource Locators (December 1994), the standard.
    Rfc1738,
    /// RFC 1630, Universal Resource Identifiers in WWW (June 1994).
    Rfc1630,
    /// draft-www-uri-00, the March 1994 draft of RFC 1630.
    #[value(alias = "draft-www-uri-00")]
    Draft,
}

impl From<DialectArg> for Dialect {
    fn from(dialect: DialectArg) -> Dialect {
        match dialect {
            DialectArg::Rfc1738 => Dialect::Rfc1738,
            DialectArg::Rfc1630 => Dialect::Rfc1630,
            DialectArg::Draft => Dialect::DraftWwwUri00,
        }
    }
}

/// How partial forms are resolved.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
enum ModeArg {
    /// Rule 2 as RFC 1630's text states it (confirmed by its author in 1997).
    Rfc1630,
    /// Rule 2 as the March 1994 draft states it (gives every row of the RFC's example
    /// table).
    #[value(alias = "draft-www-uri-00")]
    Draft,
    /// RFC 1808 (June 1995), to the letter: ".." above the root and "/./g" stay, "http:g"
    /// is absolute.
    Rfc1808,
    /// The CERN library's HTParse (libwww 2.10-2.14, 1993), which NCSA Mosaic 2.4-2.7b5 and
    /// Lynx up to 2.6 ran: ":80" and ":70" dropped, "http:g" relative to an http base, the
    /// base's fragment copied onto a link without one (`links` passes the base without it,
    /// as the browsers did).
    Cern,
}

impl From<ModeArg> for ResolveMode {
    fn from(mode: ModeArg) -> ResolveMode {
        match mode {
            ModeArg::Rfc1630 => ResolveMode::Rfc1630,
            ModeArg::Draft => ResolveMode::Draft,
            ModeArg::Rfc1808 => ResolveMode::Rfc1808,
            ModeArg::Cern => ResolveMode::Cern,
        }
    }
}

/// How the markup of a page is read.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
enum HtmlArg {
    /// HTML 2.0 (RFC 1866 section 3.2.5, SGML's rules), what the pages of 1993-1996 were
    /// written to: "<!-- a -- >" ends at its ">", "<!-- a -- -- b -- >" holds two comments;
    /// XMP, LISTING and PLAINTEXT end at their own end tag.
    Html2,
    /// Today's WHATWG tokenizer: a comment runs from "<!--" to the next "-->"; SCRIPT and
    /// STYLE hold no links; PLAINTEXT runs to the end.
    Whatwg,
}

impl From<HtmlArg> for HtmlReading {
    fn from(reading: HtmlArg) -> HtmlReading {
        match reading {
            HtmlArg::Html2 => HtmlReading::Html2,
            HtmlArg::Whatwg => HtmlReading::Whatwg,
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Parse URLs and print their components, or where and why they are invalid.
    Parse {
        /// The grammar to read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Rfc1738)]
        dialect: DialectArg,
        /// Print one JSON object per input (the corpus format, with `line`) instead of a
        /// tree.
        #[arg(long)]
        json: bool,
        /// The URLs to parse (each may carry the prefix "URL:" and a "#fragment"); without
        /// any, one URL per line is read from standard input.
        urls: Vec<String>,
    },
    /// Resolve partial forms (relative URIs) against a context URI, by RFC 1630's rules, or
    /// relative URLs by RFC 1808 or as the CERN library (Mosaic, Lynx) did.
    Resolve {
        /// The rules: RFC 1630's (either reading of its rule 2), RFC 1808's, or the CERN
        /// library's.
        #[arg(long, value_enum, ignore_case = true, default_value_t = ModeArg::Rfc1630)]
        mode: ModeArg,
        /// Print one JSON object per partial form: {"line", "context", "partial", "mode",
        /// "result"} (or "error" instead of "result").
        #[arg(long)]
        json: bool,
        /// The context URI (then at least one PARTIAL); without it, CONTEXT<TAB>PARTIAL
        /// lines are read from standard input.
        #[arg(requires = "partials")]
        context: Option<String>,
        /// The partial forms to resolve against the context. One line each on standard
        /// output: the result, or an empty line (the error goes to standard error).
        partials: Vec<String>,
    },
    /// Bring URLs to one encoding level for comparison (RFC 1630): scheme and host in lower
    /// case, needless escapes decoded, the rest in upper-case hex, default ports removed.
    /// A "URL:" prefix and a "#fragment" are kept as written around the normalized URL.
    /// One line per input: the normalized URL, or an empty line for an invalid one (its
    /// error goes to standard error).
    Normalize {
        /// Print one JSON object per URL: {"line", "input", "valid", "normalized"}, or the
        /// parse report with its "error".
        #[arg(long)]
        json: bool,
        /// The URL references (RFC 1738, "[URL:] url [#fragment]"); without any, one per
        /// line from standard input.
        urls: Vec<String>,
    },
    /// Check URLs as RFC 1738 section 6 asks: ports other than the default, escaped
    /// protocol delimiters (%0D %0A %00 %09), passwords, logins where the scheme allows none.
    /// Prints only the URLs with a warning or an error (--all: every URL).
    Lint {
        /// The grammar to read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Rfc1738)]
        dialect: DialectArg,
        /// Print one JSON object per URL, clean or not: {"line", "input", "valid", "kind",
        /// "warnings": [...]}.
        #[arg(long)]
        json: bool,
        /// Print every URL, "no warning" under the clean ones.
        #[arg(long)]
        all: bool,
        /// The URLs; without any, one per line from standard input.
        urls: Vec<String>,
    },
    /// Find the URLs in running text (RFC 1738 appendix): <URL:...>, <...> around a known
    /// scheme, and bare ones; one line (or JSON object) per URL.
    Extract {
        /// The grammar the URLs found are read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::Rfc1738)]
        dialect: DialectArg,
        /// Print one JSON object per URL found (the extraction corpus format).
        #[arg(long)]
        json: bool,
        /// The longest URL looked for, in bytes (at least 256; less counts as 256); a longer
        /// one is reported cut and invalid. Memory stays within about five times this plus
        /// a few MB, whatever the input's size.
        #[arg(long, default_value_t = Extractor::DEFAULT_MAX_LEN)]
        max_len: usize,
        /// Each line starts with a line number ("1207."), as in a numbered copy of a
        /// document: the numbers are not part of URLs that run across lines.
        #[arg(long)]
        line_numbers: bool,
        /// The text files to search ("-" is standard input); without any, standard input.
        files: Vec<std::path::PathBuf>,
    },
    /// List the links of HTML pages (the URL attributes of HTML 2.0: A HREF, BASE HREF,
    /// FORM ACTION, IMG SRC, LINK HREF, INPUT SRC of TYPE=IMAGE), in document order, each
    /// resolved against the page's BASE HREF or else --base, and judged by RFC 1738.
    Links {
        /// The URL the pages were fetched from: the base of a page without BASE HREF (a
        /// relative BASE HREF is resolved against it).
        #[arg(long)]
        base: Option<String>,
        /// How links are resolved, against the page's address without its fragment. The
        /// default, cern, is the CERN library (libwww 2.10-2.14) that NCSA Mosaic 2.4-2.7b5
        /// and Lynx up to 2.6 ran, called per element as Mosaic 2.7b5 called it (images keep
        /// no fragment, a GET form's ACTION no query); rfc1808 is the standard of June 1995,
        /// rfc1630 and draft the rules of 1994.
        #[arg(long, value_enum, ignore_case = true, default_value_t = ModeArg::Cern)]
        mode: ModeArg,
        /// How comments and other markup declarations are read: by HTML 2.0's rules, or by
        /// today's WHATWG tokenizer. Either way, one still open at the end of a page is
        /// reported (error "unclosed"), as is a tag.
        #[arg(long, value_enum, ignore_case = true, default_value_t = HtmlArg::Html2)]
        html: HtmlArg,
        /// Print one JSON object per link: {"file", "line", "element", "attribute", "href",
        /// "result", "valid", "kind"} ("error" instead of "valid" and "kind" when there is no
        /// result), "warning" when a relative BASE was resolved, and "charset".
        #[arg(long)]
        json: bool,
        /// The longest tag, comment, declaration or link attribute read, in bytes (at least
        /// 256); a longer one is reported and skipped. Memory stays within a few times
        /// this, whatever the page's size.
        #[arg(long, default_value_t = LinkLister::DEFAULT_MAX_LEN)]
        max_len: usize,
        /// The HTML files ("-" is standard input); without any, standard input. Bytes that
        /// are not UTF-8 are read as Latin-1 from the first such byte on.
        files: Vec<std::path::PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let on_terminal = stdout.is_terminal();
    let mut out = Out {
        writer: BufWriter::new(stdout.lock()),
        line_buffered: cli.line_buffered || on_terminal,
    };
    let paint = Paint::new(cli.color, on_terminal);
    let paint_stderr = Paint::new(cli.color, io::stderr().is_terminal());
    let result = match cli.command {
        Command::Parse {
            dialect,
            json,
            urls,
        } => {
            let dialect = Dialect::from(dialect);
            each_input(
                &urls,
                Batch::Parse(dialect),
                json,
                paint,
                &mut out,
                |input, out| parse::print_url(input, dialect, json, paint, out),
            )
        }
        Command::Resolve {
            mode,
            json,
            context,
            partials,
        } => resolve::run(
            mode.into(),
            json,
            context.as_deref(),
            &partials,
            paint_stderr,
            &mut out,
        ),
        Command::Normalize { json, urls } => each_input(
            &urls,
            Batch::Normalize,
            json,
            paint_stderr,
            &mut out,
            |input, out| normalize::print_normalized(input, json, paint_stderr, out),
        ),
        Command::Lint {
            dialect,
            json,
            all,
            urls,
        } => {
            let dialect = Dialect::from(dialect);
            each_input(
                &urls,
                Batch::Lint(dialect),
                json,
                paint,
                &mut out,
                |input, out| lint::print_lint(input, dialect, json, all, paint, out),
            )
        }
        Command::Extract {
            dialect,
            json,
            max_len,
            line_numbers,
            files,
        } => {
            let extractor = Extractor::new()
                .dialect(dialect.into())
                .max_len(max_len)
                .line_numbers(line_numbers);
            extract::run_extract(extractor, &files, json, &mut out)
        }
        Command::Links {
            base,
            mode,
            html,
            json,
            max_len,
            files,
        } => {
            let mut lister = LinkLister::new()
                .mode(mode.into())
                .reading(html.into())
                .max_len(max_len);
            if let Some(base) = base {
                lister = lister.base(base);
            }
            links::run_links(&lister, &files, json, &mut out)
        }
    };
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

/// How a run ended: the exit status.
enum Status {
    /// Every input valid (for `extract`: every file read).
    Valid,
    /// Some input invalid.
    Invalid,
    /// Some file could not be read.
    Unreadable,
}

impl From<bool> for Status {
    fn from(all_valid: bool) -> Status {
        if all_valid {
            Status::Valid
        } else {
            Status::Invalid
        }
    }
}
