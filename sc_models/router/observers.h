#pragma once
// The observers attached to every router's units, as a compile-time list.
// To attach a counter: derive it from UnitObserver, define the hooks it needs
// and add it to RouterObservers below; read it back with
// RouterState::obs.get<T>().
#include <cstdint>
#include <tuple>

#include "congestion/contention_counters.h"
#include "congestion/mincred_counters.h"
#include "core/unit_observer.h"
#include "stats/activity.h"

namespace nocsim {

template <typename... Os>
class Observers {
 public:
  template <typename T>
  T& get() { return std::get<T>(os_); }
  template <typename T>
  const T& get() const { return std::get<T>(os_); }

  void arrived(int ip, const Flit& f) { (std::get<Os>(os_).arrived(ip, f), ...); }
  void head_at_front(int ip, int v, const Flit& f) { (std::get<Os>(os_).head_at_front(ip, v, f), ...); }
  void routed(int ip, int v, int n) { (std::get<Os>(os_).routed(ip, v, n), ...); }
  void vc_granted(int ip, int v, int op, int ovc) { (std::get<Os>(os_).vc_granted(ip, v, op, ovc), ...); }
  void departed(int ip, int v, const Flit& f) { (std::get<Os>(os_).departed(ip, v, f), ...); }
  void tail_departed(int ip, int v, int op, int ovc) { (std::get<Os>(os_).tail_departed(ip, v, op, ovc), ...); }
  void credit_taken(int op, int ovc) { (std::get<Os>(os_).credit_taken(op, ovc), ...); }
  void credit_returned(int op, int ovc) { (std::get<Os>(os_).credit_returned(op, ovc), ...); }
  void released(int op, int ovc) { (std::get<Os>(os_).released(op, ovc), ...); }
  void sent(int op, const Flit& f) { (std::get<Os>(os_).sent(op, f), ...); }
  void min_taken(int op) { (std::get<Os>(os_).min_taken(op), ...); }
  void min_returned(int op) { (std::get<Os>(os_).min_returned(op), ...); }
  void va_requested(uint64_t n) { (std::get<Os>(os_).va_requested(n), ...); }
  void sa_requested(uint64_t n) { (std::get<Os>(os_).sa_requested(n), ...); }

 private:
  std::tuple<Os...> os_;
};

using RouterObservers = Observers<ActivityCounters, ContentionCounters, MinCredCounters>;

}  // namespace nocsim
