// Traffic sources alone (plain C++): the Bernoulli source draws exactly what
// the NIC drew before the sources existed; the ON/OFF source's bursts and
// long-run rate match traffic.burst_length and traffic.load; next_time()
// tells exactly when the next packet comes.
#include <gtest/gtest.h>

#include <cmath>

#include "core/config.h"
#include "core/error.h"
#include "harness.h"
#include "topologies/kary_ncube.h"
#include "traffic/source.h"

using namespace nocsim;

namespace {

const KAryNCube& mesh() {
  static const KAryNCube t({8, 8}, 1, false);
  return t;
}

SourceParams params(int node, double load, std::vector<int> sizes, double burst = 5) {
  SourceParams p;
  p.node = node;
  p.seed = 7;
  p.load = load;
  p.sizes = std::move(sizes);
  p.burst_length = burst;
  return p;
}

// Every packet generated before cycle `until`, asking at each next_time().
std::vector<GenPacket> run(TrafficSource& s, Cycle until) {
  std::vector<GenPacket> out;
  while (s.next_time() < until) s.generate(s.next_time(), out);
  return out;
}

double flits_per_cycle(const std::vector<GenPacket>& v, Cycle cycles) {
  double flits = 0;
  for (const auto& g : v) flits += g.size;
  return flits / static_cast<double>(cycles);
}

}  // namespace

// The NIC's generation before the split (nic.cpp at ba717b2), written out:
// probe the pattern on a copy of the stream, first packet at geometric - 1,
// then per packet a destination and the gap to the next; nothing from `stop`.
TEST(BernoulliSource, DrawsExactlyWhatTheNicDrew) {
  auto pattern = test::pattern("uniform", mesh());
  const double load = 0.3;
  const int size = 8, node = 3;
  const Cycle stop = 40000;
  Rng rng(7, "nic." + std::to_string(node));
  Rng probe = rng;
  ASSERT_GE(pattern->dest(node, probe), 0);
  std::vector<std::pair<Cycle, int>> expect;
  for (Cycle next = rng.geometric(load / size) - 1; next < stop; next += rng.geometric(load / size))
    expect.push_back({next, pattern->dest(node, rng)});

  SourceParams p = params(node, load, {size});
  p.stop = stop;
  BernoulliSource s(p, *pattern);
  std::vector<GenPacket> got;
  for (Cycle now = 0; now < stop + 100; now += 37) s.generate(now, got);  // in steps, as a NIC that sleeps
  ASSERT_EQ(got.size(), expect.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].gen, expect[i].first) << i;
    EXPECT_EQ(got[i].dst, expect[i].second) << i;
    EXPECT_EQ(got[i].size, size);
  }
  EXPECT_EQ(s.next_time(), kNeverCycle);
}

TEST(BernoulliSource, SelfMappedNodeAndZeroLoadSendNothing) {
  auto transpose = test::pattern("transpose", mesh());
  EXPECT_EQ(BernoulliSource(params(9, 0.5, {8}), *transpose).next_time(), kNeverCycle);  // (1,1) maps onto itself
  EXPECT_NE(BernoulliSource(params(1, 0.5, {8}), *transpose).next_time(), kNeverCycle);
  auto uniform = test::pattern("uniform", mesh());
  EXPECT_EQ(BernoulliSource(params(1, 0.0, {8}), *uniform).next_time(), kNeverCycle);
}

// Packets per cycle ~ Binomial(T, p)/T, p = load/S: over T = 4e6 cycles at
// p = 0.0375 (150,000 packets) the relative standard error is
// sqrt((1-p)/(T p)) = 0.25%, so 2% is 8 standard errors.
TEST(BernoulliSource, RateIsLoadOverPacketSize) {
  auto pattern = test::pattern("uniform", mesh());
  const Cycle T = 4000000;
  BernoulliSource s(params(5, 0.3, {8}), *pattern);
  const auto v = run(s, T);
  EXPECT_NEAR(static_cast<double>(v.size()) / T, 0.3 / 8, 0.02 * 0.3 / 8);
}

// A mix of 1 and 8 flits (S = 4.5): the flit rate is still the load (relative
// standard error about 0.25% over 266,000 packets) and each size is drawn
// half the time (standard error 0.1%).
TEST(BernoulliSource, SizeMixKeepsTheLoadInFlits) {
  auto pattern = test::pattern("uniform", mesh());
  const Cycle T = 4000000;
  BernoulliSource s(params(5, 0.3, {1, 8}), *pattern);
  const auto v = run(s, T);
  EXPECT_NEAR(flits_per_cycle(v, T), 0.3, 0.02 * 0.3);
  double ones = 0;
  for (const auto& g : v) ones += g.size == 1;
  EXPECT_NEAR(ones / static_cast<double>(v.size()), 0.5, 0.01);
}

// Sizes come from a stream of their own: a mix with the same mean changes
// neither the times nor the destinations.
TEST(BernoulliSource, SizeMixDrawsNothingFromTheMainStream) {
  auto pattern = test::pattern("uniform", mesh());
  BernoulliSource fixed(params(2, 0.4, {8}), *pattern), mixed(params(2, 0.4, {4, 12}), *pattern);
  const auto a = run(fixed, 100000), b = run(mixed, 100000);
  ASSERT_EQ(a.size(), b.size());
  bool sizes_differ = false;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].gen, b[i].gen);
    EXPECT_EQ(a[i].dst, b[i].dst);
    sizes_differ |= b[i].size != 8;
  }
  EXPECT_TRUE(sizes_differ);
}

namespace {

struct Bursts {
  double mean_packets = 0;  // observed runs of back-to-back packets
  double rate = 0;          // flits per cycle
  size_t count = 0;
  size_t dst_changes = 0;   // inside runs: only where two bursts merged
};

// Splits the output into runs of back-to-back packets (each starts when the
// previous one's size in cycles has passed). A burst whose OFF period drew
// K = 0 idle cycles merges with the next one, so a run has on average
// B (1 + M) / M packets, M the mean OFF period.
Bursts bursts(TrafficSource& s, size_t want) {
  std::vector<GenPacket> v;
  Bursts b;
  size_t runs = 1;
  while (runs <= want) {
    const size_t from = v.size();
    s.generate(s.next_time(), v);
    for (size_t i = std::max<size_t>(from, 1); i < v.size(); ++i)
      if (v[i].gen != v[i - 1].gen + static_cast<Cycle>(v[i - 1].size)) ++runs;
  }
  runs = 1;
  for (size_t i = 1; i < v.size(); ++i) {
    if (v[i].gen != v[i - 1].gen + static_cast<Cycle>(v[i - 1].size))
      ++runs;
    else if (v[i].dst != v[i - 1].dst)
      ++b.dst_changes;
  }
  b.count = runs;
  b.mean_packets = static_cast<double>(v.size()) / static_cast<double>(runs);
  b.rate = flits_per_cycle(v, v.back().gen + static_cast<Cycle>(v.back().size) - v.front().gen);
  return b;
}

}  // namespace

// B = 5, load 0.3, 8 flits: M = 5*8*0.7/0.3 = 93.3 cycles. Over n = 20,000
// bursts: packets per burst have standard deviation sqrt(B(B-1)) = 4.47, so
// the mean's standard error is 0.032 and 5% of B (0.25) is 7.9 of them. The
// rate's standard error (delta method on flits/cycles per burst,
// Var(N S (1-load) - load K) = 64*0.49*20 + 0.09*M(M+1) = 1419, mean cycle
// B S / load = 133) is sqrt(1419)/(133 sqrt(n)) = 0.002: 5% of 0.3 is 7.5 of them.
TEST(OnOffSource, BurstLengthAndRateMatchTheConfiguration) {
  auto pattern = test::pattern("uniform", mesh());
  OnOffSource s(params(4, 0.3, {8}, 5.0), *pattern);
  const double M = s.off_mean();
  EXPECT_NEAR(M, 5 * 8 * 0.7 / 0.3, 1e-9);
  const Bursts b = bursts(s, 20000);
  EXPECT_NEAR(b.mean_packets, 5.0 * (1 + M) / M, 0.05 * 5.0);
  EXPECT_NEAR(b.rate, 0.3, 0.05 * 0.3);
  // One destination per burst: a run changes it only where bursts merged
  // (one in M + 1 = 94.3 burst ends); per-packet draws would change it 98%
  // of the time.
  EXPECT_LT(static_cast<double>(b.dst_changes), 0.03 * static_cast<double>(b.count));
}

// A 1/8-flit mix at load 0.6, B = 3: S = 4.5, M = 3*4.5*0.4/0.6 = 9 cycles
// (a merged burst one time in 10, hence the B(1+M)/M). Same sample size; the
// shorter OFF periods only shrink the rate's error.
TEST(OnOffSource, BurstsOfMixedSizesKeepTheRate) {
  auto pattern = test::pattern("uniform", mesh());
  OnOffSource s(params(4, 0.6, {1, 8}, 3.0), *pattern);
  const double M = s.off_mean();
  EXPECT_NEAR(M, 9.0, 1e-9);
  const Bursts b = bursts(s, 20000);
  EXPECT_NEAR(b.mean_packets, 3.0 * (1 + M) / M, 0.05 * 3.0);
  EXPECT_NEAR(b.rate, 0.6, 0.05 * 0.6);
}

TEST(OnOffSource, FullLoadIsAlwaysOnAndAboveItIsRejected) {
  auto pattern = test::pattern("uniform", mesh());
  OnOffSource s(params(0, 1.0, {8}, 4.0), *pattern);
  const auto v = run(s, 8000);
  ASSERT_EQ(v.size(), 1000u);
  for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(v[i].gen, 8 * i);
  EXPECT_THROW(OnOffSource(params(0, 1.5, {8}), *pattern), ConfigError);
  EXPECT_THROW(OnOffSource(params(0, 0.5, {8}, 0.5), *pattern), ConfigError);
}

// next_time() is the cycle of the next packet: nothing before it, at least
// one packet at it, and strictly later afterwards; nothing from the stop cycle.
TEST(TrafficSources, NextTimeIsMonotonicAndExact) {
  auto pattern = test::pattern("uniform", mesh());
  for (const char* name : {"bernoulli", "onoff", "message"}) {
    SourceParams p = params(6, 0.45, {1, 3, 8}, 4.0);
    p.stop = 200000;
    p.message_packets = std::string(name) == "message" ? 5 : 1;
    p.message_rate = 0.9;
    auto s = source_registry().at(name)(p, *pattern);
    Cycle last = 0;
    size_t n = 0;
    std::vector<GenPacket> v;
    while (s->next_time() != kNeverCycle) {
      const Cycle t = s->next_time();
      ASSERT_TRUE(n == 0 || t > last) << name;
      ASSERT_LT(t, p.stop) << name;
      v.clear();
      if (t > 0) s->generate(t - 1, v);
      ASSERT_TRUE(v.empty()) << name << " generated before next_time() " << t;
      s->generate(t, v);
      ASSERT_FALSE(v.empty()) << name;
      EXPECT_EQ(v.front().gen, t) << name;
      for (const auto& g : v) {
        ASSERT_LE(g.gen, t);
        ASSERT_LT(g.gen, p.stop) << name;
      }
      last = t;
      n += v.size();
    }
    EXPECT_GT(n, 10000u) << name;
  }
}

TEST(TrafficSources, RegistryNamesAreTheConfigValues) {
  EXPECT_EQ(source_registry().keys(), (std::vector<std::string>{"bernoulli", "message", "onoff"}));
  for (const auto& k : config_schema())
    if (k.key == "traffic.source") {
      EXPECT_EQ(allowed_values(k), source_registry().keys());
    }
  auto pattern = test::pattern("uniform", mesh());
  try {
    source_registry().at("poisson")(params(0, 0.1, {8}), *pattern);
    FAIL() << "no error for an unknown source";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("valid: bernoulli, message, onoff"), std::string::npos) << e.what();
  }
}

// traffic.phases: phase k's packets come from its own source, start at its
// first cycle and stop where phase k+1 starts.
TEST(PhasedSource, EachPhaseGeneratesOnlyInItsCycles) {
  auto uniform = test::pattern("uniform", mesh());
  auto make = [&](double load, Cycle start, int phase) {
    SourceParams p = params(3, load, {4});
    p.start = start;
    p.phase = phase;
    return std::make_unique<BernoulliSource>(p, *uniform);
  };
  std::vector<std::unique_ptr<TrafficSource>> phases;
  phases.push_back(make(0.4, 0, 0));
  phases.push_back(make(0.0, 1000, 1));  // silent
  phases.push_back(make(0.8, 3000, 2));
  PhasedSource s(params(3, 0.4, {4}), *uniform, std::move(phases), {0, 1000, 3000});
  const std::vector<GenPacket> out = run(s, 13000);
  size_t before = 0, silent = 0, after = 0;
  for (const auto& p : out) (p.gen < 1000 ? before : p.gen < 3000 ? silent : after) += 1;
  EXPECT_EQ(silent, 0u);
  EXPECT_NEAR(static_cast<double>(before), 1000 * 0.4 / 4, 30);
  EXPECT_NEAR(static_cast<double>(after), 10000 * 0.8 / 4, 150);
  for (size_t k = 1; k < out.size(); ++k) EXPECT_LE(out[k - 1].gen, out[k].gen);
}

TEST(PhasedSource, TheFirstPhaseDrawsAsThePlainSource) {
  auto uniform = test::pattern("uniform", mesh());
  BernoulliSource plain(params(5, 0.3, {8}), *uniform);
  std::vector<std::unique_ptr<TrafficSource>> phases;
  phases.push_back(std::make_unique<BernoulliSource>(params(5, 0.3, {8}), *uniform));
  SourceParams second = params(5, 0.3, {8});
  second.start = 2000;
  second.phase = 1;
  phases.push_back(std::make_unique<BernoulliSource>(second, *uniform));
  PhasedSource s(params(5, 0.3, {8}), *uniform, std::move(phases), {0, 2000});
  const auto a = run(plain, 2000), b = run(s, 2000);
  ASSERT_EQ(a.size(), b.size());
  for (size_t k = 0; k < a.size(); ++k) {
    EXPECT_EQ(a[k].dst, b[k].dst);
    EXPECT_EQ(a[k].gen, b[k].gen);
  }
  // From cycle 2000 on, exactly the packets of a phase-1 source started there.
  BernoulliSource alone(second, *uniform);
  const auto later = run(s, 4000), expected = run(alone, 4000);
  ASSERT_FALSE(expected.empty());
  ASSERT_EQ(later.size(), expected.size());
  for (size_t k = 0; k < later.size(); ++k) {
    EXPECT_EQ(later[k].gen, expected[k].gen);
    EXPECT_EQ(later[k].dst, expected[k].dst);
  }
}

// traffic.message_packets: runs of M packets share a destination, drawn once
// per message; butterfly's destination follows the message number.
TEST(BernoulliSource, MessagesShareADestination) {
  auto uniform = test::pattern("uniform", mesh());
  SourceParams p = params(5, 0.4, {8});
  p.message_packets = 4;
  BernoulliSource s(p, *uniform);
  const auto v = run(s, 20000);
  ASSERT_GT(v.size(), 400u);
  int changes = 0;
  for (size_t i = 1; i < v.size(); ++i) {
    if (i % 4) {
      EXPECT_EQ(v[i].dst, v[i - 1].dst) << i;
    }
    changes += v[i].dst != v[i - 1].dst;
  }
  EXPECT_GT(changes, static_cast<int>(v.size()) / 8);  // uniform: a new destination almost every message

  auto fly = test::pattern("butterfly", mesh());
  BernoulliSource b(p, *fly);
  const auto w = run(b, 20000);
  for (size_t i = 0; i < w.size(); ++i) EXPECT_EQ(w[i].dst, 5 ^ (1 << ((i / 4) % 6))) << i;
}

TEST(OnOffSource, RefusesMessages) {
  auto uniform = test::pattern("uniform", mesh());
  SourceParams p = params(5, 0.4, {8});
  p.message_packets = 2;
  EXPECT_THROW(OnOffSource(p, *uniform), ConfigError);
}

// Versaci's messages: M packets to one destination, all generated when the
// message begins, released for injection at traffic.message_rate flits per
// cycle; messages begin at load / (M S) per cycle.
TEST(MessageSource, MessagesBeginTogetherAndAreReleasedAtTheRate) {
  auto pattern = test::pattern("uniform", mesh());
  SourceParams p = params(5, 0.3, {8});
  p.message_packets = 12;
  p.message_rate = 2.4;  // a packet every 8 / 2.4 = 3.33 cycles
  MessageSource s(p, *pattern);
  const std::vector<GenPacket> all = run(s, 2000000);
  ASSERT_GT(all.size(), 1000u);
  EXPECT_NEAR(flits_per_cycle(all, 2000000), 0.3, 0.012);  // about 6,250 messages: 1.3% standard error
  ASSERT_EQ(all.size() % 12, 0u);
  for (size_t k = 0; k < all.size(); k += 12)
    for (size_t i = k + 1; i < k + 12; ++i) {
      EXPECT_EQ(all[i].gen, all[k].gen);
      EXPECT_EQ(all[i].dst, all[k].dst);
      // Releases 3.33 cycles apart: 3 or 4 cycles, never sooner, in order across messages.
      EXPECT_GE(all[i].release, all[i - 1].release + 3);
    }
  // The first message: packet k released at gen + ceil(k * 10 / 3).
  for (int k = 0; k < 12; ++k)
    EXPECT_EQ(all[static_cast<size_t>(k)].release, all[0].gen + static_cast<Cycle>((k * 10 + 2) / 3)) << k;
}

TEST(MessageSource, RateZeroReleasesAMessageAtOnceAndASlowRateIsRefused) {
  auto pattern = test::pattern("uniform", mesh());
  SourceParams p = params(5, 0.3, {8});
  p.message_packets = 4;
  MessageSource s(p, *pattern);
  std::vector<GenPacket> v;
  s.generate(s.next_time(), v);
  ASSERT_EQ(v.size(), 4u);
  for (const auto& g : v) {
    EXPECT_EQ(g.gen, v.front().gen);
    EXPECT_EQ(g.release, g.gen);
  }
  p.message_rate = 0.2;  // below the load
  EXPECT_THROW(MessageSource(p, *pattern), ConfigError);
}
