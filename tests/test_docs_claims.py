"""The documentation claims no more than the certificates: cited claim ids exist, every "for every ..." or
"for all ..." sentence of README's Findings cites a claim whose frozen statement is itself universal, and every
sentence of README and docs/ with a strong universal phrase ("for every SSM", "any state dimension", "for every
n", ...) cites a claim whose statement says the same and is not limited to instances."""

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
# Strong universal phrases (over SSMs, state dimensions, lengths n): the phrase a claim's statement must contain
# for a sentence with the phrase to cite it. "every n" in a statement also covers "for every n" and "for all n".
_STRONG = {
    r"(?<!not for )(?<!not )\b(?:for )?(?:every|all|any) SSMs?\b(?! we tried)": "every ssm",
    r"\bany state dimension\b|\bin any dimension\b": "any state dimension",
    r"\bfor (?:every|all) n\b(?! up to)": "every n",
    r"\bfor (?:every|all) d\b": "every d",
    r"\bTheorem 4\.4\b[^.]*\bholds as written\b": "every ssm",
}
# Pages that describe kinds and tools (what a kind proves), not claims about the paper.
_TOOL_DOCS = ("trusted-base.md", "DEVELOPING.md")
# A statement that says one of these is about instances, whatever else it says.
_LIMITED = ("built-in", "one instance", "instance only", "for the instance", "we tried", "not kernel-checked")


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


def strong_phrases(sentence: str) -> list[str]:
    """The statement phrases a sentence's strong universal phrases require (empty when it has none)."""
    return [need for pattern, need in _STRONG.items() if re.search(pattern, sentence, re.IGNORECASE)]


def supports(claim_id: str, need: str) -> bool:
    """The claim's frozen statement says `need` (every SSM, any state dimension, every n) and is not instance-bound."""
    spec = statements().get(claim_id)
    if spec is None:
        return False
    words = spec["statement"]["words"].lower()
    if need in ("every n", "every d"):
        var = need.split()[1]
        return (
            bool(re.search(rf"\bevery (?:[a-z-]+ ){{0,2}}{var}\b", words))
            or f"\\forall {var}" in spec["statement"]["latex"]
        )
    return need in words and not any(limit in words for limit in _LIMITED)


def supported(cited: str, need: str) -> bool:
    """A cited id supports `need`; a cited pattern does when every id it matches does."""
    matches = [known for known in statements() if fnmatch.fnmatchcase(known, cited)]
    return bool(matches) and all(supports(m, need) for m in matches)


def findings(readme: str) -> str:
    """The text of README's Findings section."""
    start = readme.index("\n## Findings")
    end = readme.index("\n## ", start + 1)
    return readme[start:end]


def sentences(text: str) -> list[str]:
    """Sentences of a markdown text: paragraphs and list items joined, split after . ! ? (not abbreviations)."""
    blocks = re.split(r"\n\s*\n|\n(?=\s*- )|\n(?=\|)", text)
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


def unsupported_strong_sentences(text: str) -> list[str]:
    """Sentences with a strong universal phrase none of whose cited claims supports it."""
    bad = []
    for sentence in sentences(text):
        for need in strong_phrases(sentence):
            if not any(supported(c, need) for c in cited_ids(sentence)):
                bad.append(f"[{need}] {sentence}")
    return bad


@pytest.mark.parametrize("path", [p for p in DOCS if p.name not in _TOOL_DOCS], ids=lambda p: p.name)
def test_every_strong_universal_sentence_cites_a_statement_that_says_it(path):
    bad = unsupported_strong_sentences(path.read_text(encoding="utf-8"))
    assert not bad, f"{path.name}: sentences claiming more than a certificate shows:\n" + "\n".join(bad)


def test_the_strong_phrase_rule_catches_overstatements():
    assert strong_phrases("It has no realization in any state dimension.") == ["any state dimension"]
    assert strong_phrases("Certified for every SSM and every p, d.") == ["every ssm"]
    assert strong_phrases("holds for every n (`appA.A2.corrected`)") == ["every n"]
    assert strong_phrases("for every natural q") == [] == strong_phrases("for all n up to 2^20")
    assert strong_phrases("holds for every d >= 2") == ["every d"]
    assert supports("rem4.3", "every d") and not supports("thm4.2.step4.trace", "every d")
    assert strong_phrases("Theorem 4.4 holds as written.") == ["every ssm"]
    assert strong_phrases("certified for every SSM we tried, not for all SSMs at once") == []
    assert supports("appA.A2.corrected", "every n") and not supports("appA.A2.corrected", "every ssm")
    assert not supports("review.blockdiag.scope", "any state dimension")
    assert not supports("thm4.2.step4.trace", "every n")
    text = "A Jordan block has no 1x1/2x2 realization in any state dimension (`review.blockdiag.scope`)."
    assert unsupported_strong_sentences(text)
    assert not unsupported_strong_sentences("The rank bound holds for every n (`appA.A2.corrected`).")


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

    row = r"^\| `([^`]+)` \| .* \| \**(certified|refuted)\** \| [^|]+ \|$"  # id, reference, verdict, Coq
    rows = dict(re.findall(row, (ROOT / "README.md").read_text(), re.M))
    assert sorted(rows) == sorted(statements())
    for claim_id, verdict in rows.items():
        assert json.loads((ROOT / "certs" / f"{claim_id}.json").read_text())["verdict"] == verdict, claim_id
