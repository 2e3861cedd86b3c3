//! The railroad diagrams of `docs/diagrams/` (at the workspace's root, where tools/grammar
//! writes them) as a table the explorer serves from its binary: `diagrams.rs` in OUT_DIR,
//! one `include_bytes!` per file.

use std::path::{Path, PathBuf};

/// Writes `diagrams.rs` into `out_dir`: `(path under docs/diagrams, its bytes)`, sorted by
/// path, each file read by `include_bytes!` from `root` (the folder `docs/diagrams`).
fn write_table(root: &Path, out_dir: &Path) {
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for dir in ["rfc1738", "rfc1630", "draft-www-uri-00", "rfc2396"] {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
        let entries = std::fs::read_dir(root.join(dir)).expect("docs/diagrams/ is readable");
        for entry in entries {
            let name = entry.expect("a directory entry").file_name();
            let name = name.to_str().expect("diagram names are UTF-8");
            if name.ends_with(".svg") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.push("index.html".to_owned());
    files.sort();
    let root = root.canonicalize().expect("docs/diagrams/ exists");
    let mut table = String::from("&[\n");
    for file in &files {
        let path = root.join(file);
        table.push_str(&format!(
            "    ({file:?}, include_bytes!({:?})),\n",
            path.to_str().expect("the crate's path is UTF-8")
        ));
    }
    table.push(']');
    std::fs::write(out_dir.join("diagrams.rs"), table).expect("write the diagram table");
}

fn main() {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let out_dir = std::env::var_os("OUT_DIR").expect("OUT_DIR");
    write_table(
        &PathBuf::from(manifest_dir).join("../../docs/diagrams"),
        &PathBuf::from(out_dir),
    );
}
