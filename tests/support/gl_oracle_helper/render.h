// SPDX-License-Identifier: MIT
// Runs one request on the current GL context: uploads the texture and the query parameters, draws one 2x2
// quad per query (one draw per shader variant) into an RGBA32UI framebuffer and reads the bit patterns back.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/result.h"
#include "gl_oracle_wire.h"
#include "glsl.h"

namespace tmu::test::gl {

class Renderer {
 public:
  explicit Renderer(ShaderOptions options) : options_(options) {}
  Result<std::vector<QueryResult>> run(const Request& r);

 private:
  Result<unsigned> program(const std::string& fragment);  // compiled and linked, cached by source

  ShaderOptions options_;
  std::map<std::string, unsigned> programs_;
};

}  // namespace tmu::test::gl
