"""Weight files read safely: .npz, .safetensors and torch .pt state dicts as named numpy arrays, with the file's sha256.

.safetensors is parsed here with the standard library and numpy (an 8-byte little-endian header length, a JSON
header, raw little-endian data); .pt is read with torch.load(weights_only=True), which never runs pickled code.

Every file is read as the kernel reads certificates: a regular file only (no fifo, device or folder), its size
checked before reading (MAX_WEIGHT_BYTES), from one bounded read of the bytes that are hashed. An .npz (or a zip
.pt) is refused before anything is inflated when a member's declared size or their total passes
MAX_INFLATED_BYTES, and each .npy header's shape must describe exactly the bytes of its member. A safetensors
header is bounded in size and nesting before it is parsed, and read with strict types. Every refusal is a
BadWeights whose one-line message names the file.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import re
import struct
import zipfile
from pathlib import Path

import numpy as np

from verify.kernel import ReadError, read_bounded

__all__ = [
    "BadWeights",
    "MAX_WEIGHT_BYTES",
    "MAX_INFLATED_BYTES",
    "WEIGHT_SUFFIXES",
    "read_arrays",
    "safetensors_bytes",
]

WEIGHT_SUFFIXES = (".npz", ".safetensors", ".pt", ".pth")
_SAFETENSORS_DTYPES = {
    "F64": "<f8",
    "F32": "<f4",
    "F16": "<f2",
    "BF16": "bf16",
    "C64": "<c8",
    "C128": "<c16",
    "I64": "<i8",
    "I32": "<i4",
    "I16": "<i2",
    "I8": "i1",
    "U8": "u1",
}
_MAX_HEADER = 100 * 1024 * 1024  # the safetensors format's own bound on the JSON header
_MAX_HEADER_DEPTH = 3  # {name: {"shape": [...]}}: an object of entries holding lists; deeper is not the format
# A weight file is read whole into memory (and hashed), so its size is bounded before reading; far larger than any
# SSM the kernel accepts (MAX_STATE, MAX_DENSE), large enough for a checkpoint holding a few such blocks.
MAX_WEIGHT_BYTES = 1 << 30
# The arrays of an .npz (or a zip .pt) are inflated in memory: the declared sizes of its members, each and in
# total, are bounded before any is inflated (a zip bomb of a few KB can declare many GB).
MAX_INFLATED_BYTES = 1 << 30


class BadWeights(ValueError):
    """A weight file that cannot be used; the message names the file, the array and what was expected."""


def _bf16(raw: bytes, count: int) -> np.ndarray:
    """bfloat16 values widened exactly to float32 (the high 16 bits of a float32)."""
    halves = np.frombuffer(raw, dtype="<u2", count=count).astype(np.uint32)
    return (halves << 16).view(np.float32)


def _depth(text: bytes) -> int:
    """The deepest nesting of [ and { in JSON text, strings ignored (numpy, in 1 MiB chunks: cheap on any header)."""
    outside = re.sub(rb'"(?:[^"\\]|\\.)*"', b"", text)
    deepest = level = 0
    for start in range(0, len(outside), 1 << 20):
        codes = np.frombuffer(outside[start : start + (1 << 20)], dtype=np.uint8)
        steps = np.isin(codes, (0x5B, 0x7B)).astype(np.int32) - np.isin(codes, (0x5D, 0x7D)).astype(np.int32)
        levels = level + np.cumsum(steps, dtype=np.int64)
        deepest, level = max(deepest, int(levels.max())), int(levels[-1])
        if deepest > _MAX_HEADER_DEPTH:
            break  # already refused: the rest need not be scanned
    return deepest


def _strict_object(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object without repeated keys (a repeated tensor name would hide the first entry)."""
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice")
        out[key] = value
    return out


def _no_constant(name: str) -> None:
    """NaN and Infinity are not JSON."""
    raise ValueError(f"found {name}")


def _integers(value: object) -> bool:
    """True for a list of nonnegative JSON integers (true and false are not integers here)."""
    return isinstance(value, list) and all(type(x) is int and x >= 0 for x in value)


def _header(data: bytes, source: str) -> tuple[dict, int]:
    """The safetensors JSON header (size and nesting bounded before parsing) and where the data starts."""
    if len(data) < 8:
        raise BadWeights(f"{source}: {len(data)} bytes, expected an 8-byte header size and a JSON header")
    (size,) = struct.unpack("<Q", data[:8])
    if size > min(len(data) - 8, _MAX_HEADER):
        raise BadWeights(f"{source}: header size {size} exceeds the file ({len(data)} bytes) or {_MAX_HEADER} bytes")
    text = data[8 : 8 + size]
    depth = _depth(text)
    if depth > _MAX_HEADER_DEPTH:
        raise BadWeights(
            f"{source}: the safetensors header is nested {depth} deep, expected at most {_MAX_HEADER_DEPTH}"
        )
    try:
        header = json.loads(
            text.decode("utf-8"), object_pairs_hook=_strict_object, parse_constant=_no_constant, parse_float=float
        )
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise BadWeights(f"{source}: the safetensors header is not valid JSON ({err})") from None
    if not isinstance(header, dict):
        raise BadWeights(f"{source}: the safetensors header is not a JSON object")
    metadata = header.get("__metadata__", {})
    if not isinstance(metadata, dict) or not all(isinstance(v, str) for v in metadata.values()):
        raise BadWeights(f"{source}: __metadata__ must be an object of strings")
    return header, 8 + size


def _read_safetensors(data: bytes, source: str) -> dict[str, np.ndarray]:
    """Parse a .safetensors file: u64 header size, JSON header {name: {dtype, shape, data_offsets}}, data."""
    header, start = _header(data, source)
    size = len(data) - start
    out = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        where = f"{source}: tensor {name!r}"
        if not isinstance(info, dict) or set(info) != {"dtype", "shape", "data_offsets"}:
            raise BadWeights(f"{where}: expected an entry with dtype, shape and data_offsets")
        dtype, shape, offsets = info["dtype"], info["shape"], info["data_offsets"]
        if not isinstance(dtype, str) or dtype not in _SAFETENSORS_DTYPES:
            raise BadWeights(f"{where}: dtype {str(dtype)[:40]!r}, expected one of {sorted(_SAFETENSORS_DTYPES)}")
        if not _integers(shape) or len(shape) > 8:
            raise BadWeights(f"{where}: shape {str(shape)[:60]}, expected a list of at most 8 nonnegative integers")
        if not (_integers(offsets) and len(offsets) == 2):
            raise BadWeights(f"{where}: data_offsets {str(offsets)[:60]}, expected [begin, end]")
        begin, end = offsets
        count = math.prod(shape)  # a Python integer: a product past 2^63 stays exact and fails the test below
        itemsize = 2 if dtype == "BF16" else np.dtype(_SAFETENSORS_DTYPES[dtype]).itemsize
        if not begin <= end <= size or end - begin != count * itemsize:
            raise BadWeights(f"{where}: data_offsets [{begin}, {end}] do not hold {count} {dtype} values in the data")
        raw = data[start + begin : start + end]
        if dtype == "BF16":
            values = _bf16(raw, count)
        else:
            values = np.frombuffer(raw, dtype=_SAFETENSORS_DTYPES[dtype], count=count)
        out[name] = values.reshape(shape)
    return out


def _check_zip(archive: zipfile.ZipFile, source: str) -> None:
    """Every member's declared uncompressed size, and their total, within MAX_INFLATED_BYTES (before inflating)."""
    total = 0
    for member in archive.infolist():
        total += member.file_size
        if member.file_size > MAX_INFLATED_BYTES or total > MAX_INFLATED_BYTES:
            raise BadWeights(
                f"{source}: member {member.filename[:60]!r} inflates to {member.file_size} bytes ({total} in all), "
                f"more than the bound of {MAX_INFLATED_BYTES} bytes"
            )


def _npy(raw: bytes, name: str, source: str) -> np.ndarray:
    """One .npy member: its header's shape and dtype must describe exactly the bytes that follow it."""
    from numpy.lib import format as npy

    stream = io.BytesIO(raw)
    version = npy.read_magic(stream)
    read_header = npy.read_array_header_1_0 if version == (1, 0) else npy.read_array_header_2_0
    shape, _, dtype = read_header(stream, max_header_size=10000)
    if dtype.hasobject:
        raise ValueError(f"array {name!r} holds Python objects, expected numbers")
    if math.prod(shape) * dtype.itemsize != len(raw) - stream.tell():
        raise ValueError(f"array {name!r}: shape {list(shape)} of {dtype} does not match its {len(raw)} bytes")
    return npy.read_array(io.BytesIO(raw), allow_pickle=False)


def _read_npz(data: bytes, source: str) -> dict[str, np.ndarray]:
    """Every array of an .npz archive (no pickled objects), sizes checked before anything is inflated."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            _check_zip(archive, source)
            return {
                m.filename.removesuffix(".npy"): _npy(archive.read(m), m.filename, source)
                for m in archive.infolist()
                if not m.is_dir()
            }
    except BadWeights:
        raise
    except (OSError, ValueError, EOFError) as err:
        raise BadWeights(f"{source}: not a readable .npz archive of numeric arrays ({err})") from None
    except Exception as err:  # zipfile.BadZipFile, NotImplementedError (compression) from a damaged archive
        raise BadWeights(f"{source}: not a readable .npz archive ({type(err).__name__}: {err})") from None


def _flatten(value: object, prefix: str, out: dict) -> None:
    """Nested dicts of tensors to dotted names (state dicts are flat; checkpoints often nest them)."""
    if isinstance(value, dict):
        for key, item in value.items():
            _flatten(item, f"{prefix}{key}.", out)
    elif hasattr(value, "detach") and hasattr(value, "dtype"):
        out[prefix[:-1]] = value


def _read_torch(data: bytes, source: str) -> dict[str, np.ndarray]:
    """A torch state dict read with weights_only=True; bfloat16 and half are widened exactly."""
    try:
        import torch
    except ImportError:
        raise BadWeights(f"{source}: reading a .pt file needs torch (pip install torch)") from None
    if zipfile.is_zipfile(io.BytesIO(data)):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                _check_zip(archive, source)
        except zipfile.BadZipFile as err:
            raise BadWeights(f"{source}: not a readable torch state dict ({err})") from None
    try:
        state = torch.load(io.BytesIO(data), map_location="cpu", weights_only=True)
    except Exception as err:  # torch raises many types (UnpicklingError, RuntimeError, EOFError, ...)
        message = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise BadWeights(f"{source}: not a readable torch state dict ({message[:200]})") from None
    tensors: dict = {}
    _flatten(state, "", tensors)
    out = {}
    for name, tensor in tensors.items():
        tensor = tensor.detach().cpu()
        if tensor.dtype in (torch.bfloat16, torch.float16):
            tensor = tensor.float()
        elif tensor.dtype == torch.complex32:
            tensor = tensor.to(torch.complex64)
        try:
            out[name] = tensor.numpy()
        except (TypeError, RuntimeError):
            continue  # a tensor numpy cannot hold (e.g. quantized): not one of A, B, C
    return out


def safetensors_bytes(arrays: dict[str, np.ndarray], metadata: dict[str, str] | None = None) -> bytes:
    """A .safetensors file for real float/integer arrays (little-endian, in name order), for examples and tests."""
    codes = {np.dtype(v): k for k, v in _SAFETENSORS_DTYPES.items() if v != "bf16"}
    header: dict = {"__metadata__": metadata} if metadata else {}
    chunks, offset = [], 0
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        code = codes[array.dtype.newbyteorder("<") if array.dtype.byteorder == ">" else array.dtype]
        raw = array.astype(array.dtype.newbyteorder("<")).tobytes()
        header[name] = {"dtype": code, "shape": list(array.shape), "data_offsets": [offset, offset + len(raw)]}
        chunks.append(raw)
        offset += len(raw)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)  # the format pads the header to a multiple of 8 bytes
    return struct.pack("<Q", len(text)) + text + b"".join(chunks)


def read_arrays(path: Path) -> tuple[dict[str, np.ndarray], str]:
    """The named arrays of a weight file and the sha256 of its bytes."""
    source, suffix = str(path), Path(path).suffix.lower()
    if suffix not in WEIGHT_SUFFIXES:
        raise BadWeights(f"{source}: unknown suffix {suffix!r}, expected one of {list(WEIGHT_SUFFIXES)}")
    try:
        data = read_bounded(Path(path), MAX_WEIGHT_BYTES, f"{suffix} weight file")
    except ReadError as err:
        raise BadWeights(str(err)) from None
    sha = hashlib.sha256(data).hexdigest()
    if suffix == ".safetensors":
        return _read_safetensors(data, source), sha
    if suffix == ".npz":
        return _read_npz(data, source), sha
    return _read_torch(data, source), sha
