"""docs/format.md: the JSON Schema of the certificate format, and the seals recomputed from the document alone.

The recomputation below follows docs/format.md with `json` and `hashlib` only; it does not import
verify/kernel/core/canonical.py, so a difference between the document and the implementation fails here.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parent.parent
CERTS = sorted((ROOT / "certs").glob("*.json"))
SCHEMA = ROOT / "verify" / "certificate.schema.json"
BIG = 1_000_000  # bytes: validating a larger certificate with jsonschema takes tens of seconds (slow run)


def _compact(value: object) -> str:
    """docs/format.md, step 1: the compact form."""
    return json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def _layout(value: object, indent: str) -> str:
    """docs/format.md, steps 2-4: the layout of a file."""
    if isinstance(value, dict) and value:
        lines = [f"{indent} {_compact(key)}: {_layout(value[key], indent + ' ')}" for key in sorted(value)]
        return "{\n" + ",\n".join(lines) + "\n" + indent + "}"
    if isinstance(value, list) and value and ("{" in _compact(value) or len(_compact(value)) > 100):
        return "[\n" + ",\n".join(f"{indent} {_layout(item, indent + ' ')}" for item in value) + "\n" + indent + "]"
    return _compact(value)


def _seal(value: dict, leave_out: str | None) -> str:
    """docs/format.md, 'Seals': sha256 of the compact form without one field."""
    rest = {k: v for k, v in value.items() if k != leave_out}
    return "sha256:" + hashlib.sha256(_compact(rest).encode("ascii")).hexdigest()


def _no_floats(text: str) -> object:
    """Parse as docs/format.md asks: a float or a duplicate key is an error."""

    def pairs(items: list) -> dict:
        keys = [k for k, _ in items]
        assert len(keys) == len(set(keys)), "duplicate key"
        return dict(items)

    def refuse(number: str) -> None:
        raise AssertionError(f"float {number}")

    return json.loads(text, parse_float=refuse, parse_constant=refuse, object_pairs_hook=pairs)


def test_every_committed_file_is_canonical_and_its_seals_follow_the_document():
    assert len(CERTS) > 100
    for path in CERTS:
        text = path.read_bytes().decode("ascii")
        cert = _no_floats(text)
        assert text == _layout(cert, "") + "\n", path.name
        assert all(o["digest"] == _seal(o, "digest") for o in cert["obligations"]), path.name
        assert cert["hash"] == _seal(cert, "hash"), path.name


def test_the_documented_seal_agrees_with_the_kernel_and_detects_an_edit():
    from verify.kernel import check_file

    cert = json.loads((ROOT / "certs" / "thm4.2.eq5.json").read_text())
    cert["obligations"][0]["witness"]["terms"][0]["coeff"] = "2"
    assert cert["obligations"][0]["digest"] != _seal(cert["obligations"][0], "digest")
    assert check_file(ROOT / "certs" / "thm4.2.eq5.json").valid


def test_the_documented_comparison_is_the_regressions():
    from verify.runner import content_digest

    for name in ("thm4.2.eq5", "num.ssm.forms"):
        cert = json.loads((ROOT / "certs" / f"{name}.json").read_text())
        if name.startswith("num."):
            shape = [
                [o["name"], o["kind"], o["goal"] if o["kind"] == "float_bound" else None] for o in cert["obligations"]
            ]
            expected = _seal({"claim": cert["claim"], "verdict": cert["verdict"], "obligations": shape}, None)
        else:
            expected = _seal({k: v for k, v in cert.items() if k != "provenance"}, "hash")
        assert content_digest(cert) == expected


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    """The shipped schema, itself checked against draft 2020-12."""
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=[pytest.mark.slow] if p.stat().st_size > BIG else []) for p in CERTS],
    ids=lambda p: p.stem,
)
def test_every_committed_certificate_matches_the_schema(validator, path):
    errors = [e.message[:200] for e in validator.iter_errors(json.loads(path.read_text()))]
    assert errors == []


@pytest.mark.parametrize(
    "edit",
    [
        lambda c: c["obligations"][0]["goal"].update(x=0.5),  # a float
        lambda c: c.update(extra=1),  # an unknown field
        lambda c: c.update(hash="sha256:XYZ"),
        lambda c: c.update(claim="../../secret"),
        lambda c: c["obligations"][0].update(kind="trust_me"),
        lambda c: c.pop("statement"),
    ],
)
def test_the_schema_rejects_what_the_document_forbids(validator, edit):
    cert = json.loads((ROOT / "certs" / "thm4.2.eq5.json").read_text())
    edit(cert)
    assert list(validator.iter_errors(cert))


def test_the_schema_lists_exactly_the_kernels_kinds_and_limits():
    from verify.kernel.core.limits import MAX_OBLIGATIONS
    from verify.kernel.kinds import KINDS

    schema = json.loads(SCHEMA.read_text())
    assert schema["$defs"]["obligation"]["properties"]["kind"]["enum"] == sorted(KINDS)
    assert schema["properties"]["obligations"]["maxItems"] == MAX_OBLIGATIONS
    assert schema["properties"]["format"]["const"] == "hmh-certificate/1"


def test_verify_schema_prints_the_shipped_schema(capsys):
    from verify.cli import main

    assert main(["schema"]) == 0
    assert capsys.readouterr().out == SCHEMA.read_text()
