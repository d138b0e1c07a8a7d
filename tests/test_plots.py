"""numeric/experiments/plots.py: the figures are valid, deterministic PNGs drawn from the numbers."""

from __future__ import annotations

import json

import pytest

from numeric.experiments.plots import figure3_png, figure4_png

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(("name", "draw"), [("exp.fig3", figure3_png), ("exp.fig4", figure4_png)])
def test_figure_is_a_png_and_the_same_bytes_every_time(root, name, draw):
    numbers = json.loads((root / "certs" / "figures" / f"{name}.json").read_text())
    first, second = draw(numbers), draw(numbers)
    assert first[:8] == PNG
    assert first == second


def test_figure3_depends_on_the_numbers(root):
    numbers = json.loads((root / "certs" / "figures" / "exp.fig3.json").read_text())
    changed = json.loads(json.dumps(numbers))
    changed["runs"][0]["test_mse"] *= 10
    assert figure3_png(numbers) != figure3_png(changed)
