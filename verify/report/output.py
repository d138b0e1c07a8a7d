"""Writing the report: report.md and the HTML pages (report.html and one per section) rendered first, then all
put in place together."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from verify.report.model import Report

__all__ = ["write_report"]


def write_report(
    report: Report, out: Path, pages: list[Path] | None = None, tick: Callable[[str], None] | None = None
) -> tuple[Path, Path]:
    """Render report.md and every HTML page, then write them in one group (none is replaced alone).

    Returns (report.md, report.html); the paths of all HTML pages are appended to `pages` when it is given;
    `tick(section)` is called as each section's pages are rendered.
    """
    from verify.certificate import write_group
    from verify.report.markdown import render_markdown
    from verify.report.site import INDEX, render_pages

    md_path = out / "report.md"
    files = [(md_path, render_markdown(report, out).encode("utf-8"))]
    html = render_pages(report, tick)
    files += [(out / name, text.encode("utf-8")) for name, text in html.items() if name != INDEX]
    files.append((out / INDEX, html[INDEX].encode("utf-8")))  # the index last, once every page it links is there
    write_group(files)
    if pages is not None:
        pages += [out / name for name in html]
    return md_path, out / INDEX
