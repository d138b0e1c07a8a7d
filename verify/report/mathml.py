"""LaTeX to MathML for the HTML report: converted at build time, checked to be pure MathML, made MathML Core.

The conversion uses the PyPI package latex2mathml when it is installed; without it (or when it fails or
produces anything but plain MathML elements) a formula is shown as escaped text, so a page never breaks.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET

from verify.report.formulas import Math
from verify.report.wrap import wrap_formula

__all__ = ["to_mathml", "mathml_available", "wrap_latex", "WRAP_WIDTH"]


_MATHML_NS = "{http://www.w3.org/1998/Math/MathML}"
_MATHML_TAGS = set(
    "math mrow mi mn mo mtext mspace ms mfrac msqrt mroot mstyle merror mpadded mphantom menclose msub msup "
    "msubsup munder mover munderover mtable mtr mtd semantics annotation mmultiscripts mprescripts none".split()
)


def mathml_available() -> bool:
    """True when the LaTeX-to-MathML converter (PyPI package latex2mathml) is installed."""
    try:
        import latex2mathml.converter  # noqa: F401
    except ImportError:
        return False
    return True


def _safe_mathml(markup: str) -> bool:
    """True when converter output is well-formed MathML with only MathML elements and no scripting attributes."""
    try:
        root = ET.fromstring(markup)
    except ET.ParseError:
        return False
    for element in root.iter():
        if not element.tag.startswith(_MATHML_NS) or element.tag[len(_MATHML_NS) :] not in _MATHML_TAGS:
            return False
        if any(k.lower().startswith("on") or "href" in k.lower() or ":" in k for k in element.attrib):
            return False
    return True


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
# Unicode mathematical alphanumerics: (capital A, small a) code points and the letters that live elsewhere.
_VARIANTS = {
    "double-struck": (0x1D538, 0x1D552, {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}),
    "bold": (0x1D400, 0x1D41A, {}),
    "script": (
        0x1D49C,
        0x1D4B6,
        {"B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ", "e": "ℯ", "g": "ℊ", "o": "ℴ"},
    ),
    "fraktur": (0x1D504, 0x1D51E, {"C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"}),
}
_VARIANTS["calligraphic"] = _VARIANTS["script"]


def _styled(text: str, variant: str) -> str:
    """Letters in a MathML mathvariant as the Unicode characters MathML Core expects instead."""
    capital, small, special = _VARIANTS[variant]
    out = []
    for ch in text:
        if ch in special:
            out.append(special[ch])
        elif ch in _LETTERS:
            k = _LETTERS.index(ch)
            out.append(chr(capital + k) if k < 26 else chr(small + k - 26))
        else:
            out.append(ch)
    return "".join(out)


def _core_mathml(markup: str) -> str:
    """Rewrite mathvariant (double-struck, calligraphic, ...) into Unicode letters, which Chromium renders."""
    if "mathvariant" not in markup and "&#x029F5;" not in markup:
        return markup
    root = ET.fromstring(markup)
    for element in root.iter():
        if element.text == "\u29f5":  # the converter's \setminus, a glyph few fonts have: use U+2216 SET MINUS
            element.tag, element.text = _MATHML_NS + "mo", "\u2216"
        variant = element.attrib.get("mathvariant")
        if variant in _VARIANTS and element.text:
            element.text = _styled(element.text, variant)
            del element.attrib["mathvariant"]
        elif variant is not None and variant != "normal" and element.tag == _MATHML_NS + "mi":
            element.attrib["mathvariant"] = "normal" if variant in ("upright", "roman") else variant
    ET.register_namespace("", _MATHML_NS[1:-1])
    return ET.tostring(root, encoding="unicode")


WRAP_WIDTH = 100  # symbols per row of a formula in a full-width card (the page passes narrower widths)


def wrap_latex(latex: str, width: float = WRAP_WIDTH) -> str:
    """Break a long formula into left-aligned rows (verify/report/wrap.py); MathML does not wrap by itself."""
    return wrap_formula(latex, width)


def to_mathml(math: Math, width: float = WRAP_WIDTH) -> str:
    """The HTML for a piece of mathematics (rows at most `width` symbols): MathML when it converts safely."""
    display = "block" if math.display else "inline"
    if mathml_available():
        from latex2mathml.converter import convert

        try:
            markup = convert(wrap_latex(math.latex, width), display=display)
        except Exception:  # the converter raises assorted errors on LaTeX it does not know
            markup = ""
        if markup and _safe_mathml(markup):
            return _core_mathml(markup)
    tag = "pre" if "\n" in math.text else "code"
    return f'<{tag} class="math-text">{html.escape(math.text)}</{tag}>'
