"""verify/checkpoint_heads.py: `verify heads --ssm CHECKPOINT` on S4D, S5 and LRU checkpoints as a user runs it."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference_ssm_layers import LRULayer, S4DMinimal, S5Layer  # noqa: E402

from constructions.checkpoints import read_layer  # noqa: E402
from verify.checkpoint_heads import exact_system_of  # noqa: E402
from verify.cli import main  # noqa: E402
from verify.kernel import check_file  # noqa: E402


@pytest.fixture(scope="module")
def s4d_file(tmp_path_factory) -> Path:
    """Two minimal S4D layers (H = 3, N = 4) in a torch state dict, as a model would save them."""
    model = torch.nn.ModuleDict({"layers": torch.nn.ModuleList([S4DMinimal(3, 4, seed=s) for s in range(2)])})
    path = tmp_path_factory.mktemp("ckpt") / "s4d.pt"
    torch.save(model.state_dict(), path)
    return path


def _json(capsys) -> dict:
    return json.loads(capsys.readouterr().out)


def test_every_s4d_layer_gets_a_kernel_checked_row_with_format_mapping_and_plots(tmp_path, s4d_file, capsys):
    out = tmp_path / "out"
    assert main(["heads", "--ssm", str(s4d_file), "--out", str(out), "--n", "64", "--json", "--jobs", "2"]) == 0
    report = _json(capsys)
    layers = report["layers"]
    assert [x["prefix"] for x in layers] == ["layers.0.kernel.", "layers.1.kernel."]
    for layer in layers:
        assert layer["format"] == "s4d" and layer["method"] == "exact" and layer["kernel"] == "valid"
        assert layer["mapping"]["A"] == f"-exp({layer['prefix']}log_A_real) + i {layer['prefix']}A_imag"
        assert layer["skip_D"] == "excluded" and layer["depthwise"] and layer["k"] == [3, 3]
        assert check_file(Path(layer["certificate"])).valid and Path(layer["plot"]).exists()
        lo, hi = layer["heads"]
        assert lo == hi and 1 <= hi <= 3
        assert Fraction(layer["table"][hi - 1]["upper"]) <= Fraction(1, 100)
    assert Path(report["summary_plot"]).exists() and report["error"] is None


def test_every_layer_and_the_summary_plot_are_written_together_after_all_the_work(
    tmp_path, s4d_file, capsys, monkeypatch
):
    import verify.heads_output as heads_output

    groups, real = [], heads_output.write_all
    monkeypatch.setattr(
        heads_output, "write_all", lambda items: (groups.append([p.name for p, _ in items]), real(items))
    )
    out = tmp_path / "out"
    assert main(["heads", "--ssm", str(s4d_file), "--out", str(out), "--n", "16", "--json"]) == 0
    (names,) = groups  # one group: nothing was written while a layer was still being computed
    assert len(names) == 5 and names[-1] == "heads-per-layer-s4d.png"
    assert sorted(names) == sorted(p.name for p in out.iterdir())


def test_check_accepts_its_checkpoint_and_refuses_an_edited_one(tmp_path, s4d_file, capsys):
    out = tmp_path / "out"
    assert (
        main(["heads", "--ssm", str(s4d_file), "--out", str(out), "--n", "32", "--json", "--prefix", "layers.1."]) == 0
    )
    cert = _json(capsys)["layers"][0]["certificate"]
    assert main(["heads", "--ssm", str(s4d_file), "--check", cert]) == 0
    assert "made from" in capsys.readouterr().out
    state = torch.load(s4d_file, weights_only=True)
    state["layers.1.kernel.log_dt"][0] += 0.5
    edited = tmp_path / "edited.pt"
    torch.save(state, edited)
    assert main(["heads", "--ssm", str(edited), "--check", cert]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "A read from" in captured.err


def test_float_method_agrees_with_the_kernel_path_and_is_kernel_checked(tmp_path, s4d_file, capsys):
    base = ["heads", "--ssm", str(s4d_file), "--out", str(tmp_path), "--n", "64", "--json", "--prefix", "layers.0."]
    assert main([*base, "--method", "exact"]) == 0
    exact = _json(capsys)["layers"][0]
    assert main([*base, "--method", "float"]) == 0
    approx = _json(capsys)["layers"][0]
    assert approx["kernel"].startswith("valid (kernel kind float_gram, method rows")
    assert approx["heads"] == exact["heads"]
    for a, b in zip(exact["table"], approx["table"]):  # both enclose the same e_H: they overlap
        assert Fraction(a["lower"]) <= Fraction(b["upper"]) and Fraction(b["lower"]) <= Fraction(a["upper"])
    cert = json.loads(Path(approx["certificate"]).read_text())
    assert cert["claim"] == "exp.fig3.optimum.ssm.float" and check_file(approx["certificate"]).valid


def test_with_d_puts_the_skip_term_into_w0(tmp_path, s4d_file, capsys):
    from constructions.weights import read_arrays

    arrays, sha = read_arrays(s4d_file)
    without = read_layer(arrays, "layers.0.kernel.", "s4d", str(s4d_file))
    with_d = read_layer(arrays, "layers.0.kernel.", "s4d", str(s4d_file), with_d=True)
    diff = with_d.impulse_response(3) - without.impulse_response(3)
    assert np.array_equal(diff[0], np.diag(arrays["layers.0.D"])) and not diff[1:].any()
    assert len(exact_system_of(with_d, "f", sha).A) == len(exact_system_of(without, "f", sha).A) + 3
    assert main(["heads", "--ssm", str(s4d_file), "--out", str(tmp_path), "--n", "16", "--with-d", "--prefix",
                 "layers.0.", "--method", "float"]) == 0  # fmt: skip
    assert "skip D included" in capsys.readouterr().out


@pytest.mark.parametrize("module, fmt", [(S5Layer(4, 3), "s5"), (LRULayer(4, 3), "lru")])
def test_s5_and_lru_files_are_detected_and_tabled(tmp_path, module, fmt, capsys):
    path = tmp_path / f"{fmt}.pt"
    torch.save(module.state_dict(), path)
    assert main(["heads", "--ssm", str(path), "--out", str(tmp_path / "o"), "--n", "32"]) == 0
    text = capsys.readouterr().out
    assert f"format {fmt}" in text and "smallest H with e_H <= 0.01" in text and "heads-per-layer" in text


def test_a_mamba_checkpoint_is_refused_in_one_line(tmp_path, capsys):
    path = tmp_path / "mamba.npz"
    np.savez(path, **{"layers.0.mixer.A_log": np.zeros((4, 2)), "layers.0.mixer.x_proj.weight": np.zeros((3, 4))})
    assert main(["heads", "--ssm", str(path), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "selective SSM (Mamba)" in err and "Theorem 4.4" in err and "depend" in err


def test_a_format_the_file_does_not_hold_is_refused(tmp_path, s4d_file, capsys):
    assert main(["heads", "--ssm", str(s4d_file), "--out", str(tmp_path), "--format", "lru"]) == 2
    assert "no LRU arrays nu_log" in capsys.readouterr().err


def test_check_of_a_float_certificate_accepts_its_file_and_refuses_another(tmp_path, s4d_file, capsys):
    base = ["heads", "--ssm", str(s4d_file), "--out", str(tmp_path), "--n", "32", "--prefix", "layers.0."]
    assert main([*base, "--method", "float", "--json"]) == 0
    result = _json(capsys)["layers"][0]["certificate"]
    assert main(["heads", "--ssm", str(s4d_file), "--check", result]) == 0
    assert "is valid (kind float_gram, method rows)" in capsys.readouterr().out
    state = torch.load(s4d_file, weights_only=True)
    state["layers.0.kernel.C"] *= 1.5
    other = tmp_path / "other.pt"
    torch.save(state, other)
    assert main(["heads", "--ssm", str(other), "--check", result]) == 1
    err = capsys.readouterr().err
    assert "sha256 of" in err and "array c read from" in err and err.count("\n") == 1
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**json.loads(Path(result).read_text()), "verdict": "refuted"}))
    assert main(["heads", "--ssm", str(s4d_file), "--check", str(broken)]) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "the kernel rejected it" in err


def test_method_exact_beyond_the_kernel_sizes_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "big.pt"
    torch.save(S4DMinimal(40, 64).state_dict(), path)  # 40 * 32 = 1280 modes > 1024
    assert main(["heads", "--ssm", str(path), "--out", str(tmp_path), "--method", "exact", "--n", "8"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "--method exact: 1280 modes" in err and "--method float" in err


def test_float_enclosures_are_relative_1e_6_and_an_exact_zero_tail_is_stated_as_an_absolute_bound(tmp_path, capsys):
    model = S4DMinimal(4, 4, seed=3)
    with torch.no_grad():
        model.kernel.C[3] = 0  # channel 3 never responds: G has an exact zero eigenvalue, e_3 = 0 exactly
    path = tmp_path / "s4d-zero.pt"
    torch.save(model.state_dict(), path)
    base = ["heads", "--ssm", str(path), "--out", str(tmp_path), "--n", "64", "--method", "float"]
    assert main([*base, "--json"]) == 0
    layer = _json(capsys)["layers"][0]
    tight, table = layer["relative_1e-6_up_to_H"], layer["table"]
    assert tight == 2 and layer["absolute_bound_beyond"] < 1e-12
    for row in table[:tight]:
        lo, hi = Fraction(row["lower"]), Fraction(row["upper"])
        assert 0 < lo and hi - lo <= lo / 10**6
    assert Fraction(table[2]["lower"]) == 0 and Fraction(table[3]["upper"]) == 0  # e_3 = 0 from above; e_4 = 0
    assert main(base) == 0
    out = capsys.readouterr().out
    assert (
        "every e_H up to H = 2 is enclosed to relative width <= 1e-6; for H > 2 the certificate gives absolute" in out
    )
