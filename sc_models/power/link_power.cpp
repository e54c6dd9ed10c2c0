#include "power/link_power.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/error.h"

namespace nocsim {

std::vector<LinkState> parse_link_states(const std::string& text) {
  std::vector<LinkState> out;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream row(line);
    LinkState s;
    if (!(row >> s.index)) continue;  // blank or comment
    std::string extra;
    if (!(row >> s.lanes >> s.f_ghz >> s.bw_gbps >> s.pj_per_bit) || (row >> extra))
      throw ConfigError("link states line " + std::to_string(n) + ": expected 'index lanes f_ghz bw_gbps pj_per_bit'");
    if (s.index != static_cast<int>(out.size()))
      throw ConfigError("link states line " + std::to_string(n) + ": index " + std::to_string(s.index) +
                        " out of order (expected " + std::to_string(out.size()) + ")");
    if (s.lanes < 0 || s.f_ghz < 0 || s.bw_gbps < 0 || s.pj_per_bit < 0)
      throw ConfigError("link states line " + std::to_string(n) + ": negative value");
    out.push_back(s);
  }
  return out;
}

const std::vector<LinkState>& link_states() {
  static const std::vector<LinkState> table = parse_link_states(link_states_text());
  return table;
}

const std::vector<std::string>& link_policy_names() {
  static const std::vector<std::string> names = {"none", "onoff", "highlow", "awake", "threshold"};
  return names;
}

LinkPowerParams LinkPowerParams::make(LinkPolicy policy, double t_train_ns, double rho, double freq_ghz,
                                      const LinkState& low, const LinkState& high, double threshold_low,
                                      double threshold_high) {
  LinkPowerParams p;
  p.policy = policy;
  p.t_train = std::max<Cycle>(1, static_cast<Cycle>(std::llround(t_train_ns * freq_ghz)));
  p.idle = std::max<Cycle>(1, static_cast<Cycle>(std::llround(static_cast<double>(p.t_train) / rho)));
  p.low_interval = static_cast<int>(std::ceil(high.bw_gbps / low.bw_gbps - 1e-9));
  // n flits take n * low_interval cycles low, t_t + n high.
  p.break_even = p.low_interval > 1 ? p.t_train / static_cast<Cycle>(p.low_interval - 1) : kNeverCycle;
  p.threshold_low = threshold_low;
  p.threshold_high = threshold_high;
  p.high_w = high.watts();
  p.low_w = low.watts();
  return p;
}

void LinkPair::enter(Mode m, Cycle t) {
  if (t > since_) time_[mode_] += t - since_;
  since_ = std::max(since_, t);
  prev_ = mode_;
  mode_ = m;
}

std::array<Cycle, LinkPair::kModes> LinkPair::time_in_state(Cycle upto) const {
  std::array<Cycle, kModes> t = time_;
  if (upto > since_)
    t[mode_] += upto - since_;
  else  // a training that starts after upto (once admitted flits have left) was credited ahead
    t[prev_] -= std::min(t[prev_], since_ - upto);
  return t;
}

void LinkPair::train(Cycle now) {
  // What was admitted before goes first, in the old state.
  const Cycle start = std::max(now, last_busy_ + 1);
  enter(kTraining, start);
  train_end_ = start + p_->t_train;
  last_busy_ = train_end_;  // the idle timer restarts when the link is up
  ++trainings_;
}

Cycle LinkPair::next_event() const {
  if (mode_ == kTraining) return train_end_;
  if (!timer_policy()) return (win_ + 1) * p_->idle;
  return mode_ == kHigh ? last_busy_ + p_->idle : kNeverCycle;
}

// The threshold policy at the end of window win_: the busier direction's
// utilisation of the state's bandwidth decides (docs/power-model.md, "Link
// power": the `threshold` policy).
void LinkPair::close_window() {
  const Cycle end = (win_ + 1) * p_->idle;
  // Flits in units of the high state's cycles: a slow link is busier per flit.
  const double flits = static_cast<double>(std::max(win_flits_[0], win_flits_[1])) * static_cast<double>(pace_) /
                       static_cast<double>(LinkPacer::kUnit);
  const double w = static_cast<double>(p_->idle);
  // A window that ended before the current state began (during a training)
  // decides nothing. A high link goes low only if its load would stay below
  // the upper threshold there: else it would train straight back up.
  const double low_load = flits * p_->low_interval / w;
  if (end > since_ && mode_ == kHigh && flits / w < p_->threshold_low && low_load <= p_->threshold_high)
    enter(kLow, end);
  else if (end > since_ && mode_ == kLow && low_load > p_->threshold_high)
    train(end);
  ++win_;
  win_flits_ = {};
}

void LinkPair::advance(Cycle now) {
  for (Cycle t = next_event(); t <= now; t = next_event()) {
    if (mode_ == kTraining && t == train_end_) {
      enter(kHigh, t);
    } else if (timer_policy()) {
      enter(p_->policy == LinkPolicy::OnOff ? kOff : kLow, t);
    } else {
      close_window();
      // Later windows hold no flit (sent() advances first): in the low state
      // they change nothing, so skip to the current one.
      if (mode_ == kLow) win_ = std::max(win_, now / p_->idle);
    }
  }
}

LinkPair::LinkPair(const LinkPowerParams& p, uint64_t pace)
    : p_(&p),
      pace_(pace),
      low_interval_(LinkPacer::ceil_cycle(static_cast<uint64_t>(p.low_interval) * pace)),
      // n flits take n b li cycles low against t_t + n b high.
      break_even_(p.low_interval > 1 ? p.t_train * LinkPacer::kUnit / (pace * static_cast<Cycle>(p.low_interval - 1))
                                     : kNeverCycle) {}

Cycle LinkPair::admit(int d, Cycle now, Cycle want, bool head, Cycle queued) {
  advance(now);
  Cycle go = want;
  if (mode_ == kOff) {
    train(now);
  } else if (mode_ == kLow) {
    if (head && queued > break_even_ &&
        (p_->policy == LinkPolicy::HighLow || p_->policy == LinkPolicy::Awake))
      train(now);
    else
      go = std::max(want, next_low_[d]);
  }
  if (mode_ == kTraining) go = std::max(want, train_end_);
  if (mode_ == kLow) next_low_[d] = go + low_interval_;
  last_busy_ = std::max(last_busy_, go);
  if (go > want) {
    ++held_;
    held_cycles_ += go - want;
  }
  return go;
}

void LinkPair::sent(int d, Cycle at) {
  advance(at);
  // A training that starts after `at` (once admitted flits have left) is not on yet.
  if ((mode_ == kOff || mode_ == kTraining) && since_ <= at)
    throw InvariantError(std::string("link power: a flit left on a link that is ") +
                         (mode_ == kOff ? "off" : "training") + " at cycle " + std::to_string(at));
  if (!timer_policy()) ++win_flits_[d];
}

void LinkPair::wake(Cycle at) {
  advance(at);
  if (mode_ == kOff || mode_ == kLow)
    train(at);
  else  // high or training: the packet the message runs ahead of is coming
    last_busy_ = std::max(last_busy_, at);
}

}  // namespace nocsim
