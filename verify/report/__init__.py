"""The report: Markdown (markdown.py), self-contained HTML with MathML (htmlpage.py, mathml.py) and JUnit XML.

model.py re-checks certificates and builds the views every renderer shares; kinds.py and formulas.py turn
obligations into readable mathematics. Import the submodule you need; this package imports nothing itself.
"""

__all__: list[str] = []
