#pragma once
// Runs a Program's ranks against the network (docs/workloads.md): each rank
// steps through its operations when its NIC runs; its sends become packets
// in the NIC's source queue, and it is told when a message's last flit has
// left its NIC (a send completes) and when a packet's tail reaches its node
// (a message completes when its last packet has). Plain C++: the NIC calls
// it through RankPort (nic/nic_app.h), tests call it directly.
//
// Every rank's state is touched only from its own node's NIC, so the order
// in which NICs run within a cycle cannot change a result; the one shared
// structure, each destination's table of messages on their way, is written
// by a sender before its packets leave and read by the receiver after they
// arrive.
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/flit.h"
#include "nic/nic_app.h"
#include "workload/program.h"

namespace nocsim {

struct AppParams {
  double freq_ghz = 1;   // cycles per ns (compute time -> cycles)
  int flit_bits = 64;    // bytes -> flits
  int packet_flits = 8;  // a message is cut into packets of this many flits (the last may be shorter)
  int64_t eager_limit = -1;  // workload.eager_limit: longer messages go by rendezvous; -1: none does
  // workload.message_delay_ns in cycles: a message's data and control
  // packets are handed to the NIC this long after the operation that makes
  // them (docs/workloads.md, "Per-message delay").
  Cycle message_delay = 0;
  // LogGP's host overheads in ns (docs/workloads.md, "Host overheads"): o_s
  // per send, o_r per message received, O per byte after the first.
  double send_overhead_ns = 0, recv_overhead_ns = 0, overhead_per_byte_ns = 0;
  Cycle send_overhead(uint64_t bytes) const { return overhead(send_overhead_ns, bytes); }
  Cycle recv_overhead(uint64_t bytes) const { return overhead(recv_overhead_ns, bytes); }
  // o + O (bytes - 1), in cycles; the test inline keeps runs without
  // overheads to a compare per message.
  Cycle overhead(double o_ns, uint64_t bytes) const {
    return o_ns > 0 || overhead_per_byte_ns > 0 ? rounded_overhead(o_ns, bytes) : 0;
  }
  Cycle rounded_overhead(double o_ns, uint64_t bytes) const;
  uint64_t flits_of(uint64_t bytes) const;    // a message's flits (at least one)
  uint64_t packets_of(uint64_t bytes) const;  // and its packets
  // workload.nbc_progress=in_calls: a non-blocking collective's steps go
  // on only while its rank is not computing (docs/workloads.md,
  // "Non-blocking collectives").
  bool nbc_progress_in_calls = false;
  bool rendezvous(uint64_t bytes) const { return eager_limit >= 0 && bytes > static_cast<uint64_t>(eager_limit); }
};

// A node numbers its packets modulo 2^32 (Flit::pseq), and the engine finds
// a message by its packets' numbers: the messages a rank sends may add up to
// at most kMaxRankPackets packets. Throws ConfigError naming `key` for the
// first rank whose sends add up to more.
constexpr uint64_t kMaxRankPackets = (uint64_t{1} << 32) - 1;
void check_packet_numbers(const Program& prog, const AppParams& p, const std::string& key);

class AppEngine {
 public:
  // node_of[r]: the node rank r runs on (distinct, in [0, nodes)).
  AppEngine(const Program& prog, std::vector<int> node_of, int nodes, const AppParams& p);
  int ranks() const { return static_cast<int>(ranks_.size()); }
  int node_of(int rank) const { return ranks_[static_cast<size_t>(rank)].node; }
  int rank_at(int node) const { return rank_at_[static_cast<size_t>(node)]; }
  // The port node n's NIC calls, or null for a node with no rank.
  NicApp* port(int node) { return rank_at(node) < 0 ? nullptr : ports_[static_cast<size_t>(rank_at(node))].get(); }

  // The NIC's calls (NicApp, per rank).
  Cycle next_time(int rank) const;
  void step(int rank, Cycle now, std::vector<GenPacket>& out);
  void enqueued(const GenPacket& g, uint64_t pkt);
  void sent(uint32_t msg, Cycle tail);
  void delivered(int node, const Flit& tail, Cycle at);

  bool done() const { return finished_ == ranks(); }
  // Nothing can change any more: every rank that has not finished waits
  // (in an operation, or at its end for its buffered sends), each of its
  // non-blocking collectives waits in a step, and nothing
  // is on its way (or waiting to leave): no eager message, no
  // rendezvous's RTS, CTS or data, no synchronous send's ACK.
  bool stuck() const { return !done() && finished_ + blocked_ == ranks() && in_flight_ == 0 && free_sides_ == 0; }
  // One line per waiting rank (at most max_lines): what it waits for.
  std::string blocked_report(size_t max_lines) const;

  struct RankResult {
    Cycle finish = kNeverCycle;  // cycle its program ended, kNeverCycle if it has not
    Cycle compute = 0;           // cycles computing
    Cycle overhead = 0;          // cycles busy with sends' and received messages' overheads
    Cycle waiting = 0;           // cycles blocked on sends, receives and waits
  };
  const RankResult& result(int rank) const { return ranks_[static_cast<size_t>(rank)].res; }
  // Cycle the last rank finished (kNeverCycle before).
  Cycle completion() const { return done() ? last_finish_ : kNeverCycle; }
  struct MessageTotals {
    uint64_t sent = 0, bytes = 0, delivered = 0, unmatched = 0;
    uint64_t latency_sum = 0, latency_max = 0;  // cycles from the send until its last packet arrived
  };
  MessageTotals messages() const;
  uint64_t messages_in_flight() const { return in_flight_; }  // and control packets
  // Bytes of its per-rank and per-node state (sim/memory.h); messages on
  // their way add a hundred-odd bytes each while they are.
  uint64_t memory() const;

 private:
  // What a blocked rank waits for: a request's number, or kAll (every
  // outstanding request), kStep (its collective's, OpKind::StepWait), kSome
  // (Rank::some's, OpKind::WaitSome) or kBuffered (at its program's end:
  // its buffered sends' data to leave).
  static constexpr int64_t kNone = -1, kAll = -2, kStep = -3, kSome = -4, kBuffered = -5;
  // Rank::block_op of a rank whose program's end waits for its requests.
  static constexpr uint32_t kAtEnd = UINT32_MAX;
  struct Posted {
    uint64_t req;
    int32_t peer, tag;
    uint32_t op;
    uint16_t comm;
  };
  // A non-blocking collective's expansion, running beside its rank's
  // program (docs/workloads.md, "Non-blocking collectives"): its own
  // cursor, its steps' requests and its own step waits.
  struct Side {
    uint64_t req = 0;               // the collective's request
    uint64_t next_req = 0, end_req = 0;  // its operations' requests: next, one past the last
    size_t pc = 0, end = 0;         // its operations in the rank's, [pc, end)
    Cycle ready = 0;                // it may go on from this cycle
    Cycle done_by = 0;              // latest completion among its step's requests
    uint32_t outstanding = 0;       // its step's requests not completed
    uint32_t block_op = 0;          // the step wait it is blocked in
    bool blocked = false;
    Cycle blocked_since = 0;
    bool owns(uint64_t r) const { return r > req && r < end_req; }  // one of its operations' requests
  };
  struct Rank {
    int node = 0;
    const std::vector<Op>* ops = nullptr;
    size_t pc = 0;
    Cycle ready = 0;         // the program may go on from this cycle
    Cycle computing_until = 0;  // the end of its latest compute
    // The rank's CPU is busy (computing, or with an overhead) until this
    // cycle: a received message's overhead starts no earlier. Above it,
    // `ready` ends a wait for a request that completes ahead.
    Cycle busy_until = 0;
    Cycle charged = 0;       // overhead cycles spent within the current block
    int64_t block = kNone;   // request waited for, kAll, kStep, kSome or kNone
    Cycle blocked_since = 0;
    Cycle unblock_at = 0;    // latest completion among the requests waited for
    Cycle done_by = 0;       // latest completion of any request
    uint32_t block_op = 0;   // the operation it waits in
    uint64_t next_req = 0;
    uint32_t outstanding = 0;
    // Of those, a collective's (tags from kCollectiveTag: one collective at
    // a time) and the latest completion among them.
    uint32_t step_outstanding = 0;
    Cycle step_done_by = 0;
    // Ranks whose program has a WaitSome: each request's completion cycle
    // (kNeverCycle while open); the list waited for and how many of it
    // are open.
    std::vector<Cycle> done_at;
    const std::vector<uint64_t>* some = nullptr;
    uint64_t some_open = 0;
    // Buffered sends (complete at once) whose data has not all left, and
    // the latest cycle one of them did: what the program's end waits for.
    uint32_t buffered = 0;
    Cycle buffered_by = 0;
    std::vector<Posted> posted;        // receives not yet matched, in the order posted
    // Offered envelopes no receive has taken, in the order offered (their
    // messages may still be on their way).
    std::vector<uint32_t> unexpected;
    // A rendezvous's control packet or data, or a synchronous send's ACK,
    // made when a packet arrived or a receive took an envelope, for the
    // NIC's next step.
    std::vector<GenPacket> outbox;
    std::vector<Side> sides;  // its non-blocking collectives running, in the order started
    RankResult res;
  };
  // A message's envelope (its first packet) at its destination: on its
  // way, arrived but held behind an earlier message from the same rank
  // whose envelope has not, or offered to the receives (docs/workloads.md,
  // "Matching").
  enum class Envelope : uint8_t { OnItsWay, Held, Offered };
  struct Message {
    int32_t src = 0, dst = 0, tag = 0;  // ranks
    uint16_t comm = 0;
    Envelope envelope = Envelope::OnItsWay;
    uint64_t bytes = 0;
    uint64_t send_req = 0;
    uint64_t recv_req = 0;  // the receive that took it, once matched
    uint32_t packets = 0, arrived = 0;
    Cycle start = 0;
    bool send_done = false, matched = false;
    bool rendezvous = false;  // its envelope goes ahead as an RTS; its data after the CTS
    // A synchronous eager send: its receiver returns an ACK when a receive
    // takes it, and the send completes at the later of the ACK's arrival
    // and `left`, the cycle after its last flit left (kNeverCycle before).
    bool ack = false;
    Cycle left = kNeverCycle;
    // A buffered send: its request completed at the send; `send_done` says
    // its data has left.
    bool buffered = false;
    // A non-blocking collective's: no host overhead at either end.
    bool offloaded = false;
    // When its receiver's overhead for it ends (its arrival without one).
    Cycle processed = 0;
    bool here() const { return arrived == packets; }  // its data has arrived
  };
  // A table's entries: a message's index, with kRts or kCts for a
  // rendezvous's control packet (kCts also for a synchronous send's ACK,
  // which travels as a CTS does). GenPacket::msg carries index + 1 with the
  // same bits (messages alive at once are at most the program's sends, and
  // workload.max_operations <= 10^9 < kIndex).
  static constexpr uint32_t kRts = 1u << 31, kCts = 1u << 30, kIndex = kCts - 1;
  using Arriving = std::map<uint64_t, uint32_t>;

  uint32_t new_message(const Message& m);
  void release_if_done(uint32_t idx);
  void block(Rank& r, int64_t what, Cycle now);
  bool wait_all(Rank& r, Cycle now, bool step = false);
  bool wait_buffered(Rank& r, Cycle now);
  void unblock(Rank& r);
  void wait_some(Rank& r, const std::vector<uint64_t>& list, Cycle now);
  bool waits_for(const Rank& r, uint64_t req) const {
    return r.block == kSome && std::binary_search(r.some->begin(), r.some->end(), req);
  }
  // The next request of rank r's program, or of side s.
  uint64_t start_request(Rank& r, int32_t tag, Side* s = nullptr);
  void complete(Rank& r, uint64_t req, int32_t tag, Cycle at);
  // The side whose operations started request req, or null.
  static Side* side_of(Rank& r, uint64_t req);
  static bool in_a_side(const Rank& r, uint64_t req) {
    return std::any_of(r.sides.begin(), r.sides.end(), [&](const Side& s) { return s.owns(req); });
  }
  bool run_ops(Rank& r, int rank, Cycle now, std::vector<GenPacket>& out);
  bool run_sides(Rank& r, int rank, Cycle now, std::vector<GenPacket>& out);
  void start_side(Rank& r, const Op& op, Cycle now);
  // A send or receive of the program's (s null) or of side s.
  void send(Rank& r, int rank, const Op& op, Cycle now, std::vector<GenPacket>& out, Side* s = nullptr);
  void recv(Rank& r, const Op& op, uint32_t at, Cycle now, Side* s = nullptr);
  // Called when r.outbox is not empty.
  static void flush(Rank& r, std::vector<GenPacket>& out);
  void arrived_in_full(Message& m, Cycle at);
  Cycle charge(Rank& r, Cycle at, Cycle cost);
  void send_completed(uint32_t idx, Cycle at);
  Arriving::iterator find(Arriving& table, uint64_t pkt) const;
  void envelope_arrived(Arriving& table, Arriving::iterator it, uint64_t pkt, Cycle at);
  void payload_arrived(Arriving& table, Arriving::iterator it, Cycle at);
  // `after`: cycles after `now` the packet may leave besides the message
  // delay (the send's overhead).
  GenPacket control_packet(uint32_t idx, uint32_t kind, int to_rank, Cycle now, Cycle after = 0) const;
  GenPacket data_of(uint32_t idx, Cycle now, Cycle after = 0) const;
  bool behind_its_source(const Arriving& table, Arriving::iterator it) const;
  void offer(Arriving& table, Arriving::iterator it, Cycle at);
  void take(Rank& r, uint32_t idx, uint64_t req, Cycle now);
  void received(uint32_t idx, Cycle at);
  // Within one communicator only; an `any` tag is any user tag: a
  // collective's messages never match a user receive, as MPI keeps them in
  // a context of their own (docs/workloads.md, "Matching").
  static bool matches(const Posted& p, const Message& m) {
    return p.comm == m.comm && (p.peer == kAny || p.peer == m.src) &&
           (p.tag == kAny ? m.tag < kCollectiveTag : p.tag == m.tag);
  }
  std::string describe(const Rank& r, uint32_t op) const;
  std::string describe_buffered(int rank) const;
  std::string waits_for_list(const Rank& r, const std::vector<uint32_t>& ops) const;
  static uint64_t program_requests(const Rank& r);
  static std::string tag_name(int32_t tag);

  const Program& prog_;
  AppParams p_;
  std::vector<Rank> ranks_;
  std::vector<int> rank_at_;
  std::vector<std::unique_ptr<NicApp>> ports_;
  std::vector<Message> msgs_;
  std::vector<uint32_t> free_;
  // Per destination node: first packet id (its source node, then its
  // number there) -> message, from its send until it has arrived and been
  // offered; one source's messages are neighbours, in the order sent. An
  // eager message's entry is its data, a rendezvous's its RTS.
  std::vector<Arriving> arriving_;
  // Per destination node: a rendezvous's CTS or a synchronous send's ACK
  // (at its sender's node) and a rendezvous's data (at its receiver's),
  // which carry no envelope.
  std::vector<Arriving> payload_;
  int finished_ = 0, blocked_ = 0;
  uint64_t free_sides_ = 0;  // sides running and not blocked: stuck() is false while any is
  uint64_t in_flight_ = 0;  // what stuck() counts
  Cycle last_finish_ = 0;
  MessageTotals totals_;
};

}  // namespace nocsim
