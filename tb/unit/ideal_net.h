#pragma once
// Test helpers for the closed-loop workload without SystemC: a text
// program's parse, the pairing of a collective's sends and receives, and
// an ideal network to run the engine on.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <sstream>
#include <tuple>

#include "core/error.h"
#include "workload/engine.h"
#include "workload/text_trace.h"

namespace nocsim::workload_test {

inline Program parse(const std::string& text, CollectiveRule rule = CollectiveRule::Mpich) {
  std::istringstream in(text);
  return read_text_trace(in, "test", kMaxOps, {}, rule);
}

// Every send of a collective, (src, dst, tag), has a receive posted by dst
// naming src (or any) and the same tag, as many of them as sends; `once`:
// one of each (the algorithm sends at most once from a rank to another).
inline void expect_paired(const Program& p, bool once = true) {
  std::map<std::tuple<int, int, int>, int> sends, recvs;
  for (int r = 0; r < p.ranks(); ++r)
    for (const Op& o : p.ops(r)) {
      if (o.kind == OpKind::Isend || o.kind == OpKind::Send) ++sends[{r, o.peer, o.tag}];
      if (o.kind == OpKind::Irecv || o.kind == OpKind::Recv) ++recvs[{o.peer, r, o.tag}];
    }
  EXPECT_EQ(sends, recvs);
  if (!once) return;
  for (const auto& [k, n] : sends) EXPECT_EQ(n, 1) << "pair sent twice in one collective";
}

inline uint64_t log2_ceil(int n) {
  uint64_t k = 0;
  while ((1 << k) < n) ++k;
  return k;
}

// An ideal network under the engine: each node injects one flit per cycle
// from a FIFO of packets, none before its release cycle; a tail reaches its
// destination `latency` cycles after it left. `ahead`: a message's last
// packet is reported sent when its first flit leaves, with its tail's
// cycle ahead, as nocsim's NIC hands a packet's flits to the link at once.
class IdealNet {
 public:
  IdealNet(const Program& p, int nodes, int latency, AppParams ap = {}, bool ahead = false)
      : latency_(latency), ahead_(ahead), engine_(p, linear(p.ranks()), nodes, ap), queues_(static_cast<size_t>(nodes)) {}
  AppEngine& engine() { return engine_; }
  // Runs until every rank ends, nothing can change, or `limit` cycles.
  Cycle run(Cycle limit = 100000) {
    Cycle now = 0;
    for (; now < limit && !engine_.done() && !engine_.stuck(); ++now) {
      deliver(now);
      for (int n = 0; n < static_cast<int>(queues_.size()); ++n) {
        NicApp* app = engine_.port(n);
        if (!app) continue;
        if (app->next_time() <= now) {
          std::vector<GenPacket> out;
          app->generate(now, out);
          for (const GenPacket& g : out) {  // cut into its packets as the NIC does
            const uint64_t id = (static_cast<uint64_t>(n) << 40) | seq_;
            app->enqueued(g, id);
            for (uint32_t k = 0; k < g.packets; ++k) {
              const int size = k + 1 < g.packets ? g.size : g.last_size;
              queues_[static_cast<size_t>(n)].push_back({g.dst, size, g.msg, k + 1 == g.packets, seq_++, 0, g.release});
            }
          }
        }
        inject(n, app, now);
      }
    }
    return now;
  }

 private:
  struct Queued {
    int dst, size;
    uint32_t msg;
    bool last;  // of its message
    uint64_t id;
    int sent;   // flits so far
    Cycle release;
  };
  static std::vector<int> linear(int ranks) {
    std::vector<int> v(static_cast<size_t>(ranks));
    for (int r = 0; r < ranks; ++r) v[static_cast<size_t>(r)] = r;
    return v;
  }
  void inject(int n, NicApp* app, Cycle now) {
    auto& q = queues_[static_cast<size_t>(n)];
    if (q.empty()) return;
    Queued& f = q.front();
    if (now < f.release) return;
    if (ahead_ && f.last && f.sent == 0) app->sent(f.msg, now + static_cast<Cycle>(f.size) - 1);
    if (++f.sent < f.size) return;
    Flit tail;
    tail.src = n;
    tail.pseq = static_cast<uint32_t>(f.id);
    tail.dst = f.dst;
    tail.size = static_cast<uint16_t>(f.size);
    tail.seq = static_cast<uint16_t>(f.size - 1);
    flying_.push_back({now + static_cast<Cycle>(latency_), tail});
    if (f.last && !ahead_) app->sent(f.msg, now);
    q.pop_front();
  }
  void deliver(Cycle now) {
    while (!flying_.empty() && flying_.front().first <= now) {
      const Flit& t = flying_.front().second;
      engine_.port(t.dst)->delivered(t, now);
      flying_.pop_front();
    }
  }
  int latency_;
  bool ahead_;
  AppEngine engine_;
  std::vector<std::deque<Queued>> queues_;
  std::deque<std::pair<Cycle, Flit>> flying_;
  uint64_t seq_ = 0;
};

// The ConfigError a text program's read throws, or "" when it reads.
inline std::string parse_error(const std::string& text) {
  try {
    parse(text);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

// Program `a` as text, which must read back as a program with a's messages
// and bytes that writes the same text.
inline std::string written_back(const Program& a) {
  std::ostringstream wa, wb;
  write_text_trace(a, wa);
  const Program b = parse(wa.str());
  write_text_trace(b, wb);
  EXPECT_EQ(wa.str(), wb.str());
  EXPECT_EQ(a.messages(), b.messages());
  EXPECT_EQ(a.bytes(), b.bytes());
  return wa.str();
}

// Each (text, what its error says) case is refused with that error, named
// by the reader's origin ("test: ").
inline void expect_refused(const std::vector<std::pair<const char*, const char*>>& cases) {
  for (const auto& [text, want] : cases) {
    const std::string e = parse_error(text);
    EXPECT_NE(e.find(want), std::string::npos) << "input:\n" << text << "error: " << e;
    EXPECT_EQ(e.find("test: "), 0u) << e;
  }
}

// Messages and bytes of program `p` (`what` names it in failures), which
// must pair its sends with receives and run to its end on an ideal network
// of one node per rank with every message matched.
inline std::pair<uint64_t, uint64_t> run_paired(const Program& p, const std::string& what) {
  expect_paired(p, false);
  IdealNet net(p, p.ranks(), 5);
  net.run(10'000'000);
  EXPECT_TRUE(net.engine().done()) << what << ": " << net.engine().blocked_report(4);
  EXPECT_EQ(net.engine().messages().unmatched, 0u) << what;
  return {p.messages(), p.bytes()};
}

}  // namespace nocsim::workload_test
