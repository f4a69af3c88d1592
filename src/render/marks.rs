//! LaTeX forms of the marks that no package the reports load defines, each drawn from a font of
//! Debian's texlive-fonts-recommended by its font definition file, so that a fragment `\input`
//! anywhere needs no preamble of ours.

/// ✗ in LaTeX: Zapf Dingbats' ballot X (Debian's texlive-fonts-recommended), as in every other view.
pub(crate) const DING_BALLOT_X: &str = "{\\usefont{U}{pzd}{m}{n}\\char55}";
/// ◐ in LaTeX: wasy's circle left half black (texlive-fonts-recommended), without loading wasysym.
pub(crate) const WASY_LEFT_HALF: &str = "\\mbox{\\usefont{U}{wasy}{m}{n}\\rlap{\\char71}\\char35}";
/// ◑ in LaTeX: wasy's circle right half black.
pub(crate) const WASY_RIGHT_HALF: &str = "\\mbox{\\usefont{U}{wasy}{m}{n}\\rlap{\\char72}\\char35}";
