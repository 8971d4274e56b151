// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary bytes as a PTX module (src/ptx/reader.h). The text is read or refused with a
// "fuzz.ptx:LINE:COL:" message (never a crash, a hang or an unbounded allocation); a module that is read has
// typed texture instructions of the shapes the checks promise (seed 004's vector sizes per geometry), prints,
// and the printed text reads again and prints the same (print(read(print(x))) == print(x)).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "ptx/print.h"
#include "ptx/reader.h"

namespace {

using namespace tmu::ptx;

// "fuzz.ptx:" LINE ":" COL ":" — both numbers present, from 1.
bool placed(const std::string& e) {
  if (e.rfind("fuzz.ptx:", 0) != 0) return false;
  size_t i = 9;
  for (int field = 0; field < 2; ++field) {
    const size_t start = i;
    while (i < e.size() && e[i] >= '0' && e[i] <= '9') ++i;
    if (i == start || e[start] == '0' || i >= e.size() || e[i] != ':') return false;
    ++i;
  }
  return true;
}

void check_shapes(const Block& b, unsigned& count) {
  for (const Statement& s : b.items) {
    if (const auto* inner = std::get_if<Block>(&s.v)) check_shapes(*inner, count);
    const auto* ins = std::get_if<Instruction>(&s.v);
    if (!ins || !ins->texture) continue;
    ++count;
    if (const auto* t = std::get_if<Tex>(&*ins->texture)) {
      const size_t coords = t->coords.size();
      if (coords < coordinate_elements(t->geometry)) std::abort();
      if (t->dest.size() != (t->dtype == Type::F16x2 ? 2u : 4u)) std::abort();
      if (!t->offset.empty() && t->offset.size() < offset_elements(t->geometry)) std::abort();
      if (t->depth && (t->ctype != Type::F32 || t->geometry.dim == tmu::tex::Dim::Tex3D || t->geometry.multisample)) std::abort();
      if (t->residency) std::abort();  // sm_50/52 only
    } else if (const auto* g = std::get_if<Tld4>(&*ins->texture)) {
      if (g->dest.size() != 4 || (!g->offset.empty() && g->offset.size() < 2)) std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto m = read(text, "fuzz.ptx");
  if (!m) {
    if (!placed(m.error())) {
      std::fprintf(stderr, "an error without its place: %s\n", m.error().c_str());
      std::abort();
    }
    return 0;
  }
  if (m->sm != 50 && m->sm != 52) std::abort();
  unsigned first = 0, second = 0;
  for (const Function& f : m->functions)
    if (f.body) check_shapes(*f.body, first);
  const std::string printed = print(*m);
  auto again = read(printed, "printed.ptx");
  if (!again) {
    std::fprintf(stderr, "the printed module does not read back: %s\n%s", again.error().c_str(), printed.c_str());
    std::abort();
  }
  for (const Function& f : again->functions)
    if (f.body) check_shapes(*f.body, second);
  if (first != second || again->functions.size() != m->functions.size()) std::abort();
  if (print(*again) != printed) {
    std::fprintf(stderr, "printing the re-read module changed it:\n%s", printed.c_str());
    std::abort();
  }
  return 0;
}
