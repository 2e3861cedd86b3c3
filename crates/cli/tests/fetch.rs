//! `rfc1738 fetch` against servers of the test's own on 127.0.0.1: a hostile server told
//! clearly, and `fetch -o FILE`, which opens nothing already there and keeps nothing of a
//! fetch that fails or is interrupted. (The network client itself:
//! `crates/fetch/tests/hostile.rs`.)

use rfc1738_test_support::servers::{http_reply, read_line, serve, SERVER_LIFE};
use std::io::Write;
use std::thread;
use std::time::{Duration, Instant};

// --- the command line --------------------------------------------------------------------------

#[test]
fn the_command_reports_a_hostile_server_clearly() {
    let port = serve(1, |stream| {
        read_line(&stream);
        thread::sleep(Duration::from_secs(3));
    });
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args([
            "fetch",
            "--timeout",
            "0.5",
            &format!("gopher://127.0.0.1:{port}/0file"),
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("->       file\\r\\n"), "{stderr}");
    assert!(
        stderr.contains("[timeout] timed out after 0.5 s waiting for the text"),
        "{stderr}"
    );
    assert!(
        stderr.contains("--timeout SECONDS waits longer"),
        "{stderr}"
    );
}

// --- fetch -o ---------------------------------------------------------------------------------

/// Runs `rfc1738 fetch ARGS`.
fn cli(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .arg("fetch")
        .args(args)
        .output()
        .unwrap()
}

/// The names in `folder`, sorted.
fn names(folder: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn fetch_o_opens_nothing_already_there() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let folder = tempfile::tempdir().unwrap();
    let victim = folder.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    // Another user of a shared folder plants out.part as a link to a file of ours, and
    // other.part as a file of theirs.
    symlink(&victim, folder.path().join("out.part")).unwrap();
    std::fs::write(folder.path().join("other.part"), "theirs").unwrap();
    for name in ["out", "other"] {
        let port = http_reply(b"HTTP/1.0 200 OK\r\nContent-Length: 8\r\n\r\nthe body");
        let target = folder.path().join(name);
        let output = cli(&[
            "-o",
            target.to_str().unwrap(),
            &format!("http://127.0.0.1:{port}/"),
        ]);
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        assert_eq!(std::fs::read(&target).unwrap(), b"the body");
    }
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert_eq!(
        std::fs::read_link(folder.path().join("out.part")).unwrap(),
        victim
    );
    assert_eq!(
        std::fs::read(folder.path().join("other.part")).unwrap(),
        b"theirs"
    );
    assert_eq!(
        names(folder.path()),
        ["other", "other.part", "out", "out.part", "victim"]
    );
    // The file has the permissions of a file the command would have created (0666 less
    // the umask), not the 0600 of a temporary file.
    let made = folder.path().join("made");
    std::fs::File::create(&made).unwrap();
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode();
    assert_eq!(mode(&folder.path().join("out")), mode(&made));
}

#[cfg(unix)]
#[test]
fn fetch_o_keeps_nothing_of_a_fetch_that_fails() {
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("out");
    // A lying chunked reply, a body cut short, a body past the size limit (12 bytes).
    for (reply, code) in [
        (
            &b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nhello\r\n0\r\n\r\n"[..],
            "protocol",
        ),
        (
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
            "short-read",
        ),
        (
            b"HTTP/1.0 200 OK\r\nContent-Length: 12\r\n\r\nonly ten b",
            "short-read",
        ),
        (b"HTTP/1.0 200 OK\r\n\r\nmore than ten bytes", "too-large"),
    ] {
        let port = http_reply(reply);
        let output = cli(&[
            "--json",
            "--max-size",
            "12",
            "-o",
            target.to_str().unwrap(),
            &format!("http://127.0.0.1:{port}/"),
        ]);
        assert_eq!(output.status.code(), Some(1), "{output:?}");
        let report: serde_json::Value = serde_json::from_slice(&output.stderr).unwrap();
        assert_eq!(report["error"]["code"], code, "{report}");
        assert_eq!(names(folder.path()), Vec::<String>::new());
    }
}

#[cfg(unix)]
#[test]
fn fetch_o_keeps_nothing_when_the_file_cannot_take_the_body() {
    // A file size limit of 1 KiB (`ulimit -f 1`, SIGXFSZ ignored so that the write fails
    // with EFBIG instead), as a full disk: the body cannot be written, the fetch is an
    // error of the output (exit status 1), and nothing is left in the folder, neither the
    // file nor its partial file.
    static REPLY: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let reply = REPLY.get_or_init(|| {
        let mut reply = b"HTTP/1.0 200 OK\r\nContent-Length: 4000\r\n\r\n".to_vec();
        reply.extend_from_slice(&[b'x'; 4000]);
        reply
    });
    let port = http_reply(reply);
    let folder = tempfile::tempdir().unwrap();
    let target = folder.path().join("out");
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1 && exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["fetch", "-o", target.to_str().unwrap()])
        .arg(format!("http://127.0.0.1:{port}/"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("[output] the body could not be written: File too large"),
        "{output:?}"
    );
    assert_eq!(names(folder.path()), Vec::<String>::new());
}

/// `rfc1738 fetch -o` killed by `signal` in the middle of a body: what it leaves in the
/// folder and how it ends.
#[cfg(unix)]
fn interrupted(signal: &str) -> (Vec<String>, std::process::ExitStatus) {
    let folder = tempfile::tempdir().unwrap();
    // Part of a body (more than a write buffer's 8 KiB), then nothing until the client is gone.
    let port = serve(1, |mut stream| {
        read_line(&stream);
        let _ = stream.write_all(b"HTTP/1.0 200 OK\r\nContent-Length: 1000000\r\n\r\n");
        let _ = stream.write_all(&[b'x'; 100_000]);
        thread::sleep(SERVER_LIFE);
    });
    let target = folder.path().join("out");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rfc1738"))
        .args(["fetch", "--quiet", "--timeout", "20", "-o"])
        .arg(&target)
        .arg(format!("http://127.0.0.1:{port}/"))
        .spawn()
        .unwrap();
    // Signalled once part of the body is on disk.
    let started = Instant::now();
    let written = |folder: &std::path::Path| {
        std::fs::read_dir(folder)
            .unwrap()
            .any(|entry| entry.unwrap().metadata().unwrap().len() > 0)
    };
    while !written(folder.path()) {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "nothing written"
        );
        thread::sleep(Duration::from_millis(10));
    }
    let killed = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("still running after {signal}");
        }
        thread::sleep(Duration::from_millis(10));
    };
    (names(folder.path()), status)
}

/// The exit status a shell shows ($?): the code, or 128 and the signal's number.
#[cfg(unix)]
fn shell_status(status: std::process::ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .unwrap_or_else(|| 128 + status.signal().unwrap())
}

#[cfg(unix)]
#[test]
fn sigint_and_sigterm_leave_no_partial_file() {
    for (signal, expected) in [("-INT", 130), ("-TERM", 143)] {
        let (left, status) = interrupted(signal);
        assert_eq!(left, Vec::<String>::new(), "{signal}");
        assert_eq!(shell_status(status), expected, "{signal}: {status:?}");
    }
}
