# SPDX-License-Identifier: MIT
# Shared by the pytest tests of the Python module tmu (python/; registered with ctest by tests/python/CMakeLists.txt,
# which puts the module on PYTHONPATH and names the command-line tool in TMU_CLI and the source tree in TMU_SOURCE).
import os
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("TMU_SOURCE", Path(__file__).resolve().parents[2]))


def oracles_required():
    return os.environ.get("TMU_REQUIRE_ORACLES") == "1"


def find_tool(name):
    """An oracle looked for as tests/support/oracle.cpp looks: $TMU_CUDA_BIN, ${TMU_CACHE:-~/.cache/tmu}/cuda-11.8/bin,
    $PATH. Missing: the test skips ("skipped: install ..."), or fails with TMU_REQUIRE_ORACLES=1."""
    dirs = []
    if "TMU_CUDA_BIN" in os.environ:
        dirs.append(Path(os.environ["TMU_CUDA_BIN"]))
    cache = Path(os.environ["TMU_CACHE"]) if "TMU_CACHE" in os.environ else Path.home() / ".cache/tmu"
    dirs.append(cache / "cuda-11.8/bin")
    dirs += [Path(d) for d in os.environ.get("PATH", "").split(":") if d]
    for d in dirs:
        if os.access(d / name, os.X_OK):
            return str(d / name)
    message = f"skipped: install {name} (scripts/setup.sh --oracles extracts it from Debian's nvidia-cuda-toolkit)"
    if oracles_required():
        pytest.fail(f"{name} is required (TMU_REQUIRE_ORACLES=1) but missing: " + message)
    pytest.skip(message)


@pytest.fixture
def nvdisasm():
    return find_tool("nvdisasm")


@pytest.fixture
def cli():
    """Runs the command-line tool: cli("dis", path) -> CompletedProcess (stdout and stderr as text)."""
    tool = os.environ.get("TMU_CLI")
    if not tool:
        pytest.fail("TMU_CLI names no tmu executable (run the tests through ctest)")
    return lambda *args: subprocess.run([tool, *map(str, args)], capture_output=True, text=True, check=False)


def read_png_rgba(path):
    """The pixels of an 8-bit RGBA, non-interlaced PNG (what tmu render writes) as rows of bytes."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 6, 0)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):  # PNG's five filters
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, b"".join(rows)
