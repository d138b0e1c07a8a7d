"""Build hook: ship docs/coverage.md inside the package (verify/data/coverage.md) so that a non-editable install
answers `python -m verify list --coverage` from any folder. Everything else is in pyproject.toml."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED_DOCS = {"docs/coverage.md": "verify/data/coverage.md"}  # source in the checkout -> path in the package


class BuildPyWithDocs(build_py):
    """build_py, then the documents the package reads at run time copied into the build."""

    def run(self) -> None:
        """Build the packages, then copy each shipped document into build_lib."""
        super().run()
        for source, target in SHIPPED_DOCS.items():
            destination = Path(self.build_lib) / target
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / source, destination)


setup(cmdclass={"build_py": BuildPyWithDocs})
