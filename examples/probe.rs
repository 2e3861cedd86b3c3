fn main() {
    for s in std::env::args().skip(1) {
        match rfc1738::parse(&s) {
            Ok(u) => println!("OK {s}: {u:?} path={:?}", u.url_path()),
            Err(e) => println!("{e}\n   [{:?}]\n", e.kind()),
        }
    }
}
