// The power/area model: each figure moves with the parameters as the
// equations of docs/power-model.md say.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "power/router_power.h"
#include "power/tech.h"

using namespace nocsim;

namespace {

// A mesh-like router: `ports` network ports plus one NIC port, all with `vcs`
// VCs of `depth` flits.
PowerParams router(int ports, int vcs, int depth, int bits = 64) {
  PowerParams p;
  p.in[0] = {1, vcs, depth};
  p.in[1] = {ports, vcs, depth};
  p.out_ports = ports + 1;
  p.link_ports = ports;
  p.flit_bits = bits;
  return p;
}

const Tech& t45() {
  static const Tech t = tech_for_node(45);
  return t;
}

double area(const RouterPower& r, PowerStage s) { return r.at(s).area_um2; }
double leak(const RouterPower& r, PowerStage s) { return r.at(s).leakage_w; }

}  // namespace

TEST(Tech, EveryNodeFileParsesWithEveryConstant) {
  const auto nodes = tech_node_names();
  for (const char* n : {"22", "32", "45", "65"}) EXPECT_NE(std::find(nodes.begin(), nodes.end(), n), nodes.end()) << n;
  for (const auto& n : nodes) {
    const Tech t = tech_for_node(std::stoi(n));
    EXPECT_EQ(t.node_nm, std::stoi(n));
    EXPECT_GT(t.vdd_v, 0);
    EXPECT_GT(t.sense_amp_fj, 0);
  }
}

TEST(Tech, BadDataIsAnErrorNamingTheLine) {
  const std::string all = std::string(tech_files().front().text);
  auto error = [](const std::string& text) {
    try {
      parse_tech(7, text, "x.tech");
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error(all + "bogus_ff 1\n").find("x.tech:"), std::string::npos);
  EXPECT_NE(error(all + "bogus_ff 1\n").find("unknown constant 'bogus_ff'"), std::string::npos);
  EXPECT_NE(error("vdd_v 1.0\n").find("missing constant 'gate_area_um2'"), std::string::npos);
  EXPECT_NE(error(all + "vdd_v -1\n").find("vdd_v: expected one positive number"), std::string::npos);
  EXPECT_NE(error(all + "vdd_v 1 2\n").find("expected one positive number"), std::string::npos);
  EXPECT_EQ(error(all), "");
  EXPECT_THROW(tech_for_node(7), ConfigError);
}

TEST(RouterPower, CrossbarEnergyPerBitGrowsWithPorts) {
  double last = 0;
  for (int ports : {4, 6, 8, 12}) {
    const RouterPower r = router_power(router(ports, 2, 8), t45());
    EXPECT_GT(r.xbar / 64, last) << ports;
    last = r.xbar / 64;
  }
}

TEST(RouterPower, CrossbarAreaGrowsWithPortsSquaredAndUpToWidthSquared) {
  // The ST stage is the crossbar plus its pipeline registers, (I + O) x w flip-flops.
  auto xbar = [](int ports, int bits) {
    const double regs = 2.0 * (ports + 1) * bits * t45().dff_area_um2;
    return area(router_power(router(ports, 2, 8, bits), t45()), PowerStage::St) - regs;
  };
  // Crosspoints and wire grid both scale with inputs x outputs.
  EXPECT_NEAR(xbar(9, 64) / xbar(4, 64), (10.0 * 10.0) / (5 * 5), 1e-9);
  // Narrow flits: the crosspoints (width) dominate; wide ones: the wire grid (width^2).
  EXPECT_NEAR(xbar(4, 16) / xbar(4, 8), 2.0, 1e-9);
  EXPECT_NEAR(xbar(4, 512) / xbar(4, 256), 4.0, 1e-9);
}

TEST(RouterPower, BufferLeakageAndAreaProportionalToBits) {
  for (bool sram : {false, true}) {
    PowerParams a = router(4, 2, 16), b = router(4, 4, 16), c = router(4, 2, 16, 128);
    a.sram = b.sram = c.sram = sram;
    const RouterPower ra = router_power(a, t45()), rb = router_power(b, t45()), rc = router_power(c, t45());
    EXPECT_GT(ra.buffer_write[1], 0);
    EXPECT_GT(ra.buffer_read[1], 0);
    // Energy per flit grows with the flit's width.
    EXPECT_NEAR(rc.buffer_read[1] / ra.buffer_read[1], 2.0, 0.2) << sram;
    const double added_bits = 5.0 * 2 * 16 * 64;  // ports x VCs x depth x width
    if (!sram) {
      // Flip-flops and their read muxes: twice the bits (VCs or width), twice
      // the leakage and area, within what the pointers and decoders add.
      EXPECT_NEAR(leak(rb, PowerStage::Buffer) / leak(ra, PowerStage::Buffer), 2.0, 0.05);
      EXPECT_NEAR(leak(rc, PowerStage::Buffer) / leak(ra, PowerStage::Buffer), 2.0, 0.05);
      EXPECT_NEAR(area(rb, PowerStage::Buffer) / area(ra, PowerStage::Buffer), 2.0, 0.05);
    } else {
      // The cells leak in proportion to the bits; sense amplifiers, drivers
      // and decoders add per column and per row.
      EXPECT_GE(leak(rb, PowerStage::Buffer) - leak(ra, PowerStage::Buffer), added_bits * t45().sram_leak_nw * 1e-9);
      EXPECT_GE(area(rb, PowerStage::Buffer) - area(ra, PowerStage::Buffer), added_bits * t45().sram_cell_um2);
      EXPECT_GT(leak(rc, PowerStage::Buffer), leak(ra, PowerStage::Buffer));
    }
  }
  // An SRAM cell is smaller than a flip-flop: deep buffers take less area as SRAM.
  PowerParams d = router(4, 4, 64), s = d;
  s.sram = true;
  EXPECT_LT(area(router_power(s, t45()), PowerStage::Buffer), area(router_power(d, t45()), PowerStage::Buffer));
}

TEST(RouterPower, VaIsNonZeroAndGrowsWithVcs) {
  double last_area = 0, last_leak = 0, last_grant = 0;
  for (int vcs : {1, 2, 4, 8}) {
    const RouterPower r = router_power(router(4, vcs, 8), t45());
    EXPECT_GT(area(r, PowerStage::Va), last_area) << vcs;
    EXPECT_GT(leak(r, PowerStage::Va), last_leak) << vcs;
    EXPECT_GT(r.va_grant, last_grant) << vcs;
    last_area = area(r, PowerStage::Va), last_leak = leak(r, PowerStage::Va), last_grant = r.va_grant;
  }
  // Stage 2 has one arbiter over every input VC per output VC: quadratic in VCs.
  const double a4 = area(router_power(router(4, 4, 8), t45()), PowerStage::Va);
  const double a8 = area(router_power(router(4, 8, 8), t45()), PowerStage::Va);
  EXPECT_GT(a8 / a4, 3.5);
}

TEST(RouterPower, VcStateCountsEveryInputAndOutputVcsFields) {
  // Input VC: state (2 bits), route (log2 outputs), output VC (log2 V);
  // output VC: busy, holder (log2 input VCs), credits (log2(depth + 1)).
  const PowerParams p = router(4, 2, 8);  // 5 ports of 2 VCs: 10 input VCs, 10 output VCs
  const Logic l = vc_state_logic(p);
  EXPECT_DOUBLE_EQ(l.ffs, 10 * (2 + 3 + 1) + 10 * (1 + 4 + 4));
  // Deeper buffers widen only the credit counters; more VCs add fields at both ends.
  EXPECT_DOUBLE_EQ(vc_state_logic(router(4, 2, 16)).ffs - l.ffs, 10 * 1);
  EXPECT_GT(vc_state_logic(router(4, 4, 8)).ffs, 2 * l.ffs);
  const RouterPower r = router_power(p, t45());
  EXPECT_GT(area(r, PowerStage::VcState), 0);
  EXPECT_GT(r.vc_state_update, 0);
  EXPECT_LT(area(r, PowerStage::VcState), area(r, PowerStage::Buffer));
}

TEST(RouterPower, ArbiterGatesFollowTheirKind) {
  // Round-robin grows linearly, matrix (and LRS) with the pairs of inputs.
  EXPECT_DOUBLE_EQ(arbiter_logic(ArbiterKind::Rr, 8).gates, 2 * arbiter_logic(ArbiterKind::Rr, 4).gates);
  EXPECT_DOUBLE_EQ(arbiter_logic(ArbiterKind::Matrix, 8).ffs, 28);
  EXPECT_GT(arbiter_logic(ArbiterKind::Matrix, 8).gates, 3.5 * arbiter_logic(ArbiterKind::Matrix, 4).gates);
  EXPECT_EQ(arbiter_logic(ArbiterKind::Age, 1).gates, 0);
  PowerParams m = router(4, 2, 8);
  m.sa_out_arb = ArbiterKind::Matrix;
  EXPECT_GT(area(router_power(m, t45()), PowerStage::Sa), area(router_power(router(4, 2, 8), t45()), PowerStage::Sa));
}

// Every stage but the links: a 1 mm repeated wire needs more repeaters where
// the intermediate layer gets thinner and more resistive (DSENT's 22 nm
// file), so its repeaters' area need not shrink; its energy does.
TEST(RouterPower, SmallerNodesShrinkEveryStageAndEveryEnergy) {
  PowerParams p = router(4, 2, 8);
  p.out_depth = 4, p.contention = true, p.vc_select = true;
  RouterPower prev = router_power(p, tech_for_node(65));
  for (int nm : {45, 32, 22}) {
    const RouterPower r = router_power(p, tech_for_node(nm));
    for (int s = 0; s < kPowerStages; ++s) {
      const auto st = static_cast<PowerStage>(s);
      EXPECT_GT(area(r, st), 0) << nm << " " << power_stage_name(st);
      if (st != PowerStage::Link) {
        EXPECT_LT(area(r, st), area(prev, st)) << nm << " " << power_stage_name(st);
      }
    }
    for (auto e : {&RouterPower::rc, &RouterPower::va_grant, &RouterPower::sa_grant, &RouterPower::xbar,
                   &RouterPower::out_write, &RouterPower::link_flit, &RouterPower::clock_cycle,
                   &RouterPower::contention_update, &RouterPower::vc_select, &RouterPower::vc_state_update}) {
      EXPECT_GT(r.*e, 0) << nm;
      EXPECT_LT(r.*e, prev.*e) << nm;
    }
    prev = r;
  }
}

TEST(RouterPower, EnergyGoesWithTheSupplySquaredLeakageWithTheSupply) {
  PowerParams lo = router(4, 2, 8), hi = lo;
  lo.vdd_v = 0.5, hi.vdd_v = 1.0;
  const RouterPower a = router_power(lo, t45()), b = router_power(hi, t45());
  EXPECT_NEAR(b.xbar / a.xbar, 4.0, 1e-9);
  EXPECT_NEAR(b.buffer_write[1] / a.buffer_write[1], 4.0, 1e-9);
  EXPECT_NEAR(b.clock_cycle / a.clock_cycle, 4.0, 1e-9);
  EXPECT_NEAR(b.leakage_w() / a.leakage_w(), 2.0, 1e-9);
  EXPECT_DOUBLE_EQ(b.area_um2(), a.area_um2());
}

TEST(RouterPower, OptionalStagesExistOnlyWhenAsked) {
  const RouterPower plain = router_power(router(4, 2, 8), t45());
  for (auto s : {PowerStage::Output, PowerStage::Contention, PowerStage::VcSelect}) EXPECT_EQ(area(plain, s), 0);
  EXPECT_EQ(plain.out_write, 0);
  PowerParams p = router(4, 2, 8);
  p.out_depth = 8;
  const RouterPower out = router_power(p, t45());
  EXPECT_GT(area(out, PowerStage::Output), 0);
  EXPECT_GT(out.at(PowerStage::Clock).area_um2, plain.at(PowerStage::Clock).area_um2);  // more flip-flops to clock
  EXPECT_GT(out.clock_cycle, plain.clock_cycle);
}

TEST(RouterPower, LinkEnergyGrowsWithLengthAndWidth) {
  PowerParams a = router(4, 2, 8), b = a, c = router(4, 2, 8, 128);
  b.link_mm = 2.0;
  const RouterPower ra = router_power(a, t45()), rb = router_power(b, t45()), rc = router_power(c, t45());
  EXPECT_NEAR(rb.link_flit / ra.link_flit, 2.0, 1e-9);
  EXPECT_NEAR(rc.link_flit / ra.link_flit, 2.0, 1e-9);
  EXPECT_GT(area(rb, PowerStage::Link), area(ra, PowerStage::Link));
  EXPECT_GT(ra.credit, 0);
  EXPECT_LT(ra.credit, ra.link_flit);
}

TEST(RouterPower, FreePoolVaIsOneArbiterPerOutputPort) {
  PowerParams sep = router(4, 4, 8), pool = sep;
  pool.va_free_pool = true;
  const int n = sep.input_vcs(), O = sep.out_ports;
  const Logic l = vc_alloc_logic(pool);
  const Logic arb = arbiter_logic(ArbiterKind::Rr, n), pick = arbiter_logic(ArbiterKind::Rr, 4);
  EXPECT_DOUBLE_EQ(l.ffs, O * (arb.ffs + pick.ffs));
  EXPECT_DOUBLE_EQ(l.gates, O * (arb.gates + pick.gates) + static_cast<double>(n) * O);
  // O arbiters of n inputs instead of O*V: about V times smaller.
  EXPECT_LT(area(router_power(pool, t45()), PowerStage::Va), area(router_power(sep, t45()), PowerStage::Va) / 3);
}
