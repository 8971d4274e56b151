# Shared by gen_cases.py and compare.py: the case-file format, the texel generator (bit-identical to the one in
# gpu_tex.cu), fp32 helpers and the results-file reader. Pure Python 3, no third-party modules.
import gzip
import math
import struct

M64 = (1 << 64) - 1

# ----------------------------------------------------------------------------------------------------------------
# fp32 helpers


def f32_bits(x):
    """The fp32 bit pattern of x (rounded to nearest fp32; inf and nan kept; overflow gives inf)."""
    if math.isnan(x):
        return 0x7FC00000
    try:
        return struct.unpack('<I', struct.pack('<f', x))[0]
    except OverflowError:
        return 0x7F800000 if x > 0 else 0xFF800000


def bits_f32(b):
    return struct.unpack('<f', struct.pack('<I', b & 0xFFFFFFFF))[0]


def f32(x):
    return bits_f32(f32_bits(x))


def f32_next(x, n=1):
    """x moved n fp32 ulps up (n > 0) or down (n < 0); finite x only."""
    b = f32_bits(x)
    for _ in range(abs(n)):
        up = n > 0
        if b & 0x7FFFFFFF == 0:  # +-0
            b = 0x00000001 if up else 0x80000001
        elif (b >> 31) == 0:
            b = b + 1 if up else b - 1
        else:
            b = b - 1 if up else b + 1
    return bits_f32(b)


def hex32(x):
    return '%08x' % f32_bits(x)


def is_nan_bits(b):
    return (b & 0x7F800000) == 0x7F800000 and (b & 0x7FFFFF) != 0


def f32_hexstr(b):
    """A bit pattern as a string strtod reads back exactly (tmu's JSON accepts these)."""
    v = bits_f32(b)
    if math.isnan(v):
        return 'nan'
    if math.isinf(v):
        return 'inf' if v > 0 else '-inf'
    if v == 0:
        return '-0x0p+0' if b >> 31 else '0x0p+0'
    return v.hex()


# ----------------------------------------------------------------------------------------------------------------
# splitmix64 (Steele, Lea, Flood 2014)


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & M64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)


class Rng(SplitMix64):
    """Case generation only (gpu_tex.cu never needs these helpers)."""

    def real(self, lo=0.0, hi=1.0):
        return lo + (hi - lo) * ((self.next() >> 11) * 2.0 ** -53)

    def int(self, lo, hi):  # inclusive
        return lo + self.next() % (hi - lo + 1)

    def choice(self, seq):
        return seq[self.int(0, len(seq) - 1)]

    def chance(self, p):
        return self.real() < p

    def sign(self):
        return -1.0 if self.next() & 1 else 1.0


# ----------------------------------------------------------------------------------------------------------------
# Formats: the CUDA array channel format, the tmu spec format, bytes per texel.
#   kind: 'u' unsigned normalized, 's' signed normalized, 'f' float (cudaReadModeElementType)
#   CUDA returns 0 for components a format lacks (alpha too), so the tmu formats swizzle those to ZERO.

FORMATS = {
    'rgba8':   dict(bits=(8, 8, 8, 8), kind='u', tmu='A8B8G8R8_UNORM'),
    'srgba8':  dict(bits=(8, 8, 8, 8), kind='u', tmu='A8B8G8R8_SRGB', srgb=True),
    'r8':      dict(bits=(8, 0, 0, 0), kind='u',
                    tmu={'layout': 'R8', 'types': 'UNORM', 'swizzle': ['R', 'ZERO', 'ZERO', 'ZERO']}),
    'rg8':     dict(bits=(8, 8, 0, 0), kind='u',
                    tmu={'layout': 'G8R8', 'types': 'UNORM', 'swizzle': ['R', 'G', 'ZERO', 'ZERO']}),
    'rgba8sn': dict(bits=(8, 8, 8, 8), kind='s', tmu='A8B8G8R8_SNORM'),
    'rgba16':  dict(bits=(16, 16, 16, 16), kind='u', tmu='R16_G16_B16_A16_UNORM'),
    'rgba16f': dict(bits=(16, 16, 16, 16), kind='f', tmu='R16_G16_B16_A16_FLOAT'),
    'r32f':    dict(bits=(32, 0, 0, 0), kind='f',
                    tmu={'layout': 'R32', 'types': 'FLOAT', 'swizzle': ['R', 'ZERO', 'ZERO', 'ZERO']}),
    'rgba32f': dict(bits=(32, 32, 32, 32), kind='f', tmu='R32_G32_B32_A32_FLOAT'),
}


def components(fmt):
    return sum(1 for b in FORMATS[fmt]['bits'] if b)


def texel_bytes(fmt):
    return sum(FORMATS[fmt]['bits']) // 8


def is_float_format(fmt):
    return FORMATS[fmt]['kind'] == 'f'


# Special values mixed into float texels (the same lists are in gpu_tex.cu). texmode 0: finite only; 1: with
# infinities and NaN.
HALF_FINITE = [0x0000, 0x8000, 0x0001, 0x83FF, 0x0400, 0x3C00, 0xBC00, 0x7BFF]
HALF_NONFINITE = [0x7C00, 0xFC00, 0x7E00]
FLOAT_FINITE = [0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x3F800000, 0xBF800000, 0x7F7FFFFF]
FLOAT_NONFINITE = [0x7F800000, 0xFF800000, 0x7FC00000]


def level_extent(tex, level):
    """(width, height, slices) of one level as stored: slices are 3D depth, array layers or the 6 cube faces."""
    w = max(1, tex['w'] >> level)
    if tex['type'] == 'cube':
        return w, w, 6
    h = max(1, tex['h'] >> level)
    if tex['type'] == '3d':
        return w, h, max(1, tex['d'] >> level)
    if tex['type'] == '2d_layered':
        return w, h, tex['layers']
    return w, h, 1


def gen_texels(tex):
    """Texel bytes of every level (a list, level 0 first), each level slice by slice, rows, texels, components
    in order; one splitmix64 draw per component. gpu_tex.cu has the same generator."""
    fmt = tex['format']
    info = FORMATS[fmt]
    rng = SplitMix64(tex['seed'])
    nonfinite = tex['mode'] == 1
    halfs = HALF_FINITE + (HALF_NONFINITE if nonfinite else [])
    floats = FLOAT_FINITE + (FLOAT_NONFINITE if nonfinite else [])
    out = []
    for level in range(tex['levels']):
        w, h, s = level_extent(tex, level)
        buf = bytearray()
        for _ in range(w * h * s):
            for b in info['bits']:
                if not b:
                    continue
                r = rng.next()
                if b == 8:
                    buf.append(r >> 56)
                elif b == 16 and info['kind'] != 'f':
                    buf += struct.pack('<H', r >> 48)
                elif b == 16:
                    if (r & 0xFF) < 12:
                        v = halfs[(r >> 8) % len(halfs)]
                    else:
                        v = ((r >> 63) << 15) | ((9 + (r >> 40) % 8) << 10) | ((r >> 20) & 0x3FF)
                    buf += struct.pack('<H', v)
                else:
                    if (r & 0xFF) < 12:
                        v = floats[(r >> 8) % len(floats)]
                    else:
                        v = ((r >> 63) << 31) | ((121 + (r >> 40) % 8) << 23) | ((r >> 8) & 0x7FFFFF)
                    buf += struct.pack('<I', v)
        out.append(bytes(buf))
    return out


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h ^= byte
        h = (h * 0x100000001B3) & M64
    return h


# ----------------------------------------------------------------------------------------------------------------
# Case file (text). One case:
#   case ID CATEGORY OP
#   texture TYPE FORMAT W H D LAYERS LEVELS TEXSEED TEXMODE
#   sampler NORM FILTER MIPFILTER MAXANISO ADDR_U ADDR_V ADDR_W SEAMLESS BIAS MINCLAMP MAXCLAMP B0 B1 B2 B3
#   l X Y Z LAYER LOD DXX DXY DXZ DYX DYY DYZ COMP      (one line per lookup)
#   end
# Floats are fp32 bit patterns in 8 hex digits; LAYER and COMP are decimal integers.

OPS = ['tex2d', 'tex2dquad', 'tex2dlod', 'tex2dgrad', 'tex2dgather', 'tex3dlod', 'texcubelod', 'texcubegrad',
       'tex2dlayeredlod']
TYPES = ['2d', '3d', 'cube', '2d_layered']
ADDRESS = ['wrap', 'clamp', 'mirror', 'border']
FILTERS = ['point', 'linear']
MIPFILTERS = ['none', 'point', 'linear']
MAGIC_CASES = 'gpu-tex-cases 1'
MAGIC_RESULTS = 'gpu-tex-results 1'


def write_case(out, c):
    t, s = c['texture'], c['sampler']
    out.append('case %d %s %s' % (c['id'], c['category'], c['op']))
    out.append('texture %s %s %d %d %d %d %d %d %d' % (t['type'], t['format'], t['w'], t['h'], t['d'], t['layers'],
                                                      t['levels'], t['seed'], t['mode']))
    out.append('sampler %d %s %s %d %s %s %s %d %08x %08x %08x %s' % (
        s['norm'], s['filter'], s['mip'], s['aniso'], s['addr'][0], s['addr'][1], s['addr'][2], s['seamless'],
        s['bias'], s['minclamp'], s['maxclamp'], ' '.join('%08x' % b for b in s['border'])))
    for l in c['lookups']:
        out.append('l %08x %08x %08x %d %08x %08x %08x %08x %08x %08x %08x %d' % (
            l['c'][0], l['c'][1], l['c'][2], l['layer'], l['lod'], l['dx'][0], l['dx'][1], l['dx'][2],
            l['dy'][0], l['dy'][1], l['dy'][2], l['comp']))
    out.append('end')


def open_text(path):
    """A case or results file, gzip'd when its name ends in .gz (tests/hw/recorded keeps them so)."""
    return gzip.open(path, 'rt') if path.endswith('.gz') else open(path)


def read_cases(path):
    cases = []
    header = None
    cur = None
    with open_text(path) as f:
        for n, line in enumerate(f, 1):
            p = line.split()
            if not p or p[0].startswith('#'):
                continue
            if header is None:
                header = line.strip()
                if header != MAGIC_CASES:
                    raise ValueError('%s: not a gpu-tex case file (first line %r)' % (path, header))
                continue
            if p[0] == 'seed':
                continue
            if p[0] == 'case':
                cur = dict(id=int(p[1]), category=p[2], op=p[3], lookups=[])
                if cur['op'] not in OPS:
                    raise ValueError('%s:%d: unknown op %s' % (path, n, cur['op']))
            elif p[0] == 'texture':
                cur['texture'] = dict(type=p[1], format=p[2], w=int(p[3]), h=int(p[4]), d=int(p[5]),
                                      layers=int(p[6]), levels=int(p[7]), seed=int(p[8]), mode=int(p[9]))
            elif p[0] == 'sampler':
                x = lambda i: int(p[i], 16)  # noqa: E731
                cur['sampler'] = dict(norm=int(p[1]), filter=p[2], mip=p[3], aniso=int(p[4]), addr=p[5:8],
                                      seamless=int(p[8]), bias=x(9), minclamp=x(10), maxclamp=x(11),
                                      border=[x(12), x(13), x(14), x(15)])
            elif p[0] == 'l':
                x = lambda i: int(p[i], 16)  # noqa: E731
                cur['lookups'].append(dict(c=[x(1), x(2), x(3)], layer=int(p[4]), lod=x(5), dx=[x(6), x(7), x(8)],
                                           dy=[x(9), x(10), x(11)], comp=int(p[12])))
            elif p[0] == 'end':
                cases.append(cur)
                cur = None
            else:
                raise ValueError('%s:%d: unexpected %r' % (path, n, p[0]))
    return cases


def read_results(path):
    """{(case, index): [4 bit patterns]}, the header lines, and {case: error message}."""
    res, errors, info = {}, {}, []
    with open_text(path) as f:
        first = f.readline().strip()
        if first != MAGIC_RESULTS:
            raise ValueError('%s: not a gpu-tex results file (first line %r)' % (path, first))
        for line in f:
            p = line.split()
            if not p:
                continue
            if p[0] == 'r':
                res[(int(p[1]), int(p[2]))] = [int(v, 16) for v in p[3:7]]
            elif p[0] == 'error':
                errors[int(p[1])] = ' '.join(p[2:])
            else:
                info.append(line.rstrip('\n'))
    return res, info, errors
