"""constructions/weights.py: weight files read exactly, arrays found by name, bad files refused with a clear message."""

from __future__ import annotations

import hashlib
import struct
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from constructions.weights import (
    BadWeights,
    dyadic_text,
    exact_system,
    find_blocks,
    load_system,
    read_arrays,
    safetensors_bytes,
)

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS = ROOT / "examples" / "weights"


def _system_arrays(seed: int = 0, m: int = 3, complex_a: bool = True) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    a = (rng.uniform(-0.9, 0.9, m) + 1j * rng.uniform(-0.3, 0.3, m)) if complex_a else rng.uniform(-0.9, 0.9, m)
    return {
        "A": np.asarray(a, dtype=np.complex64 if complex_a else np.float32),
        "B": rng.standard_normal((m, 2)).astype(np.float32),
        "C": rng.standard_normal((2, m)).astype(np.float32),
    }


def test_every_float32_value_is_written_as_its_exact_dyadic_rational():
    for value in (np.float32(0.1), np.float32(-3.5e-30), np.float32(1e30), np.float32(0.0)):
        assert Fraction(dyadic_text(value)) == Fraction(float(value))
    assert dyadic_text(np.float32(0.1)) == "13421773/134217728"  # 0.1f, not 1/10


def test_npz_arrays_are_read_exactly_with_the_file_sha256(tmp_path):
    path = tmp_path / "ssm.npz"
    arrays = _system_arrays()
    np.savez(path, **arrays)
    system = load_system(path)
    assert system.form == "diagonal" and (system.m, system.p, system.d) == (3, 2, 2)
    assert system.source["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert system.source["arrays"] == {"A": ["A"], "B": ["B"], "C": ["C"]}
    z = arrays["A"][1]
    re_text, im_text = dyadic_text(z.real), dyadic_text(z.imag)
    assert system.A[1] == f"{re_text}{'' if im_text.startswith('-') else '+'}{im_text}*i"
    assert Fraction(system.B[2][1]) == Fraction(float(arrays["B"][2, 1]))


def test_safetensors_is_parsed_without_the_safetensors_package(tmp_path):
    arrays = _system_arrays(complex_a=False)
    path = tmp_path / "ssm.safetensors"
    path.write_bytes(safetensors_bytes(arrays, {"note": "test"}))
    read, _ = read_arrays(path)
    assert set(read) == {"A", "B", "C"} and all(np.array_equal(read[k], arrays[k]) for k in arrays)


def test_bfloat16_and_float16_tensors_are_widened_exactly(tmp_path):
    values = np.array([1.5, -0.3, 3e-5], dtype=np.float32)
    bf16 = (values.view(np.uint32) >> 16).astype("<u2")  # truncated to bfloat16 bit patterns
    header = {
        "x": {"dtype": "BF16", "shape": [3], "data_offsets": [0, 6]},
        "h": {"dtype": "F16", "shape": [3], "data_offsets": [6, 12]},
    }
    text = __import__("json").dumps(header).encode()
    data = struct.pack("<Q", len(text)) + text + bf16.tobytes() + values.astype("<f2").tobytes()
    path = tmp_path / "mixed.safetensors"
    path.write_bytes(data)
    read, _ = read_arrays(path)
    expected = (bf16.astype(np.uint32) << 16).view(np.float32)
    assert np.array_equal(read["x"], expected) and np.array_equal(read["h"], values.astype(np.float16))


def test_torch_state_dict_with_nested_blocks_and_prefix(tmp_path):
    torch = pytest.importorskip("torch")
    state = {f"layers.{i}.ssm.{k}": torch.from_numpy(v) for i in range(2) for k, v in _system_arrays(i).items()}
    state["head.weight"] = torch.zeros(2, 2, dtype=torch.bfloat16)
    path = tmp_path / "model.pt"
    torch.save({"model": state, "epoch": 3}, path)
    arrays, _ = read_arrays(path)
    assert find_blocks(arrays) == ["model.layers.0.ssm.", "model.layers.1.ssm."]
    system = load_system(path, "model.layers.1.ssm.")
    assert system.source["arrays"]["A"] == ["model.layers.1.ssm.A"]
    assert Fraction(system.C[0][0]) == Fraction(float(_system_arrays(1)["C"][0, 0]))


def test_real_and_imaginary_pairs_make_a_complex_diagonal_a(tmp_path):
    arrays = _system_arrays()
    split = {"A_re": arrays["A"].real, "A_im": arrays["A"].imag, "B": arrays["B"], "C": arrays["C"]}
    system = exact_system(split, "", "mem", "0" * 64)
    assert system.form == "diagonal" and system.source["arrays"]["A"] == ["A_re", "A_im"]
    assert system.A == exact_system(arrays, "", "mem", "0" * 64).A


def test_square_a_that_is_exactly_diagonal_uses_the_diagonal_form():
    arrays = _system_arrays(complex_a=False)
    arrays["A"] = np.diag(arrays["A"])
    assert exact_system(arrays, "", "mem", "x").form == "diagonal"
    arrays["A"][0, 1] = np.float32(1e-3)
    assert exact_system(arrays, "", "mem", "x").form == "dense"


def test_nan_is_refused_naming_the_array_and_index():
    arrays = _system_arrays(complex_a=False)
    arrays["B"][1, 0] = np.nan
    with pytest.raises(BadWeights, match=r"mem: array 'B' entry \[1, 0\] is nan, expected a finite number"):
        exact_system(arrays, "", "mem", "x")


def test_missing_arrays_are_named_with_the_arrays_found():
    arrays = _system_arrays()
    del arrays["C"]
    with pytest.raises(BadWeights, match=r"no array 'C' .*arrays found: A, B"):
        exact_system(arrays, "", "mem", "x")


def test_s4d_continuous_parameters_get_a_hint_to_discretize():
    arrays = {"log_A_real": np.zeros(3, np.float32), "A_imag": np.zeros(3, np.float32), "B": np.ones((3, 1))}
    with pytest.raises(BadWeights, match="store the discretized A"):
        exact_system(arrays, "", "mem", "x")


def test_complex_dense_a_and_shape_mismatch_are_refused():
    arrays = _system_arrays()
    arrays["A"] = np.array([[0.5, 0.1j], [0.2, 0.3]], dtype=np.complex64)
    arrays["B"], arrays["C"] = np.ones((2, 1), np.float32), np.ones((1, 2), np.float32)
    with pytest.raises(BadWeights, match="non-diagonal A needs real A, B and C"):
        exact_system(arrays, "", "mem", "x")
    arrays = _system_arrays()
    arrays["B"] = np.ones((4, 2), np.float32)
    with pytest.raises(BadWeights, match=r"array 'B' has shape \[4, 2\], expected \(3, d\)"):
        exact_system(arrays, "", "mem", "x")


def test_truncated_and_garbled_files_are_refused_with_one_line(tmp_path):
    good = safetensors_bytes(_system_arrays(complex_a=False))
    cases = {
        "short.safetensors": good[:5],
        "cut.safetensors": good[:-4],
        "header.safetensors": struct.pack("<Q", 10) + b"{not json}" + good[18:],
        "bad.npz": b"PK\x03\x04 not really a zip",
        "bad.pt": b"\x80\x02 garbage",
        "model.h5": b"",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(BadWeights) as err:
            read_arrays(path)
        message = str(err.value)
        assert message.startswith(str(path)) and "\n" not in message, message


def test_npz_with_pickled_objects_is_refused(tmp_path):
    path = tmp_path / "objects.npz"
    np.savez(path, A=np.array([{"x": 1}], dtype=object))
    with pytest.raises(BadWeights, match="not a readable .npz"):
        read_arrays(path)


def test_shipped_examples_hold_the_documented_shapes_and_forms():
    expected = {
        "s4d-lin.safetensors": ("", "diagonal", 64, 16),
        "s4d-inv.npz": ("", "diagonal", 64, 16),
        "hippo-legs.npz": ("", "dense", 64, 16),
        "lti-trained.safetensors": ("layers.1.ssm.", "diagonal", 16, 4),
    }
    for name, (prefix, form, m, p) in expected.items():
        system = load_system(WEIGHTS / name, prefix)
        assert (system.form, system.m, system.p, system.d) == (form, m, p, p), name
        assert all(dtype == "float32" or dtype == "complex64" for dtype in system.source["dtypes"].values())


def test_view_as_real_arrays_are_read_as_complex():
    arrays = _system_arrays()
    layout = {
        "A": np.stack([arrays["A"].real, arrays["A"].imag], axis=-1),
        "B": np.stack([arrays["B"], np.zeros_like(arrays["B"])], axis=-1),
        "C": arrays["C"],
    }
    assert exact_system(layout, "", "mem", "x").A == exact_system(arrays, "", "mem", "x").A
    two = {"A": np.array([[0.5, 0.25], [0, 0.5]], np.float32), "B": np.ones((2, 1)), "C": np.ones((1, 2))}
    assert exact_system(two, "", "mem", "x").form == "dense"  # (2, 2) stays a matrix


def _refused(path: Path, tmp_path: Path, capsys, expected: str) -> None:
    """`verify heads --ssm path` answers with one line naming the file on stderr and exit 2, writing nothing."""
    from verify.cli import main

    assert main(["heads", "--ssm", str(path), "--out", str(tmp_path / "out"), "--n", "8"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"verify heads: {path}") and expected in err and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()


def test_empty_and_scalar_arrays_are_refused_naming_the_array(tmp_path, capsys):
    arrays = _system_arrays(complex_a=False)
    for name, replaced in (("empty", np.zeros((3, 0), np.float32)), ("scalar", np.float32(0.5))):
        path = tmp_path / f"{name}.safetensors"
        path.write_bytes(safetensors_bytes({**arrays, "B": np.asarray(replaced)}))
        _refused(path, tmp_path, capsys, "array 'B' has shape")
