"""python -m verify show ID: one certificate in readable form in the terminal, re-checked by the kernel."""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path

__all__ = ["NAME", "HELP", "add_arguments", "run", "render_text"]

NAME = "show"
HELP = "print one certificate readably (statement, verdict, kernel re-check, obligations)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `verify show`."""
    parser.add_argument("id", metavar="ID", help="a claim id (read from --certs) or the path of a certificate file")
    parser.add_argument("--certs", type=Path, help="certificate folder (default ./certs, else the checkout's certs/)")


def _indent(text: str, prefix: str) -> str:
    """Indent every line of a (possibly multi-line) text."""
    return textwrap.indent(text, prefix)


def render_text(view: object) -> str:
    """A claim view (verify.report.model.ClaimView) as terminal text."""
    from verify.report.model import plural

    out = [f"{view.id}  [{view.status}]  {view.reference}", f"section {view.section}", ""]
    out += ["statement:", _indent(textwrap.fill(view.words, 100), "  "), _indent(view.latex, "  latex: "), ""]
    if view.why:
        out += ["why the obligations imply it:", _indent(textwrap.fill(view.why, 100), "  "), ""]
    kernel = "valid" if view.valid else "INVALID"
    out.append(f"verdict: {view.verdict}    kernel re-check: {kernel}, {plural(len(view.obligations), 'obligation')}")
    out += [_indent(e, "  ! ") for e in view.errors]
    for ob in view.obligations:
        out += ["", f"obligation {ob.name} ({ob.kind})"]
        for line in ob.lines:
            body = line.math.text if line.math is not None else ""
            note = line.note if line.note else ""
            if "\n" in body:
                out += [f"  {line.label}:" + (f" {note}" if note else ""), _indent(body, "      ")]
            else:
                out.append(f"  {line.label}: " + "  ".join(p for p in (body, note) if p))
    out += [""] + [f"figure: {p}" for p in view.figures]
    out += [f"file: {view.path}", f"content hash: {view.content_hash}", f"file sha256: {view.file_sha256}"]
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    """Print one certificate; exit 0 when the kernel accepts it, 1 when it does not, 2 when it cannot be found."""
    from verify.cli.common import InputError
    from verify.figures import figures_folder
    from verify.kernel import UnreadableInput
    from verify.report.model import load_claim

    given = Path(args.id)
    named = given.suffix == ".json" and (given.exists() or given.is_symlink())
    if not named and args.certs is None:
        from verify.cli.common import committed_certs

        args.certs = committed_certs()
    path = given if named else args.certs / f"{args.id}.json"
    if not (path.exists() or path.is_symlink()):
        raise InputError(
            f"{path}: no such certificate; expected a claim id with a file in {args.certs}/ "
            "(see 'python -m verify list') or the path of a certificate file"
        )
    try:
        view = load_claim(path)
    except UnreadableInput as err:
        raise InputError(str(err)) from None
    view.figures = _figures(view.id, figures_folder(path.parent if named else args.certs))
    print(render_text(view))
    return 0 if view.valid else 1


def _figures(claim_id: str, folder: Path) -> list[Path]:
    """The figures of one claim (<figures folder>/<id>*.png owned by this id)."""
    from verify.report.model import _figures_for

    return _figures_for([claim_id], folder)[claim_id]
