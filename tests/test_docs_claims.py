"""The documentation claims no more than the certificates: cited claim ids exist, and every "for every ..." or
"for all ..." sentence of README's Findings cites a claim whose frozen statement is itself universal."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

import pytest

from verify.kernel import statements

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# A backticked claim id: a known prefix, then dotted parts (a * is a pattern over ids); eq7, fn1 have no dot.
_PREFIX = r"(?:def|sec|fn|eq|thm|rem|appA|review|num|exp|tab)"
_CLAIM = re.compile(rf"^{_PREFIX}[0-9A-Za-z]*(?:\.[A-Za-z0-9*-]+)+$|^(?:eq|fn)[0-9]+$")
_UNIVERSAL = re.compile(r"\bfor (?:every|all)\b", re.IGNORECASE)
_ABBREVIATIONS = ("e.g.", "i.e.", "vs.", "cf.", "resp.", "eq.", "Eq.", "eqs.")


def cited_ids(text: str) -> list[str]:
    """The claim ids (or id patterns) a text cites in backticks."""
    return [t for t in re.findall(r"`([^`\n]+)`", text) if _CLAIM.match(t) and not t.endswith((".py", ".md", ".json"))]


def exists(claim_id: str) -> bool:
    """A cited id (or pattern) names at least one registered statement."""
    return any(fnmatch.fnmatchcase(known, claim_id) for known in statements())


def is_universal(claim_id: str) -> bool:
    """The claim's frozen statement has a universal quantifier: 'every' or 'for all' in words, or \\forall."""
    spec = statements().get(claim_id)
    if spec is None:
        return False
    words, latex = spec["statement"]["words"].lower(), spec["statement"]["latex"]
    return "every" in words or "for all" in words or "\\forall" in latex


def findings(readme: str) -> str:
    """The text of README's Findings section."""
    start = readme.index("\n## Findings")
    end = readme.index("\n## ", start + 1)
    return readme[start:end]


def sentences(text: str) -> list[str]:
    """Sentences of a markdown text: paragraphs and list items joined, split after . ! ? (not abbreviations)."""
    blocks = re.split(r"\n\s*\n|\n(?=\s*- )", text)
    out = []
    for block in blocks:
        flat = " ".join(line.strip() for line in block.splitlines())
        for k, abbreviation in enumerate(_ABBREVIATIONS):
            flat = flat.replace(abbreviation, f"\0{k}\0")
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z(`*])", flat):
            for k, abbreviation in enumerate(_ABBREVIATIONS):
                sentence = sentence.replace(f"\0{k}\0", abbreviation)
            out.append(sentence.strip())
    return [s for s in out if s]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_claim_id_the_docs_cite_exists(path):
    missing = [c for c in cited_ids(path.read_text(encoding="utf-8")) if not exists(c)]
    assert not missing, f"{path.name} cites claim ids with no registered statement: {missing}"


def test_every_for_every_sentence_of_the_findings_cites_a_universal_statement():
    text = findings((ROOT / "README.md").read_text(encoding="utf-8"))
    bad = [s for s in sentences(text) if _UNIVERSAL.search(s) and not any(map(is_universal, cited_ids(s)))]
    assert not bad, "sentences claiming 'for every/all' without a universal certificate:\n" + "\n".join(bad)


def test_the_rules_catch_an_unsupported_sentence_and_an_unknown_id():
    assert cited_ids("see `appA.eq21` and `verify/kernel/` and `num.*`") == ["appA.eq21", "num.*"]
    assert exists("num.*") and exists("appA.eq21") and not exists("appA.eq22")
    assert is_universal("appA.eq21") and not is_universal("thm4.2.step4.trace")
    text = "\n## Findings\n\nIt holds for every q (`thm4.2.step4.trace`). E.g. fine.\n\n## Next\n"
    assert [s for s in sentences(findings(text)) if _UNIVERSAL.search(s)] == [
        "It holds for every q (`thm4.2.step4.trace`)."
    ]


def test_the_readme_claims_table_lists_every_claim_with_its_committed_verdict():
    import json

    rows = dict(
        re.findall(r"^\| `([^`]+)` \| .* \| \**(certified|refuted)\** \|$", (ROOT / "README.md").read_text(), re.M)
    )
    assert sorted(rows) == sorted(statements())
    for claim_id, verdict in rows.items():
        assert json.loads((ROOT / "certs" / f"{claim_id}.json").read_text())["verdict"] == verdict, claim_id
