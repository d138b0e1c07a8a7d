"""A second, independent checker: certificate obligations restated in Coq and re-checked by coqc.

Untrusted translation (never imported by verify/kernel/): what is trusted is Coq's kernel, the small prelude
of definitions in each generated file, and each goal as stated in the .v file (generated from the frozen
statement of the claim, verify/kernel/specs/). See docs/coq.md.
"""
