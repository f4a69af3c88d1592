//! Characters that print as nothing or change how the text around them is shown.

/// Control characters, and characters that print as nothing or change the text direction
/// (zero-width spaces and joiners, bidirectional overrides and isolates, variation selectors, tags,
/// the byte-order mark). Error messages quoting input and every rendered output show them as code
/// points, so a name cannot hide or reorder text.
pub(crate) fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00a0}' | '\u{00ad}' | '\u{034f}' | '\u{061c}' | '\u{115f}' | '\u{1160}'
            | '\u{17b4}' | '\u{17b5}' | '\u{180e}' | '\u{2000}'..='\u{200f}'
            | '\u{2028}'..='\u{202f}' | '\u{205f}'..='\u{206f}' | '\u{3000}' | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
            | '\u{e0000}'..='\u{e007f}')
}
