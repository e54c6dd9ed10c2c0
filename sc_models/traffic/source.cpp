#include "traffic/source.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/error.h"

namespace nocsim {

TrafficSource::TrafficSource(const SourceParams& p, const TrafficPattern& pattern)
    : p_(p),
      pattern_(pattern),
      rng_(p.seed, "nic." + std::to_string(p.node) + (p.phase ? ".phase" + std::to_string(p.phase) : "")),
      size_rng_(p.seed, "nic." + std::to_string(p.node) + (p.phase ? ".phase" + std::to_string(p.phase) : "") +
                            ".size") {
  if (p_.sizes.empty()) throw ConfigError("traffic.packet_size: give at least one size");
}

double TrafficSource::mean_size() const {
  double sum = 0;
  for (int s : p_.sizes) sum += s;
  return sum / static_cast<double>(p_.sizes.size());
}

bool TrafficSource::pattern_sends() const {
  Rng probe = rng_;
  return pattern_.dest(p_.node, probe) >= 0;
}

BernoulliSource::BernoulliSource(const SourceParams& p, const TrafficPattern& pattern)
    : TrafficSource(p, pattern), rate_(p.load / mean_size()) {
  // Nodes that the pattern maps onto themselves, or a zero load, never generate.
  if (rate_ > 0 && pattern_sends()) schedule(p.start + rng_.geometric(rate_) - 1);
}

void BernoulliSource::generate(Cycle now, std::vector<GenPacket>& out) {
  while (next_ <= now) {
    const int dst = dest();
    out.push_back({next_, dst, draw_size()});
    schedule(next_ + rng_.geometric(rate_));
  }
}

OnOffSource::OnOffSource(const SourceParams& p, const TrafficPattern& pattern) : TrafficSource(p, pattern) {
  if (p.load > 1.0)
    throw ConfigError("traffic.load: the onoff source sends at the link rate (1 flit/cycle) while ON, so it cannot "
                      "offer " + std::to_string(p.load) + " flits/(node*cycle); use a load <= 1");
  if (p.message_packets > 1)
    throw ConfigError("traffic.message_packets: the onoff source already sends each burst to one destination; "
                      "use message_packets=1 with it (or traffic.source=bernoulli)");
  if (p.burst_length < 1.0)
    throw ConfigError("traffic.burst_length: a burst has at least one packet, got " + std::to_string(p.burst_length));
  if (p.load <= 0 || !pattern_sends()) return;
  off_mean_ = p.burst_length * mean_size() * (1.0 - p.load) / p.load;
  // Start ON for the fraction `load` of the time the chain spends ON, so the
  // nodes do not all burst together at cycle 0.
  const bool on = rng_.uniform() < p.load;
  dst_ = dest();
  schedule(p.start + (on ? 0 : off_gap()));
}

void OnOffSource::generate(Cycle now, std::vector<GenPacket>& out) {
  while (next_ <= now) {
    const int size = draw_size();
    out.push_back({next_, dst_, size});
    Cycle next = next_ + static_cast<Cycle>(size);
    if (rng_.uniform() * p_.burst_length < 1.0) {  // the burst ends: P = 1/B
      next += off_gap();
      dst_ = dest();
    }
    schedule(next);
  }
}

namespace {

std::string short_number(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", x);
  return b;
}

}  // namespace

MessageSource::MessageSource(const SourceParams& p, const TrafficPattern& pattern)
    : TrafficSource(p, pattern), msg_rate_(p.load / (mean_size() * p.message_packets)) {
  // Slower hand-over than generation would pile messages up without bound.
  if (p.message_rate > 0 && p.message_rate < p.load)
    throw ConfigError("traffic.message_rate: " + short_number(p.message_rate) + " flits/cycle hands packets over " +
                      "slower than they are generated (" + short_number(p.load) + "); give at least traffic.load, or 0");
  if (msg_rate_ > 0 && pattern_sends()) schedule(p.start + rng_.geometric(msg_rate_) - 1);
}

void MessageSource::generate(Cycle now, std::vector<GenPacket>& out) {
  while (next_ <= now) {  // a message begins: all its packets are generated now
    hand_ = std::max(hand_, static_cast<double>(next_));
    for (int k = 0; k < p_.message_packets; ++k) {
      const int size = draw_size();
      out.push_back({next_, dest(), size, static_cast<Cycle>(std::ceil(hand_ - 1e-9))});
      if (p_.message_rate > 0) hand_ += size / p_.message_rate;
    }
    schedule(next_ + rng_.geometric(msg_rate_));
  }
}

PhasedSource::PhasedSource(const SourceParams& p, const TrafficPattern& pattern,
                           std::vector<std::unique_ptr<TrafficSource>> phases, std::vector<Cycle> starts)
    : TrafficSource(p, pattern), phases_(std::move(phases)), starts_(std::move(starts)) {
  reschedule();
}

void PhasedSource::generate(Cycle now, std::vector<GenPacket>& out) {
  for (; k_ < phases_.size(); ++k_) {
    const Cycle e = end(k_);
    phases_[k_]->generate(now < e ? now : e - 1, out);
    if (now < e) break;
  }
  reschedule();
}

// The next packet of the phase in progress if it comes before the phase
// ends, else the first packet of a later phase.
void PhasedSource::reschedule() {
  next_ = kNeverCycle;
  for (size_t k = k_; k < phases_.size(); ++k)
    if (phases_[k]->next_time() < end(k)) {
      next_ = phases_[k]->next_time();  // sources start at their phase (SourceParams::start)
      return;
    }
}

void register_sources(SourceRegistry& reg) {
  reg.add("bernoulli", [](const SourceParams& p, const TrafficPattern& t) {
    return std::make_unique<BernoulliSource>(p, t);
  });
  reg.add("onoff", [](const SourceParams& p, const TrafficPattern& t) { return std::make_unique<OnOffSource>(p, t); });
  reg.add("message", [](const SourceParams& p, const TrafficPattern& t) { return std::make_unique<MessageSource>(p, t); });
}

SourceRegistry& mutable_source_registry() {
  static SourceRegistry reg("traffic.source", register_sources);
  return reg;
}

const SourceRegistry& source_registry() { return mutable_source_registry(); }

}  // namespace nocsim
