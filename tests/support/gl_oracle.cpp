// SPDX-License-Identifier: MIT
#include "gl_oracle.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "gl_oracle_wire.h"

#ifndef TMU_GL_ORACLE_PATH
#define TMU_GL_ORACLE_PATH ""  // tmu was configured without OSMesa
#endif

extern char** environ;

namespace tmu::test {
namespace {

// $TMU_GL_ORACLE, else the helper this build made.
std::string helper_path() {
  if (const char* p = std::getenv("TMU_GL_ORACLE"); p && *p) return p;
  return TMU_GL_ORACLE_PATH;
}

// The environment with the driver's variables set.
std::vector<std::string> child_environment(gl::Driver d, const GlOracleOptions& o) {
  std::map<std::string, std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string kv = *e;
    const std::size_t eq = kv.find('=');
    if (eq != std::string::npos) env[kv.substr(0, eq)] = kv.substr(eq + 1);
  }
  env["GALLIUM_DRIVER"] = std::string(gl::name(d));
  if (o.lp_num_threads >= 0) env["LP_NUM_THREADS"] = std::to_string(o.lp_num_threads);
  if (!o.gallivm_perf.empty()) env["GALLIVM_PERF"] = o.gallivm_perf;
  std::vector<std::string> out;
  for (const auto& [k, v] : env)
    out.push_back(k + "=" + v);
  return out;
}

}  // namespace

bool GlOracle::available() {
  const std::string p = helper_path();
  return !p.empty() && ::access(p.c_str(), X_OK) == 0;
}

Result<GlOracle> GlOracle::open(gl::Driver driver, const GlOracleOptions& options) {
  const std::string helper = helper_path();
  if (helper.empty())
    return make_error("tmu_gl_oracle was not built: pkg-config found no 'osmesa' when tmu was configured; " +
                      std::string(kGlOracleInstallHint) + " and reconfigure");
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    return make_error(std::string("socketpair: ") + std::strerror(errno));
  GlOracle o;
  o.driver_ = driver;
  o.fd_ = sv[0];
  o.timeout_ms_ = options.timeout_s * 1000;
  static int started = 0;
  o.stderr_path_ =
      temp_dir() + "/gl_oracle_" + std::string(gl::name(driver)) + "_" + std::to_string(started++) + ".err";
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
  posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, o.stderr_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const std::vector<std::string> env = child_environment(driver, options);
  std::vector<char*> envp;
  for (const auto& e : env)
    envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  char* argv[] = {const_cast<char*>(helper.c_str()), nullptr};
  const int rc = posix_spawn(&o.pid_, helper.c_str(), &fa, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&fa);
  ::close(sv[1]);
  if (rc != 0) {
    o.pid_ = -1;
    return make_error("cannot start " + helper + ": " + std::strerror(rc));
  }
  auto ready = o.read_line();
  if (!ready) return make_error(ready.error());
  if (!ready->starts_with("ready\t")) return make_error("tmu_gl_oracle: " + *ready + o.stderr_tail());
  std::istringstream fields(ready->substr(6));
  std::getline(fields, o.renderer_, '\t');
  std::getline(fields, o.gl_version_, '\t');
  if (o.renderer_.find(gl::name(driver)) == std::string::npos)
    return make_error("asked GALLIUM_DRIVER=" + std::string(gl::name(driver)) + " but OSMesa gave '" +
                      o.renderer_ + "'");
  return o;
}

Result<GlOracle*> GlOracle::shared(gl::Driver driver, const std::string& gallivm_perf) {
  static std::map<std::pair<int, std::string>, std::unique_ptr<GlOracle>> oracles;
  auto& slot = oracles[{static_cast<int>(driver), gallivm_perf}];
  if (!slot) {
    GlOracleOptions options;
    options.gallivm_perf = gallivm_perf;
    auto o = open(driver, options);
    if (!o) return make_error(o.error());
    slot = std::make_unique<GlOracle>(std::move(*o));
  }
  return slot.get();
}

GlOracle::GlOracle(GlOracle&& o) noexcept {
  *this = std::move(o);
}

GlOracle& GlOracle::operator=(GlOracle&& o) noexcept {
  if (this != &o) {
    close();
    driver_ = o.driver_;
    pid_ = std::exchange(o.pid_, -1);
    fd_ = std::exchange(o.fd_, -1);
    timeout_ms_ = o.timeout_ms_;
    buffer_ = std::move(o.buffer_);
    stderr_path_ = std::move(o.stderr_path_);
    renderer_ = std::move(o.renderer_);
    gl_version_ = std::move(o.gl_version_);
  }
  return *this;
}

GlOracle::~GlOracle() {
  close();
}

void GlOracle::close() {
  if (fd_ >= 0) ::close(fd_);  // the helper sees the end of its input and exits
  fd_ = -1;
  if (pid_ > 0) {
    int st = 0;
    for (int i = 0; i < 500 && ::waitpid(pid_, &st, WNOHANG) == 0; ++i)
      ::usleep(10000);
    if (::waitpid(pid_, &st, WNOHANG) == 0) {  // still running after 5 s
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &st, 0);
    }
  }
  pid_ = -1;
}

std::string GlOracle::stderr_tail() const {
  std::ifstream in(stderr_path_);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.size() > 2000) text = "..." + text.substr(text.size() - 2000);
  return text.empty() ? "" : " (stderr: " + text + ")";
}

Result<std::string> GlOracle::read_line() {
  for (;;) {
    if (const std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return line;
    }
    pollfd p{fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, timeout_ms_);
    if (ready == 0) {
      ::kill(pid_, SIGKILL);
      return make_error("tmu_gl_oracle (" + std::string(gl::name(driver_)) + ") timed out");
    }
    char chunk[65536];
    const ssize_t got = ready < 0 ? -1 : ::read(fd_, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      int st = 0;
      std::string how = "exited";
      if (pid_ > 0 && ::waitpid(pid_, &st, 0) == pid_) {
        how = WIFEXITED(st) ? "exited with status " + std::to_string(WEXITSTATUS(st))
                            : "was killed by signal " + std::to_string(WTERMSIG(st));
        pid_ = -1;
      }
      return make_error("tmu_gl_oracle (" + std::string(gl::name(driver_)) + ") " + how + stderr_tail());
    }
    buffer_.append(chunk, static_cast<std::size_t>(got));
  }
}

Result<std::string> GlOracle::read_until_end() {
  std::string text;
  for (;;) {
    auto line = read_line();
    if (!line) return make_error(line.error());
    text += *line + '\n';
    if (*line == "end") return text;
  }
}

Result<std::vector<gl::QueryResult>> GlOracle::sample(const gl::Texture& t, const gl::Sampler& s,
                                                      std::span<const gl::Query> queries) {
  if (fd_ < 0) return make_error("the GL oracle is closed");
  const std::string request = gl::write_request(t, s, queries);
  for (std::size_t sent = 0; sent < request.size();) {
    const ssize_t n = ::send(fd_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return make_error("tmu_gl_oracle stopped reading its requests" + stderr_tail());
    sent += static_cast<std::size_t>(n);
  }
  auto text = read_until_end();
  if (!text) return make_error(text.error());
  std::istringstream in(*text);
  auto r = gl::read_response(in);
  if (r && r->size() != queries.size())
    return make_error("tmu_gl_oracle answered a different number of queries");
  return r;
}

}  // namespace tmu::test
