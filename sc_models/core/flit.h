#pragma once
// The unit of flow control. A packet is `size` flits, its own (drawn from
// traffic.packet_size by its source); with the default flit = phit one flit
// crosses a link per cycle.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace nocsim {

using Cycle = uint64_t;
constexpr Cycle kNeverCycle = std::numeric_limits<Cycle>::max();  // no such cycle: never

// What routing functions keep in a packet's head between hops.
struct RoutingHeader {
  int32_t inter = -1;    // intermediate router or group (Valiant, OFR), -1 none; POR: its orthant
  uint8_t dateline = 0;  // bit d: crossed the wrap link of dimension d
  uint8_t seqpos = 0;    // next position in the VC reference sequence (torus adaptive: the class the head sits in)
  uint8_t phase = 0;     // dragonfly: 0 toward the intermediate, 1 toward the destination; torus: routing/torus/adaptive.h
  uint8_t flags = 0;     // the routing's own bits (OLM: misrouted in this group; torus: routing/torus/deroutes.h)
};

// 32 bytes: flits are copied on every hop, so every byte counts. Packet
// facts that no hop needs (when it was generated and injected) live in
// core/packet_times.h, found by source and number.
struct Flit {
  int32_t src = 0;         // source node
  int32_t dst = 0;         // destination node
  uint32_t pseq = 0;       // the packet's number at its source (from 0, modulo 2^32)
  RoutingHeader rh;        // routing state, meaningful in the head
  uint16_t seq = 0;        // 0 = head ... size-1 = tail
  uint16_t size = 1;       // flits in the packet
  uint16_t hops = 0;       // router-to-router links crossed so far (counted from SA's grant of the port)
  uint8_t vc = 0;          // VC of the buffer it is written into
  uint8_t ghops = 0;       // of the hops, global (dragonfly) links
  bool measured : 1;       // generated inside the measurement window
  bool minimal_hop : 1;    // the hop into this buffer was minimal: set on heads; vc.mincred sets every flit (its credit says so)
  bool reply : 1;          // traffic.request_reply: a reply (else a request, or plain traffic)
  // The latency breakdown's clock (docs/metrics.md, "Latency breakdown"):
  // the cycle, modulo 2^29, this flit arrived at its buffer (a head's,
  // between SA and the next buffer: the cycle it could first leave).
  uint32_t stamp : 29;
  Flit() : measured(false), minimal_hop(false), reply(false), stamp(0) {}
  bool head() const { return seq == 0; }
  bool tail() const { return seq + 1 == size; }
  // The packet's id, unique per run while its source makes fewer than
  // 2^32 packets: the source in bits 40 and up, the number below.
  uint64_t pkt() const { return static_cast<uint64_t>(static_cast<uint32_t>(src)) << 40 | pseq; }
  static constexpr uint32_t kStampMask = (1u << 29) - 1;
  static uint32_t stamp_of(Cycle c) { return static_cast<uint32_t>(c) & kStampMask; }
  // Cycles from the stamp to `c` (an interval shorter than 2^29 cycles).
  uint32_t since_stamp(Cycle c) const { return (static_cast<uint32_t>(c) - stamp) & kStampMask; }
  uint32_t stamp_after(const Flit& earlier) const { return (stamp - earlier.stamp) & kStampMask; }
};
static_assert(sizeof(Flit) == 32, "keep the flit small: it is copied on every hop");

// Copies of a flit that change its last word (measured, minimal_hop, reply,
// stamp) by stores alone. Setting a bit field of a freshly written slot
// loads the word back; that load cannot be forwarded from the wider stores
// before it, so it waits for them to reach the cache (and, when the slot's
// line is not in cache, for the miss). Here the word is computed from the
// source and written whole.
struct FlitWord {
  static constexpr size_t kAt = offsetof(Flit, ghops) + 1;  // the bit fields' word
  static constexpr uint32_t kMinimalHop = 2, kLowBits = 7;  // bit 1; bits 0-2 the three bools
  static uint32_t of(const Flit& f) {
    uint32_t w;
    std::memcpy(&w, reinterpret_cast<const char*>(&f) + kAt, sizeof w);
    return w;
  }
  static uint32_t with_stamp(uint32_t w, uint32_t stamp) { return (w & kLowBits) | (stamp << 3); }
  static uint32_t with_minimal(uint32_t w, bool minimal) { return (w & ~kMinimalHop) | (minimal ? kMinimalHop : 0); }
  // `to` = `from` with its last word `w`.
  static void copy(Flit& to, const Flit& from, uint32_t w) {
    std::memcpy(static_cast<void*>(&to), &from, kAt);
    std::memcpy(reinterpret_cast<char*>(&to) + kAt, &w, sizeof w);
  }
};
static_assert(FlitWord::kAt + sizeof(uint32_t) == sizeof(Flit), "the bit fields fill the flit's last word");

// One word, built and copied as one: the VC, and in bit 16 whether it
// frees a slot a minimally routed flit held (vc.mincred).
struct Credit {
  int32_t code = 0;
  static Credit make(int vc, bool minimal) { return {vc | static_cast<int32_t>(minimal) << 16}; }
  int vc() const { return code & 0xffff; }
  bool minimal() const { return (code >> 16) & 1; }
};

}  // namespace nocsim
