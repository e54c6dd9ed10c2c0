#pragma once
// Link power states and the policies that switch them (Zahn;
// docs/power-model.md, "Link power"). Plain C++: one LinkPair per
// router-to-router link, both directions switched together. A pair is told
// when a flit wants to leave on one of its directions and when it left; it
// answers when the flit may leave, and keeps the time spent in each state.
// Timers run lazily: a pair changes state only when asked, backdating the
// change to when it happened (an idle timer's expiry, a window's end), so an
// idle link costs nothing to simulate.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/flit.h"
#include "link/pacer.h"

namespace nocsim {

// One row of the state table (sc_models/power/link_states.txt).
struct LinkState {
  int index = 0;
  int lanes = 0;
  double f_ghz = 0, bw_gbps = 0, pj_per_bit = 0;
  double watts() const { return bw_gbps * pj_per_bit * 1e-3; }  // per direction
};
const char* link_states_text();  // the table as compiled in (generated)
// Parses the table; throws ConfigError naming the line for a malformed row,
// an index out of order or a negative value.
std::vector<LinkState> parse_link_states(const std::string& text);
const std::vector<LinkState>& link_states();  // the compiled-in table

enum class LinkPolicy : uint8_t { None, OnOff, HighLow, Awake, Threshold };
const std::vector<std::string>& link_policy_names();  // link.power.policy's values, in LinkPolicy's order

struct LinkPowerParams {
  LinkPolicy policy = LinkPolicy::None;
  Cycle t_train = 1000;   // t_t in cycles: the link carries nothing meanwhile
  Cycle idle = 10000;     // Δt = t_t/ρ in cycles: the idle timer, and the threshold policy's window
  int low_interval = 12;  // cycles per flit in the low state (high bandwidth / low bandwidth, rounded up)
  // High/low and awake: a head finding the link low switches it up when more
  // than this many flits wait for it: t_t / (1/BW_low - 1/BW_high) in flits.
  Cycle break_even = 91;
  double threshold_low = 0.15, threshold_high = 0.9;  // the threshold policy
  double high_w = 0, low_w = 0;                       // per direction
  // From the policy's keys: t_t and ρ in cycles of a clock of freq_ghz.
  static LinkPowerParams make(LinkPolicy policy, double t_train_ns, double rho, double freq_ghz,
                              const LinkState& low, const LinkState& high, double threshold_low,
                              double threshold_high);
};

class LinkPair {
 public:
  enum Mode : uint8_t { kOff, kLow, kHigh, kTraining, kModes };
  // pace: the link's cycles per flit in the high state, thousandths
  // (link/pacer.h): a slow link's low state is that much slower too, and
  // its break-even backlog and window utilisations scale with it.
  explicit LinkPair(const LinkPowerParams& p, uint64_t pace = LinkPacer::kUnit);
  // The front flit of direction d's output queue, a head or not, became
  // ready to leave at `want` (the decision is made at cycle now <= want);
  // returns the cycle it may leave, want or later. `queued`: flits waiting
  // for direction d, read only when wants_queue(head) said so.
  Cycle admit(int d, Cycle now, Cycle want, bool head, Cycle queued);
  // Whether admit() will read `queued` for a head at `now` (high/low and awake, in the low state).
  bool wants_queue(Cycle now, bool head) {
    advance(now);
    return head && mode_ == kLow && (p_->policy == LinkPolicy::HighLow || p_->policy == LinkPolicy::Awake);
  }
  // A flit left on direction d at cycle `at` (the threshold policy counts
  // it); throws InvariantError if the link is off or training then.
  void sent(int d, Cycle at);
  void wake(Cycle at);         // an awake message reached the link: off or low trains up
  void advance(Cycle now);     // state changes due by cycle now
  Mode mode() const { return mode_; }
  // Cycles in each mode from cycle 0 to `upto` (no earlier than the last change).
  std::array<Cycle, kModes> time_in_state(Cycle upto) const;
  uint64_t trainings() const { return trainings_; }
  Cycle train_end() const { return train_end_; }
  // Flits admitted for a later cycle than they asked for (the link off,
  // training or paced low), and the cycles they were held in all.
  uint64_t held_flits() const { return held_; }
  Cycle held_cycles() const { return held_cycles_; }

 private:
  void enter(Mode m, Cycle t);
  void train(Cycle now);  // off or low -> training, as soon as what was admitted has left
  Cycle next_event() const;
  void close_window();
  bool timer_policy() const { return p_->policy != LinkPolicy::Threshold; }

  const LinkPowerParams* p_;
  uint64_t pace_;           // high state: cycles per flit, thousandths
  Cycle low_interval_;      // low state: cycles per flit (p.low_interval scaled by pace)
  Cycle break_even_;        // p.break_even for this link's pace
  Mode mode_ = kHigh, prev_ = kHigh;  // prev_: the mode before the last change
  Cycle since_ = 0;         // of the current mode
  Cycle last_busy_ = 0;     // last cycle a flit was admitted to leave (either direction)
  Cycle train_end_ = 0;     // training: first cycle of the high state
  std::array<Cycle, 2> next_low_{};  // low state: the next cycle direction d may send
  std::array<Cycle, kModes> time_{};
  uint64_t trainings_ = 0, held_ = 0;
  Cycle held_cycles_ = 0;
  // Threshold policy: flits sent per direction in window win_ ([win_ * idle, (win_ + 1) * idle)).
  Cycle win_ = 0;
  std::array<uint64_t, 2> win_flits_{};
};

struct KeySpec;
// The link.power.* keys of the configuration schema (sim/schema.cpp) and
// their rules (LinkPowerConfig::validate).
void add_link_power_keys(std::vector<KeySpec>& schema);
class Config;
class ErrorList;
void link_power_rules(const Config& cfg, ErrorList& errors);

}  // namespace nocsim
