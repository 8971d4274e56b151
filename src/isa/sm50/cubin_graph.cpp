// SPDX-License-Identifier: MIT
// nvdisasm 11.8's -cfg / -bbcfg output, established on ptxas 11.8 cubins (loops, calls to subroutines, switches,
// texture-parameter symbols) by comparing its graphs with its listings: the blocks are the listing's lines between
// its labels, the texts the listing's, Graphviz record fields escaped; docs/cubin.md, "Control-flow graphs".
#include "isa/sm50/cubin_graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <vector>

namespace tmu::isa::sm50 {

namespace {

// A record field's text: spaces and the record syntax's characters after a backslash; tabs as they are.
std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' || c == '[' || c == ']' || c == '{' || c == '}' || c == '<' || c == '>' || c == '"' || c == '|')
      out += '\\';
    out += c;
  }
  return out;
}

// Instructions that end a path through a block: each gets a port.
bool is_exit(Op op) {
  switch (op) {
    case Op::BRA: case Op::BRX: case Op::JMP: case Op::JMX: case Op::BRK: case Op::CONT: case Op::SYNC:
    case Op::EXIT: case Op::RET:
      return true;
    default:
      return false;
  }
}

// A listing line "/*ADDR*/ TEXT" as the graph writes it: "  TEXT" or "{ TEXT" (a pair's first), a branch's
// annotation two spaces after it, a pair's closing brace right after the annotation.
std::string graph_line(std::string_view text) {
  const bool opens = text.starts_with("{ ");
  if (opens) text.remove_prefix(2);
  std::string out = opens ? "{ " : "  ";
  const std::size_t note = text.find(" (*");
  if (note == std::string_view::npos) return out += text;
  out += text.substr(0, note);
  out += "  ";
  std::string_view rest = text.substr(note + 1);
  if (rest.ends_with(" }")) {
    rest.remove_suffix(2);
    return (out += rest) += "}";
  }
  return out += rest;
}

struct Node {
  std::string name;
  std::string text;  // the record's fields after "<entry>", escaped, each line ending "\l"
  std::vector<std::pair<std::string, std::string>> edges;  // (port and side, target node)
  std::string last_port = "entry";
  bool open = true;  // control falls off its end
  std::size_t cluster = 0;
};

struct Cluster {
  std::string name;
  std::vector<std::size_t> nodes;
};

}  // namespace

std::optional<CubinListingFailure> cubin_graph(const Cubin& cubin, bool basic_blocks, std::string& out,
                                               std::span<const uint32_t> symbols) {
  std::vector<Program> programs;
  if (auto fail = decode_functions(cubin, programs)) return fail;
  const auto labels = cubin_labels(cubin, programs);
  unsigned next_block = 0;  // "BB<n>", numbered across the file
  out += "digraph f {\n";
  for (std::size_t i = 0; i < programs.size(); ++i) {
    const CubinFunction& fn = cubin.functions[i];
    if (!function_selected(cubin, fn, symbols)) continue;
    const LabelMap& map = labels[i];
    // The listing's text of each instruction and the labels printed before it (a pair's labels come before its
    // first line), by address.
    std::map<uint64_t, std::string> text;
    std::map<uint64_t, std::vector<std::string>> names_before;
    {
      std::stringstream listing(print_listing(programs[i], {.labels = &map}));
      std::string line;
      std::vector<std::string> pending;
      while (std::getline(listing, line)) {
        // An instruction line starts with its address, /*0010*/; anything else is a label line, "name:" (a symbol
        // name may itself start with "/*": a damaged or crafted cubin's).
        const std::size_t close = line.starts_with("/*") ? line.find("*/", 2) : std::string::npos;
        uint64_t addr = 0;
        const bool instruction = close != std::string::npos && close > 2 &&
                                 std::from_chars(line.data() + 2, line.data() + close, addr, 16).ptr == line.data() + close;
        if (!instruction) {
          const std::string name = line.substr(0, line.empty() ? 0 : line.size() - 1);
          if (std::none_of(fn.data_symbols.begin(), fn.data_symbols.end(), [&](const auto& d) { return d.name == name; }))
            pending.push_back(name);
          continue;
        }
        text[addr] = line.size() > close + 3 ? line.substr(close + 3) : std::string();
        if (!pending.empty()) names_before[addr] = std::move(pending);
        pending.clear();
      }
    }

    std::vector<Cluster> clusters;
    std::vector<Node> nodes;
    auto function_at = [&](uint64_t a) -> const CubinFunctionSymbol* {
      for (const CubinFunctionSymbol& s : fn.function_symbols)
        if (s.value == a) return &s;
      return nullptr;
    };
    auto start_node = [&](std::string name, std::string first) {
      if (!nodes.empty() && nodes.back().open && nodes.back().cluster == clusters.size() - 1)
        nodes.back().edges.emplace_back(nodes.back().last_port + ":s", name);
      Node n;
      n.name = std::move(name);
      n.text = std::move(first);
      n.cluster = clusters.size() - 1;
      clusters.back().nodes.push_back(nodes.size());
      nodes.push_back(std::move(n));
    };
    // A function's cluster and entry block: the symbols at its address in nvdisasm's order (global and weak ones
    // first, then the local ones in reverse symbol-table order: `k:`, `t:`, `.text.k:`; `.text.k:` first for a
    // local kernel), the block named by the first.
    auto start_function = [&](const CubinFunctionSymbol& s) {
      clusters.push_back({s.name, {}});
      enum class SymbolKind { Function, Data, Section };
      struct Entry {
        const CubinFunctionSymbol* sym;
        SymbolKind kind;
        uint32_t index;
        bool local;
      };
      std::vector<Entry> here;
      for (const CubinFunctionSymbol& f : fn.function_symbols)
        if (f.value == s.value) here.push_back({&f, SymbolKind::Function, f.index, f.bind == 0});
      for (const CubinFunctionSymbol& d : fn.data_symbols)
        if (d.value == s.value) here.push_back({&d, SymbolKind::Data, d.index, d.bind == 0});
      if (s.value == 0) here.push_back({nullptr, SymbolKind::Section, fn.section_symbol, true});
      std::sort(here.begin(), here.end(), [](const Entry& x, const Entry& y) {
        if (x.local != y.local) return !x.local;
        return x.local ? x.index > y.index : x.index < y.index;
      });
      std::string head, first;
      if (auto e = map.end_label(s.value)) {  // the previous function's end, printed first (cubin_labels.cpp)
        first = std::string(*e);
        head = escape(first) + ":\\l";
      }
      for (const Entry& e : here) {
        const std::string name = e.kind == SymbolKind::Section ? fn.section : e.sym->name;
        if (first.empty()) first = name;
        if (e.kind == SymbolKind::Function) {
          const CubinFunctionSymbol& f = *e.sym;
          if (f.bind == 1) head += fmt::format("\t.global\t\t{}\\l", escape(f.name));
          if (f.bind == 2) head += fmt::format("\t.weak\t\t{}\\l", escape(f.name));
          head += fmt::format("\t.type\t\t{},@function\\l", escape(f.name));
          auto end = map.end_label(f.value + f.size);
          if (!end) end = map.name_of(f.value + f.size);
          head += fmt::format("\t.size\t\t{},{}\\l", escape(f.name),
                              escape(fmt::format("({} - {})", end ? *end : std::string_view("?"), f.name)));
          if (f.other != 0) head += fmt::format("\t.other\t\t{},{}\\l", escape(f.name), escape("<no object>"));
        } else if (e.kind == SymbolKind::Data) {
          head += fmt::format("\t.type\t\t{},{}\\l", escape(name), escape("<no object>"));
        }
        head += escape(name) + ":\\l";
      }
      start_node(first, std::move(head));
    };
    if (const CubinFunctionSymbol* own = function_at(0)) start_function(*own);
    else start_function({fn.name, 0, fn.code.size(), fn.symbol, 0, 0});

    unsigned exits = 0;
    bool after_conditional = false, dead = false;
    const auto& code = programs[i].code;
    for (std::size_t k = 0; k < code.size(); ++k) {
      const Instruction& inst = code[k];
      const uint64_t addr = inst.address();
      if (map.hidden(addr)) continue;
      // A label starts a block (and a subroutine's name a cluster); the symbol labels belong to the header.
      static const std::vector<std::string> kNone;
      auto before = names_before.find(addr);
      const std::vector<std::string>& names = before == names_before.end() ? kNone : before->second;
      const CubinFunctionSymbol* starts = nullptr;  // a subroutine starting here (its end label among the names)
      for (const std::string& name : names)
        for (const CubinFunctionSymbol& f : fn.function_symbols)
          if (f.name == name) starts = &f;
      if (starts) start_function(*starts);
      else
        for (const std::string& name : names) start_node(name, escape(name + ":") + "\\l");
      if (!names.empty()) exits = 0, after_conditional = false, dead = false;
      if (dead) continue;  // after an unconditional branch, up to the next label
      if (basic_blocks && after_conditional) {
        // -bbcfg: the code after a conditional branch is a block of its own.
        const std::string name = fmt::format("BB{}", next_block++);
        start_node(name, "");
        exits = 0, after_conditional = false;
      }
      Node& cur = nodes.back();
      std::string line = escape(graph_line(text[addr])) + "\\l";
      if (is_exit(inst.op())) {
        const std::string port = fmt::format("exit{}", exits++);
        line = fmt::format("|<{}>", port) + line;
        std::vector<uint64_t> targets;
        if (auto t = inst.relative_target(); t && *t >= 0) targets.push_back(static_cast<uint64_t>(*t));
        if (const auto* list = map.branch_targets(addr)) targets.insert(targets.end(), list->begin(), list->end());
        else if (auto s = map.sync_target(addr)) targets.push_back(*s);
        for (uint64_t t : targets) {
          auto n = map.name_of(t);
          const CubinFunctionSymbol* f = function_at(t);
          cur.edges.emplace_back(port + ":e", n ? std::string(*n) : f ? f->name : fmt::format("{:#x}", t));
        }
        cur.last_port = port;
        if (unconditional(inst)) {
          cur.open = false;
          dead = true;
        }
        after_conditional = !unconditional(inst);
      } else if (after_conditional) {
        line = fmt::format("|<exitpost{}>", exits - 1) + line;
        cur.last_port = fmt::format("exitpost{}", exits - 1);
        after_conditional = false;
      }
      cur.text += line;
    }

    // The blocks the entries reach (edges name nodes; a block's fall-through goes to the next one).
    std::map<std::string, std::size_t> index;
    for (std::size_t n = 0; n < nodes.size(); ++n) index.emplace(nodes[n].name, n);
    std::vector<bool> reached(nodes.size(), false);
    std::vector<std::size_t> work;
    for (const Cluster& c : clusters) {
      reached[c.nodes.front()] = true;
      work.push_back(c.nodes.front());
    }
    while (!work.empty()) {
      const std::size_t n = work.back();
      work.pop_back();
      for (const auto& [port, target] : nodes[n].edges)
        if (auto it = index.find(target); it != index.end() && !reached[it->second]) {
          reached[it->second] = true;
          work.push_back(it->second);
        }
    }
    for (const Cluster& c : clusters) {
      out += fmt::format("subgraph \"cluster_{}\" {{\n", c.name);
      for (std::size_t n : c.nodes) {
        if (!reached[n]) continue;
        const Node& node = nodes[n];
        out += fmt::format("node [fontname=\"Courier\",fontsize=10,shape=Mrecord];\n\"{}\"\n[label=\"{{<entry>{}}}\"]\n",
                           node.name, node.text);
        for (const auto& [port, target] : node.edges)
          out += fmt::format("\"{}\":{} -> \"{}\":entry:n [style=solid];\n", node.name, port, target);
      }
      out += "}\n";
    }
  }
  out += "}\n";
  return std::nullopt;
}

}  // namespace tmu::isa::sm50
