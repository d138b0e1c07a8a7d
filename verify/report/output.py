"""Writing the report: report.md and report.html rendered first, then both put in place together."""

from __future__ import annotations

from pathlib import Path

from verify.report.model import Report

__all__ = ["write_report"]


def write_report(report: Report, out: Path) -> tuple[Path, Path]:
    """Render report.md and report.html, then write both in one group (neither is replaced alone)."""
    from verify.certificate import write_group
    from verify.report.htmlpage import render_html
    from verify.report.markdown import render_markdown

    md_path, html_path = out / "report.md", out / "report.html"
    markdown, page = render_markdown(report, out).encode("utf-8"), render_html(report).encode("utf-8")
    write_group([(md_path, markdown), (html_path, page)])
    return md_path, html_path
