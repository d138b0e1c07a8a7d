"""A non-editable `pip install .`, used from another folder, does what the checkout does.

The project is copied (the files a build reads), built and installed with --no-deps into a scratch venv whose
dependencies come from this environment (a .pth file), so the test is offline. Its commands run from an empty
folder: --version, list --coverage (docs/coverage.md shipped in the package), schema, run, check, show and
report (which, with no certs/ around, say what to pass).
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_INPUTS = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "docs/coverage.md"]
PACKAGES = ["verify", "constructions", "numeric"]


def _source_copy(folder: Path) -> Path:
    """The files a build of the package reads, copied (so the build leaves nothing in the checkout)."""
    for name in BUILD_INPUTS:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, folder / name)
    for name in PACKAGES:
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("__pycache__", "data"))
    shutil.copytree(ROOT / "verify" / "claims" / "data", folder / "verify" / "claims" / "data")
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(python of a venv holding a non-editable install, an empty folder to run it from)."""
    base = tmp_path_factory.mktemp("install")
    source = _source_copy(base / "src")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    target = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # this environment's packages (numpy, sympy, ...) without its .pth files (no editable finder of the checkout)
    here = [sysconfig.get_paths()["purelib"], *site.getsitepackages()]
    (target / "deps-from-test-env.pth").write_text("\n".join(dict.fromkeys(here)) + "\n")
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--no-index"]
        + ["--target", str(target), str(source)],
        capture_output=True,
        text=True,
    )
    assert pip.returncode == 0, pip.stderr[-3000:]
    elsewhere = base / "elsewhere"
    elsewhere.mkdir()
    return python, elsewhere


CLEAN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # nothing may lead back to the checkout


def _verify(installed: tuple[Path, Path], *args: str) -> subprocess.CompletedProcess:
    """`python -m verify ARGS` of the installed package, run from the empty folder."""
    python, cwd = installed
    command = [python, "-m", "verify", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600, env=CLEAN_ENV)


@pytest.mark.slow
def test_the_installed_package_is_not_the_checkout(installed):
    python, cwd = installed
    probe = [python, "-c", "import verify; print(verify.__file__)"]
    where = subprocess.run(probe, cwd=cwd, capture_output=True, env=CLEAN_ENV)
    assert ROOT not in Path(where.stdout.decode().strip()).parents and where.returncode == 0


@pytest.mark.slow
def test_version_schema_and_coverage_work_from_another_folder(installed):
    from verify import __version__

    version = _verify(installed, "--version")
    assert version.returncode == 0 and version.stdout.strip() == f"how-many-heads-verify {__version__}"
    schema = _verify(installed, "schema")
    assert schema.returncode == 0 and schema.stdout == (ROOT / "verify" / "certificate.schema.json").read_text()
    coverage = _verify(installed, "list", "--coverage")
    assert coverage.returncode == 0, coverage.stderr
    assert (
        coverage.stdout
        == subprocess.run(
            [sys.executable, "-m", "verify", "list", "--coverage"], cwd=ROOT, capture_output=True, text=True
        ).stdout
    )


@pytest.mark.slow
def test_run_check_show_and_report_from_another_folder(installed, tmp_path):
    out = tmp_path / "certs"
    assert _verify(installed, "run", "thm4.2", "thm4.2.eq5", "--out", str(out), "--quiet").returncode == 0
    assert (out / "thm4.2.json").read_bytes() == (ROOT / "certs" / "thm4.2.json").read_bytes() or _same_but_provenance(
        out / "thm4.2.json"
    )
    assert _verify(installed, "check", str(out), "--partial").returncode == 0
    missing = _verify(installed, "show", "thm4.2")
    assert missing.returncode == 2 and "pass --certs DIR" in missing.stderr and len(missing.stderr.splitlines()) == 1
    shown = _verify(installed, "show", "thm4.2", "--certs", str(out))
    assert shown.returncode == 0 and "thm4.2" in shown.stdout
    no_certs = _verify(installed, "report", "--out", str(tmp_path / "r"))
    assert no_certs.returncode == 2 and "pass --certs DIR" in no_certs.stderr
    report = _verify(installed, "report", "--certs", str(out), "--out", str(tmp_path / "r"), "--partial")
    assert report.returncode == 0, report.stderr
    assert (tmp_path / "r" / "report.html").is_file()


def _same_but_provenance(path: Path) -> bool:
    """The certificate equals the committed one apart from provenance (other library versions)."""
    import json

    from verify.runner import content_digest

    fresh, committed = json.loads(path.read_text()), json.loads((ROOT / "certs" / path.name).read_text())
    return content_digest(fresh) == content_digest(committed)
