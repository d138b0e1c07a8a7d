"""Section 6 experiments: training and measurement (torch on CPU) behind the claims exp.fig3 and exp.fig4."""

from __future__ import annotations

__all__: list[str] = []
