// A Link on a real kernel (one elaboration per test process): flits and
// credits enter through its one socket, bound by a flit sender and a credit
// sender, and each lands in its own lane at the send cycle plus the latency
// (plus a send delay), with its receiver told the arrival cycle.
#include <gtest/gtest.h>

#include <stdexcept>
#include <systemc>
#include <tlm>
#include <vector>

#include "link/link.h"
#include "link/link_group.h"

namespace nocsim {
namespace {

struct Told {
  int tag;
  Cycle arrival, now;
};

struct Receiver : LinkReceiver {
  std::vector<Told> told;
  void on_send(int tag, Cycle arrival, Cycle now) override { told.push_back({tag, arrival, now}); }
};

// The upstream router's flit sender and the downstream router's credit sender.
struct Ends : sc_core::sc_module {
  LinkSenders<Flit> flits{"flit_sender", 1};
  LinkSenders<Credit> credits{"credit_sender", 1};
  explicit Ends(sc_core::sc_module_name name) : sc_module(name) {}
};

// A target socket of a Link's type bound on to something that is not a
// Link: senders call Link::b_transport directly, so target() refuses it.
struct Foreign : sc_core::sc_module, tlm::tlm_fw_transport_if<> {
  Link::Socket in{"in"};
  explicit Foreign(sc_core::sc_module_name name) : sc_module(name) { in.bind(*this); }
  void b_transport(tlm::tlm_generic_payload&, sc_core::sc_time&) override {}
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload&, tlm::tlm_phase&, sc_core::sc_time&) override {
    return tlm::TLM_COMPLETED;
  }
  bool get_direct_mem_ptr(tlm::tlm_generic_payload&, tlm::tlm_dmi&) override { return false; }
  unsigned int transport_dbg(tlm::tlm_generic_payload&) override { return 0; }
};

TEST(Link, FlitsAndCreditsShareOneSocketAndKeepTheirLanes) {
  LinkGroup group("links", {{"port_0", 3}}, 1000);
  Link& link = group[0];
  Ends ends("ends"), other("other");
  ends.flits.bind(0, link.in);
  ends.credits.bind(0, link.in);
  Foreign foreign("foreign");
  other.flits.bind(0, foreign.in);
  Receiver down, up;
  link.set_flit_receiver(&down, 7);
  link.set_credit_receiver(&up, 9);
  sc_core::sc_start(5, sc_core::SC_NS);  // elaborated, at cycle 5
  EXPECT_THROW(other.flits.target(0), std::logic_error);

  Flit f;
  f.vc = 1;
  f.seq = 3;
  LinkSender<Flit>::send(ends.flits.target(0), f, 1);
  LinkSender<Credit>::send(ends.credits.target(0), Credit::make(2, true), 2, sc_core::sc_time(2, sc_core::SC_NS));

  ASSERT_EQ(link.flits().size(), 1u);
  EXPECT_EQ(link.flits().front_arrival(), 8u);
  EXPECT_EQ(link.flits().front().seq, 3);
  ASSERT_EQ(link.credits().size(), 1u);
  EXPECT_EQ(link.credits().front_arrival(), 10u);  // 2 cycles later, then the latency
  EXPECT_EQ(link.credits().front().vc(), 2);
  EXPECT_TRUE(link.credits().front().minimal());
  EXPECT_EQ(link.flits_sent(), 1u);
  EXPECT_EQ(link.credits_sent(), 1u);
  ASSERT_EQ(down.told.size(), 1u);
  EXPECT_EQ(down.told[0].tag, 7);
  EXPECT_EQ(down.told[0].arrival, 8u);
  EXPECT_EQ(down.told[0].now, 5u);
  ASSERT_EQ(up.told.size(), 1u);
  EXPECT_EQ(up.told[0].tag, 9);
  EXPECT_EQ(up.told[0].arrival, 10u);
  EXPECT_TRUE(link.busy_after(9));
  EXPECT_FALSE(link.busy_after(10));
}

}  // namespace
}  // namespace nocsim
