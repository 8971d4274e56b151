// SPDX-License-Identifier: MIT
// The text protocol between the GL oracle client and its helper process (tmu_gl_oracle). One request is a few
// lines ending in "end"; floats travel as their fp32 bit patterns in hex, so everything is exact. The format
// is documented in docs/gl-oracle.md; both sides use these functions.
#pragma once

#include <istream>
#include <span>
#include <string>
#include <vector>

#include "common/result.h"
#include "gl_oracle_types.h"

namespace tmu::test::gl {

inline constexpr std::string_view kRequestMagic = "tmu-gl-oracle-request 1";

struct Request {
  Texture texture;
  Sampler sampler;
  std::vector<Query> queries;
};

std::string write_request(const Texture& t, const Sampler& s, std::span<const Query> queries);
// Reads one request. Always consumes through the "end" line (or the end of input), so that a malformed
// request does not desynchronize the stream. An empty error with no value means the input ended before a
// request.
Result<Request> read_request(std::istream& in);

std::string write_response(std::span<const QueryResult> results);
std::string write_error(std::string_view message);
Result<std::vector<QueryResult>> read_response(std::istream& in);

}  // namespace tmu::test::gl
