//! Expansion tests: each `tests/expand/NAME.rs` expands, formatted by
//! rustfmt, to exactly `tests/expand/NAME.expanded.rs`. Set `ZENFG_BLESS=1`
//! to rewrite the expected expansions after a deliberate change.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use proc_macro2::TokenStream;
use quote::quote;

/// The derive input of a case: the struct, without its `#[derive(Pass)]`.
fn derive_input(source: &str) -> TokenStream {
    let file = syn::parse_file(source).expect("the case parses");
    let item = file
        .items
        .iter()
        .find_map(|item| match item {
            syn::Item::Struct(item) => Some(item),
            _ => None,
        })
        .expect("the case has a struct");
    let mut item = item.clone();
    item.attrs.retain(|attr| !attr.path().is_ident("derive"));
    quote!(#item)
}

fn rustfmt(code: &str) -> String {
    let mut child = Command::new(std::env::var("RUSTFMT").unwrap_or_else(|_| "rustfmt".into()))
        .args(["--edition", "2024", "--config", "max_width=120"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rustfmt runs");
    child.stdin.take().expect("stdin").write_all(code.as_bytes()).expect("rustfmt reads the expansion");
    let output = child.wait_with_output().expect("rustfmt finishes");
    assert!(output.status.success(), "rustfmt failed on:\n{code}");
    String::from_utf8(output.stdout).expect("rustfmt writes UTF-8")
}

#[test]
fn expansions_match_the_expected_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expand");
    let bless = std::env::var_os("ZENFG_BLESS").is_some();
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/expand exists")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == "rs") && !path.to_string_lossy().ends_with(".expanded.rs")
        })
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no expansion cases in {}", dir.display());
    let mut mismatches = Vec::new();
    for case in cases {
        let source = std::fs::read_to_string(&case).expect("the case reads");
        let tokens = crate::expand::expand(derive_input(&source)).to_string();
        assert_names_only_private_and_core(&tokens);
        // Shader paths are absolute: the snapshot names them from the manifest
        // directory, before formatting, so the checkout's path length cannot
        // change where rustfmt breaks lines.
        let expanded = rustfmt(&tokens.replace(env!("CARGO_MANIFEST_DIR"), "$CARGO_MANIFEST_DIR"));
        let expected = case.with_extension("expanded.rs");
        if bless {
            std::fs::write(&expected, &expanded).expect("the expected expansion writes");
        } else if std::fs::read_to_string(&expected).ok().as_deref() != Some(expanded.as_str()) {
            mismatches.push(expected.display().to_string());
        }
    }
    assert!(
        mismatches.is_empty(),
        "expansions differ from (or lack) their expected files; run with ZENFG_BLESS=1 to rewrite: {mismatches:?}"
    );
}

/// Every absolute path of the expansion starts with `::zenfg_runtime::__private`
/// or `::core`.
fn assert_names_only_private_and_core(tokens: &str) {
    let words: Vec<&str> = tokens.split_whitespace().collect();
    for (index, window) in words.windows(2).enumerate() {
        let absolute = window[0] == "::" && (index == 0 || !is_path_segment(words[index - 1]));
        if !absolute {
            continue;
        }
        match window[1] {
            "core" => {}
            "zenfg_runtime" => assert_eq!(words.get(index + 3), Some(&"__private"), "in {tokens}"),
            other => panic!("the expansion names `::{other}`: {tokens}"),
        }
    }
}

fn is_path_segment(word: &str) -> bool {
    word.chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '>')
}
