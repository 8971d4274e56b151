# SPDX-License-Identifier: MIT
# The module's isa functions: single words against the pairs the reference documents give
# (/work/shared/reference/sm50-encodings.md §5, nvdisasm's text for each word), listings against nvdisasm (an oracle:
# skipped without it unless TMU_REQUIRE_ORACLES=1) and against `tmu dis` / `tmu as` on the same input, and bad input
# raising tmu.Error with tmu's message.
import random
import subprocess

import pytest

import tmu
from conftest import SOURCE

# sm50-encodings.md §5: the seed's spelling, nvdisasm's text and the word (SM50, control slot without phase).
REFERENCE_PAIRS = [
    ("TEX.LB R0,R2,R4,5,2D,0xf;", "TEX.LB R0, R2, R4, 0x5, 2D, 0xf", 0xc1380057a0470200),
    # The seed writes index 5, which a .B word cannot hold (refused: test_bindless_index_refused); 0 is its word.
    ("TEX.B.DC R4,R0,R8,0,1D,0xf;", "TEX.B.DC R4, R0, R8, 0x0, 1D, 0xf", 0xdebc000780870004),
    ("TLD.LZ R0, R4, 0, 2D, 0xf;", "TLD.LZ R0, R4, 0x0, 2D, 0xf", 0xdc380007aff70400),
    ("TLD.LZ.MS R0, R4, R6, 0, 2D, 0xf;", "TLD.LZ.MS R0, R4, R6, 0x0, 2D, 0xf", 0xdc3c0007a0670400),
    ("IPA.PASS R4, a[0x7c];", "IPA.PASS R4, a[0x7c], RZ", 0xe003ff87cff7ff04),
    ("IPA.MUL R0, a[0x300], R4;", "IPA R0, a[0x300], R4", 0xe043ffb00047ff00),
    ("IPA.MUL R0, a[0x300], R1, P0;", "IPA R0, a[0x300], R1, P0", 0xe0407fb00017ff00),
    ("IPA.IDX.PASS R2, a[R5], P0;", "IPA.IDX.PASS R2, a[R5], RZ, P0", 0xe0007fc00ff70502),
    ("TEX.LL.AOFFI.DC.NDV.NODEP R8, R4, R12, 0x58, CUBE, 0xf", "TEX.LL.AOFFI.DC.NDV.NODEP R8, R4, R12, 0x58, CUBE, 0xf",
     0xc1fe058fe0c70408),
    ("TLD4.G.AOFFI.DC R0, R4, R6, 0x58, 2D, 0xf", "TLD4.G.AOFFI.DC R0, R4, R6, 0x58, 2D, 0xf", 0xc97c0587a0670400),
]


@pytest.mark.parametrize("seed,text,word", REFERENCE_PAIRS)
def test_words_as_the_reference_gives_them(seed, text, word):
    assert tmu.disassemble_word(word) == text
    assert tmu.assemble_word(seed) == word
    assert tmu.assemble_word(text) == word


def test_bindless_index_refused():
    with pytest.raises(tmu.Error, match=r"5 is not encodable here: a bindless \(\.B\) texture instruction has no texture index"):
        tmu.assemble_word("TEX.B.DC R4,R0,R8,5,1D,0xf;")


def test_unreachable_branch_target():
    # BRA -0x10 at 0x8: before address 0; any_target=True takes it as nvdisasm lists it (offset -0x20 from 0x10).
    with pytest.raises(tmu.Error, match=r"1:5: branch target -0x10 lies before the start of the code"):
        tmu.assemble("BRA -0x10 ;")
    blob = tmu.assemble("BRA -0x10 ;", any_target=True)
    word = int.from_bytes(blob[8:16], "little")
    assert (word >> 20) & 0xffffff == 0xffffe0
    assert "BRA -0x10 ;" in tmu.disassemble(blob, arch="SM50")


def test_sm52_only_form():
    # §5: the predicate output {Ps,} exists on SM52: TEX P0, ... is 0xc0000057a0470200 there.
    assert tmu.disassemble_word(0xc0000057a0470200, arch="SM52") == "TEX P0, R0, R2, R4, 0x5, 2D, 0xf"
    assert tmu.assemble_word("TEX P0, R0, R2, R4, 0x5, 2D, 0xf", arch="sm52") == 0xc0000057a0470200


def test_phase_comes_from_the_control_slot():
    # §5: ".T/.P live in the control word": reuse bits 0..1 of the slot (bits 17..20) hold the phase; the pair
    # 0xc0780567a0972204 is ptxas's TEX.AOFFI.T.
    slot_t = 1 << 17
    assert tmu.disassemble_word(0xc0780567a0972204, control=slot_t) == "TEX.AOFFI.T R4, R34, R9, 0x56, 2D, 0xf"
    assert tmu.disassemble_word(0xc0780567a0972204) == "TEX.AOFFI R4, R34, R9, 0x56, 2D, 0xf"


def test_refused_word_gives_nvdisasms_reason():
    # §4.6: TEXS encodings 14 and 15 in bits 53..56 are refused.
    word = 0xd9d0058040370208
    assert (word >> 53) & 0xf == 14 and word >> 60 == 0b1101
    with pytest.raises(tmu.Error, match=r"Opclass 'TEXS', undefined value 0xe for table 'Tex2D4'"):
        tmu.disassemble_word(word)


def test_bad_arguments_raise():
    with pytest.raises(tmu.Error, match="unknown architecture 'SM60'"):
        tmu.disassemble_word(0, arch="SM60")
    with pytest.raises(tmu.Error, match="21-bit control slot"):
        tmu.disassemble_word(0xc1380057a0470200, control=1 << 21)
    with pytest.raises(TypeError):
        tmu.disassemble_word("TEX")
    with pytest.raises(tmu.Error, match="column"):
        tmu.assemble_word("TEX.LB R0, R2")
    with pytest.raises(TypeError, match="data: expected bytes"):
        tmu.disassemble(12)
    with pytest.raises(tmu.Error, match="no bytes"):
        tmu.disassemble(b"")
    assert issubclass(tmu.Error, ValueError)


def program_text():
    return "".join(seed if seed.endswith(";") else seed + ";" for seed, _, _ in REFERENCE_PAIRS) + "EXIT;\n"


def listing_lines(text):
    """(address, instruction) pairs of a listing: tmu's or nvdisasm's, whose columns differ."""
    pairs = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("/*") and "*/" in line:
            address, rest = line[2:].split("*/", 1)
            if rest.strip():
                pairs.append((int(address, 16), rest.strip()))
    return pairs


def test_raw_listing_matches_nvdisasm(tmp_path, nvdisasm):
    blob = tmu.assemble(program_text(), arch="sm50")
    assert len(blob) == 32 * 4  # 11 instructions in bundles of three
    path = tmp_path / "prog.bin"
    path.write_bytes(blob)
    theirs = subprocess.run([nvdisasm, "-b", "SM50", str(path)], capture_output=True, text=True, check=True).stdout
    ours = tmu.disassemble(blob, arch="SM50")
    assert listing_lines(ours) == listing_lines(theirs)
    assert [text for _, text in listing_lines(ours)][:len(REFERENCE_PAIRS)] == [t + " ;" for _, t, _ in REFERENCE_PAIRS]


def test_module_and_cli_agree(tmp_path, cli):
    sass = SOURCE / "tests/data/cubin/tex.sass"
    cubin = tmp_path / "sample.cubin"
    blob = tmp_path / "tex.bin"
    assert cli("as", "--arch", "sm52", "--cubin", "sample", "--param-size", "8", sass, "-o", cubin).returncode == 0
    assert cli("as", "--arch", "sm52", sass, "-o", blob).returncode == 0
    source = sass.read_text()
    assert tmu.assemble_cubin(source, "sample", arch="sm52", param_size=8) == cubin.read_bytes()
    assert tmu.assemble(source, arch="sm52") == blob.read_bytes()
    for flags in ([], ["--hex"], ["--ctrl"]):
        expected = cli("dis", *flags, cubin)
        assert expected.returncode == 0
        assert tmu.disassemble(cubin.read_bytes(), hex="--hex" in flags, ctrl="--ctrl" in flags) == expected.stdout
    expected = cli("dis", "-b", "SM52", blob)
    assert tmu.disassemble(bytearray(blob.read_bytes()), arch="SM52") == expected.stdout


def test_errors_are_the_clis(tmp_path, cli):
    # The same message `tmu` prints after "tmu: error: FILE" for a word that does not decode and for bad SASS.
    bad = tmp_path / "bad.bin"
    bad.write_bytes((0x7e0).to_bytes(8, "little") + (0xd9d0058040370208).to_bytes(8, "little") + bytes(16))
    with pytest.raises(tmu.Error) as raised:
        tmu.disassemble(bad.read_bytes(), arch="SM50")
    assert cli("dis", "-b", "SM50", bad).stderr == f"tmu: error: {bad}: {raised.value}\n"
    sass = tmp_path / "bad.sass"
    sass.write_text("NOP;\nMOV R0, 0x80000;\n")
    with pytest.raises(tmu.Error) as raised:
        tmu.assemble(sass.read_text())
    assert str(raised.value).startswith("2:")
    assert cli("as", sass, "-o", tmp_path / "never.bin").stderr == f"tmu: error: {sass}:{raised.value}\n"
    with pytest.raises(tmu.Error) as raised:
        tmu.disassemble(b"\x7fELF" + bytes(12))
    truncated = tmp_path / "truncated.cubin"
    truncated.write_bytes(b"\x7fELF" + bytes(12))
    assert cli("dis", truncated).stderr == f"tmu: error: {truncated}: {raised.value}\n"


def test_random_input_raises_or_lists():
    # Bad input gives tmu.Error, never a crash: random words, random blobs, damaged cubins.
    rng = random.Random(15)
    for _ in range(2000):
        word = rng.getrandbits(64)
        try:
            assert isinstance(tmu.disassemble_word(word, control=rng.getrandbits(21)), str)
        except tmu.Error:
            pass
    cubin = tmu.assemble_cubin(program_text(), "k")
    for _ in range(300):
        damaged = bytearray(cubin)
        for _ in range(rng.randint(1, 8)):
            damaged[rng.randrange(len(damaged))] = rng.getrandbits(8)
        try:
            tmu.disassemble(bytes(damaged[:rng.randint(1, len(damaged))]))
        except tmu.Error:
            pass
