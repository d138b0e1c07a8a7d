"""Canonical bytes, digests and the strict JSON reader."""

from __future__ import annotations

import pytest

from verify.kernel.core.canonical import FloatSeen, canonical_bytes, content_hash, digest, load_json
from verify.kernel.core.errors import KernelError


def test_canonical_bytes_do_not_depend_on_key_order():
    assert canonical_bytes({"b": 1, "a": [1, 2]}) == canonical_bytes({"a": [1, 2], "b": 1})


def test_canonical_bytes_round_trip_through_the_reader():
    value = {"z": [["1/2", [0, 1]]], "a": {"k": "x^2"}, "long": [str(k) for k in range(60)]}
    assert load_json(canonical_bytes(value), "f") == value


def test_reader_keeps_floats_as_floatseen_for_error_messages():
    value = load_json(b'{"x": 0.5}', "f")
    assert isinstance(value["x"], FloatSeen)


@pytest.mark.parametrize(
    "data, message",
    [
        (b'{"a": 1, "a": 2}', "duplicate key"),
        (b'{"a": NaN}', "NaN and Infinity"),
        (b'{"a": Infinity}', "NaN and Infinity"),
        (b"[" * 100 + b"]" * 100, "nested deeper"),
        (b"[" * 100000 + b"]" * 100000, "nested deeper"),
        (b"\xff\xfe", "non-ASCII byte at offset 0"),
        (b"{", "not valid JSON"),
    ],
)
def test_reader_rejects_bad_json(data, message):
    with pytest.raises(KernelError, match=message):
        load_json(data, "f")


def test_digest_changes_when_any_number_changes():
    assert digest({"a": ["1/2"]}) != digest({"a": ["1/3"]})
    assert content_hash({"hash": "x", "a": 1}) == content_hash({"hash": "y", "a": 1})


@pytest.mark.parametrize(
    "data", [b'{"claim": "\\ud800"}', b'{"a": ["\\u00e9"]}', b'{"\\u0661": 1}', b'{"a": "caf\xc3\xa9"}']
)
def test_a_string_or_key_that_is_not_ascii_is_rejected_before_any_other_check(data):
    with pytest.raises(KernelError, match="ASCII"):
        load_json(data, "f.json")


@pytest.mark.parametrize(
    "data, message",
    [
        (b"[-0]", "found the integer -0, expected 0"),
        (b"[-0.0]", "expected 0.0"),
        (b"[1.50]", "expected its canonical spelling 1.5"),
        (b"[1E5]", "expected its canonical spelling 100000.0"),
        (b"[1e999]", "expected its canonical spelling inf"),
        (b"[01]", "not valid JSON"),
        (b"[+1]", "not valid JSON"),
    ],
)
def test_reader_refuses_numbers_not_in_their_one_spelling(data, message):
    with pytest.raises(KernelError, match=message):
        load_json(data, "f")


def test_reader_keeps_canonical_floats_and_integers():
    assert load_json(b'[1.5, 0.99, 1e-05, -5, 0, "-0"]', "f") == [1.5, 0.99, 1e-05, -5, 0, "-0"]


def test_values_are_counted_on_the_bytes_before_anything_is_parsed():
    from verify.kernel.core.canonical import reading_units
    from verify.kernel.core.limits import MAX_JSON_VALUES

    too_many = b"[" + b"0," * (MAX_JSON_VALUES + 1) + b"x]"  # not even JSON: refused for its count, never parsed
    with pytest.raises(KernelError, match=f"expected at most {MAX_JSON_VALUES} values"):
        load_json(too_many, "f")
    with pytest.raises(KernelError, match="commas"):
        reading_units(too_many, "f")
    assert reading_units(b'[1,{"a":2}]', "f") == 2 * 1 + 4 * 2 + 11 // 16


def test_a_lone_surrogate_escape_anywhere_is_refused():
    for data in (b'{"claim": "x\\ud800"}', b'{"provenance": {"python": "\\udfff"}}', b'{"\\ud800": 1}'):
        with pytest.raises(KernelError, match="expected ASCII characters only"):
            load_json(data, "f")
