//! Writes `grammar/abnf/*.abnf` (ABNF) and `grammar/python/*.peg` (parsimonious) from
//! `grammar/*.pest`.

use std::path::Path;

fn main() -> Result<(), String> {
    let grammar = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../grammar");
    let files = rfc1738_grammar_tools::exports(&grammar)?;
    for (path, contents) in &files {
        let path = grammar.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).map_err(|e| e.to_string())?;
        std::fs::write(&path, contents).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    println!("{} files written under {}", files.len(), grammar.display());
    Ok(())
}
