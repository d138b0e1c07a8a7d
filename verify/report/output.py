"""Writing the report: report.md and report.html rendered first, then both put in place together."""

from __future__ import annotations

from pathlib import Path

from verify.report.model import Report

__all__ = ["write_report"]


def write_report(report: Report, out: Path) -> tuple[Path, Path]:
    """Write report.md and report.html into `out` atomically; returns their paths."""
    from verify.certificate import write_atomic
    from verify.report.htmlpage import render_html
    from verify.report.markdown import render_markdown

    md_path, html_path = out / "report.md", out / "report.html"
    write_atomic(md_path, render_markdown(report, out).encode("utf-8"))
    write_atomic(html_path, render_html(report).encode("utf-8"))
    return md_path, html_path
