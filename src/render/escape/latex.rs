//! Plain text escaped for pdflatex: its special characters, the symbols its fonts lack, the notes'
//! plain-text math (`V_E`, `|d|`, `√V_E`) typeset as formulas, line breaks inside identifiers, and
//! the lines of a `%` comment.

use super::code_point;
use crate::model::show_invisible;

/// Whether pdflatex with `fontenc` T1 and `inputenc` utf8 (the templates' preamble) typesets `c`
/// from the input as it is: printable ASCII, Latin-1 letters and signs, and the dashes and quotes.
fn latex_passes_through(c: char) -> bool {
    matches!(c, ' '..='~' | '\u{a1}'..='\u{ff}' | '–' | '—' | '‘' | '’' | '“' | '”')
}

/// Escapes LaTeX's special characters in plain text. Characters the fonts cannot show (anything
/// beyond `latex_passes_through` and the symbols of `latex_symbol`: CJK, emoji, other scripts,
/// control characters such as a newline, which would end a `%` comment) are printed as their code
/// point (`U+6771`), never left to fail the LaTeX run.
pub(crate) fn escape_latex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut before: [Option<char>; 2] = [None, None];
    while let Some(c) = rest.chars().next() {
        if let Some((math, used)) = math_token(rest) {
            out.push_str(&math);
            before = [before[1], rest[..used].chars().last()];
            rest = &rest[used..];
            continue;
        }
        // A straight double quote becomes a typographic one: opening at the start of a word
        // (after nothing, a space or an opening bracket), closing elsewhere.
        if c == '"' {
            let opening =
                before[1].is_none_or(|b| b.is_whitespace() || matches!(b, '(' | '[' | '{'));
            out.push_str(if opening { "``" } else { "''" });
            before = [before[1], Some(c)];
            rest = &rest[1..];
            continue;
        }
        if c == '_'
            && let Some((math, used)) = math_subscript(before, &rest[1..])
        {
            out.push_str(&math);
            before = [before[1], rest[1..=used].chars().last()];
            rest = &rest[1 + used..];
            continue;
        }
        let (marks, after) = split_marks(&rest[c.len_utf8()..]);
        rest = after;
        before = [before[1], Some(c)];
        push_accented(&mut out, c, marks);
    }
    out
}

/// Escapes every character of `text` for LaTeX as it is, without [`escape_latex`]'s reading of
/// plain-text math (`V_E`, `|d|`): for names and ids (an assessor `a_%&#$\{}~^` stays exactly
/// that). The same character escapes as [`escape_latex`].
pub(crate) fn escape_latex_literal(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let (marks, after) = split_marks(&rest[c.len_utf8()..]);
        push_accented(&mut out, c, marks);
        rest = after;
    }
    out
}

/// One line of a LaTeX `%` comment (a provenance stamp): TeX ignores everything after `%` up to
/// the end of the line, so only what would end the line (a line feed, a carriage return) matters;
/// every control and invisible character is shown as its code point, as in the other formats.
pub(crate) fn latex_comment_line(text: &str) -> String {
    show_invisible(text)
}

/// Whether `c` is a combining mark (Unicode's combining diacritical blocks): it accents the
/// character before it (`κ̄` is `κ` and U+0304).
fn is_combining(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}')
}

/// The combining marks at the start of `text`, and the text after them.
fn split_marks(text: &str) -> (&str, &str) {
    let end = text
        .char_indices()
        .find(|&(_, c)| !is_combining(c))
        .map_or(text.len(), |(i, _)| i);
    text.split_at(end)
}

/// The LaTeX accents of a combining mark: its text-mode command (`\=` over a letter) and its math
/// command (`\bar` over a symbol typeset as math, such as `$\kappa$`), where LaTeX has one.
fn accent(mark: char) -> (Option<&'static str>, Option<&'static str>) {
    match mark {
        '\u{300}' => (Some("\\`"), Some("\\grave")),
        '\u{301}' => (Some("\\'"), Some("\\acute")),
        '\u{302}' => (Some("\\^"), Some("\\hat")),
        '\u{303}' => (Some("\\~"), Some("\\tilde")),
        '\u{304}' | '\u{305}' => (Some("\\="), Some("\\bar")),
        '\u{306}' => (Some("\\u"), Some("\\breve")),
        '\u{307}' => (Some("\\."), Some("\\dot")),
        '\u{308}' => (Some("\\\""), Some("\\ddot")),
        '\u{30a}' => (Some("\\r"), Some("\\mathring")),
        '\u{30b}' => (Some("\\H"), None),
        '\u{30c}' => (Some("\\v"), Some("\\check")),
        '\u{323}' => (Some("\\d"), None),
        '\u{327}' => (Some("\\c"), None),
        '\u{328}' => (Some("\\k"), None),
        '\u{331}' => (Some("\\b"), None),
        '\u{20d7}' => (None, Some("\\vec")),
        _ => (None, None),
    }
}

/// Appends `base` escaped ([`push_escaped`]) with its combining `marks` as LaTeX accents: a math
/// accent on a symbol typeset as math (`κ̄` → `$\bar{\kappa}$`), a text accent on anything else
/// (`ā` → `\={a}`), and a mark with no base before it (`base` itself a mark) over nothing. A mark
/// LaTeX has no accent for is printed as its code point after the base, as any character the fonts
/// cannot show.
fn push_accented(out: &mut String, base: char, marks: &str) {
    let lone = is_combining(base).then_some(base);
    let mut piece = String::new();
    if lone.is_none() {
        push_escaped(&mut piece, base);
    }
    let mut unshown = String::new();
    for mark in lone.into_iter().chain(marks.chars()) {
        let math = piece
            .strip_prefix('$')
            .and_then(|p| p.strip_suffix('$'))
            .filter(|inner| !inner.is_empty() && !inner.contains('$'));
        piece = match (accent(mark), math) {
            ((_, Some(command)), Some(inner)) => format!("${command}{{{inner}}}$"),
            ((Some(command), _), None) => format!("{command}{{{piece}}}"),
            // A letter under a mark only mathematics has (an arrow): the letter as math.
            ((None, Some(command)), None)
                if piece.len() == 1 && piece.chars().all(|c| c.is_ascii_alphabetic()) =>
            {
                format!("${command}{{{piece}}}$")
            }
            _ => {
                unshown.push_str(&code_point(mark));
                continue;
            }
        };
    }
    out.push_str(&piece);
    out.push_str(&unshown);
}

/// Appends `c` escaped for LaTeX: its special characters (`\ & % $ # _ { } ~ ^`, and `< > |`,
/// which T1 fonts would typeset as other glyphs) as commands or escaped, the symbols of
/// [`latex_symbol`] as their commands, what the fonts cannot show as its code point.
fn push_escaped(out: &mut String, c: char) {
    match c {
        '\\' => out.push_str("\\textbackslash{}"),
        '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
            out.push('\\');
            out.push(c);
        }
        '~' => out.push_str("\\textasciitilde{}"),
        '^' => out.push_str("\\textasciicircum{}"),
        '<' => out.push_str("\\textless{}"),
        '>' => out.push_str("\\textgreater{}"),
        '|' => out.push_str("\\textbar{}"),
        '\u{2212}' => out.push_str("$-$"),
        _ => match latex_symbol(c) {
            Some(command) => out.push_str(command),
            None if latex_passes_through(c) => out.push(c),
            None => out.push_str(&code_point(c)),
        },
    }
}

/// A piece of plain-text math that LaTeX typesets as one formula, and how many bytes of `text` (from
/// its start) it takes: a square root of a symbol (`√V_E` → `$\sqrt{V_E}$`) and the absolute value
/// of one (`|d|` → `$|d|$`, `|d_XY|` → `$|d_\mathrm{XY}|$`). This is the notes' markup convention:
/// they are written once in readable Unicode (`ES_HSD = |d|/√V_E`, shown as is in Markdown and on a
/// terminal) and typeset here. Anything else (`√(p(1 − p)/B)`, `|A ∩ B|`) is escaped symbol by symbol.
fn math_token(text: &str) -> Option<(String, usize)> {
    if let Some(rest) = text.strip_prefix('√') {
        let (symbol, used) = math_symbol(rest)?;
        return Some((format!("$\\sqrt{{{symbol}}}$"), '√'.len_utf8() + used));
    }
    let rest = text.strip_prefix('|')?;
    let (symbol, used) = math_symbol(rest)?;
    rest[used..]
        .starts_with('|')
        .then(|| (format!("$|{symbol}|$"), used + 2))
}

/// One letter with an optional subscript at the start of `text` (`d`, `V_E`, `d_XY`, `G_12`) as
/// LaTeX math, and its length in bytes; `None` unless the symbol ends the word.
fn math_symbol(text: &str) -> Option<(String, usize)> {
    let letter = text.chars().next().filter(char::is_ascii_alphabetic)?;
    let after = &text[1..];
    let (math, used) = match after.strip_prefix('_') {
        Some(sub) => {
            let run = sub.len()
                - sub
                    .trim_start_matches(|c: char| c.is_ascii_alphanumeric())
                    .len();
            let sub = &sub[..run];
            let math = match sub {
                "max" => format!("{letter}_{{\\max}}"),
                _ if run == 1 => format!("{letter}_{sub}"),
                _ if run <= 2 && sub.chars().all(|c| c.is_ascii_digit()) => {
                    format!("{letter}_{{{sub}}}")
                }
                _ if run <= 3 && sub.chars().all(|c| c.is_ascii_uppercase()) => {
                    format!("{letter}_\\mathrm{{{sub}}}")
                }
                _ => return None,
            };
            (math, 2 + run)
        }
        None => (letter.to_string(), 1),
    };
    let ends_word = !text[used..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_');
    ends_word.then_some((math, used))
}

/// A subscript of a symbol in plain text (`RawG_i`, `V_E`, `ES_HSD`, `D_max`, `d_XY`) as LaTeX math
/// (`RawG$_i$`, `ES$_\mathrm{HSD}$`, `D$_{\max}$`), and how many bytes of `after` (the text after the
/// `_`) it takes. A symbol is an upper-case letter (`G`, `V`, `S`), a lone `d` or a Greek letter
/// (`σ_t`; `κ̄_t`, where the mark's base stands for the symbol); its subscript is one letter, up to
/// three capitals, `max`, or one or two digits (`RawG_1`, `UG_12`), and ends the word. Anything else
/// (`ci_upper`, `kappa_w`, `ug_p0.1`) is an identifier and keeps its escaped underscore.
fn math_subscript(before: [Option<char>; 2], after: &str) -> Option<(String, usize)> {
    let symbol = match before {
        [_, Some(c)] if c.is_ascii_uppercase() || matches!(c, 'Α'..='Ω' | 'α'..='ω') => true,
        [previous, Some('d')] => !previous.is_some_and(char::is_alphanumeric),
        _ => false,
    };
    let letters = after.len()
        - after
            .trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .len();
    let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let run = if letters > 0 { letters } else { digits };
    let sub = &after[..run];
    let ends_word = !after[run..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_');
    if !symbol || run == 0 || !ends_word {
        return None;
    }
    let math = match sub {
        "max" => "$_{\\max}$".to_string(),
        _ if run == 1 => format!("$_{sub}$"),
        _ if digits == run && run <= 2 => format!("$_{{{sub}}}$"),
        _ if run <= 3 && sub.chars().all(|c| c.is_ascii_uppercase()) => {
            format!("$_\\mathrm{{{sub}}}$")
        }
        _ => return None,
    };
    Some((math, run))
}

/// [`escape_latex`] for running text that holds identifiers (`A.T2.ci_upper_at_least_one`,
/// `nG@1/r01/rawg/p`): a line may also break after `/` and `_`, and after a `.` between a letter or
/// digit and a letter, so a long identifier wraps instead of running into the margin. A `.` before a
/// digit (`0.515`) never breaks.
pub(crate) fn escape_latex_breakable(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut previous: Option<char> = None;
    let mut before_previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if let Some((math, used)) = math_token(&text[at..]) {
            out.push_str(&math);
            while chars.peek().is_some_and(|&(i, _)| i < at + used) {
                chars.next();
            }
            before_previous = previous;
            previous = text[..at + used].chars().last();
            continue;
        }
        if c == '_'
            && let Some((math, used)) = math_subscript([before_previous, previous], &text[at + 1..])
        {
            out.push_str(&math);
            while chars.peek().is_some_and(|&(i, _)| i <= at + used) {
                chars.next();
            }
            before_previous = previous;
            previous = text[at + 1..=at + used].chars().last();
            continue;
        }
        // The character with the combining marks that accent it, escaped as one.
        let (marks, _) = split_marks(&text[at + c.len_utf8()..]);
        out.push_str(&escape_latex(&text[at..at + c.len_utf8() + marks.len()]));
        while chars.peek().is_some_and(|&(_, n)| is_combining(n)) {
            chars.next();
        }
        let breaks = match c {
            '/' | '_' => true,
            '.' => {
                previous.is_some_and(char::is_alphanumeric)
                    && chars.peek().is_some_and(|(_, n)| n.is_alphabetic())
            }
            _ => false,
        };
        if breaks && chars.peek().is_some_and(|(_, n)| !n.is_whitespace()) {
            out.push_str("\\allowbreak{}");
        }
        before_previous = previous;
        previous = Some(c);
    }
    out
}

/// The LaTeX for a non-ASCII symbol that pdflatex's `inputenc` (utf8) cannot typeset by itself; the
/// ledger's and the findings' arithmetic uses them (`√`, `≤`, `×`, Greek letters, check marks).
fn latex_symbol(c: char) -> Option<&'static str> {
    Some(match c {
        '√' => "$\\surd$",
        '≤' => "$\\le$",
        '≥' => "$\\ge$",
        '≠' => "$\\ne$",
        '≈' => "$\\approx$",
        '×' => "$\\times$",
        '·' => "$\\cdot$",
        '±' => "$\\pm$",
        '→' => "$\\to$",
        '←' => "$\\leftarrow$",
        '∈' => "$\\in$",
        '∞' => "$\\infty$",
        '∑' | 'Σ' => "$\\Sigma$",
        'α' => "$\\alpha$",
        'β' => "$\\beta$",
        'δ' => "$\\delta$",
        'ε' => "$\\varepsilon$",
        'κ' => "$\\kappa$",
        'μ' => "$\\mu$",
        'σ' => "$\\sigma$",
        'τ' => "$\\tau$",
        'χ' => "$\\chi$",
        'Δ' => "$\\Delta$",
        '✓' => "$\\checkmark$",
        '✗' => crate::render::marks::DING_BALLOT_X,
        '↦' => "$\\mapsto$",
        '†' => "\\dag{}",
        '‡' => "\\ddag{}",
        '◦' => "$\\circ$",
        '⊕' => "$\\oplus$",
        '⊖' => "$\\ominus$",
        '⊙' => "$\\odot$",
        '◐' => crate::render::marks::WASY_LEFT_HALF,
        '◑' => crate::render::marks::WASY_RIGHT_HALF,
        '◊' => "$\\lozenge$",
        '⊞' => "$\\boxplus$",
        '⊟' => "$\\boxminus$",
        '▲' => "$\\blacktriangle$",
        '▼' => "$\\blacktriangledown$",
        '…' => "\\ldots{}",
        '²' => "$^2$",
        '∩' => "$\\cap$",
        '∪' => "$\\cup$",
        '⊆' => "$\\subseteq$",
        '⊂' => "$\\subset$",
        '∅' => "$\\emptyset$",
        '∧' => "$\\wedge$",
        '∨' => "$\\vee$",
        '¬' => "$\\neg$",
        '≡' => "$\\equiv$",
        '∼' => "$\\sim$",
        '⇒' => "$\\Rightarrow$",
        '↔' => "$\\leftrightarrow$",
        '•' => "\\textbullet{}",
        '∘' => "$\\circ$",
        '′' => "$'$",
        'ρ' => "$\\rho$",
        'γ' => "$\\gamma$",
        'λ' => "$\\lambda$",
        'π' => "$\\pi$",
        'θ' => "$\\theta$",
        'ν' => "$\\nu$",
        'η' => "$\\eta$",
        'ω' => "$\\omega$",
        'φ' => "$\\phi$",
        'ψ' => "$\\psi$",
        'ξ' => "$\\xi$",
        'ζ' => "$\\zeta$",
        'ι' => "$\\iota$",
        'ο' => "o",
        'υ' => "$\\upsilon$",
        'Λ' => "$\\Lambda$",
        'Π' => "$\\Pi$",
        'Φ' => "$\\Phi$",
        'Ψ' => "$\\Psi$",
        'Ω' => "$\\Omega$",
        'Θ' => "$\\Theta$",
        'Γ' => "$\\Gamma$",
        '⌈' => "$\\lceil$",
        '⌉' => "$\\rceil$",
        '⌊' => "$\\lfloor$",
        '⌋' => "$\\rfloor$",
        '≪' => "$\\ll$",
        '≫' => "$\\gg$",
        '∝' => "$\\propto$",
        '∓' => "$\\mp$",
        '⋯' => "$\\cdots$",
        '÷' => "$\\div$",
        // Superscripts, as in a tolerance `10⁻⁹`.
        '⁻' => "$^{-}$",
        '⁺' => "$^{+}$",
        '⁰' => "$^{0}$",
        '¹' => "$^{1}$",
        '³' => "$^{3}$",
        '⁴' => "$^{4}$",
        '⁵' => "$^{5}$",
        '⁶' => "$^{6}$",
        '⁷' => "$^{7}$",
        '⁸' => "$^{8}$",
        '⁹' => "$^{9}$",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breakable_latex_breaks_identifiers_but_never_numbers() {
        assert_eq!(
            escape_latex_breakable("A.T2.ci_upper nG@1/r01 0.515."),
            "A.\\allowbreak{}T2.\\allowbreak{}ci\\_\\allowbreak{}upper nG@1/\\allowbreak{}r01 0.515."
        );
    }

    #[test]
    fn escapes_latex_specials() {
        assert_eq!(
            escape_latex("50% of A&b_i {x} #1 $5 ~ ^ \\ |ab|"),
            "50\\% of A\\&b\\_i \\{x\\} \\#1 \\$5 \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\textbar{}ab\\textbar{}"
        );
    }

    /// A symbol's subscript in plain text is typeset as math; an identifier's
    /// underscore stays an underscore.
    #[test]
    fn symbol_subscripts_become_math_and_identifiers_keep_underscores() {
        assert_eq!(
            escape_latex("RawG_i, UG_i − RawG_i, D_i = D_max, |d_XY|/V_E, ES_HSD."),
            "RawG$_i$, UG$_i$ $-$ RawG$_i$, D$_i$ = D$_{\\max}$, $|d_\\mathrm{XY}|$/V$_E$, ES$_\\mathrm{HSD}$."
        );
        // The running text's worked examples (paper A, Table 1 items) name items by number.
        assert_eq!(
            escape_latex_breakable("RawG_1 = UG_12, WG_3; t2_1 G_123"),
            "RawG$_1$ = UG$_{12}$, WG$_3$; t2\\_\\allowbreak{}1 G\\_\\allowbreak{}123"
        );
        assert_eq!(
            escape_latex("kappa_w ci_upper ug_p0.1 A_b2 add_i t2_ci"),
            "kappa\\_w ci\\_upper ug\\_p0.1 A\\_b2 add\\_i t2\\_ci"
        );
        assert_eq!(
            escape_latex_breakable("D_i and RawG_i; ci_upper"),
            "D$_i$ and RawG$_i$; ci\\_\\allowbreak{}upper"
        );
    }

    /// The notes' plain-text math typesets as formulas, in running
    /// text and in breakable text alike (`ES_HSD = |d|/√V_E`, paper A §5).
    #[test]
    fn roots_and_absolute_values_of_symbols_typeset_as_math() {
        let expected = "ES$_\\mathrm{HSD}$ = $|d|$/$\\sqrt{V_E}$";
        assert_eq!(escape_latex("ES_HSD = |d|/√V_E"), expected);
        assert_eq!(
            escape_latex_breakable("ES_HSD = |d|/√V_E"),
            "ES$_\\mathrm{HSD}$ = $|d|$/\\allowbreak{}$\\sqrt{V_E}$"
        );
        assert_eq!(
            escape_latex("√VE |dx| |d_max| |d_xy|"),
            "$\\surd$VE \\textbar{}dx\\textbar{} $|d_{\\max}|$ \\textbar{}d\\_xy\\textbar{}"
        );
    }

    #[test]
    fn escapes_math_symbols_pdflatex_cannot_typeset() {
        assert_eq!(
            escape_latex("|d|/√V_E ≤ 0.5 × κ, √(p/B), |A ∩ B|"),
            "$|d|$/$\\sqrt{V_E}$ $\\le$ 0.5 $\\times$ $\\kappa$, $\\surd$(p/B), \\textbar{}A $\\cap$ B\\textbar{}"
        );
        // The robustness claims' tolerance (A.T2 upper limits) printed `1 − 10U+207BU+2079`.
        assert_eq!(escape_latex("1 − 10⁻⁹"), "1 $-$ 10$^{-}$$^{9}$");
        // Every superscript digit typesets, not only those a current claim uses.
        assert_eq!(
            escape_latex("10⁰¹²³⁴⁵⁶⁷⁸⁹"),
            "10$^{0}$$^{1}$$^2$$^{3}$$^{4}$$^{5}$$^{6}$$^{7}$$^{8}$$^{9}$"
        );
    }

    /// Any UTF-8 name typesets (unknown characters as their code point), a newline
    /// cannot end a `%` comment, and the symbols and Latin-1 letters the reports use are unchanged.
    #[test]
    fn latex_escaping_prints_unshowable_characters_as_code_points() {
        assert_eq!(
            escape_latex("東京-run\u{1F600}\n% \\input{x}"),
            "U+6771U+4EAC-runU+1F600U+000A\\% \\textbackslash{}input\\{x\\}"
        );
        assert_eq!(escape_latex("Müller–Sakai § —"), "Müller–Sakai § —");
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            let escaped = escape_latex(&c.to_string());
            assert!(
                escaped.chars().all(latex_passes_through) && !escaped.contains('\n'),
                "{c:?} -> {escaped}"
            );
        }
    }

    /// A combining mark accents the character before it: a math accent on a symbol typeset as
    /// math (`κ̄`, κ and U+0304, is `$\bar{\kappa}$`), a text accent on a letter; a mark LaTeX has
    /// no accent for keeps its code point; in running text, identifiers and names alike.
    #[test]
    fn combining_marks_become_accents() {
        assert_eq!(escape_latex("κ\u{304}"), "$\\bar{\\kappa}$");
        assert_eq!(
            escape_latex("(1 − κ\u{304}_t)"),
            "(1 $-$ $\\bar{\\kappa}$$_t$)"
        );
        assert_eq!(
            escape_latex_breakable("per_disagreement · (1 − κ\u{304}_t), σ_t"),
            "per\\_\\allowbreak{}disagreement $\\cdot$ (1 $-$ $\\bar{\\kappa}$$_t$), $\\sigma$$_t$"
        );
        assert_eq!(
            escape_latex("x\u{304} e\u{301}te\u{301} C\u{327}a n\u{303} u\u{308}"),
            "\\={x} \\'{e}t\\'{e} \\c{C}a \\~{n} \\\"{u}"
        );
        // Two marks stack; an arrow is math only; a lone mark accents nothing.
        assert_eq!(escape_latex("α\u{302}\u{307}"), "$\\dot{\\hat{\\alpha}}$");
        assert_eq!(escape_latex("v\u{20d7}"), "$\\vec{v}$");
        assert_eq!(escape_latex("\u{304}a"), "\\={}a");
        // No accent in LaTeX for U+0360 (double tilde), none in mathematics for a cedilla.
        assert_eq!(escape_latex("a\u{360}"), "aU+0360");
        assert_eq!(escape_latex("κ\u{327}"), "$\\kappa$U+0327");
        assert_eq!(escape_latex_literal("Jose\u{301}_1"), "Jos\\'{e}\\_1");
    }

    /// Every LaTeX special character, alone and in a name, escapes the same way in
    /// [`escape_latex_literal`] (names, ids) as in [`escape_latex`] (text); the literal form reads no
    /// math into an identifier.
    #[test]
    fn literal_escaping_covers_every_special_character() {
        let specials = [
            ('\\', "\\textbackslash{}"),
            ('&', "\\&"),
            ('%', "\\%"),
            ('$', "\\$"),
            ('#', "\\#"),
            ('_', "\\_"),
            ('{', "\\{"),
            ('}', "\\}"),
            ('~', "\\textasciitilde{}"),
            ('^', "\\textasciicircum{}"),
            ('<', "\\textless{}"),
            ('>', "\\textgreater{}"),
            ('|', "\\textbar{}"),
        ];
        for (c, expected) in specials {
            assert_eq!(escape_latex_literal(&c.to_string()), expected, "{c}");
            assert_eq!(escape_latex(&c.to_string()), expected, "{c}");
        }
        assert_eq!(
            escape_latex_literal("a_%&#$\\{}~^"),
            "a\\_\\%\\&\\#\\$\\textbackslash{}\\{\\}\\textasciitilde{}\\textasciicircum{}"
        );
        assert_eq!(
            escape_latex_literal("V_E |d|"),
            "V\\_E \\textbar{}d\\textbar{}"
        );
    }

    /// Straight double quotes become LaTeX's typographic ones, opening and closing by place.
    #[test]
    fn straight_quotes_become_real_quotes() {
        assert_eq!(
            escape_latex("listed under \"What the stand-in was built\" (\"only one\")."),
            "listed under ``What the stand-in was built'' (``only one'')."
        );
        assert_eq!(escape_latex("\"Relevant\" means"), "``Relevant'' means");
    }
}
