"""The canonical exact text of a Gaussian rational, without SymPy (the weight-file path of `verify heads` uses it).

constructions/exact.py re-exports gaussian_text with its SymPy-based encoders.
"""

from __future__ import annotations

__all__ = ["gaussian_text"]


def gaussian_text(re_text: str, im_text: str) -> str:
    """The canonical 'a+b*i' text of a Gaussian rational from the texts of its two rational parts."""
    if im_text == "0":
        return re_text
    imag = "i" if im_text == "1" else "-i" if im_text == "-1" else f"{im_text}*i"
    if re_text == "0":
        return imag
    return f"{re_text}{'' if imag.startswith('-') else '+'}{imag}"
