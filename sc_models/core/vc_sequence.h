#pragma once
// A routing's reference sequence of port classes (Fuentes ch. 5, "Baseline";
// docs/architecture.md): hop i of a path takes position i, e.g. L G L for
// dragonfly minimal routing; a shorter path skips positions but never goes
// back. The rank of a position is the number of positions of the same class
// before it: the distance-based VC policy gives each rank its own VCs, so the
// acyclic order of positions is the deadlock-freedom argument. Letters: L
// (local or any network port) and G (global). An empty sequence constrains
// nothing (every VC at every hop).
#include <string>

#include "core/port_class.h"

namespace nocsim {

class VcSequence {
 public:
  // How the distance policy shares a class's VCs among its ranks: One VC
  // per rank, the rest unused (Fuentes' baseline), or Split evenly, the last
  // rank taking the remainder (the torus dateline's halves).
  enum class Share { One, Split };
  VcSequence() = default;
  explicit VcSequence(std::string seq, Share share = Share::One) : seq_(std::move(seq)), share_(share) {}
  const std::string& text() const { return seq_; }
  Share share() const { return share_; }
  int size() const { return static_cast<int>(seq_.size()); }
  char at(int position) const { return seq_[static_cast<size_t>(position)]; }
  int count(char cls) const {
    int n = 0;
    for (char c : seq_) n += c == cls;
    return n;
  }
  // The position a hop of class `cls` takes from position `pos` on: the
  // first of its class; -1 when the sequence has none left.
  int position(int pos, PortClass cls) const {
    const char c = cls == PortClass::Global ? 'G' : 'L';
    for (int i = pos; i < size(); ++i)
      if (seq_[i] == c) return i;
    return -1;
  }
  // Positions of the same class before `position`.
  int rank(int position) const {
    int n = 0;
    for (int i = 0; i < position; ++i) n += seq_[i] == seq_[position];
    return n;
  }

 private:
  std::string seq_;
  Share share_ = Share::One;
};

}  // namespace nocsim
