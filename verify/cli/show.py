"""python -m verify show ID: one certificate in readable form in the terminal, re-checked by the kernel."""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verify.report.model import ClaimView

__all__ = ["NAME", "HELP", "add_arguments", "run", "render_text"]

NAME = "show"
_WIDTH = 110  # characters of a formula on one terminal line; longer ones wrap
HELP = "print one certificate readably (statement, verdict, kernel re-check, obligations)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `verify show`."""
    parser.add_argument("id", metavar="ID", help="a claim id (read from --certs) or the path of a certificate file")
    parser.add_argument("--certs", type=Path, help="certificate folder (default ./certs, else the checkout's certs/)")


def _indent(text: str, prefix: str) -> str:
    """Indent every line of a (possibly multi-line) text."""
    return textwrap.indent(text, prefix)


def _refutation(view: ClaimView, corrected: str | None) -> list[str]:
    """Both sides' values at each counterexample point, and the corrected claim's id."""
    out = []
    for values in view.refutations:
        point = ", ".join(f"{name} = {value}" for name, value in values.point.items())
        out += [f"  counterexample {values.obligation} at {point}:", f"    {values.values}; {values.fails}"]
    if corrected:
        out.append(f"  corrected claim: {corrected}  (python -m verify show {corrected})")
    return ["refuted at:", *out, ""] if out else []  # the last line is dropped by the caller


def _wrap(body: str) -> list[str]:
    """A long formula wrapped at its outermost spaces: inside parentheses only as deep as the width needs."""
    depths, depth = [], 0
    for ch in body:
        depth += ch in "([{"
        depths.append(depth)
        depth -= ch in ")]}"
    for allowed in range(max(depths, default=0) + 1):
        kept = "".join("\0" if ch == " " and d > allowed else ch for ch, d in zip(body, depths))
        lines = textwrap.wrap(
            kept, _WIDTH, initial_indent="      ", subsequent_indent="        ", break_long_words=False
        )
        if all(len(line) <= _WIDTH + 8 for line in lines):
            break
    return [line.replace("\0", " ") for line in lines or [body]]


def _formula(label: str, body: str, note: str) -> list[str]:
    """One labelled formula, long ones wrapped at spaces onto indented lines."""
    head = f"  {label}:" + (f" {note}" if note and ("\n" in body or len(body) > _WIDTH) else "")
    if "\n" in body:
        return [head, _indent(body, "      ")]
    if len(body) > _WIDTH:
        return [head, *_wrap(body)]
    return [f"  {label}: " + "  ".join(p for p in (body, note) if p)]


def render_text(view: ClaimView, corrected: str | None = None) -> str:
    """A claim view (verify.report.model.ClaimView) as terminal text; `corrected` names its corrected claim."""
    from verify.report.model import plural

    out = [f"{view.id}  [{view.status}]  {view.reference}", f"section {view.section}", ""]
    out += ["statement:", _indent(textwrap.fill(view.words, 100), "  "), _indent(view.latex, "  latex: "), ""]
    if view.formal:  # the registered goal beside the words: each obligation's goal below must equal it
        out.append("formal statement (registered; each certificate goal must equal it):")
        out += [textwrap.fill(x, _WIDTH, initial_indent="  ", subsequent_indent="      ") for x in view.formal]
        out.append("")
    if view.why:
        out += ["why the obligations imply it:", _indent(textwrap.fill(view.why, 100), "  "), ""]
    kernel = "valid" if view.valid else "INVALID"
    out.append(f"verdict: {view.verdict}    kernel re-check: {kernel}, {plural(len(view.obligations), 'obligation')}")
    out += [_indent(e, "  ! ") for e in view.errors]
    refutation = _refutation(view, corrected if view.verdict == "refuted" else None)
    out += [""] + refutation[:-1] if refutation else []
    for ob in view.obligations:
        out += ["", f"obligation {ob.name} ({ob.kind})"]
        for line in ob.lines:
            out += _formula(line.label, line.math.text if line.math is not None else "", line.note or "")
    out += [""] + [f"figure: {p}" for p in view.figures]
    out += [f"file: {view.path}", f"content hash: {view.content_hash}", f"file sha256: {view.file_sha256}"]
    if view.footprint is not None:
        from verify.footprint import footprint_text

        out += footprint_text(view.footprint)
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
    folder = path.parent if named else args.certs
    view.figures = _figures(view.id, figures_folder(folder))
    corrected = _corrected(view.id, folder)
    print(render_text(view, corrected))
    return 0 if view.valid else 1


def _corrected(claim_id: str, folder: Path) -> str | None:
    """The id of the corrected claim of a claim, when one is registered (or its certificate is beside it)."""
    from verify.kernel import statements
    from verify.report.model import CORRECTED

    if claim_id.endswith(CORRECTED):
        return None
    fixed = claim_id + CORRECTED
    return fixed if fixed in statements() or (folder / f"{fixed}.json").is_file() else None


def _figures(claim_id: str, folder: Path) -> list[Path]:
    """The figures of one claim (<figures folder>/<id>*.png owned by this id)."""
    from verify.report.model import _figures_for

    return _figures_for([claim_id], folder)[claim_id]
