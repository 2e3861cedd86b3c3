//! The tests' one reader of the corpus (`corpus/`): its files, its cases as JSON objects,
//! and its inputs.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The corpus folder.
pub fn dir() -> PathBuf {
    crate::root().join("corpus")
}

/// The `.jsonl` files of `corpus/` (or of one of its folders, `"resolve"`), sorted.
pub fn files(folder: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir().join(folder))
        .unwrap_or_else(|error| panic!("corpus/{folder}: {error}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    files
}

/// The objects of one `.jsonl` file, one per non-empty line.
pub fn read(file: &Path) -> Vec<Value> {
    std::fs::read_to_string(file)
        .unwrap_or_else(|error| panic!("{}: {error}", file.display()))
        .lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{}:{}: {error}", file.display(), i + 1))
        })
        .collect()
}

/// Every parse case (`corpus/*.jsonl`), in file order.
pub fn parse_cases() -> Vec<Value> {
    files("").iter().flat_map(|file| read(file)).collect()
}

/// The inputs of every parse case, each once.
pub fn inputs() -> BTreeSet<String> {
    let inputs: BTreeSet<String> = parse_cases()
        .iter()
        .filter_map(|case| case["input"].as_str().map(str::to_owned))
        .collect();
    assert!(inputs.len() > 1000, "corpus not found: {}", inputs.len());
    inputs
}
