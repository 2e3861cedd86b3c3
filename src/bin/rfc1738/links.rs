//! `rfc1738 links`: the links of HTML documents, resolved as the browsers of 1993-1995 did.

use crate::extract::report_unreadable;
use crate::lines::hint_if_terminal;
use crate::output::{shown, Out};
use crate::Status;
use rfc1738::{Link, LinkLister};
use serde_json::{json, Map, Value};
use std::io::{self, Write};

/// Prints the links of each file (standard input without files, and for `-`), reading
/// each as a stream. A file that cannot be opened or read is reported on standard error
/// and the others are still read.
pub(crate) fn run_links(
    lister: &LinkLister,
    files: &[std::path::PathBuf],
    json: bool,
    out: &mut Out,
) -> io::Result<Status> {
    let mut status = Status::Valid;
    let stdin = [std::path::PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    for path in files {
        let read = if path.as_os_str() == "-" {
            hint_if_terminal("links", "HTML");
            links_from(lister, io::stdin().lock(), "-", json, out)
        } else {
            std::fs::File::open(path)
                .and_then(|file| links_from(lister, file, &path.to_string_lossy(), json, out))
        };
        if let Err(error) = read {
            let name = match path.as_os_str() == "-" {
                true => "standard input".into(),
                false => path.to_string_lossy(),
            };
            report_unreadable(&name, error)?;
            status = Status::Unreadable;
        }
    }
    Ok(status)
}

/// Prints the links of one stream.
fn links_from(
    lister: &LinkLister,
    input: impl io::Read,
    file: &str,
    json: bool,
    out: &mut Out,
) -> io::Result<()> {
    for link in lister.links_reader(input) {
        let link = link?;
        if json {
            serde_json::to_writer(&mut *out, &link_json(file, &link))?;
            writeln!(out)?;
        } else {
            print_link(file, &link, out)?;
        }
        out.end_item()?;
    }
    Ok(())
}

/// One link as a JSON object: `file`, `line`, `element`, `attribute`, `href`, `result`,
/// then `valid` and `kind` (with a result) or `error` (without one), `warning` (a
/// relative BASE resolved), `charset`.
pub(crate) fn link_json(file: &str, link: &Link) -> Value {
    let mut object = Map::new();
    object.insert("file".into(), file.into());
    object.insert("line".into(), link.line.into());
    object.insert("element".into(), link.element.as_str().into());
    object.insert("attribute".into(), link.attribute.as_deref().into());
    object.insert("href".into(), link.href.as_deref().into());
    match (&link.result, link.verdict()) {
        (Ok(result), Some(verdict)) => {
            object.insert("result".into(), result.as_str().into());
            object.insert("valid".into(), verdict.is_ok().into());
            let kind = match &verdict {
                Ok(kind) => Some(kind.name()),
                Err(error) => error.url_kind().map(|kind| kind.name()),
            };
            object.insert("kind".into(), kind.into());
        }
        (result, _) => {
            object.insert("result".into(), Value::Null);
            if let Err(error) = result {
                object.insert(
                    "error".into(),
                    json!({"code": error.code(), "message": error.to_string()}),
                );
            }
        }
    }
    if let Some(warning) = &link.warning {
        object.insert(
            "warning".into(),
            json!({"code": warning.code(), "message": warning.to_string()}),
        );
    }
    object.insert("charset".into(), link.charset.name().into());
    Value::Object(object)
}

/// One link as a line: `file:line: element attribute href -> result  (verdict)`, or the
/// error in place of the result.
fn print_link(file: &str, link: &Link, out: &mut impl Write) -> io::Result<()> {
    let what = match (&link.attribute, &link.href) {
        (Some(attribute), Some(href)) => format!("{} {attribute} {}", link.element, shown(href)),
        (Some(attribute), None) => format!("{} {attribute}", link.element),
        _ => link.element.clone(),
    };
    let answer = match (&link.result, link.verdict()) {
        (Ok(result), Some(Ok(kind))) => format!("-> {}  (valid {})", shown(result), kind.name()),
        (Ok(result), Some(Err(error))) => {
            format!("-> {}  (invalid: {})", shown(result), error.message())
        }
        (Err(error), _) => format!("-> error: {error}"),
        (Ok(result), None) => format!("-> {}", shown(result)),
    };
    let latin1 = match link.charset {
        rfc1738::Charset::Latin1 => "  [latin-1]",
        rfc1738::Charset::Utf8 => "",
    };
    writeln!(
        out,
        "{}:{}: {what} {answer}{latin1}",
        shown(file),
        link.line
    )?;
    if let Some(warning) = &link.warning {
        writeln!(out, "    {warning}")?;
    }
    Ok(())
}
