"""The one .safetensors writer of normwave's Python scripts (gen_golden.py, train_tiny.py,
bench/make_onnx.py).

Written by hand, as the safetensors package is not installed: an 8-byte little-endian header
length N, then N bytes of JSON padded with spaces to a multiple of 8 (as the reference
implementation does) mapping each tensor name to {"dtype", "shape", "data_offsets": [begin, end]}
(offsets relative to the data), with an "__metadata__" object of string -> string first when
there is metadata, then the raw little-endian data. https://huggingface.co/docs/safetensors
"""

import json
import os
import struct


def f32_bytes(t):
    """Little-endian float32 bytes of a tensor, and its shape."""
    t = t.detach().to("cpu").float().contiguous()
    flat = t.reshape(-1).tolist()
    return struct.pack("<%df" % len(flat), *flat), list(t.shape)


def f16_bytes(t):
    """Values that are exactly float16 (asserted), stored as F16 to halve a file."""
    t = t.detach().contiguous().cpu()
    assert t.double().equal(t.half().double()), "tensor is not exactly representable in F16"
    flat = t.reshape(-1).tolist()
    return struct.pack("<%de" % len(flat), *flat), list(t.shape)


def write_safetensors(path, tensors, metadata=None):
    """Writes path and returns its size in bytes.

    tensors: (name, tensor) or (name, tensor, dtype) in storage order, dtype "F32" (the default)
    or "F16"; names must be unique. metadata: a dict whose keys and values are stored as strings,
    or None for a header without "__metadata__".
    """
    header = {}
    blobs = []
    offset = 0
    for entry in tensors:
        name, t = entry[0], entry[1]
        dtype = entry[2] if len(entry) > 2 else "F32"
        assert name not in header, "duplicate tensor name %r" % name
        raw, shape = f16_bytes(t) if dtype == "F16" else f32_bytes(t)
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(raw)]}
        blobs.append(raw)
        offset += len(raw)
    if metadata is not None:
        header = {"__metadata__": {str(k): str(v) for k, v in metadata.items()}, **header}
    text = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    text += b" " * ((-len(text)) % 8)
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)
    return os.path.getsize(path)
