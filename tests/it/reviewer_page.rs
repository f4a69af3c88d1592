//! The reviewer's page (`build/index.html`): every ledger entry is on it with the data `check
//! --format json` gives, it requests nothing outside the file, it is locked by two snapshots (the
//! page without its data, and the data as formatted JSON), and in a
//! real browser (headless Chromium) selecting every item shows the detail of its entries.

use std::fs;
use std::path::Path;

use crate::built;
use crate::common::{self, TestCommand};

/// The JSON of the page's `<script type="application/json" id="ledger-data">`.
fn embedded_ledger(html: &str) -> serde_json::Value {
    let open = r#"<script type="application/json" id="ledger-data">"#;
    let start = html.find(open).expect("the page embeds the ledger") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The page as its snapshot keeps it: the embedded ledger left out (it has a snapshot of its own,
/// as formatted JSON), the figures' payloads left out, and each line longer than 200 characters
/// split between elements (`><`, and `</a>; <a` in a list of links), so that no line is too long
/// to review.
fn reviewable_page(html: &str) -> String {
    let open = r#"<script type="application/json" id="ledger-data">"#;
    let start = html.find(open).expect("the page embeds the ledger") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    let page = format!(
        "{}[the embedded ledger: {} characters, in snapshot report__index.html.data.json]{}",
        &html[..start],
        html[start..end].chars().count(),
        &html[end..]
    );
    without_figure_payloads(&page)
        .lines()
        .map(|line| {
            if line.chars().count() > 200 {
                line.replace("><", ">\n<").replace("</a>; <a", "</a>;\n<a")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Every `src=`, `href=` and `url(` target of `html`.
fn references(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for opener in ["src=\"", "href=\"", "url("] {
        let mut rest = html;
        while let Some(at) = rest.find(opener) {
            rest = &rest[at + opener.len()..];
            let end = rest.find(['"', ')']).unwrap_or(rest.len());
            found.push(rest[..end].to_string());
        }
    }
    found
}

/// The page with its figures' base64 payloads left out (each figure's SVG has its own snapshot).
fn without_figure_payloads(html: &str) -> String {
    let prefix = "data:image&#x2f;svg+xml;base64,";
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(prefix) {
        out.push_str(&rest[..at + prefix.len()]);
        rest = &rest[at + prefix.len()..];
        let end = rest.find('"').unwrap_or(rest.len());
        out.push_str(&format!("[{} base64 characters]", end));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

#[test]
fn the_reviewer_page_shows_every_entry_as_check_does_and_requests_nothing() {
    let page = built::build_dir().join("index.html");
    let html = fs::read_to_string(&page).unwrap();

    // Every item of `check --format json`, in order, is embedded unchanged, and has its item.
    let checked = built::ledger();
    let embedded = embedded_ledger(&html);
    let embedded = embedded["entries"].as_array().unwrap();
    assert_eq!(embedded.len(), checked.len());
    assert!(checked.len() > 800, "{} entries", checked.len());
    let mut anchors = std::collections::BTreeSet::new();
    for (shown, entry) in embedded.iter().zip(checked) {
        assert_eq!(&shown["item"], entry);
        let anchor = shown["anchor"].as_str().unwrap();
        assert!(anchors.insert(anchor.to_string()), "{anchor} twice");
        // The entry's item (or its anchor inside a printed cell's item) and its detail.
        let id = format!("id=\"{anchor}\"");
        assert_eq!(html.matches(&id).count(), 1, "{anchor}");
        assert!(html.contains(&format!("id=\"d-{anchor}\"")), "{anchor}");
        for finding in shown["findings"].as_array().unwrap() {
            let finding = finding.as_str().unwrap();
            assert!(
                html.contains(&format!("<li id=\"{finding}\" value=")),
                "{finding}"
            );
        }
    }

    // Nothing outside the file: no reference leaves the page, and the browser is told to refuse.
    assert!(html.contains(
        r#"content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:""#
    ));
    for target in references(&html) {
        assert!(
            target.starts_with('#') || target.starts_with("data:image&#x2f;svg+xml;base64,"),
            "the page refers to {target}"
        );
    }
    let lower = html.to_ascii_lowercase();
    assert!(!lower.contains("http://") && !lower.contains("https://"));

    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(common::project_root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        // The page without its embedded data, long lines split between elements, and the data as
        // formatted JSON: two snapshots a reviewer can read line by line.
        insta::assert_snapshot!("report__index.html", reviewable_page(&html));
        insta::assert_snapshot!(
            "report__index.html.data.json",
            serde_json::to_string_pretty(&embedded_ledger(&html)).unwrap()
        );
    });

    browser_selftest(&page, checked.len());
}

/// Opens the page from disk in headless Chromium with `#selftest`: the page selects every item,
/// compares each detail it shows with the embedded ledger, and writes the outcome into the DOM,
/// with any script error or refused request. Fails under CI when Chromium is missing.
fn browser_selftest(page: &Path, entries: usize) {
    let Some(chromium) =
        common::find_on_path("chromium-browser").or_else(|| common::require_tool("chromium"))
    else {
        return;
    };
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}#selftest", page.display());
    let output = TestCommand::program(chromium)
        .args([
            "--headless=new",
            "--disable-gpu",
            "--no-sandbox",
            "--no-first-run",
            "--virtual-time-budget=60000",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(&url)
        .run();
    let dom = String::from_utf8_lossy(&output.stdout);
    assert!(
        !dom.contains("class=\"page-error\""),
        "the page reported problems: {}",
        dom.split("class=\"page-error\">")
            .skip(1)
            .take(20)
            .map(|p| p.split('<').next().unwrap_or(""))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let result = dom
        .split("<pre id=\"selftest-result\">")
        .nth(1)
        .and_then(|r| r.split('<').next())
        .unwrap_or_else(|| {
            panic!(
                "no self-test result in the DOM; chromium said: {}",
                String::from_utf8_lossy(&output.stderr)
            )
        });
    assert!(result.starts_with("selftest: PASS"), "{result}");
    assert!(result.contains(&format!("entries={entries} ")), "{result}");
}
