//! The views agree: every view's summary, read back from its own text, shows the account's
//! counts and finding numbers, and every view numbers the findings alike.

use super::*;

/// Every view shows the account's scope and summary rows: `index.md`, `report.md`, `report.tex`
/// and `index.html` each give the same words and counts.
fn every_view_shows_the_same_counts(b: &Built) {
    let index = text(&b.build.join("index.md"));
    let page = text(&b.build.join("index.html"));
    for paper in b.account["papers"].as_array().unwrap() {
        let id = s(paper, "paper");
        let slug = if id == "A" { "unanimity" } else { "lancers" };
        let report = text(&b.build.join(slug).join("report.md"));
        let tex = text(&b.build.join(slug).join("report.tex"));
        let scope = s(paper, "scope");
        for (view, body) in [("index.md", &index), ("report.md", &report)] {
            assert!(
                body.contains(&format!("**Scope.** {scope}")),
                "{view} of {id}"
            );
        }
        assert!(
            page.contains(&format!("<b>Scope.</b> {}", html(scope))),
            "page of {id}"
        );
        // The LaTeX report escapes the words; its scope line gives the same numbers in the same order.
        let tex_scope = tex
            .split("\\textbf{Scope.} ")
            .nth(1)
            .and_then(|rest| rest.lines().next())
            .unwrap_or_else(|| panic!("tex of {id} has no scope line"));
        assert_eq!(
            numbers_in(tex_scope),
            numbers_in(scope),
            "tex of {id}: {tex_scope}"
        );
        for row in paper["rows"].as_array().unwrap() {
            let cells = [s(row, "numbers"), s(row, "claims"), s(row, "built_in")];
            let md_row = cells.map(markdown);
            let index_of_paper = index
                .split(&format!("### Paper {id}"))
                .nth(1)
                .unwrap()
                .split("### Paper ")
                .next()
                .unwrap()
                .to_string();
            for (view, body) in [("index.md", &index_of_paper), ("report.md", &report)] {
                let line = body
                    .lines()
                    .find(|l| l.starts_with(&format!("| {} |", markdown(s(row, "name")))))
                    .unwrap_or_else(|| panic!("{view} has no row {}", s(row, "name")));
                for cell in &md_row {
                    assert!(
                        line.contains(&format!("| {cell} |")),
                        "{view}: {line} lacks {cell}"
                    );
                }
            }
            let page_of_paper = page.split(&format!("<h3>Paper {id}: ")).nth(1).unwrap();
            let page_row = page_of_paper
                .split(&format!(
                    "<tr><th scope=\"row\">{}</th>",
                    html(s(row, "name"))
                ))
                .nth(1)
                .unwrap_or_else(|| panic!("the page has no row {}", s(row, "name")));
            let page_row = &page_row[..page_row.find("</tr>").unwrap()];
            for cell in cells {
                assert!(
                    page_row.contains(&format!("<td>{}</td>", html(cell))),
                    "page: {page_row} lacks {cell}"
                );
            }
        }
    }
    // `ledger.md` and `check` count every section alike.
    let ledger = text(&b.build.join("ledger.md"));
    // A count line wider than the terminal goes on in lines indented by two spaces.
    let mut logical: Vec<String> = Vec::new();
    for line in b.check_text.lines() {
        match (line.strip_prefix("  "), logical.last_mut()) {
            (Some(rest), Some(last)) if !rest.starts_with(' ') => {
                last.push(' ');
                last.push_str(rest);
            }
            _ => logical.push(line.to_string()),
        }
    }
    for line in &logical {
        let Some((n, words)) = line
            .split_once(" entries: ")
            .or_else(|| line.split_once(" entry: "))
        else {
            continue;
        };
        assert!(
            ledger.contains(&format!("| {n} | {} |", markdown(words))),
            "ledger.md does not count {line:?}"
        );
    }
}

/// The whole numbers of `text`, in order.
fn numbers_in(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect()
}

#[test]
fn every_view_shows_the_same_counts_and_numbers() {
    every_view_shows_the_same_counts(built());
}

/// Rule 9: findings are numbered once, per paper; every view uses the same numbers and headlines.
fn findings_are_numbered_once(b: &Built) {
    for paper in b.account["papers"].as_array().unwrap() {
        let id = s(paper, "paper");
        let slug = if id == "A" { "unanimity" } else { "lancers" };
        let expected: Vec<(u64, String)> = paper["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| (f["number"].as_u64().unwrap(), s(f, "anchor").to_string()))
            .collect();
        let report = text(&b.build.join(slug).join("report.md"));
        let tex = text(&b.build.join(slug).join("report.tex"));
        let page = text(&b.build.join("index.html"));
        for (n, anchor) in &expected {
            assert!(
                report.contains(&format!("{n}. <a id=\"{anchor}\"></a>")),
                "report {anchor}"
            );
            assert!(
                report.contains(&format!("([evidence](#{anchor}))")),
                "summary {anchor}"
            );
            assert!(
                tex.contains(&format!("\\label{{{anchor}}}")),
                "tex {anchor}"
            );
            assert!(
                page.contains(&format!("<li id=\"{anchor}\" value=\"{n}\">")),
                "page {anchor}"
            );
        }
        // `check --findings` numbers the same findings in the same order.
        let section = b
            .check_findings
            .split(&format!("## Findings: paper {id} "))
            .nth(1)
            .unwrap();
        let listed: Vec<u64> = section
            .lines()
            .take_while(|l| !l.starts_with("## "))
            .filter_map(|l| l.split_once(". ")?.0.parse().ok())
            .collect();
        let numbers: Vec<u64> = expected.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            listed, numbers,
            "check --findings numbers paper {id} otherwise"
        );
    }
}

#[test]
fn rule_findings_are_numbered_once() {
    findings_are_numbered_once(built());
}
