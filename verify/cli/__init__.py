"""The command line: python -m verify SUBCOMMAND. Exit 0 ok, 1 invalid/regression, 2 bad input or usage.

Each subcommand is one module of this package with HELP, add_arguments(parser) and run(args) -> int. Only the
module of the subcommand being run is imported, so a broken module cannot break the other subcommands.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

__all__ = ["main", "COMMANDS"]

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2

# name: (module, one-line help); the help is here so that `--help` lists every subcommand without importing it.
COMMANDS: dict[str, tuple[str, str]] = {
    "all": ("verify.cli.every", "build, kernel-check and write every certificate"),
    "run": ("verify.cli.run", "only the given claims"),
    "list": ("verify.cli.listing", "claim ids with paper references"),
    "check": ("verify.cli.check", "re-check certificate files or folders with the kernel alone"),
    "heads": ("verify.cli.heads", "interaction rank k, smallest n for (7), and a k-head certificate for your SSM"),
    "modes": ("verify.cli.modes", "Appendix A for your SSM: Jordan modes, closed forms, lag features, block forms"),
    "report": ("verify.cli.report", "write report.md and a self-contained report.html of the certificates"),
    "show": ("verify.cli.show", "print one certificate readably (statement, verdict, kernel re-check, obligations)"),
}


def _command_of(argv: list[str]) -> str | None:
    """The subcommand named on the command line (the first argument that is not an option), if any."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg
    return None


def _parser(chosen: str | None) -> tuple[argparse.ArgumentParser, ModuleType | None]:
    """The argument parser; only the chosen subcommand's module is imported to add its options."""
    parser = argparse.ArgumentParser(
        prog="python -m verify", description="Certify, claim by claim, the paper 'How Many Heads Make an SSM?'."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    module = None
    for name, (module_name, text) in COMMANDS.items():
        cmd = sub.add_parser(name, help=text, description=text)
        if name == chosen:
            module = importlib.import_module(module_name)
            module.add_arguments(cmd)
    return parser, module


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m verify`."""
    argv = sys.argv[1:] if argv is None else list(argv)
    chosen = _command_of(argv)
    try:
        parser, module = _parser(chosen if chosen in COMMANDS else None)
    except Exception as err:  # a subcommand module that cannot be imported breaks only itself
        print(f"verify {chosen}: cannot load this subcommand ({type(err).__name__}: {err})", file=sys.stderr)
        return EXIT_FAIL
    args = parser.parse_args(argv)
    try:
        return module.run(args)
    except SystemExit as stop:
        if isinstance(stop.code, str):
            print(stop.code, file=sys.stderr)
            return EXIT_USAGE
        raise
