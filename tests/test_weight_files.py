"""constructions/weight_files.py: weight files are read size-checked, regular files only; hostile files are one line."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np


def _refused(path: Path, tmp_path: Path, capsys, expected: str) -> None:
    """`verify heads --ssm path` answers with one line naming the file on stderr and exit 2, writing nothing."""
    from verify.cli import main

    assert main(["heads", "--ssm", str(path), "--out", str(tmp_path / "out"), "--n", "8"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"verify heads: {path}") and expected in err and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists()


def test_a_fifo_a_device_and_a_folder_named_like_weight_files_are_refused_unread(tmp_path, capsys):
    import os

    fifo = tmp_path / "x.npz"
    os.mkfifo(fifo)  # no writer: reading it would block forever
    _refused(fifo, tmp_path, capsys, "not a regular file")
    zero = tmp_path / "z.safetensors"
    zero.symlink_to("/dev/zero")  # endless bytes
    _refused(zero, tmp_path, capsys, "not a regular file")
    (tmp_path / "d.pt").mkdir()
    _refused(tmp_path / "d.pt", tmp_path, capsys, "is a folder")


def test_a_file_larger_than_the_bound_is_refused_before_it_is_read(tmp_path, capsys):
    from constructions.weight_files import MAX_WEIGHT_BYTES

    huge = tmp_path / "huge.safetensors"
    with huge.open("wb") as handle:
        handle.truncate(3 << 30)  # 3 GiB, sparse: nothing is written, and nothing may be read
    assert MAX_WEIGHT_BYTES < 3 << 30
    _refused(huge, tmp_path, capsys, f"more than the bound of {MAX_WEIGHT_BYTES} bytes")


def test_an_npz_zip_bomb_is_refused_before_it_is_inflated(tmp_path, capsys, monkeypatch):
    from constructions import weight_files

    monkeypatch.setattr(weight_files, "MAX_INFLATED_BYTES", 1 << 20)
    bomb = tmp_path / "bomb.npz"
    np.savez_compressed(bomb, A=np.zeros(1 << 19), B=np.ones((1, 1)), C=np.ones((1, 1)))  # A: 4 MiB of zeros
    assert bomb.stat().st_size < 64 << 10
    _refused(bomb, tmp_path, capsys, "member 'A.npy' inflates to")
    several = tmp_path / "several.npz"  # each member below the bound, their total above it
    np.savez_compressed(several, A=np.zeros(90_000), B=np.zeros((90_000, 1)), C=np.ones((1, 1)))
    _refused(several, tmp_path, capsys, "more than the bound of 1048576 bytes")


def test_an_npy_header_whose_shape_does_not_match_its_bytes_is_refused(tmp_path, capsys):
    import io
    import zipfile

    from numpy.lib import format as npy

    member = io.BytesIO()
    np.save(member, np.ones(4))
    lying = io.BytesIO()  # a header that declares 10^12 float64 values (8 TB) over 32 bytes of data
    npy.write_array_header_1_0(lying, {"descr": "<f8", "fortran_order": False, "shape": (10**12,)})
    lying.write(np.ones(4).tobytes())
    path = tmp_path / "lie.npz"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("A.npy", lying.getvalue())
        archive.writestr("B.npy", member.getvalue())
        archive.writestr("C.npy", member.getvalue())
    _refused(path, tmp_path, capsys, "does not match its")


def _header_file(tmp_path: Path, name: str, header: bytes, data: bytes = b"") -> Path:
    path = tmp_path / name
    path.write_bytes(struct.pack("<Q", len(header)) + header + data)
    return path


def test_hostile_safetensors_headers_are_one_line_and_exit_2(tmp_path, capsys):
    entry = '{"dtype":"F32","shape":SHAPE,"data_offsets":[0,OFF]}'

    def header(shape: str, off: int = 0, name: str = "A") -> bytes:
        return ('{"' + name + '":' + entry.replace("SHAPE", shape).replace("OFF", str(off)) + "}").encode()

    cases = [
        ("overflow", header("[4294967296,4294967296,4294967296]"), "do not hold"),
        ("deep", b'{"A":' + b"[" * 200_000 + b"]" * 200_000 + b"}", "nested 200001 deep"),
        ("bool", header("[true]", 4), "expected a list of at most 8 nonnegative integers"),
        ("float", header("[1.0]", 4), "expected a list of at most 8 nonnegative integers"),
        ("twice", header("[1]", 4)[:-1] + b',"A":{}}', "appears twice"),
        ("metadata", b'{"__metadata__":{"a":1}}', "__metadata__ must be an object of strings"),
    ]
    for name, text, expected in cases:
        _refused(_header_file(tmp_path, f"{name}.safetensors", text, b"\0" * 4), tmp_path, capsys, expected)
    beyond = tmp_path / "beyond.safetensors"
    beyond.write_bytes(struct.pack("<Q", 1 << 62) + b"{}")
    _refused(beyond, tmp_path, capsys, "exceeds the file")
