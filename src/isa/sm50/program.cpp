// SPDX-License-Identifier: MIT
#include "isa/sm50/program.h"

#include <bit>
#include <algorithm>
#include <cstring>
#include <thread>

#include <fmt/format.h>

#include "isa/sm50/codec.h"
#include "isa/sm50/printer.h"

namespace tmu::isa::sm50 {
namespace {

uint64_t load_le64(const std::byte* p) {
  if constexpr (std::endian::native == std::endian::little) {
    uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | std::to_integer<uint64_t>(p[i]);
  return v;
}

void store_le64(std::vector<std::byte>& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xff));
}

constexpr std::string_view kUnaligned = "Unaligned instruction found";

}  // namespace

namespace {

// Walks a code blob: `decode(word, ctrl, addr, k, inst)` decodes the k-th instruction into `inst` (false: refused)
// and `emit(inst, k)` takes it. Stops at the first word nvdisasm refuses.
template <typename Decode, typename Emit>
std::optional<DecodeFailure> walk(std::span<const std::byte> bytes, Arch arch, uint64_t base, Decode&& decode_one,
                                  Emit&& emit) {
  if (bytes.size() % kBundleBytes != 0)
    return DecodeFailure{base + bytes.size() / kBundleBytes * kBundleBytes, 0, std::string(kUnaligned)};
  bool in_pair = false;  // the previous instruction opened a dual-issue pair
  Instruction inst;
  std::size_t k = 0;
  for (std::size_t b = 0; b < bytes.size(); b += kBundleBytes) {
    const uint64_t ctrl_word = load_le64(bytes.data() + b);
    const auto slots = unpack_control(ctrl_word);
    for (std::size_t s = 0; s < 3; ++s, ++k) {
      const uint64_t addr = base + b + 8 + 8 * s;
      const uint64_t word = load_le64(bytes.data() + b + 8 + 8 * s);
      if (!decode_one(word, slots[s], addr, k, inst))
        return DecodeFailure{addr, word, decode(word, arch, slots[s], addr).error()};
      emit(inst, k);
      // A pair may span two bundles (slot 2 with slot 0 of the next one), but a dual-issue mark on the last slot of
      // the code has nothing to pair with. An instruction that closes a pair ignores its own mark, except in slot 2:
      // there nvdisasm refuses the whole next bundle.
      const bool marked = slots[s].dual_issue();
      if (s == 2 && marked) {
        if (b + kBundleBytes == bytes.size()) return DecodeFailure{base + b, ctrl_word, std::string(kUnaligned)};
        if (in_pair)
          return DecodeFailure{base + b + kBundleBytes + 8, load_le64(bytes.data() + b + kBundleBytes + 8),
                               std::string(kUnrecognized)};
      }
      in_pair = !in_pair && marked;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<DecodeFailure> decode_program(std::span<const std::byte> bytes, Arch arch, uint64_t base, Program& out) {
  out = Program{arch, base, {}, {}, {}};
  out.code.reserve(bytes.size() / kBundleBytes * 3);
  return walk(
      bytes, arch, base,
      [arch](uint64_t word, const Control& c, uint64_t addr, std::size_t, Instruction& inst) {
        return decode_into(word, arch, c, addr, inst);
      },
      [&out](const Instruction& inst, std::size_t) { out.code.push_back(inst); });
}

namespace {

void append_ctrl(TextOut& line, const Instruction& inst) {
  const Control& c = inst.ctrl;
  if (c.wrbar != 7) line += fmt::format(" &wr={}", c.wrbar);
  if (c.rdbar != 7) line += fmt::format(" &rd={}", c.rdbar);
  if (c.wait != 0) {
    line += " &req={";
    bool first = true;
    for (int i = 0; i < 6; ++i)
      if ((c.wait >> i) & 1) {
        line += fmt::format("{}{}", first ? "" : ",", i);
        first = false;
      }
    line += '}';
  }
  line += fmt::format(" ?stall={}", c.stall);
  line += c.yield ? " ?yield" : " ?noyield";
  line += fmt::format(" ?reuse={:#x}", c.reuse);
}

}  // namespace

namespace {

// "/*0008*/ ": at least four hex digits, like nvdisasm.
void append_address(TextOut& out, uint64_t addr) {
  out += std::string_view("/*");
  append_hex_digits(out, addr, 4);
  out += std::string_view("*/ ");
}

void append_hex_address(TextOut& out, uint64_t a) { out += fmt::format("{:#x}", a); }

// "/*0008*/ ", and "{ " when the line opens a dual-issue pair (see put_line_start).
void line_start(TextOut& out, uint64_t addr, bool opens) {
  if (addr > 0xffffffffu) {
    append_address(out, addr);
    if (opens) out += "{ ";
    return;
  }
  out.commit(put_line_start(out.cursor(32), static_cast<uint32_t>(addr), opens));
}

// Writes the listing one line at a time, carrying the dual-issue state from line to line.
class LineWriter {
 public:
  explicit LineWriter(const ListingOptions& opt, bool in_pair = false) : opt_(opt), in_pair_(in_pair) {}

  // The line of the k-th instruction, at `addr`.
  void line(TextOut& out, const Instruction& inst, uint64_t addr, std::size_t k) {
    if (opt_.labels && opt_.labels->hidden(addr)) return;  // unreachable code nvdisasm does not list
    const bool opens = opt_.pairs && !in_pair_ && inst.ctrl.dual_issue();
    if (opt_.labels && !in_pair_) {
      // One label per line, as nvdisasm prints them: the bundle's control word's (before its first instruction),
      // else the instruction's, else for a dual-issued pair its second instruction's (nvdisasm: `.L_x_10:` before
      // `{ XMAD.PSL ... ;` when it names the SYNC after it); the others at the same place are not printed.
      std::string names;
      bool named = false;
      auto take = [&](uint64_t a) {
        opt_.labels->print_symbol_labels(a, names);
        if (!named)
          if (auto n = opt_.labels->name_of(a)) ((names += *n) += ":\n"), named = true;
      };
      if (k % 3 == 0) take(addr - 8);
      take(addr);
      if (opens && !named) {
        const uint64_t second = addr + (k % 3 == 2 ? 16 : 8);
        if (k % 3 == 2) take(second - 8);
        take(second);
      }
      if (!names.empty()) out += names;
    }
    line_start(out, addr, opens);
    print(inst, out, opt_.labels);
    if (opt_.ctrl) append_ctrl(out, inst);
    const std::vector<uint64_t>* targets = opt_.labels && opt_.notes ? opt_.labels->branch_targets(addr) : nullptr;
    if (targets) {
      // An indirect branch's targets, as nvdisasm annotates them; the ';' follows without a space.
      out += " (*\"BRANCH_TARGETS";
      for (std::size_t t = 0; t < targets->size(); ++t) {
        out += t == 0 ? " " : ",";
        if (auto n = opt_.labels->name_of((*targets)[t])) out += *n;
        else append_hex_address(out, (*targets)[t]);
      }
      out += "\"*)";
    }
    const auto sync = opt_.labels && opt_.notes ? opt_.labels->sync_target(addr) : std::nullopt;
    if (sync) {
      // A SYNC's reconvergence point, as nvdisasm annotates it in cubin listings.
      out += " (*\"TARGET= ";
      if (auto n = opt_.labels->name_of(*sync)) out += *n;
      else append_hex_address(out, *sync);
      out += " \"*)";
    }
    const bool annotated = targets || sync;
    if (opt_.hex) {
      if (in_pair_) out += " }";
      else if (annotated) out += ';';
      else out += terminator(inst);
      auto w = encode(inst);
      out += fmt::format("  /* {:#018x} */\n", w ? *w : 0);
    } else {
      out.commit(put_line_end(out.cursor(4), in_pair_, annotated || terminator(inst).size() == 1));
    }
    in_pair_ = opens;
  }

 private:
  const ListingOptions& opt_;
  bool in_pair_ = false;
};

}  // namespace

// Listings are written through a TextOut in pieces of this size.
constexpr std::size_t kChunk = std::size_t{1} << 20;

std::string print_listing(const Program& p, const ListingOptions& opt) {
  std::string out;
  out.reserve(p.code.size() * 56);
  TextOut text;
  LineWriter w(opt);
  for (std::size_t k = 0; k < p.code.size(); ++k) {
    w.line(text, p.code[k], p.address(k), k);
    if (text.size() >= kChunk) {
      out += text.view();
      text.clear();
    }
  }
  return out += text.view();
}

namespace {

// Instructions per block of the print pass (a multiple of 3: blocks start on bundles).
constexpr std::size_t kBlock = 3 * 16384;

// Prints instructions [k0, k1) of a blob that the check pass accepted, `forms` holding each one's row and
// `in_pair` whether the instruction before k0 opened a dual-issue pair.
void print_block(std::span<const std::byte> bytes, Arch arch, uint64_t base, const ListingOptions& opt,
                 const std::vector<uint16_t>& forms, std::size_t k0, std::size_t k1, bool in_pair, TextOut& out) {
  if (!opt.hex && !opt.ctrl && !opt.labels && opt.pairs && base + k1 / 3 * kBundleBytes <= 0xffffffffu) {
    // The plain listing (tmu dis on a raw blob): each line decoded and printed by its row's function.
    LineSpec line;
    for (std::size_t k = k0; k < k1; k += 3) {
      const std::size_t b = k / 3 * kBundleBytes;
      const auto slots = unpack_control(load_le64(bytes.data() + b));
      for (std::size_t s = 0; s < 3; ++s) {
        line.word = load_le64(bytes.data() + b + 8 + 8 * s);
        line.ctrl = slots[s];
        line.address = static_cast<uint32_t>(base + b + 8 + 8 * s);
        line.closes = in_pair;
        line.opens = !in_pair && slots[s].dual_issue();
        print_line(line, forms[k + s], arch, out);
        in_pair = line.opens;
      }
    }
    return;
  }
  LineWriter w(opt, in_pair);
  Instruction inst;
  for (std::size_t k = k0; k < k1; k += 3) {
    const std::size_t b = k / 3 * kBundleBytes;
    const auto slots = unpack_control(load_le64(bytes.data() + b));
    for (std::size_t s = 0; s < 3; ++s) {
      const uint64_t addr = base + b + 8 + 8 * s;
      decode_checked(load_le64(bytes.data() + b + 8 + 8 * s), kForms[forms[k + s]], arch, slots[s], addr, inst);
      w.line(out, inst, addr, k + s);
    }
  }
}

}  // namespace

std::optional<DecodeFailure> stream_listing(std::span<const std::byte> bytes, Arch arch, uint64_t base,
                                            const ListingOptions& opt, const std::function<void(std::string_view)>& sink) {
  // nvdisasm refuses a bad blob whole: check every word before writing anything, noting each one's row and the
  // dual-issue state where each block starts (the recurrence of LineWriter and walk).
  const std::size_t n = bytes.size() / kBundleBytes * 3;
  std::vector<uint16_t> forms(n);
  std::vector<char> pair_at((n + kBlock - 1) / kBlock);
  bool pair = false;
  const auto check = [&](uint64_t word, const Control& c, uint64_t, std::size_t k, Instruction&) {
    const Form* f = decodable(word, arch, c);
    if (f == nullptr) return false;
    forms[k] = static_cast<uint16_t>(form_index(*f));
    if (k % kBlock == 0) pair_at[k / kBlock] = pair;
    pair = !pair && c.dual_issue();
    return true;
  };
  if (auto fail = walk(bytes, arch, base, check, [](const Instruction&, std::size_t) {})) return fail;

  // Then the blocks are printed, `threads` at a time (blocks are independent), and written in order.
  unsigned threads = opt.threads != 0 ? opt.threads : std::min(8u, std::max(1u, std::thread::hardware_concurrency()));
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, pair_at.size()));
  std::vector<TextOut> texts(std::max(1u, threads));
  // Room for a block's typical text up front (lines average some 50 characters): growing by doubling would copy
  // the text a dozen times on the way and touch twice the memory.
  for (TextOut& t : texts) t.cursor(std::min(n, kBlock) * 64);
  for (std::size_t first = 0; first < pair_at.size(); first += threads) {
    const std::size_t count = std::min<std::size_t>(threads, pair_at.size() - first);
    const auto work = [&](std::size_t t) {
      const std::size_t blk = first + t;
      texts[t].clear();
      print_block(bytes, arch, base, opt, forms, blk * kBlock, std::min(n, (blk + 1) * kBlock), pair_at[blk] != 0,
                  texts[t]);
    };
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < count; ++t) helpers.emplace_back(work, t);
    work(0);
    for (auto& h : helpers) h.join();
    for (std::size_t t = 0; t < count; ++t) sink(texts[t].view());
  }
  return std::nullopt;
}

Result<std::vector<std::byte>> encode_program(const Program& p) {
  std::vector<std::byte> out;
  out.reserve((p.code.size() + 2) / 3 * kBundleBytes);
  for (std::size_t k = 0; k < p.code.size(); k += 3) {
    std::array<Control, 3> slots{};
    std::array<uint64_t, 3> words{};
    for (std::size_t s = 0; s < 3; ++s) {
      if (k + s >= p.code.size()) {
        return make_error(fmt::format("program length {} is not a multiple of 3 instructions", p.code.size()));
      }
      const Instruction& inst = p.code[k + s];
      auto w = encode(inst);
      if (!w) return make_error(fmt::format("instruction at {:#06x}: {}", p.address(k + s), w.error()));
      words[s] = *w;
      slots[s] = inst.ctrl;
    }
    if (slots[2].dual_issue() && k + 3 >= p.code.size())
      return make_error(fmt::format("instruction at {:#06x} is marked for dual issue but ends the code", p.address(k + 2)));
    store_le64(out, pack_control(slots));
    for (uint64_t w : words) store_le64(out, w);
  }
  return out;
}

}  // namespace tmu::isa::sm50
