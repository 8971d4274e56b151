# SPDX-License-Identifier: MIT
# tmu.decode_tic / tmu.decode_tsc on descriptors built here field by field from the bit positions of NVIDIA's
# clb097tex.h as /work/shared/reference/texture-unit-facts.md §2.3 (TIC) and §2.4 (TSC) list them.
import struct

import numpy as np
import pytest

import tmu


def put(words, lo, width, value):
    """Sets bits lo .. lo + width - 1 of the 256-bit descriptor (word w holds bits 32w .. 32w + 31) to `value`."""
    for i in range(width):
        bit = lo + i
        words[bit // 32] &= ~(1 << (bit % 32))
        words[bit // 32] |= ((value >> i) & 1) << (bit % 32)
    return words


def tic_words():
    w = [0] * 8
    put(w, 0, 7, 0x08)                    # COMPONENTS A8B8G8R8
    for i in range(4):
        put(w, 7 + 3 * i, 3, 2)           # R/G/B/A_DATA_TYPE UNORM
    for i, source in enumerate((2, 3, 4, 6)):
        put(w, 19 + 3 * i, 3, source)     # X/Y/Z/W_SOURCE R, G, B, ONE_INT
    put(w, 41, 23, 0x12345600 >> 9)      # ADDRESS_BITS31TO9
    put(w, 64, 16, 0xab)                  # ADDRESS_BITS47TO32
    put(w, 85, 3, 3)                      # HEADER_VERSION BLOCKLINEAR
    put(w, 99, 3, 4)                      # GOBS_PER_BLOCK_HEIGHT (log2)
    put(w, 124, 4, 8)                     # MAX_MIP_LEVEL
    put(w, 128, 16, 255)                  # WIDTH_MINUS_ONE
    put(w, 150, 1, 1)                     # S_R_G_B_CONVERSION
    put(w, 151, 4, 5)                     # TEXTURE_TYPE 2D_ARRAY
    put(w, 160, 16, 127)                  # HEIGHT_MINUS_ONE
    put(w, 176, 14, 5)                    # DEPTH_MINUS_ONE: 6 layers
    put(w, 191, 1, 1)                     # NORMALIZED_COORDS
    put(w, 198, 13, -384 & 0x1fff)        # MIP_LOD_BIAS s5.8: -1.5
    put(w, 219, 3, 7)                     # MAX_ANISOTROPY 16:1
    put(w, 224, 4, 1)                     # RES_VIEW_MIN_MIP_LEVEL
    put(w, 228, 4, 7)                     # RES_VIEW_MAX_MIP_LEVEL
    put(w, 236, 12, 576)                  # MIN_LOD_CLAMP u4.8: 2.25
    return w


def test_tic_fields():
    t = tmu.decode_tic(tic_words())
    expected = {
        "components": "A8B8G8R8", "types": ["UNORM"] * 4, "swizzle": ["R", "G", "B", "ONE_INT"], "srgb": True,
        "address": 0xab12345600, "version": "block_linear", "block_height_log2": 4, "levels": 9, "width": 256,
        "height": 128, "depth": 6, "type": "2d_array", "normalized_coords": True, "mip_lod_bias": -1.5,
        "max_anisotropy": 16, "view_min_level": 1, "view_max_level": 7, "min_lod_clamp": 2.25, "sparse": False,
    }
    assert {k: t[k] for k in expected} == expected


def test_tic_inputs():
    words = tic_words()
    as_bytes = struct.pack("<8I", *words)
    assert tmu.decode_tic(as_bytes) == tmu.decode_tic(words) == tmu.decode_tic(np.array(words, np.uint32))
    assert tmu.decode_tic(bytearray(as_bytes)) == tmu.decode_tic(tuple(np.array(words, np.int64)))


def test_tic_refused():
    w = put(tic_words(), 151, 4, 9)  # TEXTURE_TYPE 9: not defined (0..8)
    with pytest.raises(tmu.Error, match=r"TEXTURE_TYPE.*undefined value 9"):
        tmu.decode_tic(w)
    w = put(tic_words(), 85, 3, 5)  # HEADER_VERSION 5: not defined (0..4)
    with pytest.raises(tmu.Error, match=r"HEADER_VERSION.*undefined value 5"):
        tmu.decode_tic(w)
    with pytest.raises(tmu.Error, match="expected 8 words, got 7"):
        tmu.decode_tic([0] * 7)
    with pytest.raises(tmu.Error, match="expected 32 bytes, got 31"):
        tmu.decode_tic(bytes(31))
    with pytest.raises(tmu.Error, match=r"words\[2\]: 4294967296 is not a 32-bit word"):
        tmu.decode_tic([0, 0, 1 << 32, 0, 0, 0, 0, 0])
    with pytest.raises(TypeError):
        tmu.decode_tic("0123")
    with pytest.raises(TypeError):
        tmu.decode_tic([0.5] * 8)


def tsc_words():
    w = [0] * 8
    put(w, 0, 3, 2)                       # ADDRESS_U CLAMP_TO_EDGE
    put(w, 3, 3, 1)                       # ADDRESS_V MIRROR
    put(w, 6, 3, 3)                       # ADDRESS_P BORDER
    put(w, 9, 1, 1)                       # DEPTH_COMPARE
    put(w, 10, 3, 6)                      # DEPTH_COMPARE_FUNC GEQUAL
    put(w, 20, 3, 4)                      # MAX_ANISOTROPY 8:1
    put(w, 32 + 0, 3, 2)                  # MAG_FILTER LINEAR
    put(w, 32 + 4, 2, 3)                  # MIN_FILTER ANISO
    put(w, 32 + 6, 2, 3)                  # MIP_FILTER LINEAR
    put(w, 32 + 10, 2, 2)                 # REDUCTION max (GM204+)
    put(w, 32 + 12, 13, 128)              # MIP_LOD_BIAS s5.8: 0.5
    put(w, 64 + 0, 12, 256)               # MIN_LOD_CLAMP u4.8: 1.0
    put(w, 64 + 12, 12, 3200)             # MAX_LOD_CLAMP u4.8: 12.5
    put(w, 64 + 24, 8, 0x11)              # S_R_G_B_BORDER_COLOR_R
    put(w, 96 + 12, 8, 0x22)              # _G
    put(w, 96 + 20, 8, 0x33)              # _B
    for i, f in enumerate((0.25, 0.5, 0.75, 1.0)):
        w[4 + i] = struct.unpack("<I", struct.pack("<f", f))[0]  # BORDER_COLOR_R/G/B/A (fp32)
    return w


def test_tsc_fields():
    s = tmu.decode_tsc(tsc_words())
    expected = {
        "address_u": "clamp_to_edge", "address_v": "mirror", "address_p": "border", "depth_compare": True,
        "depth_compare_func": "greater_equal", "max_anisotropy": 8, "mag_filter": "linear", "min_filter": "aniso",
        "mip_filter": "linear", "reduction": "max", "mip_lod_bias": 0.5, "min_lod_clamp": 1.0, "max_lod_clamp": 12.5,
        "srgb_border_color": [0x11, 0x22, 0x33], "border_color": [0.25, 0.5, 0.75, 1.0],
        "border_color_bits": [0x3e800000, 0x3f000000, 0x3f400000, 0x3f800000], "srgb_conversion": False,
        "float_coord_normalization": "use_header",
    }
    assert {k: s[k] for k in expected} == expected


def test_tsc_refused():
    w = put(tsc_words(), 32 + 4, 2, 0)    # MIN_FILTER 0: not defined (1..3)
    with pytest.raises(tmu.Error, match="MIN_FILTER"):
        tmu.decode_tsc(w)


def test_descriptors_of_a_sample_spec():
    # The words tmu.sample writes for a spec decode to what the spec asked for.
    out = tmu.sample({"texture": {"type": "cube", "format": "R32_FLOAT", "width": 8, "height": 8, "levels": 4},
                      "sampler": {"address_u": "mirror", "mag_filter": "linear", "mip_lod_bias": -0.25},
                      "requests": [{"op": "query_levels"}]})
    t, s = tmu.decode_tic(out["tic"]), tmu.decode_tsc(out["tsc"])
    assert (t["type"], t["components"], t["width"], t["height"], t["levels"]) == ("cube", "R32", 8, 8, 4)
    assert (s["address_u"], s["mag_filter"], s["mip_lod_bias"]) == ("mirror", "linear", -0.25)
    assert out["results"][0]["value"].tolist() == [[4]]
