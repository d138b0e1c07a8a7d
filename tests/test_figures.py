"""Figures beside certificates (verify/figures.py): collected from builders, compared with recorded hashes."""

from __future__ import annotations

import hashlib

import pytest

from verify.figures import check_figures, collect, compare_files, emit, figures_folder, recorded_files


def test_emitted_files_are_collected_only_inside_collect():
    emit("ignored.png", b"x")  # outside a run: nowhere to go, nothing happens
    with collect() as files:
        emit("a.png", b"png")
    assert files == {"a.png": b"png"}


def test_a_figure_name_must_be_a_plain_file_name():
    with collect(), pytest.raises(ValueError, match="plain file name"):
        emit("../escape.png", b"x")


def test_recorded_figures_are_compared_when_present(tmp_path):
    png = b"\x89PNG picture"
    cert = {
        "claim": "exp.fig4",
        "params": {"figure_sha256": hashlib.sha256(png).hexdigest(), "numbers_sha256": "0" * 64},
    }
    assert recorded_files(cert) == {"exp.fig4.png": cert["params"]["figure_sha256"], "exp.fig4.json": "0" * 64}
    assert check_figures(cert, tmp_path) == ([], [])  # absent files are not checked
    (tmp_path / "exp.fig4.png").write_bytes(png)
    assert check_figures(cert, tmp_path) == ([], [str(tmp_path / "exp.fig4.png")])
    (tmp_path / "exp.fig4.json").write_text("{}")
    errors, checked = check_figures(cert, tmp_path)
    assert len(checked) == 2 and "differs from numbers_sha256" in errors[0]


def test_the_figures_folder_is_inside_the_certificate_folder_unless_given(tmp_path):
    assert figures_folder(tmp_path) == tmp_path / "figures"
    assert figures_folder(tmp_path, tmp_path / "elsewhere") == tmp_path / "elsewhere"


def test_a_claim_id_that_is_a_path_records_no_figure_and_names_no_file(tmp_path):
    params = {"figure_sha256": "0" * 64}
    for claim in ("../../etc/secret", "/etc/secret", ".hidden", "a/b", "a\\b", "", "x" * 200):
        assert recorded_files({"claim": claim, "params": params}) == {}
    assert recorded_files({"claim": "exp.fig3", "params": params}) == {"exp.fig3.png": "0" * 64}
    errors, checked = compare_files({"../secret.png": "0" * 64}, tmp_path)
    assert checked == [] and "not a plain file name" in errors[0]
