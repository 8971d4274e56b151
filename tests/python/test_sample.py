# SPDX-License-Identifier: MIT
# tmu.sample: results worked out by hand from the spec's definition (docs/texunit.md "tmu sample": a checker is
# colors[(x / c + y / c) & 1]; UNORM8 stores round(v * 255) and reads it back as code / 255), the same JSON text as
# `tmu sample` for the same spec, and bad specs raising tmu.Error with the CLI's message.
import json

import numpy as np
import pytest

import tmu
from conftest import SOURCE

CHECKER = SOURCE / "examples/sample/checker.json"
# checker.json's colours in A8B8G8R8_UNORM: black, and orange (1, 0.5, 0.25, 1) stored as codes 255, 128, 64, 255
# (0.5 * 255 = 127.5 rounds to 128, 0.25 * 255 = 63.75 to 64).
BLACK = np.array([0, 0, 0, 1], np.float32)
ORANGE = np.array([1, 128 / 255, 64 / 255, 1], np.float32)


def test_checker_by_hand():
    out = tmu.sample(json.loads(CHECKER.read_text()), policy="exact")
    fetch, between, gather, size = out["results"]
    # txf of texels (0, 0) and (1, 0): cells 0 and 1 of the checker.
    assert fetch["op"] == "txf" and fetch["value"].dtype == np.float32 and fetch["value"].shape == (2, 4)
    assert np.array_equal(fetch["value"], np.stack([BLACK, ORANGE]))
    assert np.array_equal(fetch["bits"], fetch["value"].view(np.uint32))
    assert fetch["resident"].tolist() == [True, True]
    # txl at (0.25, 0.125) on a 4x4 texture: texel space (0.5, 0): halfway between texels (0, 0) and (1, 0) of row 0.
    assert np.array_equal(between["value"][0], (BLACK + ORANGE) / np.float32(2))
    # tg4 of green at the centre: texel space (1.5, 1.5), footprint x 1..2, y 1..2, returned in the order (x0, y1),
    # (x1, y1), (x1, y0), (x0, y0) (reference texture-unit-facts.md, "Gather"): cells odd, even, odd, even.
    assert np.array_equal(gather["value"][0], np.array([ORANGE[1], 0, ORANGE[1], 0], np.float32))
    assert gather["instruction"].startswith("TLD4.G")
    # txs: the level-0 size, int32.
    assert size["value"].dtype == np.int32 and size["value"].tolist() == [[4, 4]] and size["resident"] is None
    assert out["texture"]["width"] == 4 and out["tic"].dtype == np.uint32 and out["tic"].shape == (8,)


def test_integer_texture():
    spec = {"texture": {"type": "2d", "format": "R32_UINT", "width": 2, "height": 1,
                        "texels": {"source": "solid", "color": [4000000000, 0, 0, 1]}},
            "requests": [{"op": "txf", "coords": [[1, 0]]}]}
    value = tmu.sample(json.dumps(spec))["results"][0]["value"]
    assert value.dtype == np.uint32 and value[0, 0] == 4000000000


def test_numpy_values_in_the_spec():
    spec = {"texture": {"type": "2d", "format": "R32_FLOAT", "width": 4, "height": 1,
                        "texels": {"source": "gradient"}},
            "requests": [{"op": "txf", "coords": np.array([[0, 0], [3, 0]], np.int64)}]}
    # gradient: R = x / (w - 1).
    assert tmu.sample(spec)["results"][0]["value"][:, 0].tolist() == [0.0, 1.0]


def test_json_is_the_clis(cli):
    for spec in ("checker.json", "mips.json", "multisample.json"):
        path = SOURCE / "examples/sample" / spec
        expected = cli("sample", path)
        assert expected.returncode == 0
        assert tmu.sample(path.read_text())["json"] == expected.stdout
        assert tmu.sample(json.loads(path.read_text()))["json"] == expected.stdout
        exact = cli("sample", path, "--policy", "exact")
        assert tmu.sample(path.read_text(), policy="exact")["json"] == exact.stdout


@pytest.mark.parametrize("spec", ["bad_samples.json", "bad_coords.json", "truncated.json"])
def test_errors_are_the_clis(cli, spec):
    path = SOURCE / "tests/data/sample" / spec
    with pytest.raises(tmu.Error) as raised:
        tmu.sample(path.read_text())
    assert cli("sample", path).stderr == f"tmu: error: {path}: {raised.value}\n"


def test_texel_files_relative_to_base_dir(tmp_path):
    (tmp_path / "t.raw").write_bytes(bytes([1, 2, 3, 4, 5, 6, 7, 8]))
    spec = {"texture": {"type": "2d", "format": "R8_UINT", "width": 8, "height": 1, "memory": "pitch",
                        "texels": {"source": "raw", "file": "t.raw"}},
            "requests": [{"op": "txf", "coords": [[5, 0]]}]}
    assert tmu.sample(spec, base_dir=tmp_path)["results"][0]["value"][0, 0] == 6
    with pytest.raises(tmu.Error, match="texture.texels.file"):
        tmu.sample(spec, base_dir=tmp_path / "nowhere")


def test_bad_input():
    with pytest.raises(tmu.Error, match="policy: 'fast' is not nvidia or exact"):
        tmu.sample("{}", policy="fast")
    with pytest.raises(tmu.Error, match="parse error"):
        tmu.sample("{")
    with pytest.raises(TypeError, match="is not JSON"):
        tmu.sample({"texture": {1, 2}})
    with pytest.raises(tmu.Error, match=r"requests\[0\]\.op"):
        tmu.sample({"texture": {"type": "2d", "format": "R32_FLOAT", "width": 1, "height": 1},
                    "requests": [{"op": "nope"}]})
