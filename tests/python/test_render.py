# SPDX-License-Identifier: MIT
# tmu.render: the image `tmu render` writes for the same arguments, pixel for pixel; programs and textures whose
# colours are known by hand; bad arguments raising tmu.Error.
import numpy as np
import pytest

import tmu
from conftest import SOURCE, read_png_rgba

# The scene's clear colour (src/render/scene.h: 0.55, 0.72, 0.92, 1) in 8 bits, rounded to nearest:
# 0.55 * 255 = 140.25, 0.72 * 255 = 183.6, 0.92 * 255 = 234.6.
SKY = (140, 184, 235, 255)

MAGENTA = """
MOV32I R0, 0x3f800000 ;  // 1.0
MOV32I R1, 0x0 ;
MOV32I R2, 0x3f800000 ;
MOV32I R3, 0x3f800000 ;
EXIT ;
"""


def colours(image):
    return {tuple(int(v) for v in p) for p in image.reshape(-1, 4)}


@pytest.mark.parametrize("args,kwargs", [
    ([], {}),
    (["--msaa", "4", "--mip-view", "--filter", "trilinear"], {"msaa": 4, "mip_view": True, "filter": "trilinear"}),
])
def test_same_image_as_the_cli(tmp_path, cli, args, kwargs):
    png = tmp_path / "out.png"
    run = cli("render", "--width", 96, "--height", 60, *args, "-o", png)
    assert run.returncode == 0, run.stderr
    width, height, pixels = read_png_rgba(png)
    image = tmu.render(width=96, height=60, **kwargs)
    assert image.shape == (60, 96, 4) and image.dtype == np.uint8 and (width, height) == (96, 60)
    assert image.tobytes() == pixels


def test_program_text_and_cubin(tmp_path):
    image, stats = tmu.render(width=64, height=40, program=MAGENTA, stats=True)
    assert colours(image) == {SKY, (255, 0, 255, 255)}
    assert tuple(image[0, 0]) == SKY and tuple(image[-1, 0]) == (255, 0, 255, 255)  # sky above, floor below
    assert stats["fragments"] == int((image != np.array(SKY, np.uint8)).any(axis=2).sum())
    assert stats["hazards"] == []
    cubin = tmu.assemble_cubin(MAGENTA, "magenta", arch="sm52")
    assert np.array_equal(tmu.render(width=64, height=40, program=cubin), image)


def test_solid_texture():
    texture = np.zeros((32, 32, 4), np.uint8)
    texture[:, :] = (10, 20, 30, 255)
    image = tmu.render(width=64, height=40, texture=texture, filter="aniso", aniso=16)
    assert colours(image) == {SKY, (10, 20, 30, 255)}


def test_hazard_reported():
    # hazard.sass reads a TEX result without waiting on its write barrier.
    _, stats = tmu.render(width=32, height=20, program=(SOURCE / "tests/data/render/hazard.sass").read_text(), stats=True)
    assert any("read-after-write hazard" in h for h in stats["hazards"])


def test_bad_arguments():
    with pytest.raises(tmu.Error, match="msaa: 3 is not 1, 2, 4 or 8"):
        tmu.render(width=8, height=8, msaa=3)
    with pytest.raises(tmu.Error, match="filter: unknown filter 'foo'"):
        tmu.render(width=8, height=8, filter="foo")
    with pytest.raises(tmu.Error, match="aniso: anisotropy 3 is not one Maxwell has"):
        tmu.render(width=8, height=8, aniso=3)
    with pytest.raises(tmu.Error, match=r"width: 0 is not in 1\.\.4096"):
        tmu.render(width=0, height=8)
    with pytest.raises(tmu.Error, match="4096x4096 at 8 samples per pixel is 134217728 samples"):
        tmu.render(width=4096, height=4096, msaa=8)
    with pytest.raises(tmu.Error, match=r"^program:2:"):
        tmu.render(width=8, height=8, program="NOP;\nFOO R0;\n")
    with pytest.raises(tmu.Error, match="program: Unrecognized operation"):
        tmu.render(width=8, height=8, program=b"\xe0\x07" + bytes(6) + b"\xff" * 8 + bytes(16))
    with pytest.raises(tmu.Error, match="instruction budget of 100000 exhausted"):
        tmu.render(width=16, height=16, program=(SOURCE / "tests/data/render/loop.sass").read_text())
    with pytest.raises(tmu.Error, match=r"texture: expected a \(height, width, 4\) array of uint8"):
        tmu.render(width=8, height=8, texture=np.zeros((4, 4, 3), np.uint8))
    with pytest.raises(tmu.Error, match="texture: 16385x1: textures take sides up to 16384"):
        tmu.render(width=8, height=8, texture=np.zeros((1, 16385, 4), np.uint8))
    with pytest.raises(tmu.Error, match="texture: 8192x4096 is 33554432 texels; a texture takes at most 16777216"):
        tmu.render(width=8, height=8, texture=np.broadcast_to(np.uint8(0), (4096, 8192, 4)))
    with pytest.raises(TypeError):
        tmu.render(width=8, height=8, texture=[[0, 0, 0, 0]])
    with pytest.raises(TypeError):
        tmu.render(width=8, height=8, program=12)


def test_scene_file_same_image_as_the_cli(tmp_path, cli):
    # A scene file by path (its folder is where its files are found), as `tmu render --scene` draws it.
    png = tmp_path / "cube.png"
    run = cli("render", "--scene", SOURCE / "scenes/cube.json", "--width", 80, "--height", 50, "-o", png)
    assert run.returncode == 0, run.stderr
    width, height, pixels = read_png_rgba(png)
    image = tmu.render(scene=SOURCE / "scenes/cube.json", width=80, height=50)
    assert image.shape == (50, 80, 4) and (width, height) == (80, 50)
    assert image.tobytes() == pixels


def test_scene_dict():
    # A scene as a dict: one triangle covering the frame, coloured by a constant from bank 2 that the draw sets.
    scene = {
        "width": 4, "height": 3,
        "programs": {"c": {"sass": "MOV R0, c[0x2][0x0] ;\nMOV R1, c[0x2][0x4] ;\nMOV R2, c[0x2][0x8] ;\n"
                                   "MOV R3, c[0x2][0xc] ;\nEXIT ;\n"}},
        "draws": [{"program": "c", "constants": [{"bank": 2, "f32": np.array([0.25, 0.5, 1.0, 1.0])}],
                   "vertices": [{"position": [-1, -1, 0]}, {"position": [3, -1, 0]}, {"position": [-1, 3, 0]}],
                   "triangles": [[0, 1, 2]]}],
    }
    image = tmu.render(scene=scene)
    assert image.shape == (3, 4, 4)
    assert colours(image) == {(64, 128, 255, 255)}  # 0.25 * 255 = 63.75, 0.5 * 255 = 127.5 (half away from zero)
    with pytest.raises(tmu.Error, match=r"scene: draws\[0\]\.program: no program named 'd' \(the scene has: c\)"):
        tmu.render(scene={**scene, "draws": [{**scene["draws"][0], "program": "d"}]})
    with pytest.raises(tmu.Error, match="texture: replaces the scene's one texture; the scene has 0"):
        tmu.render(scene=scene, texture=np.zeros((4, 4, 4), np.uint8))
