//! A bound on the nesting depth of YAML text, checked before the text is parsed: the YAML parser
//! takes time quadratic in the depth (a value nested 30,000 levels deep costs seconds), and no file
//! of the project nests more than a few levels. An alias bomb is bounded by the parser itself.
//!
//! The scan is one linear pass that over-approximates the depth a parser would reach: block
//! nesting by indentation (a deeper indentation opens a level, a shallower one closes those above
//! it), compact sequence and key indicators at a line's start (`- - - x` opens three), and flow
//! collections (`[` and `{` where a value starts, closed by `]` and `}`), skipping quoted scalars
//! and comments.

use std::path::Path;

use super::{Position, SourceError};

/// The deepest nesting a YAML file of the project may have (the parser's own recursion limit is
/// 128; the manifest nests about 8 levels).
pub const MAX_YAML_DEPTH: usize = 64;

/// Checks that `text` nests at most [`MAX_YAML_DEPTH`] levels; the error names the line and column
/// where the nesting goes deeper.
pub fn check_depth(path: &Path, text: &str) -> Result<(), SourceError> {
    let mut indents: Vec<usize> = Vec::new();
    let mut flow = 0usize;
    let mut quote: Option<char> = None;
    for (number, line) in text.lines().enumerate() {
        let too_deep = |column: usize| {
            SourceError::new(
                path,
                Some(Position::at(number + 1, column)),
                format!(
                    "the YAML nests more than {MAX_YAML_DEPTH} levels deep here; no file of the project needs more than a few"
                ),
            )
        };
        let chars: Vec<char> = line.chars().collect();
        let mut at = 0;
        if quote.is_none() && flow == 0 {
            let indent = chars.iter().take_while(|&&c| c == ' ').count();
            let content = &chars[indent..];
            if content.is_empty() || content[0] == '#' {
                continue;
            }
            while indents.last().is_some_and(|&top| top > indent) {
                indents.pop();
            }
            if indents.last() != Some(&indent) {
                indents.push(indent);
            }
            at = indent;
            // Compact nested sequences or keys: `- - x`, `? - x`.
            while at + 1 < chars.len()
                && matches!(chars[at], '-' | '?')
                && matches!(chars[at + 1], ' ' | '\t')
            {
                indents.push(at + 2);
                at += 2;
                while at < chars.len() && chars[at] == ' ' {
                    at += 1;
                }
            }
            if indents.len() > MAX_YAML_DEPTH {
                return Err(too_deep(at + 1));
            }
        }
        let mut value_starts = true;
        while at < chars.len() {
            let c = chars[at];
            match quote {
                Some('"') if c == '\\' => at += 1,
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None => match c {
                    '#' if at == 0 || chars[at - 1].is_whitespace() => break,
                    '"' | '\'' if value_starts => quote = Some(c),
                    '[' | '{' if value_starts || flow > 0 => {
                        flow += 1;
                        if indents.len() + flow > MAX_YAML_DEPTH {
                            return Err(too_deep(at + 1));
                        }
                    }
                    ']' | '}' if flow > 0 => flow -= 1,
                    _ => {}
                },
            }
            // A value starts after an indicator and the whitespace that follows it.
            value_starts = quote.is_none()
                && (matches!(c, ':' | '-' | ',' | '[' | '{' | '?')
                    || (c.is_whitespace() && value_starts));
            at += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_error(text: &str) -> Option<String> {
        check_depth(Path::new("m.yaml"), text)
            .err()
            .map(|e| e.to_string())
    }

    #[test]
    fn ordinary_yaml_passes() {
        let text = "a: 1\nb:\n  - x: [1, [2, 3], {c: d}]\n    y: \"[[[[\"\n  - 'it''s [ ['\n# [[[[\nc: a[1] b{2}\n";
        assert_eq!(depth_error(text), None);
        let manifest = include_str!("../../../../paper/manifest.yaml");
        assert_eq!(depth_error(manifest), None);
    }

    #[test]
    fn deep_flow_block_and_compact_nesting_are_refused_at_their_place() {
        let flow = format!("a: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
        let err = depth_error(&flow).unwrap();
        assert!(err.starts_with("m.yaml:1:"), "{err}");
        assert!(err.contains("more than 64 levels"), "{err}");
        let compact = format!("{}x\n", "- ".repeat(70));
        assert!(depth_error(&compact).unwrap().starts_with("m.yaml:1:"));
        let block: String = (0..70)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
            .collect();
        assert!(depth_error(&block).unwrap().starts_with("m.yaml:65:"));
        let flow_lines = format!("a:\n{}", "  [\n".repeat(70));
        assert!(depth_error(&flow_lines).unwrap().starts_with("m.yaml:"));
        let within = format!("a: {}{}\n", "[".repeat(60), "]".repeat(60));
        assert_eq!(depth_error(&within), None);
    }
}
