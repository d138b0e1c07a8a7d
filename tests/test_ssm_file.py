"""verify/ssm_file.py: a user's exact SSM file is read strictly, and every bad field is named in one line."""

from __future__ import annotations

import json

import pytest

from verify.ssm_file import BadInput, read_ssm_file, sequence_length


def _file(tmp_path, data: object):
    """The JSON file of data."""
    path = tmp_path / "ssm.json"
    path.write_text(json.dumps(data))
    return path


def test_a_good_file_gives_the_ssm_and_its_length(tmp_path):
    ssm, n = read_ssm_file(_file(tmp_path, {"A": [["1/2"]], "B": [["1", "0"]], "C": [[3], ["1+i"]], "n": 5}))
    assert (ssm.m, ssm.d, ssm.p, n) == (1, 2, 2, 5)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"A": [[0.5]], "B": [["1"]], "C": [["1"]]}, r"field A\[0\]\[0\]: found the float 0.5"),
        ({"A": [["1"]], "B": [["1"]], "C": [["1"]], "x": 1}, r"unknown fields \['x'\]"),
        ({"A": [["1", "0"]], "B": [["1"]], "C": [["1"]]}, "field A: shape 1x2, expected a square"),
        ({"A": [["1"]], "B": [["1"]], "C": [["1"]], "n": 0}, "field n: found 0, expected an integer sequence length"),
    ],
)
def test_a_bad_field_is_named(tmp_path, data, message):
    with pytest.raises(BadInput, match=message):
        read_ssm_file(_file(tmp_path, data))


def test_a_complex_entry_is_refused_where_real_entries_are_needed(tmp_path):
    with pytest.raises(BadInput, match="non-real entry"):
        read_ssm_file(_file(tmp_path, {"A": [["i"]], "B": [["1"]], "C": [["1"]]}), real=True)


def test_a_sequence_length_outside_the_kernels_range_is_refused():
    assert sequence_length(7, "--n") == 7
    with pytest.raises(BadInput, match="--n: found True"):
        sequence_length(True, "--n")
