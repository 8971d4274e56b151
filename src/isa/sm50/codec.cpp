// SPDX-License-Identifier: MIT
#include "isa/sm50/codec.h"

#include <algorithm>
#include <bit>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "isa/sm50/compiled.h"
#include "isa/sm50/kinds.h"
#include "isa/sm50/syntax.h"

namespace tmu::isa::sm50 {
namespace {

// Every row is checked when tmu is built: see syntax.h validate().
consteval int first_invalid_form() {
  for (std::size_t i = 0; i < kForms.size(); ++i)
    if (!validate(kForms[i]).empty() || kForms[i].format.size() > kMaxFields) return static_cast<int>(i);
  return -1;
}
static_assert(first_invalid_form() < 0, "a row of the SM50 table is malformed (run tmu_isa_tests for details)");

// Two rows whose patterns can match the same word must be ordered by specificity: one mask contains the other.
consteval int first_ambiguous_pair() {
  for (std::size_t i = 0; i < kForms.size(); ++i)
    for (std::size_t j = i + 1; j < kForms.size(); ++j) {
      const Pattern& a = kPatterns[i];
      const Pattern& b = kPatterns[j];
      const bool overlap = ((a.value ^ b.value) & a.mask & b.mask) == 0;
      if (!overlap) continue;
      const bool a_in_b = (a.mask & b.mask) == a.mask && a.mask != b.mask;
      const bool b_in_a = (a.mask & b.mask) == b.mask && a.mask != b.mask;
      if (!a_in_b && !b_in_a) return static_cast<int>(i * 1000 + j);
    }
  return -1;
}
static_assert(first_ambiguous_pair() < 0, "two rows of the SM50 table match the same words");

// Decoding looks up candidates by the top 12 bits; within a bucket, more specific patterns come first. The table
// is built when tmu is built (no start-up cost): each row is entered in every bucket its fixed top bits allow.
constexpr unsigned kBucketBits = 12;
constexpr std::size_t kBuckets = std::size_t{1} << kBucketBits;
constexpr uint64_t kTopMask = low_mask(kBucketBits) << (64 - kBucketBits);

// Visits the buckets row `i` can fall into: its fixed top bits, every combination of its free ones.
template <typename Visit>
constexpr void for_each_bucket(std::size_t i, Visit visit) {
  const Pattern& p = kPatterns[i];
  const auto fixed = static_cast<std::size_t>((p.value & p.mask & kTopMask) >> (64 - kBucketBits));
  const auto free = static_cast<std::size_t>((~p.mask & kTopMask) >> (64 - kBucketBits));
  std::size_t sub = 0;
  do {
    visit(fixed | sub);
    sub = (sub - free) & free;  // next subset of the free bits
  } while (sub != 0);
}

constexpr std::size_t kBucketEntries = [] {
  std::size_t n = 0;
  for (std::size_t i = 0; i < kForms.size(); ++i) for_each_bucket(i, [&n](std::size_t) { ++n; });
  return n;
}();

struct Buckets {
  std::array<uint16_t, kBuckets + 1> begin{};  // bucket b holds rows[begin[b] .. begin[b + 1])
  std::array<uint16_t, kBucketEntries> rows{};
};
static_assert(kBucketEntries < 65536);

constexpr Buckets kLookup = [] {
  Buckets out;
  std::array<uint16_t, kBuckets + 1> fill{};
  for (std::size_t i = 0; i < kForms.size(); ++i) for_each_bucket(i, [&](std::size_t b) { ++out.begin[b + 1]; });
  for (std::size_t b = 0; b < kBuckets; ++b) out.begin[b + 1] = static_cast<uint16_t>(out.begin[b + 1] + out.begin[b]);
  fill = out.begin;
  for (std::size_t i = 0; i < kForms.size(); ++i)
    for_each_bucket(i, [&](std::size_t b) { out.rows[fill[b]++] = static_cast<uint16_t>(i); });
  // Stable insertion sort of each bucket: more fixed bits first.
  for (std::size_t b = 0; b < kBuckets; ++b)
    for (std::size_t k = out.begin[b] + 1u; k < out.begin[b + 1]; ++k)
      for (std::size_t j = k; j > out.begin[b] && std::popcount(kPatterns[out.rows[j - 1]].mask) <
                                                      std::popcount(kPatterns[out.rows[j]].mask); --j)
        std::swap(out.rows[j - 1], out.rows[j]);
  return out;
}();

// What the decoder does for each row, worked out when tmu is built. A field's value is
// ((word >> lo0) & mask0) | (((word >> lo1) & mask1) << width0), with mask1 = 0 for fields of one part.
struct Extract {
  uint8_t lo0 = 0, lo1 = 0, width0 = 0;
  uint32_t mask0 = 0, mask1 = 0;
  constexpr uint32_t operator()(uint64_t word) const {
    return static_cast<uint32_t>(((word >> lo0) & mask0) | (((word >> lo1) & mask1) << width0));
  }
};
// An enumerated field: value v < 64 is defined when bit v of `defined` is set; larger ones ask the table.
struct EnumCheck {
  Extract value;
  uint64_t defined = 0;
  const EnumTable* table = nullptr;
};
// The second parts of two-part fields, applied after every field's first part.
struct HighPart {
  uint8_t slot = 0, lo = 0, shift = 0;
  uint32_t mask = 0;
};
struct FormPlan {
  std::array<uint8_t, kMaxFields> lo{};  // first part of each field: (word >> lo) & mask
  std::array<uint32_t, kMaxFields> mask{};
  std::array<HighPart, 4> high{};
  uint8_t nhigh = 0;
  std::array<EnumCheck, kMaxFields> enums{};
  uint8_t nenums = 0;
  bool has_since = false;  // some field is missing on older architectures (checked before the enums)
  std::array<Extract, kMaxFields> fields{};  // whole fields, for the checks
};

constexpr auto kPlans = [] {
  std::array<FormPlan, kForms.size()> plans{};
  for (std::size_t i = 0; i < kForms.size(); ++i) {
    FormPlan& fp = plans[i];
    for (std::size_t k = 0; k < kForms[i].format.size(); ++k) {
      const Field& fd = field(kForms[i].format[k]);
      fp.fields[k] = Extract{fd.parts[0].lo, fd.parts[1].lo, fd.parts[0].width,
                             static_cast<uint32_t>(low_mask(fd.parts[0].width)),
                             static_cast<uint32_t>(low_mask(fd.parts[1].width))};
      fp.lo[k] = fd.parts[0].lo;
      fp.mask[k] = static_cast<uint32_t>(low_mask(fd.parts[0].width));
      if (fd.parts[1].width != 0) {
        if (fp.nhigh == fp.high.size()) throw "a row has more two-part fields than FormPlan::high holds";
        fp.high[fp.nhigh++] = HighPart{static_cast<uint8_t>(k), fd.parts[1].lo, fd.parts[0].width,
                                       static_cast<uint32_t>(low_mask(fd.parts[1].width))};
      }
      fp.has_since = fp.has_since || fd.since != Arch::SM50;
      const OpdInfo& oi = info(fd.opd);
      if (oi.kind != Kind::Enum) continue;
      EnumCheck& e = fp.enums[fp.nenums++];
      e.value = fp.fields[k];
      e.table = oi.table;
      for (uint32_t v = 0; v < 64; ++v)
        // Not find() != nullptr: GCC's UBSan instrumentation makes pointer tests non-constant.
        if (v < oi.table->values.size() && !oi.table->values[v].rejected) e.defined |= uint64_t{1} << v;
    }
  }
  return plans;
}();

std::string undefined_value(const Form& f, const EnumTable& t, uint32_t v) {
  if (t.name.empty()) return std::string(kUnrecognized);
  return fmt::format("Opclass '{}', undefined value {:#x} for table '{}'", f.opclass, v, t.name);
}

// Why a field missing on `arch` may not hold `v`: an enumerated field with a named table is refused as an undefined
// value of that table (SUATOM.CAS's 'DestPred' on SM50), any other with nvdisasm's generic reason.
std::string absent_refusal(const Form& f, const Field& fd, uint32_t v) {
  const OpdInfo& oi = info(fd.opd);
  if (oi.kind == Kind::Enum && !oi.table->name.empty()) return undefined_value(f, *oi.table, v);
  return std::string(kUnrecognized);
}

// Checks one field value for the form and architecture; "" when acceptable.
std::string check_value(const Form& f, const Field& fd, uint32_t v, Arch arch) {
  if (arch < fd.since && v != fd.absent) return absent_refusal(f, fd, v);
  const OpdInfo& oi = info(fd.opd);
  if (oi.kind == Kind::Enum && oi.table->find(v) == nullptr) return undefined_value(f, *oi.table, v);
  return {};
}

}  // namespace

const Form* match_form(uint64_t word) {
  const std::size_t b = word >> (64 - kBucketBits);
  for (std::size_t k = kLookup.begin[b]; k < kLookup.begin[b + 1]; ++k) {
    const Pattern& p = kPatterns[kLookup.rows[k]];
    if ((word & p.mask) == p.value) return &kForms[kLookup.rows[k]];
  }
  return nullptr;
}

std::string check_control(const Form& form, const Control& ctrl) {
  if (fixed_latency(form.sched) && (ctrl.wrbar != 7 || ctrl.rdbar != 7)) return std::string(kUnrecognized);
  if (refuses_reuse3(form.sched) && (ctrl.reuse & 8)) return std::string(kUnrecognized);
  return {};
}

namespace {

// Why decode() refuses a word, in nvdisasm's words: the first failing check in nvdisasm's order. "" when it does
// not (row_accepts() makes the same checks, faster).
std::string refusal(uint64_t word, Arch arch, const Control& ctrl) {
  const Form* f = match_form(word);
  if (f == nullptr || arch < f->since) return std::string(kUnrecognized);
  const FormPlan& plan = kPlans[form_index(*f)];
  // nvdisasm reports fields missing on this architecture before undefined enum values.
  if (plan.has_since)
    for (std::size_t i = 0; i < f->format.size(); ++i) {
      const Field& fd = field(f->format[i]);
      if (const uint32_t v = plan.fields[i](word); arch < fd.since && v != fd.absent) return absent_refusal(*f, fd, v);
    }
  // A fixed-latency op's control slot is checked before undefined values: nvdisasm refuses IADD32I with PSign32 = 1
  // and a write barrier with 'uC', not with the PSign32 message (int-alu.md section 1.9).
  if (std::string e = check_control(*f, ctrl); !e.empty()) return e;
  for (std::size_t i = 0; i < plan.nenums; ++i) {
    const EnumCheck& e = plan.enums[i];
    const uint32_t v = e.value(word);
    if (v < 64 ? ((e.defined >> v) & 1) == 0 : e.table->find(v) == nullptr) return undefined_value(*f, *e.table, v);
  }
  return {};
}

// The checks below give 1 (accepted) or 0, combined with '&' rather than '&&': no branch between them.

// Whether enumerated field K of row Row holds a defined value.
template <std::size_t Row, std::size_t K>
[[gnu::always_inline]] inline unsigned enum_defined(uint64_t word) {
  constexpr EnumCheck e = kPlans[Row].enums[K];
  const auto v = static_cast<uint32_t>(((word >> e.value.lo0) & e.value.mask0) |
                                       (((word >> e.value.lo1) & e.value.mask1) << e.value.width0));
  if constexpr (std::popcount(e.value.mask0) + std::popcount(e.value.mask1) <= 6)
    return static_cast<unsigned>((e.defined >> v) & 1);
  else return v < 64 ? static_cast<unsigned>((e.defined >> v) & 1) : e.table->find(v) != nullptr ? 1u : 0u;
}

// Whether field K of row Row may hold its value on `arch` (fields missing on older architectures hold `absent`).
template <std::size_t Row, std::size_t K>
[[gnu::always_inline]] inline unsigned present_ok(uint64_t word, Arch arch) {
  constexpr Field fd = field(kForms[Row].format[K]);
  if constexpr (fd.since == Arch::SM50) return 1;
  else return arch >= fd.since || kPlans[Row].fields[K](word) == fd.absent ? 1u : 0u;
}

// The checks of refusal() for one row, with its fields' positions and defined values as constants: one call per
// word in place of loops whose trip counts change from row to row.
template <std::size_t Row>
bool row_accepts(uint64_t word, Arch arch, const Control& ctrl) {
  constexpr Sched sched = kForms[Row].sched;
  unsigned ok = arch >= kForms[Row].since ? 1u : 0u;
  if constexpr (fixed_latency(sched)) ok &= ctrl.wrbar == 7 && ctrl.rdbar == 7 ? 1u : 0u;
  if constexpr (refuses_reuse3(sched)) ok &= (ctrl.reuse & 8) == 0 ? 1u : 0u;
  if constexpr (kPlans[Row].has_since)
    ok &= [&]<std::size_t... K>(std::index_sequence<K...>) {
      return (present_ok<Row, K>(word, arch) & ...);
    }(std::make_index_sequence<kForms[Row].format.size()>{});
  ok &= [&]<std::size_t... K>(std::index_sequence<K...>) {
    return (enum_defined<Row, K>(word) & ... & 1u);
  }(std::make_index_sequence<kPlans[Row].nenums>{});
  return ok != 0;
}

constexpr auto kRowChecks = []<std::size_t... R>(std::index_sequence<R...>) {
  return std::array<bool (*)(uint64_t, Arch, const Control&), sizeof...(R)>{&row_accepts<R>...};
}(std::make_index_sequence<kForms.size()>{});

// Every check decode() makes. Returns the form, or nullptr with nvdisasm's reason in `why` when it is given (bulk
// decoding passes nullptr and asks decode() for the reason only when a word fails).
const Form* check_word(uint64_t word, Arch arch, const Control& ctrl, std::string* why) {
  const Form* f = match_form(word);
  if (f != nullptr && kRowChecks[form_index(*f)](word, arch, ctrl)) return f;
  if (why) *why = refusal(word, arch, ctrl);
  return nullptr;
}

// The instruction of a word that check_word() accepted as form `f`.
void build(uint64_t word, const Form& f, Arch arch, const Control& ctrl, uint64_t address, Instruction& inst) {
  const FormPlan& plan = kPlans[form_index(f)];
  inst = Instruction(f, arch, Instruction::Uninitialized{});
  for (std::size_t i = 0; i < f.format.size(); ++i)
    inst.set_value(i, static_cast<uint32_t>(word >> plan.lo[i]) & plan.mask[i]);
  for (std::size_t i = 0; i < plan.nhigh; ++i) {
    const HighPart& h = plan.high[i];
    inst.set_value(h.slot, inst.value(h.slot) | ((static_cast<uint32_t>(word >> h.lo) & h.mask) << h.shift));
  }
  inst.ctrl = ctrl;
  inst.set_address(address);
}

}  // namespace

Result<Instruction> decode(uint64_t word, Arch arch, const Control& ctrl, uint64_t address) {
  std::string why;
  const Form* f = check_word(word, arch, ctrl, &why);
  if (f == nullptr) return make_error(std::move(why));
  Instruction inst;
  build(word, *f, arch, ctrl, address, inst);
  return inst;
}

bool decode_into(uint64_t word, Arch arch, const Control& ctrl, uint64_t address, Instruction& out) {
  const Form* f = check_word(word, arch, ctrl, nullptr);
  if (f != nullptr) build(word, *f, arch, ctrl, address, out);
  return f != nullptr;
}

const Form* decodable(uint64_t word, Arch arch, const Control& ctrl) { return check_word(word, arch, ctrl, nullptr); }

void decode_checked(uint64_t word, const Form& form, Arch arch, const Control& ctrl, uint64_t address, Instruction& out) {
  build(word, form, arch, ctrl, address, out);
}

namespace {

// The instruction with every composite slot's normalize hook applied (see KindOps::normalize).
Instruction normalized(const Instruction& in) {
  Instruction inst = in;
  const Syntax& s = syntax_of(inst.form());
  uint8_t reuse = 0;
  std::array<uint64_t, kMaxFields> cand{};
  auto apply = [&](const Slot& slot) {
    const KindOps& k = kind_ops(slot.fn);
    if (k.normalize == nullptr) return;
    ParseContext c{inst, inst.form(), slot, reuse, cand, {}};
    k.normalize(c);
  };
  for (std::size_t i = 0; i < s.npieces; ++i)
    if (s.pieces[i].is_slot) apply(s.pieces[i].slot);
  for (std::size_t i = 0; i < s.nitems; ++i)
    if (s.items[i].has_slot) apply(s.items[i].slot);
  return inst;
}

}  // namespace

Result<uint64_t> encode(const Instruction& in) {
  const Instruction inst = normalized(in);
  const Form& f = inst.form();
  if (inst.arch() < f.since)
    // Named as written (the syntax's mnemonic, "TEXS.F16"), not by the table's opclass ("TEXS_F16").
    return make_error(fmt::format("{} needs {} or later (assemble with --arch {})",
                                  f.syntax.substr(0, f.syntax.find_first_of("{ ")), arch_name(f.since),
                                  f.since == Arch::SM52 ? "sm52" : "sm50"));
  const Pattern& p = pattern_of(f);
  uint64_t word = p.value;
  for (std::size_t i = 0; i < f.format.size(); ++i) {
    const Field& fd = field(f.format[i]);
    const uint32_t v = inst.value(i);
    const std::string_view name = info(fd.opd).name;
    if (!fd.fits(v)) return make_error(fmt::format("{}: {} value {:#x} does not fit in {} bits", op_name(f.op), name, v, fd.width()));
    if (inst.arch() < fd.since && v != fd.absent)
      return make_error(fmt::format("{}: {} needs {} or later", op_name(f.op), name, arch_name(fd.since)));
    if (std::string e = check_value(f, fd, v, inst.arch()); !e.empty())
      return make_error(fmt::format("{}: {}: {}", op_name(f.op), name, e));
    if ((p.mask & fd.mask()) != 0 && (fd.insert(0, v) & p.mask) != (p.value & fd.mask()))
      return make_error(fmt::format("{}: {} cannot be {:#x} in this form", op_name(f.op), name, v));
    word = fd.insert(word, v);
  }
  return word;
}

}  // namespace tmu::isa::sm50
