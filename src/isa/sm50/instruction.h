// SPDX-License-Identifier: MIT
// A decoded SM50 instruction: a typed record. It names its form (row of the table), holds one value per field
// of the form's format, and carries its control-word slot. Raw instruction words never leave the isa layer.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>

#include "common/bits.h"
#include "isa/arch.h"
#include "isa/sm50/control.h"
#include "isa/sm50/operands.h"
#include "isa/sm50/table.h"

namespace tmu::isa::sm50 {

inline constexpr std::size_t kMaxFields = 24;

class Instruction {
 public:
  Instruction() = default;
  // A fresh instruction of the form: operands hold their defaults (RZ, PT, 0), and fields the form fixes hold
  // their fixed value (IPA.IDX's idx is 1).
  Instruction(const Form& form, Arch arch) : form_(static_cast<uint16_t>(form_index(form))), arch_(arch) {
    const Pattern& p = pattern_of(form);
    for (std::size_t i = 0; i < form.format.size(); ++i) {
      const Field& fd = field(form.format[i]);
      values_[i] = (p.mask & fd.mask()) == fd.mask() ? fd.extract(p.value) : default_value(info(fd.opd).kind);
    }
  }

  // For the decoder, which sets every value itself.
  struct Uninitialized {};
  Instruction(const Form& form, Arch arch, Uninitialized) : form_(static_cast<uint16_t>(form_index(form))), arch_(arch) {}

  const Form& form() const { return kForms[form_]; }
  std::size_t row() const { return form_; }  // the form's index in kForms
  Op op() const { return form().op; }
  Arch arch() const { return arch_; }

  Control ctrl;  // this instruction's control-word slot

  // Where the instruction sits (byte address in its section or code blob). PC-relative operands (branch targets)
  // print and parse relative to it.
  uint64_t address() const { return address_; }
  void set_address(uint64_t a) { address_ = a; }

  // Position of operand `o` in the form's format (Form::slot), or -1: a table look-up.
  int slot(Opd o) const { return kSlots[form_][static_cast<std::size_t>(o)]; }
  bool has(Opd o) const { return slot(o) >= 0; }

  // Typed access: get<Opd::lod>() is a LodMode. Asking for an operand the form lacks is a programming error.
  template <Opd O>
  OpdType<O> get() const {
    const int s = slot(O);
    assert(s >= 0);
    return from_field<OpdType<O>>(values_[static_cast<std::size_t>(s)]);
  }
  // Like get(), with a fallback for forms without the operand (TEX.B has no tsidx, TEX has no ms...).
  template <Opd O>
  OpdType<O> get_or(OpdType<O> fallback) const {
    const int s = slot(O);
    return s < 0 ? fallback : from_field<OpdType<O>>(values_[static_cast<std::size_t>(s)]);
  }
  template <Opd O>
  void set(OpdType<O> v) {
    const int s = slot(O);
    assert(s >= 0);
    values_[static_cast<std::size_t>(s)] = to_field(v);
  }

  Pred guard() const { return get<Opd::pg>(); }
  bool guard_negated() const { return get<Opd::pg_neg>(); }

  // A field's raw value and its width in bits, for an operand the form has (immediates to sign-extend).
  uint32_t raw(Opd o) const { return values_[static_cast<std::size_t>(slot(o))]; }
  unsigned width(Opd o) const { return field(form().format[static_cast<std::size_t>(slot(o))]).width(); }

  // The address a PC-relative target (br_rel: BRA, SSY, PBK, PCNT, CAL, PRET, ...) names: the next instruction's
  // address plus the signed offset (negative when it lies before address 0); nullopt for forms without one.
  std::optional<int64_t> relative_target() const {
    if (!has(Opd::br_rel)) return std::nullopt;
    return static_cast<int64_t>(address_) + 8 + sign_extend(raw(Opd::br_rel), width(Opd::br_rel));
  }

  // Untyped access by position in the format, for the generic printer, parser and encoder.
  uint32_t value(std::size_t slot) const { return values_[slot]; }
  void set_value(std::size_t slot, uint32_t v) { values_[slot] = v; }

  friend bool operator==(const Instruction& a, const Instruction& b) {
    return a.form_ == b.form_ && a.arch_ == b.arch_ && a.ctrl == b.ctrl && a.address_ == b.address_ &&
           a.values_ == b.values_;
  }

 private:
  uint16_t form_ = 0;
  Arch arch_ = Arch::SM50;
  uint64_t address_ = 0;
  std::array<uint32_t, kMaxFields> values_{};
};

}  // namespace tmu::isa::sm50
