//! FTP replies as a hostile server sends them (`rfc1738_fetch::reply`): any bytes as reply
//! lines, a `227` text, an `EPSV` text, an `NLST` listing. No panic; a reply read whole is
//! the same reply read line by line; every line kept is text (no CR, LF, NUL); a `227`
//! address written back reads the same; a listing's names hold no control byte.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738_fetch::reply::{ftp_replies, parse_epsv, parse_name_list, parse_pasv, FtpReplyReader};

fuzz_target!(|data: &[u8]| {
    if let Ok(replies) = ftp_replies(data) {
        let mut reader = FtpReplyReader::new();
        let mut again = Vec::new();
        for line in data.split_inclusive(|&byte| byte == b'\n') {
            if let Some(reply) = reader.push_line(line).expect("read whole, read by line") {
                again.push(reply);
            }
        }
        assert_eq!(replies, again);
        for reply in &replies {
            assert!((100..600).contains(&reply.code()));
            assert!(!reply.lines().is_empty());
            for line in reply.lines() {
                assert!(!line.iter().any(|&byte| matches!(byte, b'\r' | b'\n' | 0)));
            }
            let _ = reply.text();
            let _ = reply.to_string();
        }
    }
    if let Ok((address, port)) = parse_pasv(data) {
        let [a, b, c, d] = address.octets();
        let written = format!("227 ({a},{b},{c},{d},{},{})", port >> 8, port & 255);
        assert_eq!(parse_pasv(written.as_bytes()).unwrap(), (address, port));
    }
    if let Ok(port) = parse_epsv(data) {
        assert_ne!(port, 0);
        assert_eq!(
            parse_epsv(format!("(|||{port}|)").as_bytes()).unwrap(),
            port
        );
    }
    if let Ok(names) = parse_name_list(data) {
        for name in names {
            assert!(!name.is_empty());
            assert!(!name.iter().any(|&byte| byte < 0x20 && byte != b'\t'));
        }
    }
});
