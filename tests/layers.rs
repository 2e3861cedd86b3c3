//! The shape of the library's module tree, read from its `use` paths: no import cycle
//! between files, and imports that run one way through the layers (the book, "Layout").
//!
//! Every `crate::...`, `super::...` and `self::...` path of `src/` (the library; the
//! command line, `crates/cli`, is a client of it, in a crate of its own) is resolved to the file that defines
//! the item it names, following re-exports (`pub use`), so that a path through a
//! `mod.rs` counts as an import of the file that defines the item, not of the `mod.rs`.
//! `cargo run --example` is not needed: `cargo test --test layers -- --nocapture` prints
//! the graph's layers and edges.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, bottom up, and which layers each may import (besides itself). `lib.rs`
/// declares them and re-exports the public API; it defines no function (checked below).
const LAYERS: &[(&str, &[&str])] = &[
    ("vocabulary", &[]),
    ("syntax", &["vocabulary"]),
    ("ast", &["vocabulary"]),
    ("lowering", &["vocabulary", "syntax", "ast"]),
    ("facade", &["vocabulary", "syntax", "lowering", "ast"]),
    // The services are built on the typed URL and the facade's entry points alone.
    ("services", &["vocabulary", "ast", "facade"]),
    // Every method of the typed URL and its reference, one file per type, calls the
    // layers below that do the work; none of them imports it.
    ("methods", &["vocabulary", "ast", "facade", "services"]),
    // Outside the layers, two faces no layer imports (checked below): `grammar`, the
    // `pest_derive` parsers (feature `pest`), which name their rules as the compiled
    // grammars do; and `judged`, the insides the judge (the crate `rfc1738-judge`) reads
    // (feature `judge`, hidden). The judge itself is a crate of its own: the library cannot
    // import it.
    ("grammar", &["syntax"]),
    ("judged", &["vocabulary", "syntax", "lowering", "facade"]),
];

/// The modules outside the layers, which no layer may import.
const OUTSIDE: [&str; 2] = ["grammar", "judged"];

/// A module of the library: its path from the crate root, its file and its source.
struct Module {
    path: Vec<String>,
    file: PathBuf,
    text: String,
}

/// Every module file under `src/`.
fn modules() -> Vec<Module> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(&root).unwrap();
            let mut path: Vec<String> = relative
                .iter()
                .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_owned())
                .collect();
            if matches!(path.last().map(String::as_str), Some("mod" | "lib")) {
                path.pop();
            }
            // Test modules are part of their file: their imports count as the file's.
            let text = strip_comments(&std::fs::read_to_string(&file).unwrap());
            let text = test_modules_as_their_file(&text);
            Module { path, file, text }
        })
        .collect()
}

/// The source without comments and string literals (which may hold `crate::` in prose).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'"' => {
                // A string (raw strings of this crate hold no `crate::` paths in code).
                out.push('"');
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                out.push('"');
                i += 1;
            }
            b'\'' if bytes.get(i + 2) == Some(&b'\'') || bytes.get(i + 1) == Some(&b'\\') => {
                // A character literal ('"' must not open a string); a lifetime is kept.
                let end = bytes[i + 1..]
                    .iter()
                    .position(|&b| b == b'\'')
                    .map_or(bytes.len(), |at| i + 1 + at + 1);
                out.push_str("' '");
                i = end.max(i + 1);
            }
            _ => {
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&text[i..i + len]);
                i += len;
            }
        }
    }
    out
}

/// The text with the paths of its inline `#[cfg(test)] mod ... { }` modules written as the
/// file's own: in such a module `super::` is the file, so it becomes `self::`
/// (`super::super::` becomes `self::super::`, the file's parent). A test module's imports
/// are the file's imports, and checked as such. (`#[cfg(test)] mod x;`, a file of its own,
/// is left alone.)
fn test_modules_as_their_file(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        let head = at + "#[cfg(test)]".len();
        let after = rest[head..].trim_start();
        let open = rest[head..].find('{').map(|i| head + i);
        let semicolon = rest[head..].find(';').map(|i| head + i);
        let inline = after.starts_with("mod ")
            && open.is_some_and(|open| semicolon.is_none_or(|semicolon| open < semicolon));
        let Some(open) = open.filter(|_| inline) else {
            out.push_str(&rest[..head]);
            rest = &rest[head..];
            continue;
        };
        let mut depth = 0;
        let mut end = rest.len();
        for (i, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push_str(&rest[..open]);
        let body = &rest[open..end];
        let mut last = 0;
        for (i, _) in body.match_indices("super::") {
            if body[..i].ends_with("::")
                || body[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_')
            {
                continue;
            }
            out.push_str(&body[last..i]);
            out.push_str("self::");
            last = i + "super::".len();
        }
        out.push_str(&body[last..]);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The paths a `use` tree names, its braces expanded: `a::{b, c::{d, e as f}}`.
fn expand_use(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let prefix: Vec<String> = split_path(&tree[..open]);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..]);
        parts
            .into_iter()
            .filter(|part| !part.trim().is_empty())
            .flat_map(|part| {
                expand_use(part).into_iter().map(|(path, alias)| {
                    let mut full = prefix.clone();
                    full.extend(path);
                    (full, alias)
                })
            })
            .collect()
    } else {
        let (path, alias) = match tree.split_once(" as ") {
            Some((path, alias)) => (path, Some(alias.trim().to_owned())),
            None => (tree, None),
        };
        vec![(split_path(path), alias)]
    }
}

fn split_path(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|segment| !segment.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The `use` declarations of a module: each path named, its alias, whether it is public
/// (a re-export, `pub` or `pub(...)`).
fn uses(text: &str) -> Vec<(Vec<String>, Option<String>, bool)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let starts_item = before
            .chars()
            .last()
            .is_none_or(|c| c.is_whitespace() || c == ';' || c == '}' || c == '{');
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let visibility = before[line_start..].trim();
        let public = visibility.starts_with("pub");
        let end = rest[at..].find(';').map_or(rest.len(), |i| at + i);
        if starts_item && (visibility.is_empty() || public) {
            for (path, alias) in expand_use(&rest[at + 4..end]) {
                found.push((path, alias, public));
            }
        }
        rest = &rest[(end + 1).min(rest.len())..];
    }
    found
}

/// The names of the items a module's file defines.
fn definitions(text: &str) -> BTreeSet<String> {
    const KEYWORDS: [&str; 10] = [
        "struct ",
        "enum ",
        "fn ",
        "trait ",
        "type ",
        "const ",
        "static ",
        "union ",
        "macro_rules! ",
        "mod ",
    ];
    let mut names = BTreeSet::new();
    for keyword in KEYWORDS {
        for (at, _) in text.match_indices(keyword) {
            let before = text[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = text[at + keyword.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// The library's modules and what each defines and re-exports.
struct Tree {
    modules: Vec<Module>,
    by_path: BTreeMap<Vec<String>, usize>,
    defined: Vec<BTreeSet<String>>,
    /// Per module: name (or alias) -> the path it re-exports or imports.
    imported: Vec<BTreeMap<String, Vec<String>>>,
}

impl Tree {
    fn new() -> Tree {
        let modules = modules();
        let by_path = modules
            .iter()
            .enumerate()
            .map(|(i, m)| (m.path.clone(), i))
            .collect();
        let defined = modules.iter().map(|m| definitions(&m.text)).collect();
        let imported = modules
            .iter()
            .map(|m| {
                let mut names = BTreeMap::new();
                for (path, alias, _) in uses(&m.text) {
                    let Some(last) = path.last() else { continue };
                    let name = alias.unwrap_or_else(|| last.clone());
                    if name != "*" && name != "self" {
                        names.insert(name, absolute(&m.path, &path));
                    }
                }
                names
            })
            .collect();
        Tree {
            modules,
            by_path,
            defined,
            imported,
        }
    }

    /// The module a path's leading segments name, and the rest of the path.
    fn module_of<'p>(&self, path: &'p [String], depth: usize) -> Option<(usize, &'p [String])> {
        let mut module = *self.by_path.get(&Vec::new())?;
        let mut at = 0;
        while at < path.len() {
            let mut child = self.modules[module].path.clone();
            child.push(path[at].clone());
            if let Some(&next) = self.by_path.get(&child) {
                module = next;
                at += 1;
                continue;
            }
            // A module re-exported under another name (`pub use crate::a::b as c`).
            if let Some(target) = self.imported[module].get(&path[at])
                && depth < 16
                && self.by_path.contains_key(target)
            {
                module = self.by_path[target];
                at += 1;
                continue;
            }
            break;
        }
        Some((module, &path[at..]))
    }

    /// The file (module index) that defines what `path` (absolute) names.
    fn resolve(&self, path: &[String], depth: usize) -> Option<usize> {
        let (module, rest) = self.module_of(path, depth)?;
        let Some(name) = rest.first() else {
            return Some(module);
        };
        if self.defined[module].contains(name) || depth > 16 {
            return Some(module);
        }
        if let Some(target) = self.imported[module].get(name) {
            let mut target = target.clone();
            target.extend(rest[1..].iter().cloned());
            if target.first().is_some_and(|s| s == "crate") {
                return self.resolve(&target[1..], depth + 1).or(Some(module));
            }
            // An item of another crate (std, pest, ...): no edge.
            return None;
        }
        Some(module)
    }

    /// The files each file imports (resolved), as module indices.
    fn edges(&self) -> Vec<BTreeSet<usize>> {
        self.modules
            .iter()
            .enumerate()
            .map(|(i, module)| {
                let mut targets = BTreeSet::new();
                for path in crate_paths(module) {
                    if path.first().is_some_and(|s| s == "crate")
                        && let Some(target) = self.resolve(&path[1..], 0)
                        && target != i
                    {
                        if std::env::var("LAYERS_WHY").is_ok_and(|f| self.name(i).ends_with(&f)) {
                            println!(
                                "{} -> {}: {}",
                                self.name(i),
                                self.name(target),
                                path.join("::")
                            );
                        }
                        targets.insert(target);
                    }
                }
                targets
            })
            .collect()
    }

    fn name(&self, module: usize) -> String {
        let file = &self.modules[module].file;
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        file.strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string()
    }
}

/// `path` as written in the module at `here`, made absolute (`crate::...`).
fn absolute(here: &[String], path: &[String]) -> Vec<String> {
    let mut module: Vec<String> = here.to_vec();
    let mut rest = path;
    loop {
        match rest.first().map(String::as_str) {
            Some("crate") => return path.to_vec(),
            Some("super") => {
                module.pop();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            _ => break,
        }
    }
    if rest.len() == path.len() {
        // Not relative by keyword: a child module of this one, or another crate.
        let _ = &module;
    }
    let mut full = vec!["crate".to_owned()];
    full.extend(module);
    full.extend(rest.iter().cloned());
    full
}

/// The layer of a module: its first folder (or `facade` for `src/facade.rs`), or `root`
/// for `lib.rs`, which only declares the layers and re-exports the public API.
fn layer(module: &Module) -> &str {
    module.path.first().map_or("root", String::as_str)
}

#[test]
fn no_import_cycle_between_the_library_files() {
    let tree = Tree::new();
    let edges = tree.edges();
    // Tarjan's strongly connected components.
    let n = edges.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut cycles) = (Vec::new(), 0, Vec::new());
    fn visit(
        v: usize,
        edges: &[BTreeSet<usize>],
        state: (&mut Vec<usize>, &mut Vec<usize>, &mut Vec<bool>),
        stack: &mut Vec<usize>,
        next: &mut usize,
        cycles: &mut Vec<Vec<usize>>,
    ) {
        let (index, low, on_stack) = state;
        index[v] = *next;
        low[v] = *next;
        *next += 1;
        stack.push(v);
        on_stack[v] = true;
        for &w in &edges[v] {
            if index[w] == usize::MAX {
                visit(w, edges, (index, low, on_stack), stack, next, cycles);
                low[v] = low[v].min(low[w]);
            } else if on_stack[w] {
                low[v] = low[v].min(index[w]);
            }
        }
        if low[v] == index[v] {
            let mut component = Vec::new();
            while let Some(w) = stack.pop() {
                on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                cycles.push(component);
            }
        }
    }
    for v in 0..n {
        if index[v] == usize::MAX {
            visit(
                v,
                &edges,
                (&mut index, &mut low, &mut on_stack),
                &mut stack,
                &mut next,
                &mut cycles,
            );
        }
    }
    let shown: Vec<String> = cycles
        .iter()
        .map(|component| {
            let names: BTreeSet<String> = component.iter().map(|&m| tree.name(m)).collect();
            let inner: Vec<String> = component
                .iter()
                .flat_map(|&a| {
                    edges[a]
                        .iter()
                        .filter(|b| component.contains(b))
                        .map(move |&b| (a, b))
                })
                .map(|(a, b)| format!("{} -> {}", tree.name(a), tree.name(b)))
                .collect();
            format!("{names:?}: {}", inner.join(", "))
        })
        .collect();
    assert!(shown.is_empty(), "import cycles:\n{}", shown.join("\n"));
}

#[test]
fn imports_run_one_way_through_the_layers() {
    let tree = Tree::new();
    let edges = tree.edges();
    let allowed: BTreeMap<&str, &[&str]> = LAYERS.iter().copied().collect();
    let mut wrong = Vec::new();
    for (from, targets) in edges.iter().enumerate() {
        let from_layer = layer(&tree.modules[from]);
        if from_layer == "root" {
            continue;
        }
        let Some(may) = allowed.get(from_layer) else {
            wrong.push(format!(
                "{} is in no layer (folders: {:?})",
                tree.name(from),
                LAYERS.iter().map(|(l, _)| *l).collect::<Vec<_>>()
            ));
            continue;
        };
        for &to in targets {
            let to_layer = layer(&tree.modules[to]);
            if to_layer != from_layer && !may.contains(&to_layer) {
                wrong.push(format!(
                    "{} ({from_layer}) imports {} ({to_layer})",
                    tree.name(from),
                    tree.name(to)
                ));
            }
        }
    }
    if std::env::var_os("LAYERS_SHOW").is_some() {
        for (from, targets) in edges.iter().enumerate() {
            let to: Vec<String> = targets.iter().map(|&t| tree.name(t)).collect();
            println!("{} -> {}", tree.name(from), to.join(", "));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_reader_resolves_re_exports_and_groups() {
    let paths = expand_use("crate::{a::{b, c as d}, e}");
    let shown: Vec<String> = paths
        .iter()
        .map(|(p, alias)| {
            format!(
                "{}{}",
                p.join("::"),
                alias
                    .as_deref()
                    .map(|a| format!(" as {a}"))
                    .unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(shown, ["crate::a::b", "crate::a::c as d", "crate::e"]);
    let text = strip_comments("let s = \"crate::x\"; // crate::y\nuse crate::z;");
    assert!(!text.contains("crate::x") && !text.contains("crate::y") && text.contains("crate::z"));
    assert!(definitions("pub(crate) struct A; fn b() {} enum C {}").len() == 3);
}

#[test]
fn lib_rs_only_declares_and_re_exports() {
    let tree = Tree::new();
    let root = &tree.modules[tree.by_path[&Vec::new()]];
    let functions: Vec<&str> = root
        .text
        .lines()
        .filter(|line| {
            let line = line.trim_start();
            line.starts_with("fn ")
                || line.starts_with("pub fn ")
                || line.starts_with("pub(crate) fn ")
        })
        .collect();
    assert!(functions.is_empty(), "lib.rs defines {functions:?}");
}

/// The `crate::` paths a module's code writes (in `use` declarations and inline).
fn crate_paths(module: &Module) -> Vec<Vec<String>> {
    let mut paths: Vec<Vec<String>> = uses(&module.text)
        .into_iter()
        .map(|(path, _, _)| absolute(&module.path, &path))
        .collect();
    for (at, _) in module.text.match_indices("crate::") {
        if module.text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let path: String = module.text[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        paths.push(split_path(path.trim_end_matches(':')));
    }
    paths
}

#[test]
fn paths_inside_the_library_name_modules_not_re_exports() {
    // `crate::parse` is the public door (lib.rs re-exports it); inside the library a path
    // names the module that defines the item (`crate::facade::parse`), so that an import
    // says which layer it reaches.
    let tree = Tree::new();
    let layers: BTreeSet<&str> = LAYERS.iter().map(|(layer, _)| *layer).collect();
    let mut wrong = Vec::new();
    for (i, module) in tree.modules.iter().enumerate() {
        if module.path.is_empty() {
            continue;
        }
        for path in crate_paths(module) {
            let first = path.get(1).map(String::as_str);
            if path.first().is_some_and(|s| s == "crate")
                && !first.is_some_and(|f| layers.contains(f))
            {
                wrong.push(format!("{}: {}", tree.name(i), path.join("::")));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "paths through lib.rs's re-exports:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_impl_of_url_and_url_reference_is_in_its_one_file() {
    // An `impl` block whose self type is the library's `Url` or `UrlReference` (inherent,
    // or a trait for it; by any path), anywhere but its file in `src/methods/`. The `url`
    // crate's `url::Url`, which has no lifetime, is not ours.
    let mut strays = Vec::new();
    for module in modules() {
        let home = ["url", "reference"].map(|name| Path::new("methods").join(format!("{name}.rs")));
        for (number, line) in module.text.lines().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix("impl") else {
                continue;
            };
            let self_type = rest.rsplit(" for ").next().unwrap_or(rest);
            let ours = ["Url<", "UrlReference<"].into_iter().find(|name| {
                self_type
                    .split([' ', '(', '&'])
                    .any(|word| word.rsplit("::").next().unwrap_or(word).starts_with(name))
            });
            let Some(ours) = ours else { continue };
            let want = if ours == "Url<" { &home[0] } else { &home[1] };
            if !module.file.ends_with(want) {
                strays.push(format!("{}:{}: {line}", module.file.display(), number + 1));
            }
        }
    }
    assert!(
        strays.is_empty(),
        "impl blocks of Url or UrlReference outside src/methods/:\n{}",
        strays.join("\n")
    );
}

#[test]
fn no_layer_imports_the_pest_parsers_or_the_judges_window() {
    let tree = Tree::new();
    let edges = tree.edges();
    let mut wrong = Vec::new();
    for (from, targets) in edges.iter().enumerate() {
        let from_layer = layer(&tree.modules[from]);
        if OUTSIDE.contains(&from_layer) || from_layer == "root" {
            continue;
        }
        for &to in targets {
            if OUTSIDE.contains(&layer(&tree.modules[to])) {
                wrong.push(format!("{} imports {}", tree.name(from), tree.name(to)));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn layer_numbers_in_the_docs_match_the_imports() {
    // A layer's number is one more than the highest of the layers it may import: what
    // each layer's module doc says (`//! Layer 3, lowering: ...`).
    fn rank(layer: &str) -> usize {
        let (_, imports) = LAYERS
            .iter()
            .find(|(name, _)| *name == layer)
            .expect("a layer of LAYERS");
        1 + imports.iter().map(|&below| rank(below)).max().unwrap_or(0)
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    for &(layer, _) in LAYERS.iter().filter(|(layer, _)| !OUTSIDE.contains(layer)) {
        let file = [
            root.join(layer).join("mod.rs"),
            root.join(format!("{layer}.rs")),
        ]
        .into_iter()
        .find(|file| file.exists())
        .expect("each layer is a module of src/");
        let source = std::fs::read_to_string(&file).expect("readable");
        let said = source
            .strip_prefix("//! Layer ")
            .and_then(|rest| rest.split([',', ' ']).next())
            .and_then(|number| number.parse::<usize>().ok());
        if said != Some(rank(layer)) {
            wrong.push(format!(
                "{}: says layer {said:?}, imports make it layer {}",
                file.display(),
                rank(layer)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_graph_read_holds_the_imports_the_library_makes() {
    // A resolver that lost its way would pass every test above with nothing to check: the
    // graph must hold the imports that are known to be there, a re-export followed to the
    // file that defines the item, and an edge from nearly every file.
    let tree = Tree::new();
    let edges = tree.edges();
    let file = |name: &str| {
        (0..tree.modules.len())
            .find(|&i| tree.name(i) == name)
            .unwrap_or_else(|| panic!("no module file {name}"))
    };
    let known = [
        // `use crate::syntax::compiled::Grammar;`
        ("src/facade.rs", "src/syntax/compiled.rs"),
        // `use crate::vocabulary::dialect::Dialect;`
        ("src/facade.rs", "src/vocabulary/dialect.rs"),
        // `crate::lowering::lower::<Rule>(...)` in an expression, not a `use`
        ("src/facade.rs", "src/lowering/mod.rs"),
        // `use super::...` between siblings
        (
            "src/syntax/diagnose/checks.rs",
            "src/syntax/diagnose/failure.rs",
        ),
        // `crate::syntax::diagnose::JudgedFailure`, re-exported by diagnose/mod.rs: the
        // file that defines it
        ("src/judged.rs", "src/syntax/diagnose/failure.rs"),
        // `xalphas_len` and `ErrorKind`, re-exported by diagnose/mod.rs from checks.rs and
        // by error/mod.rs from kind.rs
        ("src/judged.rs", "src/syntax/diagnose/checks.rs"),
        ("src/judged.rs", "src/vocabulary/error/kind.rs"),
    ];
    for (from, to) in known {
        assert!(
            edges[file(from)].contains(&file(to)),
            "{from} -> {to} not read; it reads {from} -> {:?}",
            edges[file(from)]
                .iter()
                .map(|&t| tree.name(t))
                .collect::<Vec<_>>()
        );
    }
    // Files that import nothing: leaves of the vocabulary and of a service, and the
    // `mod.rs` files that only declare their modules.
    let without: Vec<String> = (0..tree.modules.len())
        .filter(|&i| edges[i].is_empty() && layer(&tree.modules[i]) != "root")
        .map(|i| tree.name(i))
        .filter(|name| !name.ends_with("/mod.rs"))
        .collect();
    let total: usize = edges.iter().map(BTreeSet::len).sum();
    println!(
        "{} files, {total} edges; no edge from {without:?}",
        edges.len()
    );
    assert!(
        without.len() * 8 < edges.len() && total > 3 * edges.len(),
        "{total} edges among {} files; {} files import nothing: {without:?}",
        edges.len(),
        without.len()
    );
}

/// The top-level modules a file of a crate under `crates/` imports: the first segment of
/// every `crate::` path in it (`use crate::output::{shown, Out}` imports `output`).
fn crate_imports(text: &str) -> BTreeSet<String> {
    let mut imports = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim_start();
        if line.starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && after[name.len()..].starts_with("::") {
                imports.insert(name);
            }
            rest = after;
        }
    }
    imports
}

/// Each crate of the workspace (`crates/*/src`): no import circle among its modules (a
/// module's file and the files under its folder count as one), and no source file over
/// 1,000 lines in any crate, the library's included — but a generated table (a file that
/// says at its top that it is generated and not to be edited, and holds no function: the
/// Unicode data of the surt style's IDNA), which its generator checks, not a reader.
#[test]
fn the_crates_have_no_import_circle_and_no_file_over_1000_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut long = Vec::new();
    let mut circles = Vec::new();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    crates.sort();
    assert!(crates.len() >= 8, "{crates:?}");
    for src in crates.iter().chain([root.join("src")].iter()) {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut stack = vec![src.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let head: String = text.lines().take(6).collect();
                let generated_table = head.contains("Generated by")
                    && head.contains("do not edit")
                    && !text.contains("fn ");
                if text.lines().count() > 1000 && !generated_table {
                    long.push(path.display().to_string());
                }
                // The top-level module the file belongs to (`lib.rs`, `main.rs`: the root).
                let relative = path.strip_prefix(src).unwrap();
                let first = relative.iter().next().unwrap().to_string_lossy();
                let module = first.trim_end_matches(".rs").to_owned();
                if module == "lib" || module == "main" || src == &root.join("src") {
                    continue; // the library's own layers are checked above, file by file
                }
                let imports = crate_imports(&text);
                let entry = graph.entry(module.clone()).or_default();
                entry.extend(imports.into_iter().filter(|name| *name != module));
            }
        }
        // A circle: a module that reaches itself through its imports.
        for start in graph.keys() {
            let mut seen = BTreeSet::new();
            let mut todo: Vec<&String> = graph[start].iter().collect();
            while let Some(next) = todo.pop() {
                if next == start {
                    circles.push(format!(
                        "{}: {start} imports itself through others",
                        src.display()
                    ));
                    break;
                }
                if seen.insert(next.clone())
                    && let Some(more) = graph.get(next)
                {
                    todo.extend(more.iter());
                }
            }
        }
    }
    assert!(long.is_empty(), "files over 1,000 lines: {long:?}");
    assert!(circles.is_empty(), "{circles:#?}");
}
