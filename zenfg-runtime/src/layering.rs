//! The module layering of `docs/architecture.md`, checked against the code:
//! a module names only modules of lower layers, leaf modules name only leaf
//! modules without cycles, and every layer may borrow the owner, `graph`.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Each top-level module's layer; the owner, `graph`, has none.
const LAYERS: [(&str, u8); 23] = [
    ("ids", 0),
    ("scoped", 0),
    ("capabilities", 0),
    ("types", 0),
    ("desc", 0),
    ("format", 0),
    ("hash", 0),
    ("handle", 0),
    ("ops", 0),
    ("token", 0),
    ("trace", 0),
    ("error", 0),
    ("physical", 0),
    ("binding", 1),
    ("pool", 1),
    ("readback", 1),
    ("context", 2),
    ("record", 3),
    ("compile", 4),
    ("derive", 4),
    ("execute", 5),
    ("snapshot", 6),
    ("report_text", 6),
];

/// Every `crate::<module>` a module's non-test code names.
fn edges(src: &Path) -> BTreeMap<String, Vec<String>> {
    let mut edges = BTreeMap::new();
    for entry in fs::read_dir(src).expect("src is readable") {
        let path = entry.expect("src entry").path();
        // Modules are `.rs` files and folders; other files are documents the docs include.
        if path.is_file() && path.extension().is_none_or(|extension| extension != "rs") {
            continue;
        }
        let name = path.file_stem().and_then(|stem| stem.to_str()).expect("module name").to_owned();
        if name == "lib" || name == "layering" {
            continue;
        }
        let mut named = Vec::new();
        for file in files(&path) {
            let text = fs::read_to_string(&file).expect("source is readable");
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let code = code.split("#[cfg(all(test").next().unwrap_or_default();
            for (at, _) in code.match_indices("crate::") {
                let rest = &code[at + "crate::".len()..];
                let module: String = rest.chars().take_while(|c| c.is_ascii_lowercase() || *c == '_').collect();
                if !module.is_empty() && module != name && !named.contains(&module) {
                    named.push(module);
                }
            }
        }
        edges.insert(name, named);
    }
    edges
}

fn files(path: &Path) -> Vec<std::path::PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut found = Vec::new();
    for entry in fs::read_dir(path).expect("module folder is readable") {
        found.extend(files(&entry.expect("module entry").path()));
    }
    found
}

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(name, _)| *name == module).map(|(_, layer)| *layer)
}

#[test]
fn modules_name_only_lower_layers_and_the_owner() {
    let edges = edges(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let mut violations = Vec::new();
    for (module, named) in &edges {
        if module == "graph" {
            continue;
        }
        let Some(own) = layer(module) else {
            violations.push(format!("`{module}` has no layer in LAYERS and docs/architecture.md"));
            continue;
        };
        for other in named {
            // `kind` is the re-export of `token::kind` at the crate root.
            if other == "graph" || other == "kind" || other == "wgpu" {
                continue;
            }
            match layer(other) {
                Some(theirs) if theirs < own || (own == 0 && theirs == 0) => {}
                _ => violations.push(format!("`{module}` names `{other}`")),
            }
        }
    }
    assert!(violations.is_empty(), "layering broken: {violations:?}");
}

#[test]
fn leaf_modules_have_no_cycle() {
    let edges = edges(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let leaf = |module: &str| layer(module) == Some(0);
    // Depth-first search for a back edge among the leaf modules.
    fn visit<'a>(
        module: &'a str,
        edges: &'a BTreeMap<String, Vec<String>>,
        leaf: &dyn Fn(&str) -> bool,
        path: &mut Vec<&'a str>,
        done: &mut Vec<&'a str>,
    ) -> Option<String> {
        if let Some(start) = path.iter().position(|on| *on == module) {
            return Some(path[start..].join(" -> ") + " -> " + module);
        }
        if done.contains(&module) {
            return None;
        }
        path.push(module);
        for next in edges.get(module).into_iter().flatten().filter(|next| leaf(next)) {
            if let Some(cycle) = visit(next, edges, leaf, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.push(module);
        None
    }
    let mut done = Vec::new();
    for module in edges.keys().filter(|module| leaf(module)) {
        let cycle = visit(module, &edges, &leaf, &mut Vec::new(), &mut done);
        assert_eq!(cycle, None, "leaf modules form a cycle");
    }
}
