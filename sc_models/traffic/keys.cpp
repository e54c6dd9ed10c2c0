// The traffic.* keys of the configuration schema (sim/schema.cpp
// assembles the sections, in the order of docs/user-guide.md's table).
#include "core/config.h"
#include "traffic/pattern.h"
#include "traffic/source.h"

namespace nocsim {
namespace {

std::vector<std::string> pattern_keys() { return pattern_registry().keys(); }
std::vector<std::string> source_keys() { return source_registry().keys(); }
std::vector<std::string> phase_pattern_keys() {
  std::vector<std::string> k{"same"};
  for (const auto& p : pattern_registry().keys()) k.push_back(p);
  return k;
}

}  // namespace

void add_traffic_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"traffic.pattern", K::Enum, "uniform", 0, 0, {}, "destination pattern", pattern_keys},
      {"traffic.adv_offset", K::Int, "1", 1, 1 << 16, {}, "adv (dragonfly, dragonflyplus): destination group offset i of ADV+i"},
      {"traffic.hotspot.nodes", K::IntList, "0", 0, 1 << 24, {}, "hotspot: the hot nodes (a hot packet goes to one of them, uniformly, never to its source)"},
      {"traffic.hotspot.mode", K::Enum, "nodes", 0, 0, {"nodes", "traffic"}, "hotspot: nodes = a share traffic.hotspot.fraction of the other nodes (drawn by sim.seed) send only to the hot nodes, the rest uniform (Zahn: 25% of the nodes to one node); traffic = each packet of every node goes to a hot node with probability traffic.hotspot.fraction, else uniform (the only hot node sends uniformly)"},
      {"traffic.hotspot.fraction", K::Double, "0.25", 0, 1, {}, "hotspot: the share of nodes (mode nodes) or of packets (mode traffic) that go to the hot nodes"},
      {"traffic.randperm.seed", K::Int, "-1", -1, 9.2e18, {}, "randperm: the seed its derangement is drawn from, whatever sim.seed is (BookSim2's perm_seed); -1 = drawn from sim.seed"},
      {"traffic.mix", K::Records, "[]", 0, 0, {}, "traffic.pattern=mix: each node follows one pattern, a share of the nodes each (drawn by sim.seed; the shares add up to 1), e.g. [{pattern: adv, fraction: 0.2}, {pattern: uniform, fraction: 0.8}]; each pattern reads its own keys", nullptr,
       {{"pattern", K::Enum, "", 0, 0, {}, "", pattern_keys},
        {"fraction", K::Double, "", 0, 1}}},
      {"traffic.load", K::Double, "0.1", 0, 64, {}, "offered load in traffic.load_unit; at most 1 flit/(node*cycle), the injection link"},
      {"traffic.load_unit", K::Enum, "flits", 0, 0, {"flits", "gamma0"}, "unit of traffic.load: flits (= phits) per node per cycle, or gamma0 (mesh, torus, hyperx, fattree, dragonflyplus: 1 = the uniform load that saturates the bisection or the busiest cut, Versaci)"},
      {"traffic.source_queue", K::Int, "1000", 1, 1e9, {}, "packets a NIC's source queue holds (generated, not yet injected); a source's packet past it is dropped and counted (packets.dropped), so memory stays bounded past saturation; far above any queue below saturation"},
      {"traffic.message_packets", K::Int, "1", 1, 1 << 20, {}, "packets per message: a source sends this many consecutive packets to one destination (Versaci: 96); bernoulli and message sources"},
      {"traffic.message_rate", K::Double, "0", 0, 1000, {}, "message source: the rate, in traffic.load_unit, at which a message's packets are released for injection one after another (Versaci: 2.4 gamma0); 0 = all when the message begins. At least traffic.load (under request-reply, the requests' share of it)"},
      {"traffic.packet_size", K::IntList, "8", 1, 65535, {}, "flits per packet (flit = phit); a list: each packet draws its size uniformly from it"},
      {"traffic.request_reply", K::Bool, "false", 0, 0, {}, "each delivered packet (a request) makes its destination send a reply back, of its size or of traffic.reply_size flits; sources generate requests at their share of traffic.load (half when replies are their requests' size), replies are the rest. Requests and replies take separate VC sets (router.reply_vcs); with vc.policy=flexvc replies may also use the request VCs (Theorem 2)"},
      {"traffic.reply_size", K::Int, "0", 0, 65535, {}, "traffic.request_reply: flits of each reply; 0 = its request's size. E.g. 1-flit read requests answered by 5-flit data: traffic.packet_size=1, traffic.reply_size=5 (BookSim2's read_request_size and read_reply_size)"},
      {"traffic.source", K::Enum, "bernoulli", 0, 0, {}, "when packets are generated: bernoulli (independent per cycle), onoff (bursts at the link rate, then silence) or message (Versaci's: messages of traffic.message_packets packets begin as a Bernoulli process; every packet is generated when its message begins and released at traffic.message_rate)", source_keys},
      {"traffic.burst_length", K::Double, "5", 1, 1e6, {}, "onoff: mean packets per ON period (geometric)"},
      {"traffic.phases", K::Records, "[]", 0, 0, {}, "workload phases in order from cycle 0, each lasting its cycles (the last runs on to the end of the run): its pattern (same = traffic.pattern) and load (-1 = traffic.load); [] = one phase of traffic.pattern at traffic.load", nullptr,
       {{"cycles", K::Int, "", 1, 1e12},
        {"pattern", K::Enum, "same", 0, 0, {}, "", phase_pattern_keys},
        {"load", K::Double, "-1", -1, 1}}},
  });
}

}  // namespace nocsim
