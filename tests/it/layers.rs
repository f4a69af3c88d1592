//! The layers of the application (`src/`) and of the user tools' library (`crates/evia-tools/src/`):
//! every `crate::<module>` path must point to the same layer or one below, and the module graph must
//! have no cycle, so the structure cannot silently rot. A new top-level module must be placed in
//! [`LAYERS`] (or [`TOOLS_LAYERS`]) before this test passes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, bottom up. A module may import its own layer or any layer below it.
/// `parallel`, `io`, `evaluate`, `evaluate_runs`, `assessors`, `hsd` and `judges` are the tools library's modules, which the
/// application re-exports under those names.
const LAYERS: &[&[&str]] = &[
    // Work shared by threads, results in input order, and how invisible characters are shown (no
    // project types).
    &["parallel", "invisible"],
    // Vocabulary: ids, cell keys, provenance classes (beside the engine crate).
    &["model"],
    // Readers and atomic writers, one topic's evaluation, and many runs' evaluations.
    &["io", "evaluate", "evaluate_runs"],
    // The project as data: manifest, published values, result tables, provenance stamps.
    &["manifest", "published", "results", "provenance", "sources"],
    // The papers' typed experiments, a module per paper (`papers/<slug>`).
    &["papers", "assessors", "hsd"],
    // Meta-evaluation of relevance judges: typed results over the readers and the engine.
    &["judges"],
    // Pure ledger (verdicts, findings, claim checks, consistency checks) and renderers.
    &["consistency", "ledger", "render"],
    // Robustness studies: experiments and ledger claims over independent stand-in replicates.
    &["robustness"],
    // The one account of the evidence: terms, findings, counts and words of every view.
    &["account"],
    // The views: literate reports, index, ledger, reviewer's page, `check`'s text.
    &["report"],
    // Select, rebuild, build state, stamps: `reproduce` and `check`.
    &["pipeline"],
    // Arguments and printing.
    &["cli"],
];

/// The layers of the user tools' library, bottom up.
const TOOLS_LAYERS: &[&[&str]] = &[
    &["parallel", "invisible"],
    &["io"],
    &["evaluate"],
    &["evaluate_runs"],
    &["assessors", "hsd"],
    &["judges"],
];

/// The user tools' library's sources.
const TOOLS_SRC: &str = "crates/evia-tools/src";

/// Files that declare modules rather than belong to one.
const ROOT_FILES: &[&str] = &["lib.rs", "main.rs"];

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Who imports whom: for every top-level module of `src/`, the other top-level modules it names as
/// `crate::<module>` anywhere in its files (`use` lines and inline paths alike).
fn module_graph(src: &Path) -> Graph {
    let mut graph = Graph::new();
    for path in rust_files(src) {
        let relative = path.strip_prefix(src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let first = first.to_str().unwrap();
        if ROOT_FILES.contains(&first) {
            continue;
        }
        let module = first.trim_end_matches(".rs").to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let imports = graph.entry(module.clone()).or_default();
        // `crate::x`, and `evia_tools::x` (the tools library's modules, which the application
        // re-exports under their own names and places in its layers).
        let paths = text
            .match_indices("crate::")
            .chain(text.match_indices("evia_tools::"));
        for (at, prefix) in paths {
            // Skip `evia_repro::`-style paths of other crates (`some_crate::`), keep `crate::`.
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let name: String = text[at + prefix.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name != module {
                imports.insert(name);
            }
        }
    }
    graph
}

/// Every `.rs` file under `src`.
fn rust_files(src: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![src.to_path_buf()];
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
    files
}

/// Every violation of the layer order and every cycle of `graph`, one line each.
fn violations(graph: &Graph, layers: &[&[&str]]) -> Vec<String> {
    let layer_of = |m: &str| layers.iter().position(|l| l.contains(&m));
    let mut found = Vec::new();
    for (module, imports) in graph {
        let Some(own) = layer_of(module) else {
            found.push(format!("module `{module}` is in no layer"));
            continue;
        };
        for import in imports {
            match layer_of(import) {
                None => found.push(format!(
                    "`{module}` imports `{import}`, which is in no layer"
                )),
                Some(l) if l > own => found.push(format!(
                    "`{module}` (layer {own}) imports `{import}` from the layer above it ({l})"
                )),
                Some(_) => {}
            }
        }
    }
    found.extend(cycles(graph));
    found
}

/// One line per module that can reach itself through the import graph.
fn cycles(graph: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&str> = graph[start].iter().map(String::as_str).collect();
        while let Some(m) = stack.pop() {
            if m == start {
                found.push(format!("`{start}` is part of an import cycle"));
                break;
            }
            if seen.insert(m) {
                stack.extend(graph.get(m).into_iter().flatten().map(String::as_str));
            }
        }
    }
    found
}

#[test]
fn src_imports_only_downward_and_has_no_cycle() {
    let graph = module_graph(Path::new("src"));
    assert!(
        graph.contains_key("model") && graph.contains_key("cli"),
        "{graph:?}"
    );
    let found = violations(&graph, LAYERS);
    assert!(found.is_empty(), "layer violations:\n{}", found.join("\n"));
}

#[test]
fn the_tools_library_imports_only_downward_and_has_no_cycle() {
    let graph = module_graph(Path::new(TOOLS_SRC));
    assert!(
        graph.contains_key("io") && graph.contains_key("judges"),
        "{graph:?}"
    );
    let found = violations(&graph, TOOLS_LAYERS);
    assert!(found.is_empty(), "layer violations:\n{}", found.join("\n"));
}

#[test]
fn model_imports_nothing_of_the_crate() {
    // Nothing but the tools library's bottom layer (how invisible characters are shown).
    let graph = module_graph(Path::new("src"));
    assert_eq!(graph["model"], BTreeSet::from(["invisible".to_string()]));
}

/// The checker itself: an upward import, a cycle within a layer and an unplaced module are reported.
#[test]
fn checker_reports_upward_imports_cycles_and_unplaced_modules() {
    let graph = |edges: &[(&str, &str)]| {
        let mut g = Graph::new();
        for (from, to) in edges {
            g.entry(from.to_string())
                .or_default()
                .insert(to.to_string());
            g.entry(to.to_string()).or_default();
        }
        g
    };
    let layers: &[&[&str]] = &[&["low"], &["mid", "mid2"], &["high"]];
    assert!(violations(&graph(&[("high", "mid"), ("mid", "low")]), layers).is_empty());
    let upward = violations(&graph(&[("low", "high")]), layers);
    assert!(
        upward.iter().any(|v| v.contains("layer above")),
        "{upward:?}"
    );
    let cycle = violations(&graph(&[("mid", "mid2"), ("mid2", "mid")]), layers);
    assert_eq!(cycle.len(), 2, "{cycle:?}");
    let unplaced = violations(&graph(&[("stray", "low")]), layers);
    assert!(
        unplaced.iter().any(|v| v.contains("in no layer")),
        "{unplaced:?}"
    );
}

/// The module path of a file under `src/` (`consistency/sso.rs` and `consistency/sso/mod.rs` are
/// `["consistency", "sso"]`).
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_str().unwrap().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|l| l == "mod" || l == "lib") {
        parts.pop();
    }
    parts
}

/// The first segments named after every `super::` or `crate::` prefix in `text`, resolved against
/// the file's `module` path (`super::{a::X, b}` names `a` and `b`).
fn named_modules(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let ident = |s: &str| -> String {
        s.trim()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut found = Vec::new();
    for (at, _) in text.match_indices("::") {
        // The whole path ending at this `::`: back to the first character that cannot be in one.
        let start = text[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .map_or(0, |i| i + 1);
        let prefix = &text[start..at];
        let base: Vec<String> = if prefix == "crate" {
            Vec::new()
        } else if !prefix.is_empty() && prefix.split("::").all(|s| s == "super") {
            let up = prefix.split("::").count();
            if up > module.len() {
                continue;
            }
            module[..module.len() - up].to_vec()
        } else {
            continue;
        };
        let rest = &text[at + 2..];
        if ident(rest) == "super" {
            // `super::super::x`: the whole chain is read at its last `::`.
            continue;
        }
        // The segments that follow (`render::figure_means::svg`), then a brace list's first
        // segments (`super::{context::X, error}`).
        let word = |s: &str| -> usize {
            s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(s.len())
        };
        let mut lead = base;
        let mut rest = rest;
        while let Some(next) = rest[word(rest)..].strip_prefix("::") {
            if word(rest) == 0 {
                break;
            }
            lead.push(rest[..word(rest)].to_string());
            rest = next;
        }
        let names: Vec<String> = match rest.strip_prefix('{') {
            Some(list) => list
                .split('}')
                .next()
                .unwrap_or("")
                .split(',')
                .map(ident)
                .collect(),
            None => vec![ident(rest)],
        };
        for name in names {
            let mut path = lead.clone();
            if !name.is_empty() {
                path.push(name);
            }
            if !path.is_empty() {
                found.push(path);
            }
        }
    }
    found
}

/// `text` up to its inline test module (`#[cfg(test)] mod tests { … }`, at a file's end by
/// convention); a declaration of a test module in its own file (`mod tests;`) is kept, and what
/// follows it read.
fn without_inline_test_module(text: &str) -> &str {
    let marker = "#[cfg(test)]\nmod ";
    let mut from = 0;
    while let Some(at) = text[from..].find(marker).map(|i| i + from) {
        let rest = &text[at + marker.len()..];
        let name_end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if rest[name_end..].trim_start().starts_with('{') {
            return &text[..at];
        }
        from = at + marker.len();
    }
    text
}

/// Whether a file under `src/` holds tests only: under a `tests/` folder, or `*_tests.rs`.
fn is_test_file(relative: &Path) -> bool {
    relative.iter().any(|p| p == "tests")
        || relative
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.ends_with("_tests.rs"))
}

/// Within every directory module of `src/`, which of its files and subdirectories (by module name)
/// name which of their siblings.
fn sibling_graphs(src: &Path) -> BTreeMap<String, Graph> {
    let files = rust_files(src);
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .map(|f| module_path(f.strip_prefix(src).unwrap()))
        .collect();
    let mut graphs: BTreeMap<String, Graph> = BTreeMap::new();
    for file in &files {
        if is_test_file(file.strip_prefix(src).unwrap()) {
            continue;
        }
        let own = module_path(file.strip_prefix(src).unwrap());
        // Code only: a doc link to a sibling is not an import, nor is a test module's use of one.
        let text = std::fs::read_to_string(file).unwrap();
        let text = without_inline_test_module(&text);
        let code: Vec<&str> = text
            .lines()
            .map(|l| l.split("//").next().unwrap_or(""))
            .collect();
        for named in named_modules(&code.join("\n"), &own) {
            let common = own.iter().zip(&named).take_while(|(a, b)| a == b).count();
            let (Some(from), Some(to)) = (own.get(common), named.get(common)) else {
                continue;
            };
            let sibling = named[..=common].to_vec();
            if !modules.contains(&sibling) && !modules.iter().any(|m| m.starts_with(&sibling)) {
                continue;
            }
            graphs
                .entry(own[..common].join("/"))
                .or_default()
                .entry(from.clone())
                .or_default()
                .insert(to.clone());
        }
    }
    graphs
}

/// No files of one directory import each other in a circle (`consistency/context.rs` naming
/// `check_spec`, which names `bold`, which names `context`): a directory's files form layers too.
#[test]
fn no_files_of_a_directory_import_each_other_in_a_circle() {
    let graphs = sibling_graphs(Path::new("src"));
    assert!(graphs.contains_key("consistency"), "{:?}", graphs.keys());
    let tools = sibling_graphs(Path::new(TOOLS_SRC));
    assert!(tools.contains_key("io"), "{:?}", tools.keys());
    let found: Vec<String> = [("src", graphs), (TOOLS_SRC, tools)]
        .iter()
        .flat_map(|(root, graphs)| {
            graphs.iter().flat_map(move |(dir, graph)| {
                cycles(graph)
                    .into_iter()
                    .map(move |c| format!("{root}/{dir}: {c}"))
            })
        })
        .collect();
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// Test code is left out of the circle check: an inline test module, and the files that hold tests
/// only; a test module declared in a file of its own does not hide what follows it.
#[test]
fn test_modules_are_left_out_of_the_circle_check() {
    let text = "use super::a;\n#[cfg(test)]\nmod tests;\nuse super::b;\n#[cfg(test)]\nmod tests {\n    use super::c;\n}\n";
    let kept = without_inline_test_module(text);
    assert!(
        kept.contains("super::a") && kept.contains("super::b"),
        "{kept}"
    );
    assert!(!kept.contains("super::c"), "{kept}");
    assert!(is_test_file(Path::new("pipeline/tests/stc.rs")));
    assert!(is_test_file(Path::new("io/labels_tests.rs")));
    assert!(!is_test_file(Path::new("io/labels.rs")));
}

/// The path resolver behind the circle check: `super::` climbs from the file's module, brace lists
/// name each of their first segments, and `crate::` starts at the root.
#[test]
fn named_modules_resolve_super_crate_and_brace_lists() {
    let module = ["consistency".to_string(), "sso".to_string()];
    let named = named_modules(
        "use super::{context::X, error};\nuse crate::io::read;\nlet x = super::super::model::Id;\n\
         crate::render::figure_means::svg(a);",
        &module,
    );
    let named: Vec<String> = named.iter().map(|p| p.join("/")).collect();
    assert_eq!(
        named,
        [
            "consistency/context",
            "consistency/error",
            "io/read",
            "model/Id",
            "render/figure_means/svg"
        ]
    );
}
