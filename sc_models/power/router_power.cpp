// The equations are those of docs/power-model.md, section by section; the
// numbers in comments refer to its equations.
#include "power/router_power.h"

#include <algorithm>
#include <cmath>

namespace nocsim {
namespace {

constexpr double kFemto = 1e-15, kNano = 1e-9;
// Toggle probability of a data bit (random data) and of a control node per
// event (2): Orion's default activity for both.
constexpr double kAlpha = 0.5;
// A mux2 or a tri-state crosspoint, in gate equivalents.
constexpr double kMuxGates = 2.0;
// SRAM: read bitline swing as a fraction of vdd; sense amplifier and write
// driver per column, and decoder per row, in gate equivalents (5).
constexpr double kBitlineSwing = 0.2, kColumnGates = 10.0, kRowGates = 2.0;
// A link repeater in gate equivalents (8).
constexpr double kRepeaterGates = 4.0;
// Clock tree: flip-flops per leaf buffer, gate equivalents of one, and the
// share of wire capacitance the tree's buffers add (9).
constexpr double kLeafFfs = 16.0, kLeafGates = 8.0, kTreeBufferShare = 0.5;
// Contention counters: bits of one (as rtl_ref/contention_unit.sv) and gates
// per bit of its up/down adder and threshold compare (10).
constexpr double kCounterBits = 8.0, kCounterGatesPerBit = 6.0;
// Comparator and mux per bit of a credit count (11).
constexpr double kCompareGatesPerBit = 5.0;
// VC state (12): next-state logic per bit of a state machine, and the hold
// mux of a field written only on some cycles (a flip-flop with enable).
constexpr double kStateGatesPerBit = 4.0, kHoldGates = kMuxGates;

double log2c(double n) { return n > 1 ? std::ceil(std::log2(n)) : 0.0; }

struct Ctx {
  const Tech& t;
  double v;  // supply
  // Energy of one toggle of capacitance c_ff (1): C V^2 / 2.
  double toggle(double c_ff) const { return 0.5 * c_ff * kFemto * v * v; }
  // Leakage scales with the supply at fixed current (3).
  double leak(const Logic& l) const { return (l.gates * t.gate_leak_nw + l.ffs * t.dff_leak_nw) * kNano * v / t.vdd_v; }
  double area(const Logic& l) const { return l.gates * t.gate_area_um2 + l.ffs * t.dff_area_um2; }
  // Energy of one evaluation of a block: a fraction kAlpha of its nodes toggles (2).
  double eval(const Logic& l) const { return kAlpha * (toggle(l.gates * t.gate_cap_ff) + toggle(l.ffs * t.dff_data_cap_ff)); }
};

// A FIFO of n entries of w bits in flip-flops, with its write decoder,
// read mux tree and pointers (4).
struct Fifo {
  Logic logic;
  double storage_ffs = 0;  // clock-gated: clocked only when their entry is written
  double write = 0, read = 0;
};
Fifo dff_fifo(const Ctx& c, double n, double w, double vcs) {
  Fifo f;
  f.storage_ffs = n * w;
  f.logic.ffs = f.storage_ffs + vcs * 2 * log2c(n / vcs);  // storage + head/tail pointers
  f.logic.gates = w * (n - 1) * kMuxGates + n;                    // read mux tree + write decoder
  const double bus = n * 0.5 * c.t.gate_cap_ff + c.t.wire_cap_ff_per_um * n * std::sqrt(c.t.dff_area_um2);
  f.write = w * kAlpha * (c.toggle(bus) + c.toggle(c.t.dff_data_cap_ff)) + c.toggle(log2c(n) * c.t.gate_cap_ff) +
            2 * c.toggle(w * c.t.dff_clock_cap_ff);  // the written entry's gated clock rises and falls
  f.read = w * kAlpha * c.toggle(log2c(n) * kMuxGates * c.t.gate_cap_ff) + c.toggle(log2c(n) * c.t.gate_cap_ff);
  return f;
}

}  // namespace

const char* power_stage_name(PowerStage s) {
  static const char* names[kPowerStages] = {"buffer", "rc",     "va",   "sa",    "st",
                                            "output", "link",   "clock", "contention", "vc_select",
                                            "vc_state"};
  return names[static_cast<int>(s)];
}

int PowerParams::max_vcs() const {
  int v = 1;
  for (const auto& g : in)
    if (g.count) v = std::max(v, g.vcs);
  return v;
}

Logic arbiter_logic(ArbiterKind kind, int n) {
  Logic l;
  if (n < 2) return l;
  const double N = n;
  switch (kind) {
    case ArbiterKind::Rr:  // two priority chains, pointer in one-hot flip-flops (7a)
      l.gates = 7 * N, l.ffs = N;
      break;
    case ArbiterKind::Lrs:
    case ArbiterKind::Matrix:  // one flip-flop per pair, grant and update logic (7b)
      l.gates = 2.5 * N * (N - 1), l.ffs = N * (N - 1) / 2;
      break;
    case ArbiterKind::Age:  // a tree of 16-bit compare-and-select nodes, rr tie-break (7c)
      l.gates = (N - 1) * 16 * kCompareGatesPerBit + 7 * N, l.ffs = N;
      break;
  }
  return l;
}

Logic sw_alloc_logic(const PowerParams& p) {
  Logic l;
  for (const auto& g : p.in)
    for (int i = 0; i < g.count; ++i) l += arbiter_logic(p.sa_in_arb, g.vcs);
  for (int o = 0; o < p.out_ports; ++o) l += arbiter_logic(p.sa_out_arb, p.input_ports());
  l.gates *= p.speedup, l.ffs *= p.speedup;
  return l;
}

Logic vc_alloc_logic(const PowerParams& p) {
  Logic l;
  const int n = p.input_vcs();
  if (p.va_free_pool) {  // per output port: an arbiter over every input VC and the next-VC pointer (7)
    for (int o = 0; o < p.out_ports; ++o) {
      l += arbiter_logic(p.va_arb, n);
      l += arbiter_logic(ArbiterKind::Rr, p.max_vcs());
    }
    l.gates += static_cast<double>(n) * p.out_ports;  // which input VCs ask for this port
    return l;
  }
  for (const auto& g : p.in)
    for (int i = 0; i < g.count * g.vcs; ++i) l += arbiter_logic(ArbiterKind::Rr, g.vcs);  // stage 1
  for (int o = 0; o < n; ++o) l += arbiter_logic(p.va_arb, n);                             // stage 2
  l.gates += static_cast<double>(n) * n;  // which stage-1 picks are this output VC (7)
  return l;
}

Logic contention_logic(int ports) {
  return {ports * kCounterBits * kCounterGatesPerBit, ports * kCounterBits};
}

Logic vc_select_logic(int vcs, int bits) { return {(vcs - 1.0) * bits * kCompareGatesPerBit, 0}; }

int PowerParams::max_depth() const {
  int d = 1;
  for (const auto& g : in)
    if (g.count) d = std::max(d, g.depth);
  return d;
}

namespace {
// An output VC's credit count, an up/down counter of log2(depth + 1) bits (10's arithmetic).
Logic credit_counter(const PowerParams& p) {
  const double bits = log2c(p.max_depth() + 1.0);
  return {bits * kCounterGatesPerBit, bits};
}
}  // namespace

// Dally & Towles's input unit keeps per input VC a state G (idle, routing,
// waiting for VA, active: 2 bits), the route R and the output VC O; its
// output unit keeps per output VC a state G (busy), the input VC I that
// holds it and the credit count C [3]. R, O and I hold their value between
// writes (a hold mux per bit); C counts up and down (10's counter per bit).
Logic vc_state_logic(const PowerParams& p) {
  const double route = log2c(p.out_ports), out_vc = log2c(p.max_vcs()), in_vc = log2c(p.input_vcs());
  const Logic input{2 * kStateGatesPerBit + (route + out_vc) * kHoldGates, 2 + route + out_vc};
  Logic output{kStateGatesPerBit + in_vc * kHoldGates, 1 + in_vc};
  output += credit_counter(p);
  Logic l;
  for (int i = 0; i < p.input_vcs(); ++i) l += input;
  for (int o = 0; o < p.out_ports * p.max_vcs(); ++o) l += output;
  return l;
}

double total_area_um2(const StageCost* stages, int n) {
  double a = 0;
  for (int s = 0; s < n; ++s) a += stages[s].area_um2;
  return a;
}
double total_leakage_w(const StageCost* stages, int n) {
  double w = 0;
  for (int s = 0; s < n; ++s) w += stages[s].leakage_w;
  return w;
}

std::vector<std::pair<const char*, double>> energy_events(const RouterPower& m) {
  return {{"buffer_write", m.buffer_write[1]}, {"buffer_read", m.buffer_read[1]}, {"rc", m.rc},
          {"va_request", m.va_request},       {"va_grant", m.va_grant},         {"sa_request", m.sa_request},
          {"sa_grant", m.sa_grant},           {"xbar", m.xbar},                 {"output_write", m.out_write},
          {"output_read", m.out_read},        {"link_flit", m.link_flit},       {"credit", m.credit},
          {"clock_cycle", m.clock_cycle},     {"contention_update", m.contention_update},
          {"vc_select", m.vc_select},         {"vc_state_update", m.vc_state_update}};
}

namespace {

// The router's stages as they are added: their area and leakage, and the
// flip-flops the clock tree drives (clocked: every cycle, not gated).
struct Tally {
  const Ctx& c;
  RouterPower r;
  double all_ffs = 0, clocked_ffs = 0;
  void add(PowerStage s, const Logic& l, double gated_ffs = 0) {
    r.at(s).area_um2 += c.area(l);
    r.at(s).leakage_w += c.leak(l);
    all_ffs += l.ffs;
    clocked_ffs += l.ffs - gated_ffs;
  }
};

// Input buffers, one memory per port holding all its VCs (4, 5).
void add_input_buffers(const PowerParams& p, Tally& tally) {
  const Ctx& c = tally.c;
  const Tech& t = c.t;
  const double w = p.flit_bits;
  for (int k = 0; k < 3; ++k) {
    const PortGroup& g = p.in[static_cast<size_t>(k)];
    if (!g.count) continue;
    const double n = static_cast<double>(g.vcs) * g.depth;
    if (!p.sram) {
      const Fifo f = dff_fifo(c, n, w, g.vcs);
      for (int i = 0; i < g.count; ++i) tally.add(PowerStage::Buffer, f.logic, f.storage_ffs);
      tally.r.buffer_write[k] = f.write, tally.r.buffer_read[k] = f.read;
      continue;
    }
    const double cells = n * w;
    const Logic periphery{w * kColumnGates + n * kRowGates, g.vcs * 2 * log2c(g.depth)};
    const double wordline = w * t.sram_wordline_cap_ff, bitline = n * t.sram_bitline_cap_ff;
    const double decode = c.toggle(log2c(n) * t.gate_cap_ff);
    tally.r.buffer_write[k] = 2 * c.toggle(wordline) + w * kAlpha * 2 * c.toggle(bitline) + decode;
    tally.r.buffer_read[k] = 2 * c.toggle(wordline) + w * bitline * kFemto * c.v * (kBitlineSwing * c.v) +
                       w * t.sense_amp_fj * kFemto + decode;
    for (int i = 0; i < g.count; ++i) {
      tally.add(PowerStage::Buffer, periphery);
      tally.r.at(PowerStage::Buffer).area_um2 += cells * t.sram_cell_um2;
      tally.r.at(PowerStage::Buffer).leakage_w += cells * t.sram_leak_nw * kNano * c.v / t.vdd_v;
    }
  }
}

// Crossbar (8): I inputs (speedup widens them) by O outputs of w bits.
void add_crossbar(const PowerParams& p, Tally& tally) {
  const Ctx& c = tally.c;
  const Tech& t = c.t;
  const double w = p.flit_bits;
  const double xi = static_cast<double>(p.input_ports()) * p.speedup, xo = p.out_ports;
  Logic xbar;
  if (p.mux_xbar) {
    xbar.gates = xo * w * (xi - 1) * kMuxGates;
    const double wire = t.wire_cap_ff_per_um * (xi + xo) * w * t.wire_pitch_um;
    tally.r.xbar = w * kAlpha * c.toggle(log2c(xi) * kMuxGates * t.gate_cap_ff + xo * 0.5 * t.gate_cap_ff + wire);
    tally.add(PowerStage::St, xbar);
  } else {
    xbar.gates = xi * xo * w * kMuxGates;  // tri-state crosspoints
    // The I*w by O*w grid of lines holds the I*O*w crosspoint cells: its
    // tracks are a wire pitch apart, or wider where the cells need the room
    // (then the lines are longer too).
    const double pitch = std::max(t.wire_pitch_um, std::sqrt(kMuxGates * t.gate_area_um2 / w));
    const double in_line = t.wire_cap_ff_per_um * xo * w * pitch + xo * 0.5 * t.gate_cap_ff;
    const double out_line = t.wire_cap_ff_per_um * xi * w * pitch + xi * 0.5 * t.gate_cap_ff;
    tally.r.xbar = w * kAlpha * c.toggle(in_line + out_line) + c.toggle(xi * t.gate_cap_ff);  // + crosspoint enables
    tally.add(PowerStage::St, xbar);
    const double grid = (xi * w * pitch) * (xo * w * pitch);
    tally.r.at(PowerStage::St).area_um2 += grid - xi * xo * w * kMuxGates * t.gate_area_um2;  // the grid, not just its cells
  }
  // Pipeline registers: the flit between SA and ST per input, after ST per output.
  tally.add(PowerStage::St, Logic{0, (xi + xo) * w});
}

// Links (8): repeated wires, flits forward and credits (VC id + valid) back.
void add_links(const PowerParams& p, Tally& tally) {
  const Ctx& c = tally.c;
  const Tech& t = c.t;
  const double w = p.flit_bits;
  const double len_um = p.link_mm * 1000.0;
  const double per_bit = 2.0 * t.wire_cap_ff_per_um * len_um;  // wire + repeaters
  const double credit_bits = log2c(p.max_vcs()) + 1;
  tally.r.link_flit = w * kAlpha * c.toggle(per_bit);
  tally.r.credit = credit_bits * kAlpha * c.toggle(per_bit);
  const double repeaters = (w + credit_bits) * std::ceil(len_um / t.repeater_spacing_um);
  for (int o = 0; o < p.link_ports; ++o) tally.add(PowerStage::Link, Logic{repeaters * kRepeaterGates, 0});
}

// Clock tree (9): an H-tree over the router's area to a leaf buffer (or
// clock gate) per kLeafFfs flip-flops, and the clock load of every
// flip-flop but the gated buffer entries; charged and discharged every cycle.
void add_clock_tree(Tally& tally) {
  const Ctx& c = tally.c;
  const Tech& t = c.t;
  double area = 0;
  for (const auto& s : tally.r.stage) area += s.area_um2;
  const double leaves = std::ceil(tally.all_ffs / kLeafFfs);
  const double tree_um = std::sqrt(area) * std::sqrt(std::max(1.0, leaves));
  const Logic buffers{leaves * kLeafGates, 0};
  tally.r.at(PowerStage::Clock).area_um2 = c.area(buffers);
  tally.r.at(PowerStage::Clock).leakage_w = c.leak(buffers);
  const double clock_cap = tally.clocked_ffs * t.dff_clock_cap_ff + (1 + kTreeBufferShare) * t.wire_cap_ff_per_um * tree_um +
                           leaves * kLeafGates * t.gate_cap_ff;
  tally.r.clock_cycle = 2 * c.toggle(clock_cap);
}

}  // namespace

RouterPower router_power(const PowerParams& p, const Tech& t) {
  const Ctx c{t, p.vdd_v > 0 ? p.vdd_v : t.vdd_v};
  Tally tally{c, {}};
  add_input_buffers(p, tally);

  // Routing computation: one unit per input port (6).
  const Logic rc{8.0 * p.addr_bits + 4.0 * p.out_ports, 0};
  for (int i = 0; i < p.input_ports(); ++i) tally.add(PowerStage::Rc, rc);
  tally.r.rc = c.eval(rc);

  // VC allocation: stage 1 then stage 2 (7). A request drives one request
  // line into stage 2; a grant evaluates one arbiter of each stage.
  tally.add(PowerStage::Va, vc_alloc_logic(p));
  tally.r.va_request = kAlpha * c.toggle(2 * t.gate_cap_ff);
  tally.r.va_grant = c.eval(arbiter_logic(ArbiterKind::Rr, p.max_vcs())) + c.eval(arbiter_logic(p.va_arb, p.input_vcs()));
  // (free_pool evaluates the same two: the port's arbiter and its next-VC pointer)

  // Switch allocation, the same way (7).
  tally.add(PowerStage::Sa, sw_alloc_logic(p));
  tally.r.sa_request = kAlpha * c.toggle(2 * t.gate_cap_ff);
  tally.r.sa_grant = c.eval(arbiter_logic(p.sa_in_arb, p.max_vcs())) + c.eval(arbiter_logic(p.sa_out_arb, p.input_ports()));

  add_crossbar(p, tally);

  // Output buffers (speedup): a flip-flop FIFO per output (4).
  if (p.out_depth > 0) {
    const Fifo f = dff_fifo(c, p.out_depth, p.flit_bits, 1);
    for (int o = 0; o < p.out_ports; ++o) tally.add(PowerStage::Output, f.logic, f.storage_ffs);
    tally.r.out_write = f.write, tally.r.out_read = f.read;
  }

  add_links(p, tally);

  // Contention counters (10) and FlexVC's selection (11), where the run has them.
  if (p.contention) {
    tally.add(PowerStage::Contention, contention_logic(p.link_ports));
    tally.r.contention_update = c.eval(contention_logic(1));
  }
  if (p.vc_select) {
    const Logic tree = vc_select_logic(p.max_vcs(), static_cast<int>(log2c(static_cast<double>(p.in[1].depth) + 1)));
    for (int i = 0; i < p.input_ports(); ++i) tally.add(PowerStage::VcSelect, tree);
    tally.r.vc_select = c.eval(tree);
  }

  // VC state (12): a VA grant writes an input VC's and an output VC's
  // fields; a departing flit and a returning credit each step a counter.
  tally.add(PowerStage::VcState, vc_state_logic(p));
  tally.r.vc_state_update = c.eval(credit_counter(p));

  add_clock_tree(tally);
  return tally.r;
}

}  // namespace nocsim
