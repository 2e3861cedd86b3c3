//! Extract the links of an old text document and resolve relative references against
//! the first URL found (or `--base URL`), the way RFC 1630 defines partial forms.
//!
//! ```text
//! cargo run --example old_links -- corpus/extract/seeds/003_2ac3758df3dee3b2.txt ../rfc/rfc959.txt
//! cargo run --example old_links -- notes.txt --base http://info.cern.ch/hypertext/WWW/ Summary.html
//! ```

use rfc1738::UrlKind;
use rfc1738::extraction::Extractor;
use rfc1738::resolution::ResolveMode;
use std::fs::File;

fn main() -> std::io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let path = if args.is_empty() {
        "corpus/extract/seeds/003_2ac3758df3dee3b2.txt".to_owned()
    } else {
        args.remove(0)
    };
    let mut base = None;
    if let Some(at) = args.iter().position(|arg| arg == "--base") {
        base = args.get(at + 1).cloned();
        args.drain(at..(at + 2).min(args.len()));
    }

    // Stream the document: memory stays bounded whatever its size.
    println!("URLs in {path}:");
    for found in Extractor::new().extract_reader(File::open(&path)?) {
        let found = found?;
        let verdict = match (found.kind(), found.error()) {
            (Some(kind), _) => kind.name().to_owned(),
            (None, Some(error)) => format!("invalid: {}", error.message()),
            (None, None) => "invalid".to_owned(),
        };
        println!(
            "  line {:4}  {:8} {}  [{verdict}]",
            found.line(),
            found.wrapper(),
            found.url()
        );
        if let Some(other) = found.alternative() {
            println!("             (or, without the hyphen at the line break: {other})");
        }
        // Gopher has no partial forms (RFC 1630): the base is the first other valid URL.
        if base.is_none() && found.is_valid() && found.kind() != Some(UrlKind::Gopher) {
            base = Some(found.url().to_owned());
        }
    }

    // The remaining arguments are partial forms, resolved against the base.
    let Some(base) = base else {
        println!("no base URL to resolve against");
        return Ok(());
    };
    for partial in &args {
        match rfc1738::resolution::resolve(&base, partial, ResolveMode::Rfc1630) {
            Ok(absolute) => println!("{partial}  in the context of {base}  =  {absolute}"),
            Err(error) => println!("{partial}: {error}"),
        }
    }
    Ok(())
}
