#pragma once
// Bubble routings under packets of several sizes (docs/routing-torus.md,
// "Packets of several sizes"): a packet that takes an escape ring's VC
// holds the largest packet's room downstream. The credits beyond its own
// flits (its pad) are taken as its head leaves and come back with the
// credit of its last flit. An output VC's credits come back in the order
// its flits left (the downstream VC is a FIFO), so one queue per output VC
// of the packets still owed credits finds that credit. Each packet owed
// one holds at least one of the VC's credits, so a VC's queue needs no
// more entries than it has credits: one flat ring per output VC, sized by
// its downstream buffer, 4 bytes a flit of it.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace nocsim {

class SlotPads {
  struct Owed {
    uint16_t left, pad;  // credits still to come back; extra credits it took
  };

 public:
  static constexpr size_t kBytesPerCredit = sizeof(Owed);  // for the memory estimate

  // capacity[k]: output VC k's credits (its downstream buffer's flits).
  void resize(const std::vector<int>& capacity) {
    vc_.assign(capacity.size(), {});
    size_t at = 0;
    for (size_t k = 0; k < capacity.size(); ++k) {
      vc_[k].at = at;
      vc_[k].cap = static_cast<uint32_t>(capacity[k]);
      at += static_cast<size_t>(capacity[k]);
    }
    owed_.assign(at, {});
  }
  // Every packet sent on output VC k, with the extra credits it took (0 for
  // a packet not on an escape ring): the queue follows each credit.
  void sent(size_t k, int size, int pad) {
    Vc& v = vc_[k];
    if (v.count == v.cap) throw std::logic_error("slot pads: more packets owed credits than the VC has credits");
    owed_[v.at + (v.head + v.count) % v.cap] = {static_cast<uint16_t>(size), static_cast<uint16_t>(pad)};
    ++v.count;
  }
  // A credit came back on output VC k: the extra credits it frees (the pad
  // of the packet whose last flit it counts), or -1 when no packet was owed one.
  int returned(size_t k) {
    Vc& v = vc_[k];
    if (!v.count) return -1;
    Owed& o = owed_[v.at + v.head];
    if (--o.left > 0) return 0;
    v.head = (v.head + 1) % v.cap;
    --v.count;
    return o.pad;
  }
  // Packets on output VC k still owed credits.
  size_t owed(size_t k) const { return vc_[k].count; }

 private:
  struct Vc {
    size_t at = 0;  // its ring's first entry in owed_
    uint32_t cap = 0, head = 0, count = 0;
  };
  std::vector<Vc> vc_;
  std::vector<Owed> owed_;
};

}  // namespace nocsim
