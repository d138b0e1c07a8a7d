"""The command line: python -m verify SUBCOMMAND. Exit 0 ok, 1 invalid/regression, 2 bad input or usage.

Each subcommand is one module of this package with HELP, add_arguments(parser) and run(args) -> int. Only the
module of the subcommand being run is imported, so a broken module cannot break the other subcommands.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading
from types import ModuleType

from verify.cli.common import EXIT_FAIL, EXIT_USAGE, CommandError, InputError, Terminated, emit_json

__all__ = ["main", "COMMANDS"]

# name: (module, one-line help); the help is here so that `--help` lists every subcommand without importing it.
COMMANDS: dict[str, tuple[str, str]] = {
    "all": ("verify.cli.every", "build, kernel-check and write every certificate"),
    "run": ("verify.cli.run", "only the given claims"),
    "list": ("verify.cli.listing", "claim ids with paper references"),
    "check": ("verify.cli.check", "re-check certificate files or folders with the kernel alone"),
    "heads": ("verify.cli.heads", "interaction rank k, smallest n for (7), and a k-head certificate for your SSM"),
    "modes": ("verify.cli.modes", "Appendix A for your SSM: Jordan modes, closed forms, lag features, block forms"),
    "report": ("verify.cli.report", "write report.md and a self-contained report.html of the certificates"),
    "coq": ("verify.cli.coq", "re-check the certificates' obligations with Coq (coqc), a second, independent checker"),
    "show": ("verify.cli.show", "print one certificate readably (statement, verdict, kernel re-check, obligations)"),
    "schema": ("verify.cli.schema", "print the JSON Schema of the certificate format (docs/format.md)"),
}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (the command line's own InputError), not usage + exit."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Raise the usage error instead of printing the usage text."""
        raise InputError(f"{self.prog}: {message} (see '{self.prog} --help')")


def _command_of(argv: list[str]) -> str | None:
    """The subcommand named on the command line (the first argument that is not an option), if any."""
    for arg in argv:
        if not arg.startswith("-"):
            return arg
    return None


def _parser(chosen: str | None) -> tuple[argparse.ArgumentParser, ModuleType | None]:
    """The argument parser; only the chosen subcommand's module is imported to add its options."""
    parser = _Parser(
        prog="python -m verify", description="Certify, claim by claim, the paper 'How Many Heads Make an SSM?'."
    )
    from verify import __version__

    parser.add_argument("--version", action="version", version=f"how-many-heads-verify {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    module = None
    for name, (module_name, text) in COMMANDS.items():
        cmd = sub.add_parser(name, help=text, description=text)
        if name == chosen:
            module = importlib.import_module(module_name)
            module.add_arguments(cmd)
    return parser, module


def _on_sigterm(signum: int, frame: object) -> None:
    """Turn SIGTERM into an exception so that the same clean-up as for Ctrl-C runs."""
    raise Terminated()


def _fail(name: str, message: str, code: int, want_json: bool, payload: dict | None = None) -> int:
    """Report a failure: one line on stderr, and with --json one document on stdout; returns the exit code."""
    print(f"verify{' ' + name if name else ''}: {message}", file=sys.stderr)
    if want_json:
        emit_json({**(payload or {}), "command": name, "error": message})
    return code


def _dispatch(argv: list[str], chosen: str | None) -> int:
    """Parse the arguments and run the subcommand; exceptions are turned into messages by main."""
    try:
        parser, module = _parser(chosen if chosen in COMMANDS else None)
    except Exception as err:  # a subcommand module that cannot be imported breaks only itself
        raise CommandError(f"cannot load this subcommand ({type(err).__name__}: {err})", EXIT_FAIL) from None
    args = parser.parse_args(argv)
    if module is None:  # no subcommand chosen: the parser has already printed its usage and exited
        raise CommandError("no subcommand given (see python -m verify --help)", EXIT_USAGE)
    return module.run(args)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m verify`: no traceback reaches the user, every failure is one line."""
    argv = sys.argv[1:] if argv is None else list(argv)
    chosen, want_json = _command_of(argv), "--json" in argv
    name = chosen if chosen in COMMANDS else ""
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if _main_thread() else None
    try:
        return _dispatch(argv, chosen)
    except CommandError as err:
        return _fail(name, err.message, err.code, want_json, err.payload)
    except InputError as err:
        return _fail(name, str(err), EXIT_USAGE, want_json)
    except SystemExit as stop:
        if isinstance(stop.code, str):
            return _fail(name, stop.code.removeprefix(f"verify {name}: ").removeprefix("verify: "), 2, want_json)
        raise
    except KeyboardInterrupt as err:
        signum = signal.SIGTERM if isinstance(err, Terminated) else signal.SIGINT
        message = f"interrupted ({signal.Signals(signum).name}); nothing more was written"
        return _fail(name, message, 128 + signum, want_json)
    except BrokenPipeError:  # e.g. `python -m verify list | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAIL
    except Exception as err:  # a bug: one line, and the traceback only when asked for
        if os.environ.get("VERIFY_TRACEBACK"):
            raise
        detail = f"internal error ({type(err).__name__}: {err}); set VERIFY_TRACEBACK=1 to see the traceback"
        return _fail(name, detail, EXIT_FAIL, want_json)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main_thread() -> bool:
    """True in the main thread (only there can signal handlers be installed)."""
    return threading.current_thread() is threading.main_thread()
