#!/usr/bin/env bash
# Builds the Mesa NIR oracle: Debian bookworm's mesa 22.3.6 source, built only as far as its NIR library
# (libnir, libcompiler, libmesa_util and what they link), with assertions on, and the helper
# tests/support/mesa_nir_helper/main.c linked against it: ${TMU_CACHE:-~/.cache/tmu}/mesa-nir-22.3.6/bin/tmu_mesa_nir
# (format and examples: tests/support/mesa_nir_helper/README.md).
# Idempotent: when the binary exists and is newer than the helper's source it only prints where it is.
# Needs root or sudo for apt (a deb-src entry for bookworm main is added when apt has none).
set -euo pipefail

VERSION=22.3.6
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
HELPER_DIR="$ROOT/tests/support/mesa_nir_helper"
HELPER_SRC="$HELPER_DIR/main.c"
CACHE="${TMU_CACHE:-$HOME/.cache/tmu}"
DIR="$CACHE/mesa-nir-$VERSION"
SRC="$DIR/src"
BUILD="$DIR/build"
BIN="$DIR/bin/tmu_mesa_nir"
LOGS="$DIR/logs"

say() { echo "build-mesa-nir: $*"; }
die() { trap - EXIT; echo "build-mesa-nir: error: $*" >&2; exit 1; }

[ -f "$HELPER_SRC" ] || die "helper source $HELPER_SRC is missing"
if [ -x "$BIN" ] && [ "$BIN" -nt "$HELPER_SRC" ]; then
  say "up to date: $BIN"
  exit 0
fi

SUDO=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || die "not root and no sudo: cannot install the build tools"
  SUDO="sudo"
fi

mkdir -p "$DIR" "$LOGS" "$DIR/bin"
# One build at a time in this cache folder.
exec 9>"$DIR/.lock"
flock 9
if [ -x "$BIN" ] && [ "$BIN" -nt "$HELPER_SRC" ]; then
  say "up to date: $BIN"
  exit 0
fi

step=""
trap 'rc=$?; [ $rc = 0 ] || echo "build-mesa-nir: error: failed while $step (exit $rc; logs in $LOGS)" >&2' EXIT

# Debian's own tools first: meson and mako are Debian packages for /usr/bin/python3, and a python3
# earlier on PATH (pyenv, a venv) would lack mako.
export PATH="/usr/bin:/bin:/usr/sbin:/sbin:$PATH"

# --- build tools --------------------------------------------------------------------------------
step="installing the build tools"
# meson, ninja: the build; python3-mako: Mesa's code generators; pkg-config + libexpat1-dev: required by
# Mesa's meson.build even with every driver off; gcc/g++: Mesa is C and C++ (glsl_types.cpp);
# dpkg-dev: dpkg-source; patch: Debian's patch series (format 1.0 does not apply it on extraction).
packages=(meson ninja-build python3-mako pkg-config libexpat1-dev gcc g++ dpkg-dev patch)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
apt_updated=0
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  $SUDO apt-get update -qq >"$LOGS/apt-update.log" 2>&1 || die "apt-get update failed (see $LOGS/apt-update.log)"
  apt_updated=1
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >"$LOGS/apt-install.log" 2>&1 || die "apt-get install ${missing[*]} failed (see $LOGS/apt-install.log)"
fi

# --- source -------------------------------------------------------------------------------------
if [ ! -f "$SRC/.tmu-patched" ]; then
  step="finding the mesa $VERSION source package"
  src_version() { { apt-cache showsrc mesa 2>/dev/null || true; } | awk -v v="$VERSION" '$1 == "Version:" && index($2, v "-") == 1 { print $2; exit }'; }
  ver="$(src_version)"
  if [ -z "$ver" ]; then
    list=/etc/apt/sources.list.d/tmu-src.sources
    if [ ! -f "$list" ]; then
      say "adding a deb-src entry for bookworm main ($list)"
      printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
        $SUDO tee "$list" >/dev/null
    fi
    $SUDO apt-get update -qq >"$LOGS/apt-update.log" 2>&1 || die "apt-get update failed (see $LOGS/apt-update.log)"
    ver="$(src_version)"
  fi
  [ -n "$ver" ] || die "apt has no source for mesa $VERSION (apt-cache showsrc mesa)"

  step="downloading mesa $ver"
  dl="$DIR/dl"
  mkdir -p "$dl"
  dsc="$dl/mesa_${ver#*:}.dsc"
  if [ ! -f "$dsc" ]; then
    say "downloading the mesa $ver source (about 28 MB)"
    (cd "$dl" && apt-get source -qq --download-only -o APT::Sandbox::User=root "mesa=$ver") \
      >"$LOGS/download.log" 2>&1 || die "apt-get source mesa=$ver failed (see $LOGS/download.log)"
  fi
  [ -f "$dsc" ] || die "no $dsc after the download"

  step="unpacking mesa $ver"
  rm -rf "$SRC" "$BUILD"
  dpkg-source -x "$dsc" "$SRC" >"$LOGS/unpack.log" 2>&1 || die "dpkg-source -x failed (see $LOGS/unpack.log)"
  # Debian's patches (debian/patches/series) are part of the library Debian ships.
  if [ -f "$SRC/debian/patches/series" ]; then
    while read -r p _; do
      case "$p" in ''|'#'*) continue ;; esac
      patch -d "$SRC" -p1 -N -s <"$SRC/debian/patches/$p" >>"$LOGS/unpack.log" 2>&1 ||
        die "Debian patch $p does not apply (see $LOGS/unpack.log)"
    done <"$SRC/debian/patches/series"
  fi
  touch "$SRC/.tmu-patched"
fi
[ "$(cat "$SRC/VERSION")" = "$VERSION" ] || die "$SRC is not mesa $VERSION"

# --- configure: everything optional off, assertions on ---------------------------------------
if [ ! -f "$BUILD/build.ninja" ]; then
  step="configuring mesa (meson)"
  say "configuring (log: $LOGS/configure.log)"
  rm -rf "$BUILD"
  # buildtype=plain: no -O, no -g (the generated NIR sources are huge; -O0 builds them fastest).
  # b_ndebug=false: assert() and nir_validate stay in.
  meson setup "$BUILD" "$SRC" \
    --buildtype=plain -Db_ndebug=false -Dwerror=false \
    -Dplatforms= -Dgallium-drivers= -Dvulkan-drivers= -Dtools= \
    -Dopengl=false -Dgles1=disabled -Dgles2=disabled -Dglx=disabled -Degl=disabled -Dgbm=disabled \
    -Ddri3=disabled -Dglvnd=false -Dshared-glapi=disabled -Dosmesa=false \
    -Dgallium-vdpau=disabled -Dgallium-va=disabled -Dgallium-xa=disabled -Dgallium-omx=disabled \
    -Dgallium-nine=false -Dgallium-opencl=disabled \
    -Dllvm=disabled -Dvalgrind=disabled -Dlibunwind=disabled -Dlmsensors=disabled -Dselinux=false \
    -Dzstd=disabled -Dzlib=disabled -Dshader-cache=disabled -Dxlib-lease=disabled -Dperfetto=false \
    -Dbuild-tests=false \
    >"$LOGS/configure.log" 2>&1 || { rm -f "$BUILD/build.ninja"; die "meson setup failed (see $LOGS/configure.log)"; }
fi

# --- build only the NIR libraries ---------------------------------------------------------------
step="building libnir and what it links"
libs=(src/compiler/nir/libnir.a src/compiler/libcompiler.a src/util/libmesa_util.a
      src/util/format/libmesa_format.a src/util/libmesa_util_sse41.a src/c11/impl/libmesa_util_c11.a)
say "building ${#libs[@]} libraries with ninja -j$(nproc) (log: $LOGS/build.log)"
ninja -C "$BUILD" -j"$(nproc)" "${libs[@]}" >"$LOGS/build.log" 2>&1 ||
  { tail -30 "$LOGS/build.log" >&2; die "ninja failed (see $LOGS/build.log)"; }

# --- the helper ---------------------------------------------------------------------------------
step="compiling the helper"
gen="$DIR/helper-gen"
mkdir -p "$gen"
# X(field) for each integer/boolean field of nir_shader_compiler_options, read from the nir.h built.
awk '
  /^typedef struct nir_shader_compiler_options \{/ { inside = 1; print "#define TMU_COMPILER_OPTION_FIELDS(X) \\"; next }
  inside && /^} nir_shader_compiler_options;/ { inside = 0; print "   /* end */"; exit }
  inside && match($0, /^[ \t]*(bool|unsigned|uint8_t|nir_variable_mode|nir_[a-z0-9_]+_options)[ \t]+[a-z_0-9]+;/) {
    line = $0; sub(/^[ \t]*[a-z0-9_]+[ \t]+/, "", line); sub(/;.*/, "", line); print "   X(" line ") \\"
  }' "$SRC/src/compiler/nir/nir.h" >"$gen/tmu_compiler_option_fields.h"
grep -q 'X(has_txs)' "$gen/tmu_compiler_option_fields.h" ||
  die "could not read nir_shader_compiler_options from $SRC/src/compiler/nir/nir.h"

# The include paths and defines Mesa compiles nir_lower_tex.c with.
flags="$(python3 - "$BUILD/compile_commands.json" <<'EOF'
import json, shlex, sys
for e in json.load(open(sys.argv[1])):
    if e["file"].endswith("src/compiler/nir/nir_lower_tex.c"):
        args = shlex.split(e["command"])
        keep, i = [], 0
        while i < len(args):
            a = args[i]
            if a in ("-I", "-D", "-include", "-isystem"):
                keep += [a, args[i + 1]]; i += 2; continue
            if a.startswith(("-I", "-D", "-std=", "-isystem")) or a in ("-pthread", "-msse2", "-mfpmath=sse", "-mstackrealign"):
                keep.append(a)
            i += 1
        print(" ".join(shlex.quote(k) for k in keep))
        break
else:
    sys.exit("nir_lower_tex.c is not in compile_commands.json")
EOF
)" || die "could not read Mesa's compile flags from $BUILD/compile_commands.json"

(
  cd "$BUILD"
  # shellcheck disable=SC2086  # $flags is a list of quoted compiler arguments
  eval "cc $flags -I\"$gen\" -O1 -g -Wall -Wno-unused-parameter -c \"$HELPER_SRC\" -o \"$gen/main.o\""
  c++ -o "$BIN.tmp" "$gen/main.o" -Wl,--start-group "${libs[@]}" -Wl,--end-group -lpthread -lm
) >"$LOGS/helper.log" 2>&1 || { tail -30 "$LOGS/helper.log" >&2; die "compiling the helper failed (see $LOGS/helper.log)"; }
mv "$BIN.tmp" "$BIN"

step="checking the helper"
printf 'case smoke\ntex op=tex dim=2d coord_components=2\nsrc coord const 0.5,0.5\nend\n' | "$BIN" >"$LOGS/smoke.log" 2>&1 &&
  grep -q '^progress 0$' "$LOGS/smoke.log" || { cat "$LOGS/smoke.log" >&2; rm -f "$BIN"; die "the helper's smoke test failed"; }
step="done"
say "built: $BIN"
