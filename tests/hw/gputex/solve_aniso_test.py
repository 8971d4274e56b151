#!/usr/bin/env python3
"""Self-test of solve_aniso.py (no GPU): the category aniso-solve of gen_cases.py, answered by tmu itself
(compare.py --make-fake tmu), must be solved for every geometry, the weights of each summing to 256.

  solve_aniso_test.py --tmu TMU [--seed S]

Needs numpy (Debian: python3-numpy, which scripts/setup.sh installs); without it the test says so and passes, or
fails where TMU_REQUIRE_ORACLES=1 asks for every tool the setup installs (CI).
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--tmu', required=True)
    ap.add_argument('--seed', type=int, default=7)
    args = ap.parse_args()
    try:
        import numpy  # noqa: F401
    except ImportError:
        print('skipped: install python3-numpy (solve_aniso.py solves with numpy)')
        return 1 if os.environ.get('TMU_REQUIRE_ORACLES') == '1' else 0
    with tempfile.TemporaryDirectory(prefix='solve-aniso-') as d:
        cases = os.path.join(d, 'cases.txt')
        with open(cases, 'w') as f:
            subprocess.run([sys.executable, os.path.join(HERE, 'gen_cases.py'), str(args.seed), '256'], stdout=f,
                           check=True)
        # Keep the header and the category's cases only (the others are compare.py's business).
        with open(cases) as f:
            lines = f.read().split('\n')
        out, keep = lines[:2], False
        for line in lines[2:]:
            if line.startswith('case '):
                keep = line.split()[2] == 'aniso-solve'
            if keep:
                out.append(line)
            if line == 'end':
                keep = False
        with open(cases, 'w') as f:
            f.write('\n'.join(out) + '\n')
        fake = os.path.join(d, 'fake.txt')
        subprocess.run([sys.executable, os.path.join(HERE, 'compare.py'), cases, '--make-fake', 'tmu', fake,
                        '--tmu', args.tmu], check=True, stdout=subprocess.DEVNULL)
        p = subprocess.run([sys.executable, os.path.join(HERE, 'solve_aniso.py'), cases, fake], capture_output=True,
                           text=True)
        print(p.stdout.strip().split('\n')[-1] if p.stdout else p.stderr)
        if p.returncode != 0:
            print(p.stderr)
            return 1
        last = p.stdout.strip().split('\n')[-1].split()
        sums = [float(line.split('weights sum')[1].split(',')[0]) for line in p.stdout.split('\n') if 'weights sum' in line]
        if last[0] != last[2] or int(last[0]) == 0:
            print('FAIL: not every geometry solved')
            return 1
        if any(abs(s - 256) > 0.05 for s in sums):
            print('FAIL: weights that do not sum to 256: %s' % [s for s in sums if abs(s - 256) > 0.05][:5])
            return 1
        print('PASS')
        return 0


if __name__ == '__main__':
    sys.exit(main())
