#pragma once
// The port classes of a path, first hop first: bit i of `global` set when
// hop i is global (dragonfly), clear when local. At most 8 hops: a dragonfly
// path has at most 7. FlexVC's VC arithmetic reads paths this way
// (vc/flexvc.h); the dragonfly topology writes its minimal paths this way.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace nocsim {

struct PathShape {
  uint8_t len = 0;
  uint8_t global = 0;
  static constexpr int kMaxHops = 8;
  bool is_global(int i) const { return (global >> i) & 1; }
  static PathShape of(const std::string& classes) {
    if (classes.size() > kMaxHops) throw std::logic_error("PathShape: more than 8 hops");
    PathShape p;
    p.len = static_cast<uint8_t>(classes.size());
    for (size_t i = 0; i < classes.size(); ++i)
      if (classes[i] == 'G') p.global = static_cast<uint8_t>(p.global | (1u << i));
    return p;
  }
  // `head` followed by `rest`.
  static PathShape join(PathShape head, PathShape rest) {
    if (head.len + rest.len > kMaxHops) throw std::logic_error("PathShape: more than 8 hops");
    PathShape p;
    p.len = static_cast<uint8_t>(head.len + rest.len);
    p.global = static_cast<uint8_t>(head.global | (rest.global << head.len));
    return p;
  }
  // One hop of class global (true) or local.
  static PathShape hop(bool global) { return {1, static_cast<uint8_t>(global ? 1 : 0)}; }
};

}  // namespace nocsim
