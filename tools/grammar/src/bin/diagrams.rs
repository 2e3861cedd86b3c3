//! Writes `docs/diagrams/` (one SVG per rule, and `index.html`) from `grammar/*.pest`.

use std::path::Path;

fn main() -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("docs/diagrams");
    let files = rfc1738_grammar_tools::render_all(&root.join("grammar"))?;
    // Start clean, so that a rule removed from a grammar leaves no stale diagram.
    let _ = std::fs::remove_dir_all(&out);
    for (path, contents) in &files {
        let path = out.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).map_err(|e| e.to_string())?;
        std::fs::write(&path, contents).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    println!("{} files written to {}", files.len(), out.display());
    Ok(())
}
