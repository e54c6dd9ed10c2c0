#pragma once
// DAMQ, the input unit's buffer-pool policy (router.buffer_model=damq;
// docs/user-guide.md): a network port's input memory (VCs x depth flits) is
// one pool, each VC keeping `reserve` flits to itself and the rest
// (`shared`) open to all the port's VCs, so a VC holds at most reserve +
// shared flits. Both ends of a link keep the same count: the input unit the
// flits its pool holds, the output unit the downstream pool's shared flits
// its VCs occupy, which bounds what each output VC may still send. Plain
// C++; a port with shared = 0 (injection, or static buffers) is a plain
// FIFO per VC and is never counted.
#include <algorithm>
#include <vector>

namespace nocsim {

class DamqPool {
 public:
  DamqPool() = default;
  // Per port: VCs of its input, flits per VC downstream (reserve + shared),
  // flits reserved per VC, flits shared by its VCs.
  DamqPool(const std::vector<int>& in_vcs, const std::vector<int>& out_depth, const std::vector<int>& reserve,
           const std::vector<int>& shared)
      : out_depth_(out_depth), reserve_(reserve), shared_(shared), held_(shared.size(), 0), shared_used_(shared.size(), 0) {
    for (size_t p = 0; p < shared.size(); ++p) capacity_.push_back(in_vcs[p] * reserve[p] + shared[p]);
  }

  // Input side. A flit entered input port ip's pool: false when it overflows.
  bool arrived(int ip) { return !shared_[ip] || ++held_[ip] <= capacity_[ip]; }
  // A flit left input port ip's pool.
  void left(int ip) {
    if (shared_[ip]) --held_[ip];
  }

  // Output side, for a downstream VC of port o with `credits` left (so
  // out_depth - credits flits held) and `pending_vc` flits, `pending_shared`
  // shared ones, granted this cycle: the flits it may still send (its
  // reserve's free slots plus the port's free shared ones, at most its credits).
  int room(int o, int credits, int pending_vc, int pending_shared) const {
    const int occ = out_depth_[o] - credits + pending_vc;
    const int reserve_free = std::max(0, reserve_[o] - occ);
    return std::min(out_depth_[o] - occ, reserve_free + shared_[o] - shared_used_[o] - pending_shared);
  }
  // The next flit sent into that VC lands in the shared part: the VC
  // already holds its reserve.
  bool lands_shared(int o, int credits, int pending_vc) const {
    return out_depth_[o] - credits + pending_vc >= reserve_[o];
  }
  // A flit was sent into a downstream VC of port o that had `credits`:
  // false when the shared part overflows.
  bool sent(int o, int credits) {
    if (!lands_shared(o, credits, 0) || !shared_[o]) return true;
    return ++shared_used_[o] <= shared_[o];
  }
  // A credit came back to a VC of port o that had `credits`: false when the
  // shared count underflows.
  bool freed(int o, int credits) {
    if (out_depth_[o] - credits <= reserve_[o] || !shared_[o]) return true;
    return --shared_used_[o] >= 0;
  }
  int held(int ip) const { return held_[ip]; }
  int shared_used(int o) const { return shared_used_[o]; }

 private:
  std::vector<int> out_depth_, reserve_, shared_, capacity_;
  std::vector<int> held_;         // input side: flits in each port's pool
  std::vector<int> shared_used_;  // output side: downstream shared flits in use
};

}  // namespace nocsim
