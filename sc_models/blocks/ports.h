#pragma once
// The ports of the built-in blocks with a Verilog twin, stated once for the
// stages that drive them and for their Verilated sides (rtl/blocks.cpp).
// Each evaluation is one clock cycle of the block (BlockRun). The flat
// vectors hold the signals in the order listed, each of its size; the
// packers (the stages, rtl/verilated_blocks.cpp) index them that way.
#include "blocks/block.h"
#include "core/route.h"

namespace nocsim::ports {

// Switch allocator (rtl_ref/sw_alloc_sep_if.sv): req[ip] has bit v set when
// input VC (ip, v) requests output op[ip*V+v]; gnt[ip] is the granted VC
// (-1: none), gnt_op[ip] its output (-1: none).
inline BlockSignals sa(int P, int V) { return {{{"req", P}, {"op", P * V}}, {{"gnt", P}, {"gnt_op", P}}}; }

// VC allocator (rtl_ref/vc_alloc_sep_if.sv): input VC i = ip*V+v requests
// output port op[i], output VCs mask[i] (0: no request); gnt[i] is the
// granted output VC (-1: none).
inline BlockSignals va(int P, int V) { return {{{"op", P * V}, {"mask", P * V}}, {{"gnt", P * V}}}; }

// FlexVC's output-VC selection (rtl_ref/flexvc_select.sv), over the n
// candidates of one request: per candidate k its VC range lo..hi, the
// port's free VCs, the credits of its first kSelectVcs VCs and the credits
// a VC needs; out: per candidate its usable VCs, the first candidate with
// one (-1: none) and the VC picked there as a mask (0: none).
constexpr int kSelectVcs = 8;
inline BlockSignals select(int, int) {
  constexpr int K = kMaxCandidates;
  return {{{"n", 1}, {"lo", K}, {"hi", K}, {"free", K}, {"credits", K * kSelectVcs}, {"need", K}},
          {{"usable", K}, {"choice", 1}, {"mask", 1}}};
}

// Per-port up/down counters fed by events (EventRun): inc[p], dec[p] of a cycle.
// Contention (rtl_ref/contention_unit.sv): count, filtered average (1/256), comparator.
enum ContentionOut : size_t { kConCount, kConFiltered, kConOver };
inline BlockSignals contention(int P, int) {
  return {{{"inc", P}, {"dec", P}}, {{"count", P}, {"filtered_q8", P}, {"over", P}}};
}
// minCred (rtl_ref/mincred_counter.sv): downstream slots held by minimally routed flits.
inline BlockSignals mincred(int P, int) { return {{{"inc", P}, {"dec", P}}, {{"count", P}}}; }

}  // namespace nocsim::ports
