// SPDX-License-Identifier: MIT
#include "oracle.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

extern char** environ;

namespace tmu::test {
namespace fs = std::filesystem;

std::optional<std::string> find_tool(const std::string& name) {
  std::vector<fs::path> dirs;
  if (const char* d = std::getenv("TMU_CUDA_BIN")) dirs.emplace_back(d);
  if (const char* c = std::getenv("TMU_CACHE")) dirs.emplace_back(fs::path(c) / "cuda-11.8/bin");
  else if (const char* h = std::getenv("HOME")) dirs.emplace_back(fs::path(h) / ".cache/tmu/cuda-11.8/bin");
  if (const char* p = std::getenv("PATH")) {
    std::stringstream ss(p);
    std::string d;
    while (std::getline(ss, d, ':'))
      if (!d.empty()) dirs.emplace_back(d);
  }
  for (const auto& d : dirs) {
    const fs::path f = d / name;
    if (::access(f.c_str(), X_OK) == 0) return f.string();
  }
  return std::nullopt;
}

bool oracles_required() {
  const char* v = std::getenv("TMU_REQUIRE_ORACLES");
  return v && std::string(v) == "1";
}

std::size_t env_count(const char* name, std::size_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? static_cast<std::size_t>(std::strtoull(v, nullptr, 0)) : fallback;
}

std::size_t corpus_stride() { return std::max<std::size_t>(1, env_count("TMU_CORPUS_STRIDE", 1)); }

namespace {
std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}
}  // namespace

RunResult run_program(const std::vector<std::string>& argv) {
  const std::string dir = temp_dir();
  static int counter = 0;
  const std::string out_path = dir + "/run" + std::to_string(counter) + ".out";
  const std::string err_path = dir + "/run" + std::to_string(counter++) + ".err";
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  RunResult r;
  if (posix_spawn(&pid, args[0], &fa, nullptr, args.data(), environ) == 0) {
    int st = 0;
    waitpid(pid, &st, 0);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
  posix_spawn_file_actions_destroy(&fa);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  fs::remove(out_path);
  fs::remove(err_path);
  return r;
}

std::string temp_dir() {
  static const std::string dir = [] {
    std::string tmpl = (fs::temp_directory_path() / "tmu-test-XXXXXX").string();
    char* d = ::mkdtemp(tmpl.data());
    std::string path = d ? d : "/tmp";
    static struct Cleanup {
      std::string p;
      ~Cleanup() {
        std::error_code ec;
        if (p != "/tmp") fs::remove_all(p, ec);
      }
    } cleanup{path};
    return path;
  }();
  return dir;
}

void write_bytes(const std::string& path, const std::vector<std::byte>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::vector<std::byte> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::byte> out(raw.size());
  std::memcpy(out.data(), raw.data(), raw.size());
  return out;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
}

std::string normalize_nvdisasm_text(std::string text) {
  std::size_t t = 0;
  while (t < text.size() && text[t] == ' ') ++t;
  text.erase(0, t);
  // With -hex, the encoding follows as a comment.
  if (const std::size_t c = text.find("/* 0x"); c != std::string::npos) {
    text.erase(c);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    // Keep the one trailing space some operands carry ("+INF ;" was "+INF  ;").
  }
  if (text.ends_with("}")) {  // the second half of a pair is padded before its '}'
    std::size_t e = text.size() - 1;
    while (e > 0 && text[e - 1] == ' ') --e;
    text = text.substr(0, e) + " }";
  }
  if (text.starts_with("{")) {  // "{         A ;" -> "{ A ;"
    std::size_t s = 1;
    while (s < text.size() && text[s] == ' ') ++s;
    text = "{ " + text.substr(s);
  }
  // Before an operand it cannot name ("???6", "???255") nvdisasm pads the text with spaces so that the "???"
  // starts at a column computed from the whole listing (memory.md section 1.2, Appendix B). That is listing
  // layout, not instruction text: tmu prints one space there, so the run of spaces is collapsed to one. A "???"
  // inside the mnemonic (CCTLL.???1) follows a '.' and is left alone.
  for (std::size_t q = text.find(" ???"); q != std::string::npos; q = text.find(" ???", q + 1)) {
    std::size_t s = q;
    while (s > 0 && text[s - 1] == ' ') --s;
    text.erase(s, q - s);
    q = s;
  }
  // An indirect branch's (*"BRANCH_TARGETS ..."*) annotation is padded to a listing column the same way.
  if (const std::size_t a = text.find(" (*\""); a != std::string::npos) {
    std::size_t s = a;
    while (s > 0 && text[s - 1] == ' ') --s;
    text.erase(s, a - s);
  }
  return text;
}

std::vector<std::byte> nvdisasm_bundles(const std::vector<uint64_t>& words, const std::vector<uint64_t>& slots) {
  constexpr uint64_t kFiller = 0xe003ff87cff7ff04;
  std::vector<std::byte> code;
  auto store = [&code](uint64_t v) {
    for (int i = 0; i < 8; ++i) code.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xff));
  };
  for (std::size_t b = 0; b < words.size(); b += 3) {
    uint64_t ctrl = 0;
    for (std::size_t k = 0; k < 3; ++k) ctrl |= (b + k < words.size() ? slots[b + k] : kPlainSlot) << (21 * k);
    store(ctrl);
    for (std::size_t k = 0; k < 3; ++k) store(b + k < words.size() ? words[b + k] : kFiller);
  }
  return code;
}

NvdisasmOutput nvdisasm_raw(const std::string& nvdisasm, const std::vector<std::byte>& code, isa::Arch arch) {
  static int counter = 0;
  const std::string path = temp_dir() + "/code" + std::to_string(counter++) + ".bin";
  write_bytes(path, code);
  RunResult r = run_program({nvdisasm, "-b", std::string(isa::arch_name(arch)), path});
  fs::remove(path);
  NvdisasmOutput o;
  if (r.status != 0) {
    std::string e = r.err;
    const std::string prefix = "nvdisasm error   : ";
    if (e.starts_with(prefix)) e.erase(0, prefix.size());
    while (!e.empty() && (e.back() == '\n' || e.back() == '\r')) e.pop_back();
    o.error = e;
    return o;
  }
  o.ok = true;
  std::stringstream ss(r.out);
  std::string line;
  while (std::getline(ss, line)) {
    const std::size_t a = line.find("/*");
    const std::size_t b = line.find("*/", a == std::string::npos ? 0 : a);
    if (a == std::string::npos || b == std::string::npos || line.compare(a, 3, "/* ") == 0) continue;
    o.lines.push_back(normalize_nvdisasm_text(line.substr(b + 2)));
  }
  return o;
}

}  // namespace tmu::test
