"""The command line's entry point (verify/cli/__init__.py): lazy subcommands, one-line errors, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers_cli import ROOT, blocker, verify

from verify.cli import COMMANDS, main


def test_a_broken_subcommand_module_breaks_only_itself(tmp_path):
    env = blocker(tmp_path / "site", "verify.cli.modes")
    listing = verify("list", env=env)
    assert listing.returncode == 0 and "thm4.2.eq5" in listing.stdout
    assert verify("--help", env=env).returncode == 0
    broken = verify("modes", "--ssm", "examples/ssm-jordan-rotation.json", "--out", str(tmp_path / "o"), env=env)
    assert broken.returncode == 1 and "Traceback" not in broken.stderr
    assert broken.stderr.strip().startswith("verify modes: cannot load this subcommand (ModuleNotFoundError")
    assert len(broken.stderr.strip().splitlines()) == 1


def test_only_the_chosen_subcommand_module_is_imported():
    code = "import sys; from verify.cli import main; main(['list']); print(sorted(m for m in sys.modules if m.startswith('verify.cli.')))"  # noqa: E501
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    loaded = out.stdout.strip().splitlines()[-1]
    assert "verify.cli.listing" in loaded
    assert not any(f"'{module}'" in loaded for name, (module, _) in COMMANDS.items() if name != "list")


def test_usage_errors_are_one_line_and_exit_two(capsys):
    for argv in ([], ["frobnicate"], ["run"], ["check"], ["heads", "--ssm"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "usage:" not in err, err


def test_usage_errors_with_json_print_one_document_with_an_error(capsys):
    assert main(["check", "--json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert "required" in payload["error"] and payload["command"] == "check"


def test_an_unexpected_exception_is_one_line_without_a_traceback(monkeypatch, capsys):
    def bug(args):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("verify.cli.listing.run", bug)
    assert main(["list"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == (
        "verify list: internal error (ZeroDivisionError: a bug); set VERIFY_TRACEBACK=1 to see the traceback"
    )


def test_a_closed_pipe_on_stdout_is_not_a_traceback():
    listing = subprocess.Popen(
        [sys.executable, "-m", "verify", "list"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    listing.stdout.close()  # the reader went away, as in `verify list | head -0`
    _, err = listing.communicate()
    assert b"Traceback" not in err


_HEAVY = ("sympy", "numpy", "torch", "matplotlib", "scipy")


def _imported_after(argv: list[str]) -> set[str]:
    """The heavy top-level packages in sys.modules after main(argv) in a fresh interpreter."""
    code = (
        "import sys; from verify.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print(sorted({m.split('.')[0] for m in sys.modules}))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = json.loads(out.stdout.strip().splitlines()[-1].replace("'", '"'))
    return set(loaded) & set(_HEAVY)


def test_help_imports_no_sympy_numpy_torch_or_matplotlib():
    # start-up cost (issue 25): --help and the subcommand list never need the exact or numeric libraries
    assert _imported_after(["--help"]) == set()
    # a subcommand's --help loads its module (heads: numpy through the weight-file options), never SymPy, torch or
    # matplotlib (the exact SSM type is imported when a file is read)
    assert not _imported_after(["heads", "--help"]) & {"sympy", "torch", "matplotlib"}


def test_checking_a_certificate_imports_no_sympy_torch_or_matplotlib():
    # the kernel re-check of an exact certificate needs none of them (the kernel never imports SymPy)
    loaded = _imported_after(["check", str(ROOT / "certs" / "thm4.2.eq5.json")])
    assert not loaded & {"sympy", "torch", "matplotlib"}


def test_listing_showing_and_checking_a_folder_import_no_sympy(tmp_path):
    # the registry lists claims from verify/claims/data/index.json: no claim module (several import SymPy at the
    # top) is imported until a claim is built, so `list`, `show` and `check FOLDER` start without SymPy
    (tmp_path / "thm4.2.eq5.json").write_bytes((ROOT / "certs" / "thm4.2.eq5.json").read_bytes())
    for argv in (["list"], ["list", "--json"], ["show", "thm4.2.eq5"], ["check", str(tmp_path)]):
        assert not _imported_after(argv) & {"sympy", "torch", "matplotlib"}, argv
