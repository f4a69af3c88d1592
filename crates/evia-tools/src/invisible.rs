//! Characters that print as nothing or change how the text around them is shown, and how they are
//! shown instead: as their code point. This is the terminal's escaping (error messages and every
//! printed output) and the base of every other format's (the renderers' escapers).

/// Control characters, and characters that print as nothing or change the text direction
/// (zero-width spaces and joiners, bidirectional overrides and isolates, variation selectors, tags,
/// the byte-order mark). Error messages quoting input and every rendered output show them as code
/// points, so a name cannot hide or reorder text.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00a0}' | '\u{00ad}' | '\u{034f}' | '\u{061c}' | '\u{115f}' | '\u{1160}'
            | '\u{17b4}' | '\u{17b5}' | '\u{180e}' | '\u{2000}'..='\u{200f}'
            | '\u{2028}'..='\u{202f}' | '\u{205f}'..='\u{206f}' | '\u{3000}' | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
            | '\u{e0000}'..='\u{e007f}')
}

/// `U+XXXX`: how a character that cannot be shown is written instead.
pub fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// `text` with every invisible character ([`is_invisible`]: a control character such as a newline, a
/// tab or the escape that starts a terminal control sequence, a bidirectional override, a zero-width
/// space) written as its code point (`U+001B`), so that text from a user's file printed on a
/// terminal or quoted in an error message shows what is really there and cannot recolour, rewrite or
/// reorder the screen. Visible characters, spaces included, are kept.
pub fn show_invisible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_invisible(c) {
            out.push_str(&code_point(c));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_show_as_code_points() {
        assert_eq!(
            show_invisible("run\u{1b}[31m\u{202e}東京\u{9b}2J\tx y"),
            "runU+001B[31mU+202E東京U+009B2JU+0009x y"
        );
    }
}
