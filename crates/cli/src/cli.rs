//! The command line's arguments (clap): the modes, their options, their help.

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use rfc1738::extraction::Extractor;
use rfc1738::lint::{Severity, WarningKind};
use rfc1738::resolution::ResolveMode;
use rfc1738::Dialect;
use rfc1738_archive::ArchiveReader;
use rfc1738_fetch::Fetcher;
use rfc1738_links::{HtmlReading, LinkLister};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "rfc1738",
    version,
    about = "URLs exactly as RFC 1738 (1994) defines them",
    after_help = "Every mode: URLs (or files, for extract and links) as arguments, \"-\" for \
                  standard input, nothing for standard input. Standard output holds the answers, \
                  standard error the errors. Exit status: 0 all valid, 1 some invalid (lint: or \
                  a warning; request: or refused; fetch: or not fetched; extract and links: with --fail-on-invalid), 2 usage error or a file \
                  that cannot be read."
)]
pub(crate) struct Cli {
    /// Colour `error:`, carets and severities: auto (when writing to a terminal and
    /// NO_COLOR is not set), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto)]
    pub(crate) color: ColorWhen,
    /// Write each answer as soon as its input line is read, also into a pipe (always so on
    /// a terminal): for `tail -f log | rfc1738 parse --json`.
    #[arg(long, global = true)]
    pub(crate) line_buffered: bool,
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// When to colour the output.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set to a non-empty value.
    Auto,
    /// Always, even into a pipe.
    Always,
    /// Never.
    Never,
}

/// The grammar to read by: a [`Dialect`], its names and help read from the library (one
/// list of the dialects and their names).
#[derive(Clone, Copy)]
pub(crate) struct DialectArg(pub(crate) Dialect);

impl DialectArg {
    /// RFC 1738's, the default.
    pub(crate) const RFC1738: DialectArg = DialectArg(Dialect::Rfc1738);
}

impl ValueEnum for DialectArg {
    fn value_variants<'a>() -> &'a [Self] {
        static VARIANTS: std::sync::LazyLock<Vec<DialectArg>> =
            std::sync::LazyLock::new(|| Dialect::ALL.into_iter().map(DialectArg).collect());
        &VARIANTS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let value = clap::builder::PossibleValue::new(self.0.name()).help(self.0.title());
        Some(match self.0.alias() {
            Some(alias) => value.alias(alias),
            None => value,
        })
    }
}

impl From<DialectArg> for Dialect {
    fn from(dialect: DialectArg) -> Dialect {
        dialect.0
    }
}

/// How partial forms are resolved.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub(crate) enum ModeArg {
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
    /// RFC 2396 (August 1998), section 5.2 as written: ";p" is part of the path, "?y" keeps
    /// the base's folder, ".." above the root and "/./g" stay, "http:g" is absolute.
    Rfc2396,
    /// RFC 3986 (January 2005), section 5.2 (fluent-uri, and the RFC's own steps where it
    /// refuses): ".." above the root and "/./g" go, "?y" keeps the base's path, "http:g" is
    /// absolute.
    Rfc3986,
    /// The WHATWG URL Standard (today's browsers, the url crate): backslashes are slashes,
    /// the host is lower-cased, a special scheme's default port dropped (gopher's ":70"
    /// stays), spaces escaped, tabs removed; fails on a bad host or port.
    Whatwg,
}

/// The library's default mode ([`ResolveMode::default`]): one default for `resolve` and
/// `links`.
impl Default for ModeArg {
    fn default() -> ModeArg {
        match ResolveMode::default() {
            ResolveMode::Rfc1630 => ModeArg::Rfc1630,
            ResolveMode::Draft => ModeArg::Draft,
            ResolveMode::Rfc1808 => ModeArg::Rfc1808,
            _ => ModeArg::Cern,
        }
    }
}

impl From<ModeArg> for ResolveMode {
    fn from(mode: ModeArg) -> ResolveMode {
        match mode {
            ModeArg::Rfc1630 => ResolveMode::Rfc1630,
            ModeArg::Draft => ResolveMode::Draft,
            ModeArg::Rfc1808 => ResolveMode::Rfc1808,
            ModeArg::Cern => ResolveMode::Cern,
            ModeArg::Rfc2396 => ResolveMode::Rfc2396,
            ModeArg::Rfc3986 => ResolveMode::Rfc3986,
            ModeArg::Whatwg => ResolveMode::Whatwg,
        }
    }
}

/// How the markup of a page is read.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub(crate) enum HtmlArg {
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

/// The inputs of a mode that reads one URL per line, and which are printed.
#[derive(Args)]
pub(crate) struct Inputs {
    /// Read inputs from FILE too, one per line ("-" is standard input); repeatable.
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub(crate) files: Vec<PathBuf>,
    #[command(flatten)]
    pub(crate) select: SelectArgs,
}

/// The arguments of `rfc1738 cdxj`.
#[derive(Args)]
#[command(after_help = "Examples:
  rfc1738 cdxj crawl.warc.gz > crawl.cdxj
  rfc1738 cdxj --style surt --sort archives/ > index.cdxj   # the lines cdxj-indexer --sort writes
  rfc1738 cdxj --summary old-crawl.arc.gz > /dev/null   # what was indexed, left out, reported")]
pub(crate) struct CdxjArgs {
    /// The key of each line: the scheme-aware key (rfc1738, the default; a URL the RFC 1738
    /// grammar rejects gets the surt style's key, and its line the field "key_style":
    /// "surt"), or PyPI surt's (surt, cdxj-indexer's keys; a URL surt raises on is its own
    /// key).
    #[arg(long, value_enum, ignore_case = true, default_value_t = StyleArg::Rfc1738)]
    pub(crate) style: StyleArg,
    /// Sort the lines (by their bytes), each line once, as cdxj-indexer --sort does: in
    /// bounded memory, sorted chunks written to temporary files and merged.
    #[arg(long)]
    pub(crate) sort: bool,
    /// With --sort, how many bytes of lines are sorted in memory before they go to a
    /// temporary file (cdxj-indexer's 32 MiB by default).
    #[arg(long, value_name = "BYTES", default_value_t = 32 << 20, requires = "sort")]
    pub(crate) sort_buffer: usize,
    #[command(flatten)]
    pub(crate) archive: ArchiveArgs,
    /// After each file, say on standard error what it held: its format, the lines written,
    /// the records left out by their kind, the problems.
    #[arg(long)]
    pub(crate) summary: bool,
    /// The ARC and WARC files (plain or gzip'd; "-" is standard input), and folders, read
    /// recursively for their files named .arc, .arc.gz, .warc and .warc.gz (any case), in
    /// the order of their paths; without any, standard input. Each line's "filename" is
    /// its file's name without its folder.
    pub(crate) files: Vec<PathBuf>,
}

/// A key style ([`rfc1738_keys::Style`]).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum StyleArg {
    /// The scheme-aware key: the scheme kept, the host's labels reversed, equal exactly
    /// when RFC 1738 (or RFC 1630) says two URLs name the same thing.
    #[value(alias = "scheme")]
    Rfc1738,
    /// PyPI surt 0.3.1's key, byte for byte.
    Surt,
}

impl From<StyleArg> for rfc1738_keys::Style {
    fn from(style: StyleArg) -> rfc1738_keys::Style {
        match style {
            StyleArg::Rfc1738 => rfc1738_keys::Style::Rfc1738,
            StyleArg::Surt => rfc1738_keys::Style::Surt,
        }
    }
}

/// What `links` reads its files as.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum LinksFormat {
    /// ARC or WARC (plain or gzip'd) when the first bytes say so (gzip's magic bytes, then
    /// "WARC/" in any case, "filedesc://" or an ARC record's header line), HTML otherwise.
    Auto,
    /// HTML, whatever the first bytes.
    Html,
    /// WARC 1.0 or 1.1 (and the drafts 0.17 and 0.18), plain or gzip'd.
    Warc,
    /// ARC version 1 or 2, plain or gzip'd.
    Arc,
}

/// What `extract` reads its files as.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ExtractFormat {
    /// ARC or WARC (plain or gzip'd) when the first bytes say so (gzip's magic bytes, then
    /// "WARC/" in any case, "filedesc://" or an ARC record's header line), text otherwise.
    Auto,
    /// Text, whatever the first bytes.
    Text,
    /// WARC 1.0 or 1.1 (and the drafts 0.17 and 0.18), plain or gzip'd.
    Warc,
    /// ARC version 1 or 2, plain or gzip'd.
    Arc,
}

/// How ARC and WARC files are read (`extract`, `links`).
#[derive(Args)]
pub(crate) struct ArchiveArgs {
    /// The largest record of an ARC or WARC file read, in bytes (its length, and its HTTP
    /// body decoded): a longer one is reported on standard error and not held, its length
    /// not trusted (the next record is searched for from its header's end). Memory stays
    /// within about three times this (four in a gzip'd file), whatever the file's size.
    #[arg(long, value_name = "BYTES", default_value_t = ArchiveReader::DEFAULT_MAX_RECORD)]
    pub(crate) max_record: u64,
}

/// Which answers are printed, and what is said of the run.
#[derive(Args)]
pub(crate) struct SelectArgs {
    /// Print only the valid ones, or only the invalid ones (the exit status still counts
    /// every one).
    #[arg(long, value_enum, value_name = "WHICH")]
    pub(crate) only: Option<Only>,
    /// After the run, say on standard error how many were valid and invalid.
    #[arg(long)]
    pub(crate) summary: bool,
    /// Print nothing: the exit status alone says whether all were valid (a file that cannot
    /// be read is still told on standard error, and --summary still counts).
    #[arg(short, long, conflicts_with = "only")]
    pub(crate) quiet: bool,
}

/// A `--max-len` of at least 256 bytes.
fn max_len(value: &str) -> Result<usize, String> {
    value
        .parse::<usize>()
        .map_err(|error| format!("{error}: a number of bytes"))
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Parse URL references ([URL:] url [#fragment]; --url-only: URLs alone) and print
    /// their components, or where and why they are invalid.
    #[command(after_help = "Examples:
  rfc1738 parse 'ftp://myname@host.dom/%2Fetc/motd;type=a'
  rfc1738 parse --json -f urls.txt --only invalid > invalid.jsonl
  rfc1738 parse --quiet 'URL:http://h/a#top' && echo valid
  rfc1738 parse --url-only 'URL:http://h/a#top'        # invalid: a URL alone")]
    Parse {
        /// The grammar to read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::RFC1738)]
        dialect: DialectArg,
        /// Read each input as a URL alone, as the library's `parse` does: no "URL:" prefix,
        /// no "#fragment" (by default each is a URL reference, which may have both).
        #[arg(long)]
        url_only: bool,
        /// Print one JSON object per input (the corpus format, with `line`) instead of a
        /// tree.
        #[arg(long)]
        json: bool,
        /// The URLs ("-" reads one per line from standard input); without any (and without
        /// --file), standard input.
        urls: Vec<String>,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Resolve partial forms (relative URIs) against a context URI, by RFC 1630's rules, or
    /// relative URLs by RFC 1808 or as the CERN library (Mosaic, Lynx) did; or by RFC 2396,
    /// RFC 3986 or the WHATWG URL Standard.
    #[command(after_help = "Examples:
  rfc1738 resolve --mode rfc1808 'http://a/b/c/d;p?q' ../g '?y'
  rfc1738 resolve --mode rfc2396 'http://a/b/c/d;p?q' '?y' ../../../g   # http://a/b/c/?y http://a/../g
  rfc1738 resolve --mode whatwg 'http://info.cern.ch/a/b' '..\\c' 'http://H:80/'
  printf 'http://a/b/c\\tg\\n' | rfc1738 resolve --json
  rfc1738 resolve http://a/b/c - < partial-forms.txt
  rfc1738 resolve -f context-tab-partial.tsv --summary")]
    Resolve {
        /// The rules: the CERN library's (the default, as for links: what the browsers of
        /// 1993-1995 did), RFC 1630's (either reading of its rule 2), or RFC 1808's; or, to
        /// compare, the later standards': RFC 2396's, RFC 3986's, the WHATWG URL Standard's.
        #[arg(long, value_enum, ignore_case = true, default_value_t)]
        mode: ModeArg,
        /// Resolve each partial form by each of these modes instead (two or more, by comma:
        /// cern,whatwg), and class how their results differ, as `links --compare` does: a
        /// line per mode in text; with --json {"line", "context", "partial", "compare",
        /// "compare_errors", "differ", "classes", "differences"}. The exit status says
        /// whether every mode gave a result.
        #[arg(long, value_name = "MODE,MODE", value_delimiter = ',', value_parser = compare_mode, conflicts_with = "mode")]
        compare: Vec<ResolveMode>,
        /// Print one JSON object per partial form: {"line", "context", "partial", "mode",
        /// "result"} (or "error" instead of "result").
        #[arg(long)]
        json: bool,
        /// The context URI; the partial forms follow it, as arguments, as lines of "-" or of
        /// --file. Without a context ("-" alone, or nothing), CONTEXT<TAB>PARTIAL lines are
        /// read from standard input and from --file.
        context: Option<String>,
        /// The partial forms to resolve against the context. One line each on standard
        /// output: the result, or an empty line (the error goes to standard error).
        partials: Vec<String>,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Bring URLs to one encoding level for comparison (RFC 1630): scheme and host in lower
    /// case, needless escapes decoded, the rest in upper-case hex, default ports removed.
    /// A "URL:" prefix and a "#fragment" are kept as written around the normalized URL.
    /// One line per input: the normalized URL, or an empty line for an invalid one (its
    /// error goes to standard error).
    #[command(after_help = "Examples:
  rfc1738 normalize 'HTTP://Info.CERN.ch:80/%7ebl'
  rfc1738 normalize -f urls.txt 2>/dev/null | paste urls.txt - | sort -u -k2")]
    Normalize {
        /// Print one JSON object per URL: {"line", "input", "form", "valid", "normalized"},
        /// or the parse report with its "error".
        #[arg(long)]
        json: bool,
        /// The URL references (RFC 1738, "[URL:] url [#fragment]"; "-" reads one per line
        /// from standard input); without any (and without --file), standard input.
        urls: Vec<String>,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// The archive key of each URL: by default a SURT-ordered key that keeps what the
    /// URL's scheme means (equal for two URLs exactly when RFC 1738 or RFC 1630 says they
    /// name the same thing), or with --style surt the key of PyPI surt 0.3.1, byte for
    /// byte. One line per input: the key, or an empty line (the error goes to standard
    /// error).
    #[command(after_help = "Examples:
  rfc1738 key 'gopher://Gopher.Micro.UMN.EDU:70/11/Gopher'
  rfc1738 key --style surt -f urls.txt
  rfc1738 key --json 'telnet://fedix@fedix.fie.com/'")]
    Key {
        /// The key: rfc1738 (the scheme-aware one, the URL read by its scheme's grammar) or
        /// surt (PyPI surt's, of any text, URLs the grammar rejects included).
        #[arg(long, value_enum, ignore_case = true, default_value_t = StyleArg::Rfc1738)]
        style: StyleArg,
        /// Print one JSON object per input: {"line", "input", "style", "key"}, with
        /// "error" instead of "key" when there is none; for the rfc1738 style also "surt"
        /// (the surt style's key) and "merges" (what that key merges that this one keeps
        /// apart).
        #[arg(long)]
        json: bool,
        /// The URL references (RFC 1738, "[URL:] url [#fragment]", in angle brackets or
        /// not; "-" reads one per line from standard input); without any (and without
        /// --file), standard input.
        urls: Vec<String>,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Then and now: the verdict of each standard on each URL in its year (draft-www-uri-00,
    /// RFC 1630 and RFC 1738 of 1994, RFC 1808 of 1995, RFC 2396 of 1998, RFC 3986 of 2005
    /// by fluent-uri, the WHATWG URL Standard of today by the url crate) with the first
    /// error under each; with --base, the URL resolved as a link in every mode side by
    /// side, each result that differs from the CERN library's (what the browsers of
    /// 1993-1995 did) marked. Exit status 1 when the newest standard built finds an input
    /// invalid (--only selects on the same verdict).
    #[command(after_help = "Examples:
  rfc1738 timeline 'http://info.cern.ch/~timbl/'
  rfc1738 timeline --base 'http://www.w3.org/pub/WWW/TheProject.html' '../../Overview.html' '?'
  rfc1738 timeline --json -f urls.txt")]
    Timeline {
        /// The base URL to resolve each input against, as a link of a page at that address.
        #[arg(long)]
        base: Option<String>,
        /// Print one JSON object per input: {"line", "input", "base", "verdicts": [{"standard",
        /// "title", "date", "valid", "error": {"offset", "message"}}], "resolutions":
        /// [{"mode", "result", "error"}]}.
        #[arg(long)]
        json: bool,
        /// The URLs (or links, with --base; "-" reads one per line from standard input);
        /// without any (and without --file), standard input.
        urls: Vec<String>,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// A CDXJ index of ARC and WARC files: one line per capture (key, timestamp, JSON
    /// fields), as webrecorder's cdxj-indexer writes it.
    Cdxj(CdxjArgs),
    /// Check URLs as RFC 1738 section 6 asks: ports other than the default, escaped
    /// protocol delimiters (%0D %0A %00 %09), passwords, logins where the scheme allows none.
    /// Prints only the URLs with a warning or an error (--all: every URL).
    #[command(after_help = "Examples:
  rfc1738 lint 'gopher://h:25/0%0D%0AHELO'
  rfc1738 lint --json -f crawl.txt --only valid
  rfc1738 lint --min-severity warning --ignore non-default-port --summary -f crawl.txt")]
    Lint {
        /// The grammar to read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::RFC1738)]
        dialect: DialectArg,
        /// Report only the warnings of this severity or a more serious one (notice <
        /// warning < danger); the others are not printed, counted or failed on.
        #[arg(long, value_name = "SEVERITY", value_parser = PossibleValuesParser::new(Severity::ALL.map(Severity::name)))]
        min_severity: Option<String>,
        /// Leave out the warnings of this kind (repeatable): non-default-port,
        /// encoded-delimiter, cross-protocol, password, user-info-not-allowed.
        #[arg(long, value_name = "KIND", value_parser = PossibleValuesParser::new(WarningKind::NAMES))]
        ignore: Vec<String>,
        /// Print one JSON object per URL, clean or not: {"line", "input", "valid", "kind",
        /// "warnings": [...]}.
        #[arg(long)]
        json: bool,
        /// Print every URL, "no warning" under the clean ones.
        #[arg(long)]
        all: bool,
        /// The URLs ("-" reads one per line from standard input); without any (and without
        /// --file), standard input.
        urls: Vec<String>,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Print what a client sends for each URL, as RFC 1738 section 3 says scheme by scheme
    /// (the FTP commands, the gopher selector line, the HTTP/1.0 request, the NNTP
    /// commands; for telnet, WAIS, Prospero, file and mailto what is asked and what the URL
    /// leaves open), without connecting. A URL that `lint` calls dangerous is refused.
    #[command(after_help = "Examples:
  rfc1738 request 'ftp://myname@host.dom/%2Fetc/motd'
  rfc1738 request --ftp-password me@example.org 'ftp://ftp.funet.fi/pub/README;type=a'
  rfc1738 request --json 'gopher://host/0sel%09%09+application/postscript%20Es_ES'
  NNTPSERVER=news.example.org rfc1738 request news:comp.infosystems.www
  rfc1738 request 'gopher://host:25/0%0D%0AHELO'      # refused: section 6's attack")]
    Request {
        /// The grammar to read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::RFC1738)]
        dialect: DialectArg,
        /// Print one JSON object per URL: {"line", "input", "dialect", "valid", "kind",
        /// "scheme", "protocol", "host", "port", "transport", "sends", "complete", "missing",
        /// "refused", "warnings", "description", "notes"}, or "error" (invalid, refused).
        #[arg(long)]
        json: bool,
        /// The password of anonymous FTP: your e-mail address (RFC 1738 section 3.2.1),
        /// sent when an ftp URL gives no user name. By default the environment's EMAIL,
        /// else USER@HOST (the user and host names, as Lynx made one), which the notes
        /// name; "" sends none (PASS is then missing).
        #[arg(long, value_name = "EMAIL")]
        ftp_password: Option<String>,
        /// The news server of news: URLs, which name none: HOST or HOST:PORT (by default
        /// the environment's NNTPSERVER, as the news readers of the time read it).
        #[arg(long, value_name = "HOST[:PORT]")]
        news_server: Option<String>,
        /// Build the request of a URL the section 6 checks call dangerous (a reserved port
        /// not the scheme's own, escaped CR, LF or NUL) instead of refusing it; escaped
        /// CR, LF and NUL are still sent as written, never decoded.
        #[arg(long)]
        allow_dangerous: bool,
        /// Send a Host header with HTTP requests (HTTP/1.1's, which the HTTP/1.0 clients of
        /// 1994 did not send).
        #[arg(long)]
        http_host: bool,
        /// The URL references ("-" reads one per line from standard input); without any (and
        /// without --file), standard input.
        urls: Vec<String>,
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Fetch what a gopher, ftp, http (HTTP/1.0) or news/nntp URL names: the body on
    /// standard output (or --output FILE), the report (what was sent, what came back,
    /// sizes, time) on standard error. A URL that `lint` calls dangerous is refused; no
    /// redirect is followed unless --follow.
    #[command(after_help = "Examples:
  rfc1738 fetch gopher://gopher.example.org/0/about.txt > about.txt
  rfc1738 fetch --ftp-password me@example.org -o README 'ftp://ftp.example.org/pub/README;type=a'
  rfc1738 fetch --json http://info.cern.ch/hypertext/WWW/TheProject.html 2> report.json
  rfc1738 fetch --news-server news.example.org 'news:199412011200.AA01234@info.cern.ch'
  rfc1738 fetch 'gopher://host:25/0%0D%0AHELO'      # refused: section 6's attack

Exit status: 0 fetched, 1 not fetched (invalid, refused, or the fetch failed: the report \
says why), 2 a usage error or an output file that cannot be written.")]
    Fetch {
        /// The grammar to read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::RFC1738)]
        dialect: DialectArg,
        /// Write the report on standard error as one JSON object: {"input", "ok", "url",
        /// "status", "media_type", "redirects" | "error", "transcript", "omitted",
        /// "sent_bytes", "received_bytes", "body_bytes", "elapsed_ms"}.
        #[arg(long)]
        json: bool,
        /// Write the body to FILE instead of standard output: through a new file of a
        /// random name beside it (.FILE.XXXXXX.part), renamed to FILE once complete,
        /// removed when the fetch fails or on SIGINT or SIGTERM.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// The largest body, in bytes, counted as it arrives: past it the fetch stops
        /// with an error.
        #[arg(long, value_name = "BYTES", default_value_t = Fetcher::DEFAULT_MAX_SIZE)]
        max_size: u64,
        /// The time-out of the whole fetch, in seconds (connections, replies, body).
        #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = seconds)]
        timeout: f64,
        /// Follow HTTP redirects, to http URLs, up to N (--follow=N; 5 when no N is given);
        /// by default a redirect is an error that names where it points.
        #[arg(long, value_name = "N", num_args = 0..=1, require_equals = true, default_missing_value = "5")]
        follow: Option<u32>,
        /// The password of anonymous FTP: your e-mail address (RFC 1738 section 3.2.1). By
        /// default the environment's EMAIL, else USER@HOST (the user and host names, as
        /// Lynx made one), which the report names; "" sends none.
        #[arg(long, value_name = "EMAIL")]
        ftp_password: Option<String>,
        /// The news server of news: URLs: HOST or HOST:PORT (by default NNTPSERVER).
        #[arg(long, value_name = "HOST[:PORT]")]
        news_server: Option<String>,
        /// Fetch a URL the section 6 checks call dangerous instead of refusing it; escaped
        /// CR, LF and NUL are still sent as written, never decoded.
        #[arg(long)]
        allow_dangerous: bool,
        /// Send a Host header with HTTP requests (HTTP/1.1's, which the HTTP/1.0 clients of
        /// 1994 did not send).
        #[arg(long)]
        http_host: bool,
        /// No report on standard error: the exit status says whether the body came.
        #[arg(short, long)]
        quiet: bool,
        /// The URL (a URL reference: a "URL:" prefix and a "#fragment" are not sent).
        url: String,
    },
    /// Find the URLs in running text (RFC 1738 appendix): <URL:...>, <...> around a known
    /// scheme, and bare ones; one line (or JSON object) per URL.
    #[command(after_help = "Examples:
  rfc1738 extract README.txt
  rfc1738 extract --json --only valid mail/*.txt > urls.jsonl
  rfc1738 extract --fail-on-invalid --quiet doc.txt || echo 'an invalid URL'
  rfc1738 extract --json crawl.warc.gz > urls.jsonl   # the text records of a web archive")]
    Extract {
        /// The grammar the URLs found are read by.
        #[arg(long, value_enum, ignore_case = true, default_value_t = DialectArg::RFC1738)]
        dialect: DialectArg,
        /// Print one JSON object per URL found (the extraction corpus format).
        #[arg(long)]
        json: bool,
        /// The longest URL looked for, in bytes (at least 256: less is raised to 256, as
        /// standard error says); a longer one is reported cut and invalid. Memory stays
        /// within about five times this plus a few MB, whatever the input's size.
        #[arg(long, default_value_t = Extractor::DEFAULT_MAX_LEN, value_parser = max_len)]
        max_len: usize,
        /// Each line starts with a line number ("1207."), as in a numbered copy of a
        /// document: the numbers are not part of URLs that run across lines.
        #[arg(long)]
        line_numbers: bool,
        /// Exit with status 1 when a URL found is invalid (by default the status says only
        /// whether every file was read).
        #[arg(long)]
        fail_on_invalid: bool,
        /// What the files are: ARC or WARC files are told from their first bytes (auto);
        /// in one, each text record (a response or resource whose media type is text/...)
        /// is searched, and its JSON lines carry "record_offset", "record_url" and
        /// "record_date".
        #[arg(long, value_enum, ignore_case = true, default_value_t = ExtractFormat::Auto)]
        format: ExtractFormat,
        #[command(flatten)]
        archive: ArchiveArgs,
        #[command(flatten)]
        select: SelectArgs,
        /// The text files to search ("-" is standard input); without any, standard input.
        /// ARC and WARC files (plain or gzip'd) are read record by record.
        files: Vec<PathBuf>,
    },
    /// List the links of HTML pages (the URL attributes of HTML 2.0: A HREF, BASE HREF,
    /// FORM ACTION, IMG SRC, LINK HREF, INPUT SRC of TYPE=IMAGE), in document order, each
    /// resolved against the page's BASE HREF or else --base, and judged by RFC 1738.
    #[command(after_help = "Examples:
  rfc1738 links --base http://info.cern.ch/hypertext/WWW/TheProject.html TheProject.html
  rfc1738 links --json --mode rfc1808 --base http://www.w3.org/pub/WWW/ *.html
  rfc1738 links --html whatwg --only invalid --summary page.html
  rfc1738 links --json crawl.warc.gz > links.jsonl   # every HTML page of a web archive
  rfc1738 links --json --bases pages/cern/MANIFEST.tsv pages/cern/   # a mirror, a base per page
  rfc1738 links --base-prefix mirror/info.cern.ch=http://info.cern.ch/ mirror/
  rfc1738 links --compare cern,whatwg --summary --bases pages/MANIFEST.tsv pages/   # then and now")]
    Links {
        /// The absolute URL the pages were fetched from (a fragment is allowed, and taken
        /// off): the base of a page without BASE HREF (a relative BASE HREF is resolved
        /// against it).
        #[arg(long, value_parser = absolute_url)]
        base: Option<String>,
        /// The bases of a mirror's pages: a TSV file of lines PATH<TAB>URL (further columns
        /// ignored), each path relative to the file's folder (a crawl's MANIFEST.tsv); a page listed there is
        /// resolved against its URL (repeatable; before --base-prefix and --base).
        #[arg(long, value_name = "FILE")]
        bases: Vec<PathBuf>,
        /// The bases of a mirror's pages by their place: DIR=URL gives a page under the
        /// folder DIR the base URL followed by its path under DIR (a wget or HTTrack tree:
        /// --base-prefix www.example.org=http://www.example.org/). Repeatable; the longest
        /// folder that holds a page wins.
        #[arg(long, value_name = "DIR=URL")]
        base_prefix: Vec<String>,
        /// How links are resolved, against the page's address without its fragment. The
        /// default, cern, is the CERN library (libwww 2.10-2.14) that NCSA Mosaic 2.4-2.7b5
        /// and Lynx up to 2.6 ran, called per element as Mosaic 2.7b5 called it (images keep
        /// no fragment, a GET form's ACTION no query); rfc1808 is the standard of June 1995,
        /// rfc1630 and draft the rules of 1994; rfc2396, rfc3986 and whatwg the standards of
        /// 1998, 2005 and today, to compare.
        #[arg(long, value_enum, ignore_case = true, default_value_t)]
        mode: ModeArg,
        /// Then and now: resolve each link by each of these modes too (two or more, by
        /// comma: cern,whatwg), each as --mode would, and class how their results differ
        /// (trailing-dot, dot-segments, empty-query, default-port, fragment, whitespace,
        /// backslash, scheme-relative, empty-path, case, escaping, refused, other). With
        /// --json each link gains "compare" (each mode's result or null), "compare_errors",
        /// "differ", "classes" and "differences" (by pair: "cern/whatwg"); in text a link
        /// whose results differ is followed by each mode's result. With --summary, the links
        /// and pages whose results differ, by pair of modes and by class.
        #[arg(long, value_name = "MODE,MODE", value_delimiter = ',', value_parser = compare_mode)]
        compare: Vec<ResolveMode>,
        /// How comments and other markup declarations are read: by HTML 2.0's rules, or by
        /// today's WHATWG tokenizer. Either way, one still open at the end of a page is
        /// reported (error "unclosed"), as is a tag.
        #[arg(long, value_enum, ignore_case = true, default_value_t = HtmlArg::Html2)]
        html: HtmlArg,
        /// Print one JSON object per link: {"file", "line", "element", "attribute", "href",
        /// "result", "mode", "valid", "kind", "error" (why the result is invalid),
        /// "href_valid", "href_error", "changed"} ("error" alone when there is no result),
        /// "warning" when a relative BASE was resolved, and "charset".
        #[arg(long)]
        json: bool,
        /// The longest tag, comment, declaration or link attribute read, in bytes (at least
        /// 256: less is raised to 256, as standard error says); a longer one is reported and
        /// skipped. Memory stays within a few times this, whatever the page's size.
        #[arg(long, default_value_t = LinkLister::DEFAULT_MAX_LEN, value_parser = max_len)]
        max_len: usize,
        /// Exit with status 1 when a link is invalid, has no absolute form, or was skipped or
        /// left open (by default the status says only whether every file was read).
        #[arg(long)]
        fail_on_invalid: bool,
        /// What the files are: ARC or WARC files are told from their first bytes (auto);
        /// in one, each HTML page (a response or resource record of text/html) is read, its
        /// links resolved against the record's URL (WARC-Target-URI, or the ARC header's;
        /// --base for a record without one) and its BASE HREF, and its JSON lines carry
        /// "record_offset", "record_url" and "record_date". Requests, revisits, metadata and
        /// other records are skipped; a record that cannot be read is told on standard
        /// error (with --json, in a JSON summary there too), with its offset and URL, and
        /// the rest of the file is still read (exit status 2).
        #[arg(long, value_enum, ignore_case = true, default_value_t = LinksFormat::Auto)]
        format: LinksFormat,
        #[command(flatten)]
        archive: ArchiveArgs,
        #[command(flatten)]
        select: SelectArgs,
        /// The HTML files ("-" is standard input); without any, standard input. Bytes that
        /// are not UTF-8 are read as Latin-1 from the first such byte on. ARC and WARC files
        /// (plain or gzip'd) are read record by record. A folder is read recursively, in the
        /// order of its paths: its .html, .htm and .shtml pages and its ARC and WARC files
        /// (--summary counts the other files, left out).
        files: Vec<PathBuf>,
    },
    /// Start the grammar explorer: a local web page where a URL is read against the
    /// railroad diagrams, a link resolved in the four modes side by side, a URL linted and
    /// the URLs of a text found; and its JSON API (the book, "The explorer").
    #[command(after_help = "Examples:
  rfc1738 serve --open
  rfc1738 serve --port 8017
  curl 'http://127.0.0.1:8017/api/parse?input=http://h/a%20b&dialect=draft'")]
    Serve {
        /// The address to listen on: this machine only by default. Another (0.0.0.0, an
        /// interface's address) lets others reach the explorer.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// The port to listen on; 0 picks a free one (the address is printed).
        #[arg(long, default_value_t = 8017)]
        port: u16,
        /// Open the page in the desktop's browser (xdg-open, open, start); a failure is
        /// told, not fatal.
        #[arg(long)]
        open: bool,
    },
    /// Print the shell completion script of rfc1738 for SHELL (the book, "Completions and
    /// manual pages" says where to put it).
    #[command(after_help = "Examples:
  rfc1738 completions bash > ~/.local/share/bash-completion/completions/rfc1738
  rfc1738 completions zsh > ~/.zfunc/_rfc1738
  rfc1738 completions fish > ~/.config/fish/completions/rfc1738.fish")]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) of rfc1738 or of one of its commands, or write one per
    /// command into a folder.
    #[command(after_help = "Examples:
  rfc1738 man | man -l -
  rfc1738 man parse | man -l -
  rfc1738 man --dir ~/.local/share/man/man1")]
    Man {
        /// The command whose page to print (parse, resolve, ...); none: rfc1738's own.
        #[arg(conflicts_with = "dir")]
        command: Option<String>,
        /// Write every page into DIR instead (rfc1738.1, rfc1738-parse.1, ...).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

/// A `--timeout`: a number of seconds, more than 0 and finite.
fn seconds(value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds < 1e9 => Ok(seconds),
        _ => Err("a number of seconds, more than 0".to_owned()),
    }
}

/// A mode of `--compare`, by the names of `--mode`.
fn compare_mode(value: &str) -> Result<ResolveMode, String> {
    value
        .parse::<ResolveMode>()
        .map_err(|error| error.to_string())
}

/// A `--base`: an absolute URL, a scheme and ":" first (a `#fragment` may follow it).
fn absolute_url(value: &str) -> Result<String, String> {
    match rfc1738::leading_scheme(value) {
        Some(_) => Ok(value.to_owned()),
        None => Err(
            "not an absolute URL: it has no scheme (a URL starts with a scheme and \
                     \":\", as in http://www.example.org/page.html)"
                .to_owned(),
        ),
    }
}

/// `--only valid` or `--only invalid`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Only {
    /// Print only the valid inputs (found URLs, links).
    Valid,
    /// Print only the invalid ones.
    Invalid,
}
