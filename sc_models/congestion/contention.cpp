#include "congestion/contention.h"

#include <algorithm>

#include "core/error.h"

namespace nocsim {

ContentionUnit::ContentionUnit(int ports, const ContentionParams& p)
    : p_(p), count_(static_cast<size_t>(ports), 0), f_(static_cast<size_t>(ports), 0),
      at_(static_cast<size_t>(ports), 0) {}

// f(t) = (alpha*f(t-1) + (256-alpha)*(count << 8)) >> 8 for every cycle up to
// `now`, with the count constant since the last change. Once f stops moving
// it stays: the loop ends there.
void ContentionUnit::catch_up(int port, Cycle now) const {
  const size_t i = static_cast<size_t>(port);
  if (p_.variant != ContentionVariant::Filtered || at_[i] >= now) return;
  const int64_t target = static_cast<int64_t>(count_[i]) << 8;
  int64_t f = f_[i];
  for (Cycle c = at_[i]; c < now; ++c) {
    const int64_t next = (p_.alpha256 * f + (256 - p_.alpha256) * target) >> 8;
    if (next == f) break;
    f = next;
  }
  f_[i] = static_cast<int32_t>(f);
  at_[i] = now;
}

void ContentionUnit::up(int port, Cycle now) {
  catch_up(port, now);
  ++count_[static_cast<size_t>(port)];
}

void ContentionUnit::down(int port, Cycle now) {
  catch_up(port, now);
  if (--count_[static_cast<size_t>(port)] < 0)
    throw InvariantError("contention counter of port " + std::to_string(port) + " below zero");
}

int ContentionUnit::filtered_q8(int port, Cycle now) const {
  catch_up(port, now);
  return f_[static_cast<size_t>(port)];
}

bool ContentionUnit::over(int port, Cycle now) const {
  if (p_.variant == ContentionVariant::Filtered) return filtered_q8(port, now) > (p_.threshold << 8);
  return count(port) > p_.threshold;
}

EctnBoard::EctnBoard(int routers, int a, int groups, const ContentionParams& p)
    : p_(p), a_(a), g_(groups), partial_(static_cast<size_t>(routers) * groups, 0),
      live_(static_cast<size_t>(groups) * groups, 0), latest_(static_cast<size_t>(groups) * groups, 0),
      before_(static_cast<size_t>(groups) * groups, 0), last_(static_cast<size_t>(groups), 0) {
  if (p_.ectn_delay < 0 || p_.ectn_delay >= p_.ectn_period)
    throw ConfigError("routing.contention.ectn_exchange: a delay of " + std::to_string(p_.ectn_delay) +
                      " cycles needs an ectn_period above it, got " + std::to_string(p_.ectn_period));
}

// An exchange at cycle b samples what the commits up to b-1 left: a change
// committed in cycle t is in the exchanges at the multiples of the period
// after t. Called before every change and read, so live_ has not moved since
// the group's latest exchange was brought up to date.
void EctnBoard::exchange(int own, Cycle now) const {
  const Cycle period = static_cast<Cycle>(p_.ectn_period);
  const Cycle b = now / period * period;  // the latest exchange up to now
  Cycle& last = last_[static_cast<size_t>(own)];
  if (b <= last) return;
  const auto row = static_cast<long>(own) * g_;
  if (b - period > last)  // two or more exchanges since: both sample live_
    std::copy_n(live_.begin() + row, g_, before_.begin() + row);
  else
    std::copy_n(latest_.begin() + row, g_, before_.begin() + row);
  std::copy_n(live_.begin() + row, g_, latest_.begin() + row);
  last = b;
}

void EctnBoard::change(int router, int group, int d, Cycle now) {
  const int own = router / a_;
  exchange(own, now);
  int& p = partial_[idx(router, group)];
  if ((p += d) < 0) throw InvariantError("ECtN partial counter of router " + std::to_string(router) + " below zero");
  live_[static_cast<size_t>(own) * g_ + group] += d;
}

// The sums of the latest exchange whose messages have arrived: the one at
// last_ if it is at least ectn_delay cycles old, else the one before.
int EctnBoard::combined(int router, int group, Cycle now) const {
  const int own = router / a_;
  exchange(own, now);
  const size_t i = static_cast<size_t>(own) * g_ + group;
  const bool arrived = now >= last_[static_cast<size_t>(own)] + static_cast<Cycle>(p_.ectn_delay);
  return std::min(15, arrived ? latest_[i] : before_[i]);
}

}  // namespace nocsim
