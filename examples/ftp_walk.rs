//! Walk an ftp URL into the FTP session a client runs (RFC 1738 section 3.2.2): log in,
//! CWD into each directory, TYPE, then RETR the file (or NLST a directory).
//!
//! ```text
//! cargo run --example ftp_walk -- 'ftp://myname@host.dom/%2Fetc/motd;type=a'
//! ```

use rfc1738::Url;
use rfc1738::requests::{Request, RequestOptions};
use std::process::ExitCode;

fn main() -> ExitCode {
    let input = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "ftp://myname@host.dom/%2Fetc/motd;type=a".to_owned());
    let url = match rfc1738::parse(&input) {
        Ok(url) => url,
        Err(error) => {
            eprintln!("{error:#}");
            return ExitCode::from(1);
        }
    };
    let Url::Ftp(ftp) = &url else {
        eprintln!("{input}: a {} URL, not ftp", url.kind().name());
        return ExitCode::from(1);
    };
    let port = ftp.port().unwrap_or(21);
    println!("connect {}:{port}", ftp.host());
    // "If no user name or password is supplied ... anonymous FTP" (section 3.2.1).
    let user = ftp
        .user()
        .map_or("anonymous".into(), |u| u.decode_utf8_lossy());
    println!("USER {user}");
    match ftp.password() {
        Some(password) => println!("PASS {}", password.decode_utf8_lossy()),
        None if ftp.user().is_none() => println!("PASS (an e-mail address, by convention)"),
        None => println!("PASS (ask the user, if the server asks)"),
    }
    for warning in url.warnings() {
        println!("# {warning}");
    }
    // CWD per directory, TYPE, RETR or NLST: the URL's request (RFC 1738 section 3.2.2),
    // refused when section 6 calls it dangerous (a decoded segment that holds CR or LF
    // would end the command line early).
    match Request::of(&url, &RequestOptions::new()) {
        Ok(Request::Ftp(request)) => {
            for line in request.navigation_lines() {
                println!("{}", String::from_utf8_lossy(line.as_bytes()).trim_end());
            }
            let transfer = request.transfer_line();
            println!(
                "{}",
                String::from_utf8_lossy(transfer.as_bytes()).trim_end()
            );
            ExitCode::SUCCESS
        }
        Ok(_) => unreachable!("an ftp URL's request is FTP's"),
        Err(refused) => {
            eprintln!("cannot walk {input}: {refused}");
            ExitCode::from(1)
        }
    }
}
