#!/usr/bin/env python3
"""Solve the category aniso-solve (gen_cases.py) for the weight of every texel of each anisotropic footprint.

  solve_aniso.py CASES RESULTS [--geometry N] [--tolerance T]

Each geometry (one sampler and lookup, the same in SOLVE_TEXTURES cases with different random RGBA8 texels) gives
4 * SOLVE_TEXTURES equations: the GPU's 16-bit result n of each channel is the texels' 8-bit codes c weighed by
their weights W (in 1/256, summing to 256) as the fixed-point filter sums them, n = round(257 / 256 sum W c), to
within half a unit. The unknowns are the weights of the texels near the footprint on one level: for each level, the
texels (wrapped, each once) whose centres lie within 1.5 texels of the major gradient (scaled to the level, centred
on the lookup); the system is solved by least squares, and the level whose solution explains every channel within
`tolerance` units of n is reported with each texel's weight (in 1/256, those of 0.05 and more). tmu's own answers
(compare.py --make-fake tmu) make a results file to check the solver with.
"""

import argparse
import math
import sys

import numpy as np

from gputex_common import bits_f32, gen_texels, level_extent, read_cases, read_results

CATEGORY = 'aniso-solve'


def geometries(cases):
    """{(batch, lookup index): [case, ...]} for the category's cases, batch by batch as gen_cases.py made them."""
    mine = [c for c in cases if c['category'] == CATEGORY]
    groups = {}
    for c in mine:
        key = (c['sampler']['aniso'], c['texture']['w'], c['texture']['h'],
               tuple(tuple(l['c'] + l['dx'] + l['dy']) for l in c['lookups']))
        groups.setdefault(key, []).append(c)
    out = {}
    for b, (_, cs) in enumerate(groups.items()):
        for k in range(len(cs[0]['lookups'])):
            out[(b, k)] = cs
    return out


def solve(cs, k, gpu, tolerance):
    """(level, box origin, weight map, worst residual) of lookup k of the cases cs, or None."""
    first = cs[0]
    t0 = first['texture']
    lk = first['lookups'][k]
    u, v = bits_f32(lk['c'][0]), bits_f32(lk['c'][1])
    g = [bits_f32(lk['dx'][0]) * t0['w'], bits_f32(lk['dx'][1]) * t0['h'],
         bits_f32(lk['dy'][0]) * t0['w'], bits_f32(lk['dy'][1]) * t0['h']]
    texels = [gen_texels(c['texture']) for c in cs]
    rows = [gpu.get((c['id'], k)) for c in cs]
    if any(r is None for r in rows):
        return None
    best = None
    major = (g[0], g[1]) if math.hypot(g[0], g[1]) >= math.hypot(g[2], g[3]) else (g[2], g[3])
    for level in range(t0['levels']):
        w, h, _ = level_extent(t0, level)
        s = 2.0 ** -level
        cx, cy = u * w, v * h
        mx, my = major[0] * s / 2, major[1] * s / 2
        # The texels (wrapped, each once) whose centres lie within 1.5 texels of the segment c - m/2 .. c + m/2.
        cells = {}
        reach = math.hypot(mx, my) + 2
        for y in range(math.floor(cy - reach), math.ceil(cy + reach) + 1):
            for x in range(math.floor(cx - reach), math.ceil(cx + reach) + 1):
                px, py = x + 0.5 - cx, y + 0.5 - cy
                seg = mx * mx + my * my
                t = max(-1.0, min(1.0, (px * mx + py * my) / seg)) if seg > 0 else 0.0
                if math.hypot(px - t * mx, py - t * my) <= 1.5:
                    cells.setdefault((x % w, y % h), (x, y))
        if len(cells) > 4 * len(cs) - 4:
            continue  # more unknowns than equations
        keys = sorted(cells)
        a, b = [], []
        for tex, res in zip(texels, rows):
            lv = tex[level]
            for ch in range(4):
                a.append([lv[(y * w + x) * 4 + ch] * 257 / 256 for x, y in keys])
                b.append(round(bits_f32(res[ch]) * 65535))
        a, b = np.array(a, dtype=float), np.array(b, dtype=float)
        sol, *_ = np.linalg.lstsq(a, b, rcond=None)
        worst = float(np.max(np.abs(a @ sol - b)))
        if worst <= tolerance and (best is None or worst < best[3]):
            weights = {cells[k]: x for k, x in zip(keys, sol)}
            best = (level, weights, (cx, cy), worst)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('cases')
    ap.add_argument('results')
    ap.add_argument('--geometry', type=int, help='only this geometry (its number in the output)')
    ap.add_argument('--tolerance', type=float, default=0.75, help='largest residual accepted, in units of n')
    args = ap.parse_args()
    cases = read_cases(args.cases)
    gpu, _, _ = read_results(args.results)
    geo = geometries(cases)
    if not geo:
        sys.stderr.write('no %s cases in %s\n' % (CATEGORY, args.cases))
        return 1
    solved = 0
    for n, ((b, k), cs) in enumerate(sorted(geo.items())):
        if args.geometry is not None and n != args.geometry:
            continue
        lk = cs[0]['lookups'][k]
        r = solve(cs, k, gpu, args.tolerance)
        head = 'geometry %d (batch %d, lookup %d, %d textures, max ratio %d): (%.6f, %.6f) ddx (%g, %g) ddy (%g, %g)' % (
            n, b, k, len(cs), cs[0]['sampler']['aniso'], bits_f32(lk['c'][0]), bits_f32(lk['c'][1]),
            bits_f32(lk['dx'][0]), bits_f32(lk['dx'][1]), bits_f32(lk['dy'][0]), bits_f32(lk['dy'][1]))
        print(head)
        if r is None:
            print('  no level explains it within %g' % args.tolerance)
            continue
        solved += 1
        level, weights, (cx, cy), worst = r
        total = sum(weights.values())
        print('  level %d, centre (%.4f, %.4f) texels, weights sum %.3f, worst residual %.3f' % (level, cx, cy, total,
                                                                                              worst))
        for (x, y), wt in sorted(weights.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if abs(wt) >= 0.05:
                print('   texel (%d, %d): %7.2f / 256' % (x, y, wt))
    print('%d of %d geometries solved' % (solved, len(geo) if args.geometry is None else 1))
    return 0


if __name__ == '__main__':
    sys.exit(main())
