//! The maps name only what exists: every repository path and every Rust path of this project that
//! README.md, ARCHITECTURE.md, bench/README.md and docs/*.md write in backticks, and every relative
//! link they hold (with its heading anchor), must name a file, directory, heading or item that is
//! there.
//!
//! A span counts as a repository path when it has no spaces or placeholders (`<ID>`, `{md,tex}`, `…`)
//! and its first component is an entry of the repository root, of `src/` (ARCHITECTURE.md writes
//! module folders such as `papers/mod.rs` from there), of the document's own folder, or when it ends
//! in a file extension. Paths under what a run writes ([`OUTPUTS`]: `build/`, `bench/out/`, …)
//! are outputs, not files of the repository, and are not checked. A span counts as a Rust
//! path when it contains `::`; it is resolved through the module files of `src/` (`crate::`,
//! `evia_repro::` or a top-level module) or of `crates/evia-engine/src/` (`engine::`, `evia_engine::`
//! or a top-level module of the engine) or of the integration tests (`tests/it/`, a test named by its
//! module), and its last segments must be items defined or re-exported there. Paths into other crates or languages (`std::`, `clap::`, R's `irr::`) are listed in
//! [`FOREIGN_ROOTS`].

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::project_root;

/// First segments of Rust (or R) paths that name another crate or language.
const FOREIGN_ROOTS: &[&str] = &["std", "core", "alloc", "clap", "serde", "insta", "irr"];

/// Folders whose contents a run writes; paths into them name outputs.
const OUTPUTS: &[&str] = &[
    "build",
    "build-study",
    "bench/out",
    "bench/eval/.venv",
    "target",
];

/// Extensions that make a span a file name even when its first component is not a known entry.
const EXTENSIONS: &[&str] = &[
    "rs", "md", "yaml", "yml", "toml", "j2", "py", "sh", "json", "tsv", "txt", "css", "js", "gz",
];

/// The documents checked: README.md, ARCHITECTURE.md, bench/README.md and docs/*.md.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut docs = vec![
        root.join("README.md"),
        root.join("ARCHITECTURE.md"),
        root.join("bench/README.md"),
    ];
    let mut in_docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    in_docs.sort();
    docs.extend(in_docs);
    docs
}

/// The backtick spans of a Markdown text, with their line numbers (fenced code blocks skipped).
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(span), Some(_)) = (parts.next(), parts.next()) {
            spans.push((index + 1, span.to_string()));
        }
        // An unpaired backtick ends the line's spans; `split` has consumed the rest.
    }
    spans
}

/// The targets of the inline links `[text](target)` of a Markdown text, with their line numbers
/// (links written inside code spans, as examples, left out).
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push((index + 1, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    targets
}

/// The anchors of a Markdown text's headings, as GitHub makes them: lower case, punctuation but `-`
/// and `_` dropped, spaces as `-`.
fn headings(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines().filter(|l| l.starts_with('#')).map(|l| {
        l.trim_start_matches('#')
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect()
    })
}

fn is_output(path: &str) -> bool {
    OUTPUTS
        .iter()
        .any(|o| path == *o || path.strip_prefix(o).is_some_and(|r| r.starts_with('/')))
}

/// Whether a code span reads as a path of the repository (see the module documentation).
fn looks_like_path(span: &str, bases: &[PathBuf]) -> bool {
    if span.is_empty()
        || span.contains(char::is_whitespace)
        || span.contains([
            '<', '>', '{', '}', '*', '…', '$', '|', '=', '(', '[', ':', ',', '"',
        ])
        || span.starts_with(['-', '.', '/', '~'])
        || span.contains("...")
    {
        return false;
    }
    let first = span.split('/').next().unwrap_or_default();
    // `DIR/labels.tsv`, `CHECKOUT/…`: a placeholder for the user's own folder.
    if first.chars().all(|c| c.is_ascii_uppercase()) {
        return false;
    }
    let has_extension = Path::new(span)
        .extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| EXTENSIONS.contains(&x));
    (span.contains('/') && bases.iter().any(|b| b.join(first).exists()))
        || (has_extension && span.contains('/'))
}

/// Checks one repository path; `bases` are the folders it may be relative to.
fn check_path(span: &str, bases: &[PathBuf]) -> Result<(), String> {
    if is_output(span) {
        return Ok(());
    }
    if bases.iter().any(|b| b.join(span).exists()) {
        Ok(())
    } else {
        Err(format!("no file or directory `{span}`"))
    }
}

/// The module file of `dir/name` (`name.rs` or `name/mod.rs`), if there is one.
fn module_file(dir: &Path, name: &str) -> Option<PathBuf> {
    [
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `text` holds `word` as a whole identifier right after `prefix`.
fn has_after(text: &str, prefix: &str, word: &str) -> bool {
    let needle = format!("{prefix}{word}");
    text.match_indices(&needle).any(|(at, _)| {
        let before_ok = prefix.chars().last().is_some_and(|c| !is_ident_char(c))
            || text[..at].chars().last().is_none_or(|c| !is_ident_char(c));
        let after_ok = text[at + needle.len()..]
            .chars()
            .next()
            .is_none_or(|c| !is_ident_char(c));
        before_ok && after_ok
    })
}

/// Whether a module's source defines or re-exports the item `name` (or a macro invocation there
/// defines it, as `quick_fuzz! { runs => "runs" }` defines the test `runs`).
fn defines(source: &str, name: &str) -> bool {
    const KINDS: &[&str] = &[
        "fn ",
        "struct ",
        "enum ",
        "trait ",
        "type ",
        "const ",
        "static ",
        "mod ",
        "union ",
        "macro_rules! ",
    ];
    KINDS.iter().any(|k| has_after(source, k, name))
        || source
            .split(';')
            .filter(|s| is_use(s))
            .any(|s| has_after(s, "", name))
        || source
            .lines()
            .any(|l| l.trim_start().starts_with(&format!("{name} => ")))
}

/// Whether a statement (the text up to a `;`, comments and attributes before it included) is a
/// `use` declaration, of any visibility.
fn is_use(statement: &str) -> bool {
    let code = statement
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with("#["))
        .collect::<Vec<_>>()
        .join(" ");
    let mut words = code.split_whitespace();
    match words.next() {
        Some("use") => true,
        Some(first) => first.starts_with("pub") && words.next() == Some("use"),
        None => false,
    }
}

/// Every Rust source file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Resolves `segments` below the module whose file is `file` in folder `dir`.
fn resolve_in(mut file: PathBuf, mut dir: PathBuf, segments: &[&str]) -> Result<(), String> {
    for (at, segment) in segments.iter().enumerate() {
        if let Some(next) = module_file(&dir, segment) {
            dir = dir.join(segment);
            file = next;
            continue;
        }
        let source = fs::read_to_string(&file).unwrap();
        if !defines(&source, segment) {
            return Err(format!("`{segment}` is not defined in {}", file.display()));
        }
        // Whatever follows an item (a variant, a method) must be named in the same file.
        return match segments[at + 1..]
            .iter()
            .find(|s| !has_after(&source, "", s))
        {
            Some(missing) => Err(format!("`{missing}` is not named in {}", file.display())),
            None => Ok(()),
        };
    }
    Ok(())
}

/// Checks one Rust path (see the module documentation).
fn check_symbol(span: &str, crate_src: &Path, engine_src: &Path) -> Result<(), String> {
    // Drop call arguments and turbofish: `papers::parameters::<P>(artefact)` → `papers::parameters`.
    let path = span.split('(').next().unwrap_or_default();
    let path = path.split("::<").next().unwrap_or_default();
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let Some(&first) = segments.first() else {
        return Err("empty path".to_string());
    };
    if FOREIGN_ROOTS.contains(&first) {
        return Ok(());
    }
    let root = |src: &Path| (src.join("lib.rs"), src.to_path_buf());
    // The user tools' library, whose modules the application re-exports under their own names.
    let tools_src = engine_src
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .join("evia-tools/src");
    match first {
        "crate" | "evia_repro" => {
            let in_tools = segments.get(1).is_some_and(|m| {
                module_file(crate_src, m).is_none() && module_file(&tools_src, m).is_some()
            });
            let (file, dir) = root(if in_tools { &tools_src } else { crate_src });
            return resolve_in(file, dir, &segments[1..]);
        }
        "evia_tools" => {
            let (file, dir) = root(&tools_src);
            return resolve_in(file, dir, &segments[1..]);
        }
        "engine" | "evia_engine" => {
            let (file, dir) = root(engine_src);
            return resolve_in(file, dir, &segments[1..]);
        }
        _ => {}
    }
    if first.starts_with(char::is_uppercase) {
        // A type named alone: it must be defined somewhere, with what follows in the same file.
        let mut files = Vec::new();
        rust_files(crate_src, &mut files);
        rust_files(&tools_src, &mut files);
        rust_files(engine_src, &mut files);
        let found = files.iter().any(|f| {
            let source = fs::read_to_string(f).unwrap();
            ["struct ", "enum ", "trait ", "type "]
                .iter()
                .any(|k| has_after(&source, k, first))
                && segments[1..].iter().all(|s| has_after(&source, "", s))
        });
        return if found {
            Ok(())
        } else {
            Err(format!("no type `{first}` defining {:?}", &segments[1..]))
        };
    }
    let tests = crate_src.parent().unwrap().join("tests/it");
    let mut errors = Vec::new();
    for (file, dir) in [
        root(crate_src),
        root(&tools_src),
        root(engine_src),
        (tests.join("main.rs"), tests.clone()),
    ] {
        if module_file(&dir, first).is_none() {
            continue;
        }
        match resolve_in(file, dir, &segments) {
            Ok(()) => return Ok(()),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Err(format!(
            "`{first}` is no module of the crate, the tools library or the engine"
        ))
    } else {
        Err(errors.join("; "))
    }
}

/// Every problem found in one document.
fn problems(doc: &Path, root: &Path) -> Vec<String> {
    let text = fs::read_to_string(doc).unwrap();
    let name = doc.strip_prefix(root).unwrap().display().to_string();
    let doc_dir = doc.parent().unwrap().to_path_buf();
    let crate_src = root.join("src");
    let engine_src = root.join("crates/evia-engine/src");
    let bases = [root.to_path_buf(), crate_src.clone(), doc_dir.clone()];
    let mut found = Vec::new();
    for (line, span) in code_spans(&text) {
        let outcome = if span.contains("::") && !span.contains(char::is_whitespace) {
            Some(check_symbol(&span, &crate_src, &engine_src))
        } else if looks_like_path(&span, &bases) {
            Some(check_path(span.trim_end_matches('/'), &bases))
        } else {
            None
        };
        if let Some(Err(why)) = outcome {
            found.push(format!("{name}:{line}: `{span}`: {why}"));
        }
    }
    for (line, target) in link_targets(&text) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
        let path = if file.is_empty() {
            doc.to_path_buf()
        } else {
            doc_dir.join(file)
        };
        if !path.exists() {
            found.push(format!("{name}:{line}: link to `{target}`: no such file"));
        } else if !anchor.is_empty()
            && path.extension().is_some_and(|x| x == "md")
            && !headings(&fs::read_to_string(&path).unwrap()).any(|h| h == anchor)
        {
            found.push(format!(
                "{name}:{line}: link to `{target}`: no such heading"
            ));
        }
    }
    found
}

#[test]
fn every_path_and_symbol_the_maps_name_exists() {
    let root = project_root();
    let found: Vec<String> = documents(&root)
        .iter()
        .flat_map(|doc| problems(doc, &root))
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_checker_rejects_what_does_not_exist() {
    let root = project_root();
    let crate_src = root.join("src");
    let engine_src = root.join("crates/evia-engine/src");
    let bases = [root.clone(), crate_src.clone()];
    // Names that exist pass …
    assert_eq!(check_path("tests/it/common.rs", &bases), Ok(()));
    assert_eq!(check_path("papers/mod.rs", &bases), Ok(()));
    assert_eq!(
        check_symbol("model::column_id::resolve", &crate_src, &engine_src),
        Ok(())
    );
    assert_eq!(
        check_symbol("evia_engine::rng::stream", &crate_src, &engine_src),
        Ok(())
    );
    assert_eq!(
        check_symbol("docs_paths::check_symbol", &crate_src, &engine_src),
        Ok(())
    );
    // … and names that do not, fail.
    assert!(check_path("tests/it/no_such_test.rs", &bases).is_err());
    for missing in [
        "ledger::experiment_claims::figure_rank",
        "crate::io::stc",
        "sim::www::topic_agreement",
        "model::column_id::no_such_fn",
        "docs_paths::no_such_test",
    ] {
        assert!(
            check_symbol(missing, &crate_src, &engine_src).is_err(),
            "{missing}"
        );
    }
    assert!(looks_like_path("src/papers/lancers/figure_rank.rs", &bases));
    assert!(!looks_like_path("paper/<slug>.report.md", &bases));
    assert!(is_output("build/index.html"));
    let text = "# Title\n## Tests, fuzzing and CI\n### `agree`\n";
    let anchors: Vec<String> = headings(text).collect();
    assert_eq!(anchors, ["title", "tests-fuzzing-and-ci", "agree"]);
}
