//! Gopher menus and Gopher+ length lines as a hostile server sends them
//! (`rfc1738_fetch::reply`). No panic; the items of a menu read, written back as menu
//! lines, read as the same items, every field (the Gopher+ one too) the same; no field
//! holds a TAB, CR or LF.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc1738_fetch::reply::{parse_gopher_plus_header, parse_menu, parse_menu_line, MenuLine};

fuzz_target!(|data: &[u8]| {
    let _ = parse_gopher_plus_header(data);
    let Ok((items, _ended)) = parse_menu(data) else {
        return;
    };
    let mut written = Vec::new();
    for item in &items {
        let plus = item.gopher_plus.unwrap_or_default();
        for field in [item.display, item.selector, item.host, plus] {
            assert!(!field
                .iter()
                .any(|&byte| matches!(byte, b'\t' | b'\r' | b'\n')));
        }
        written.push(item.item_type);
        written.extend_from_slice(item.display);
        for field in [item.selector, item.host, item.port.to_string().as_bytes()] {
            written.push(b'\t');
            written.extend_from_slice(field);
        }
        if let Some(plus) = item.gopher_plus {
            written.push(b'\t');
            written.extend_from_slice(plus);
        }
        written.extend_from_slice(b"\r\n");
    }
    written.extend_from_slice(b".\r\n");
    let (again, ended) = parse_menu(&written).expect("a menu written back reads");
    assert!(ended);
    assert_eq!(again.len(), items.len());
    // Every field of every item, its Gopher+ field too.
    assert_eq!(again, items);
    assert_eq!(parse_menu_line(b".\r\n").unwrap(), MenuLine::End);
});
