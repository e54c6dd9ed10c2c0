#pragma once
// Traffic sources: when a node generates packets, to whom and of what size.
// Plain C++ (no SystemC), so the NIC can sleep until next_time() and tests can
// drive a source alone. A source draws its gaps and destinations from the
// stream "nic.<node>" and, only when traffic.packet_size lists several sizes,
// its sizes from "nic.<node>.size", so a fixed size changes no draw. Offered
// load is in flits per node per cycle (docs/user-guide.md, "Units"): the
// packet rate is load / mean size. Models: docs/user-guide.md, "Traffic
// sources".
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/flit.h"
#include "core/registry.h"
#include "core/rng.h"
#include "traffic/pattern.h"

namespace nocsim {

struct SourceParams {
  int node = 0;
  uint64_t seed = 1;
  double load = 0;              // flits / (node * cycle)
  std::vector<int> sizes{8};    // flits; each packet draws one uniformly
  double burst_length = 5;      // onoff: mean packets per ON period
  Cycle stop = kNeverCycle;     // no packet is generated from this cycle on
  Cycle start = 0;              // nor before this one
  int phase = 0;                // workload phase (traffic.phases): phase k > 0 draws from its own streams
  int message_packets = 1;      // consecutive packets to one destination (traffic.message_packets)
  double message_rate = 0;      // message source: flits per cycle its packets are handed over at; 0 = at once
};

struct GenPacket {
  Cycle gen;  // generation cycle (the packet enters the source queue)
  int dst;
  int size;   // flits
  Cycle release = 0;  // the NIC may not inject it before this cycle (the message source's hand-over)
  uint32_t msg = 0;   // a closed-loop application's message (workload/engine.h): its index + 1, 0 for none
  // An application's message comes whole: `packets` packets of `size`
  // flits, the last of last_size, which the NIC cuts one by one as they
  // leave (a message of any length is one entry of its source queue).
  uint32_t packets = 1;
  int last_size = 0;       // when packets > 1
  uint32_t msg_flits = 0;  // the message's flits (at most 2^32 - 1; link power's awake policy)
  uint64_t flits() const {
    const auto each = static_cast<uint64_t>(size);
    return packets > 1 ? each * (packets - 1) + static_cast<uint64_t>(last_size) : each;
  }
};

class TrafficSource {
 public:
  virtual ~TrafficSource() = default;
  // Cycle of the next packet, kNeverCycle when there is none: generate(now)
  // yields nothing for now < next_time(), at least one packet for now >= it.
  Cycle next_time() const { return next_; }
  // Appends the packets generated at cycles <= now, in generation order.
  virtual void generate(Cycle now, std::vector<GenPacket>& out) = 0;
  double mean_size() const;

 protected:
  TrafficSource(const SourceParams& p, const TrafficPattern& pattern);
  // Whether the pattern sends anything from this node, probed on a copy of
  // the stream so the probe draws nothing from it.
  bool pattern_sends() const;
  int draw_size() {
    return p_.sizes.size() == 1 ? p_.sizes[0] : p_.sizes[size_rng_.below(p_.sizes.size())];
  }
  // The next packet's destination: a new one (drawn for message number
  // message_) every p_.message_packets packets.
  int dest() {
    if (msg_left_ == 0) {
      msg_dst_ = pattern_.message_dest(p_.node, rng_, message_++);
      msg_left_ = p_.message_packets;
    }
    --msg_left_;
    return msg_dst_;
  }
  // Sets next_, or kNeverCycle from the stop cycle on.
  void schedule(Cycle c) { next_ = c < p_.stop ? c : kNeverCycle; }

  SourceParams p_;
  const TrafficPattern& pattern_;
  Rng rng_, size_rng_;
  Cycle next_ = kNeverCycle;

 private:
  uint64_t message_ = 0;  // messages begun
  int msg_left_ = 0;      // packets of the current message still to generate
  int msg_dst_ = -1;
};

// A packet each cycle with probability load / mean size, drawn as geometric
// gaps: a destination, then the gap to the next packet.
class BernoulliSource : public TrafficSource {
 public:
  BernoulliSource(const SourceParams& p, const TrafficPattern& pattern);
  void generate(Cycle now, std::vector<GenPacket>& out) override;

 private:
  double rate_;  // packets per cycle
};

// Two-state Markov-modulated source (Fuentes ch. 5's Bursty-UN;
// docs/user-guide.md, "Traffic sources"). ON: packets back to back at the
// link rate (each packet's size in cycles after the previous one), all to
// one destination drawn on entry;
// after each packet the burst ends with probability 1/B, so it lasts a
// geometric number of packets of mean B = traffic.burst_length. OFF: a
// geometric number K >= 0 of idle cycles of mean
//   M = B * S * (1 - load) / load      (S: mean packet size)
// so that the long-run rate B*S / (B*S + M) equals load. The link rate is one
// flit per cycle, so a load above 1 cannot be reached (ConfigError).
class OnOffSource : public TrafficSource {
 public:
  OnOffSource(const SourceParams& p, const TrafficPattern& pattern);
  void generate(Cycle now, std::vector<GenPacket>& out) override;
  double off_mean() const { return off_mean_; }

 private:
  Cycle off_gap() { return rng_.geometric(1.0 / (1.0 + off_mean_)) - 1; }

  double off_mean_ = 0;  // M, cycles
  int dst_ = -1;         // destination of the current burst
};

// Versaci's message source (docs/user-guide.md, "Traffic sources"):
// messages of M = traffic.message_packets packets, all to one destination,
// begin as a Bernoulli process of load / (M S) messages per cycle (S: mean
// packet size). A message's packets are all generated when it begins (they
// enter the source queue then, and their latency counts from then: the
// packet lifetime); each is released for injection when it is handed over,
// one after another at traffic.message_rate flits per cycle across messages
// in order (GenPacket::release; rate 0: all at once).
class MessageSource : public TrafficSource {
 public:
  MessageSource(const SourceParams& p, const TrafficPattern& pattern);
  void generate(Cycle now, std::vector<GenPacket>& out) override;

 private:
  double msg_rate_;  // messages per cycle
  double hand_ = 0;  // earliest (fractional) cycle of the next hand-over
};

// traffic.phases: one source per phase, each made by the configured source
// model with its phase's pattern and load and starting at its phase's first
// cycle; the packets of phase k are those its source generates before phase
// k+1 starts.
class PhasedSource : public TrafficSource {
 public:
  // phases[k] generates from starts[k] (starts[0] = 0, increasing).
  PhasedSource(const SourceParams& p, const TrafficPattern& pattern, std::vector<std::unique_ptr<TrafficSource>> phases,
               std::vector<Cycle> starts);
  void generate(Cycle now, std::vector<GenPacket>& out) override;

 private:
  Cycle end(size_t k) const { return k + 1 < starts_.size() ? starts_[k + 1] : kNeverCycle; }
  void reschedule();
  std::vector<std::unique_ptr<TrafficSource>> phases_;
  std::vector<Cycle> starts_;
  size_t k_ = 0;  // the phase in progress
};

using SourceFactory =
    std::function<std::unique_ptr<TrafficSource>(const SourceParams&, const TrafficPattern&)>;

using SourceRegistry = Registry<SourceFactory>;

// Explicit registration (static self-registration is dropped by the linker).
void register_sources(SourceRegistry& reg);
const SourceRegistry& source_registry();
SourceRegistry& mutable_source_registry();  // tests and extensions add sources here

}  // namespace nocsim
