// SPDX-License-Identifier: MIT
// A cubin's control-flow graphs as nvdisasm -cfg / -bbcfg print them (Graphviz "dot" text).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "isa/cubin.h"
#include "isa/sm50/cubin_labels.h"

namespace tmu::isa::sm50 {

// `digraph f { ... }` with one `subgraph "cluster_NAME"` per FUNC symbol (kernels and their subroutines, in address
// order, sections in the listing's order) and one record node per block: nvdisasm's listing cut at its labels
// (`basic_blocks`, -bbcfg: also after each conditional branch, the rest a node "BB<n>" numbered across the file),
// without the blocks the function's entry does not reach. A branch, EXIT or RET is a port `<exitK>`, the code after
// a conditional one `<exitpostK>`; edges go from a port to the target's entry (`:e`) and from the block's last port
// to the next block (`:s`). `symbols` selects functions as cubin_listing's does.
std::optional<CubinListingFailure> cubin_graph(const Cubin& cubin, bool basic_blocks, std::string& out,
                                               std::span<const uint32_t> symbols = {});

}  // namespace tmu::isa::sm50
