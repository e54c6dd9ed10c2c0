#pragma once
// Bubble routings under packets of several sizes (docs/routing-torus.md,
// "Packets of several sizes"): a packet that takes an escape ring's VC
// holds the largest packet's room downstream. The credits beyond its own
// flits (its pad) are taken as its head leaves and come back with the
// credit of its last flit. An output VC's credits come back in the order
// its flits left (the downstream VC is a FIFO), so one queue per output VC
// of the packets still owed credits finds that credit.
#include <cstddef>
#include <deque>
#include <vector>

namespace nocsim {

class SlotPads {
 public:
  void resize(size_t output_vcs) { owed_.assign(output_vcs, {}); }
  // Every packet sent on output VC k, with the extra credits it took (0 for
  // a packet not on an escape ring): the queue follows each credit.
  void sent(size_t k, int size, int pad) { owed_[k].push_back({size, pad}); }
  // A credit came back on output VC k: the extra credits it frees (the pad
  // of the packet whose last flit it counts), or -1 when no packet was owed one.
  int returned(size_t k) {
    std::deque<Owed>& q = owed_[k];
    if (q.empty()) return -1;
    if (--q.front().left > 0) return 0;
    const int pad = q.front().pad;
    q.pop_front();
    return pad;
  }
  // Packets on output VC k still owed credits.
  size_t owed(size_t k) const { return owed_[k].size(); }

 private:
  struct Owed {
    int left, pad;
  };
  std::vector<std::deque<Owed>> owed_;
};

}  // namespace nocsim
