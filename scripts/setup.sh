#!/usr/bin/env bash
# Installs what tmu needs on Debian bookworm.
#   scripts/setup.sh            build tools and libraries (apt)
#   scripts/setup.sh --oracles  also the test oracles: NVIDIA's nvdisasm, ptxas and cuobjdump from CUDA 11.8
#                               (Debian non-free: only those three binaries are extracted from the
#                               nvidia-cuda-toolkit package into ${TMU_CACHE:-~/.cache/tmu}/cuda-11.8/bin),
#                               and Mesa's OSMesa with llvmpipe and softpipe for the GL oracle (apt)
# Runs as root or through sudo; does nothing that is already done.
set -euo pipefail

want_oracles=0
for a in "$@"; do
  case "$a" in
    --oracles) want_oracles=1 ;;
    *) echo "usage: $0 [--oracles]" >&2; exit 2 ;;
  esac
done

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
CACHE="${TMU_CACHE:-$HOME/.cache/tmu}"
CUDA_BIN="$CACHE/cuda-11.8/bin"

packages=(cmake ninja-build g++ pkg-config libfmt-dev libcli11-dev nlohmann-json3-dev libelf-dev
          libgtest-dev libgmock-dev libbenchmark-dev clang libclang-rt-14-dev libpng-dev zlib1g-dev python3
          python3-dev python3-pybind11 python3-numpy python3-pytest)
# (python3 runs tests/hw/gputex_test.py, the held-out GPU recording's check, and python3-numpy its anisotropic
# footprint solver; python3-dev and python3-pybind11 build the Python module tmu, python3-numpy and python3-pytest
# run it and its tests: python/, cmake/python.cmake.)
# The GL oracle (docs/gl-oracle.md) samples textures with Mesa's llvmpipe and softpipe through OSMesa.
if [ $want_oracles = 1 ]; then
  packages+=(libosmesa6-dev libgl1-mesa-dri)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
apt_updated=0
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  apt_updated=1
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ $want_oracles = 1 ]; then
  if [ -x "$CUDA_BIN/nvdisasm" ] && [ -x "$CUDA_BIN/ptxas" ] && [ -x "$CUDA_BIN/cuobjdump" ]; then
    echo "setup: oracles present in $CUDA_BIN"
  else
    # nvidia-cuda-toolkit lives in bookworm's non-free component.
    if ! apt-cache policy nvidia-cuda-toolkit 2>/dev/null | grep -q 'Candidate: [0-9]'; then
      echo "setup: enabling Debian's non-free component for nvidia-cuda-toolkit"
      printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: contrib non-free\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
        $SUDO tee /etc/apt/sources.list.d/tmu-non-free.sources >/dev/null
      $SUDO apt-get update -qq
    fi
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    chmod 777 "$work"
    echo "setup: downloading nvidia-cuda-toolkit (about 84 MB) to extract nvdisasm, ptxas and cuobjdump"
    (cd "$work" && apt-get download -qq nvidia-cuda-toolkit 2>/dev/null)
    deb=$(ls "$work"/nvidia-cuda-toolkit_*.deb)
    mkdir -p "$CUDA_BIN"
    dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work" ./usr/bin/nvdisasm ./usr/bin/ptxas ./usr/bin/cuobjdump
    install -m 755 "$work"/usr/bin/{nvdisasm,ptxas,cuobjdump} "$CUDA_BIN"/
    "$CUDA_BIN/nvdisasm" --version | tail -1
  fi
  "$(dirname "$0")/build-mesa-nir.sh"  # Mesa 22.3.6's NIR + nir_lower_tex oracle (tests/support/mesa_nir_helper)
fi
