#pragma once
// Distance-based VC assignment (Fuentes ch. 5, "Baseline"): hop i of a path
// uses position i of a reference sequence of port classes, e.g. L G L for
// minimal routing; a shorter path skips positions but never goes back. The VC
// of a hop is the number of positions of the same class before the one it
// takes, so each class needs as many VCs as it has positions. The acyclic
// order of positions is the deadlock-freedom argument.
#include <string>

#include "topologies/topology.h"

namespace nocsim {

class VcSequence {
 public:
  explicit VcSequence(std::string seq) : seq_(std::move(seq)) {}  // letters L and G
  const std::string& text() const { return seq_; }
  int count(char cls) const {
    int n = 0;
    for (char c : seq_) n += c == cls;
    return n;
  }
  // The hop of class `cls` taken by a packet at position `pos`: the position
  // it uses and its VC; -1 when the sequence has no such position left.
  int position(int pos, PortClass cls) const {
    const char c = cls == PortClass::Global ? 'G' : 'L';
    for (int i = pos; i < static_cast<int>(seq_.size()); ++i)
      if (seq_[i] == c) return i;
    return -1;
  }
  int vc_at(int position) const {
    int n = 0;
    for (int i = 0; i < position; ++i) n += seq_[i] == seq_[position];
    return n;
  }

 private:
  std::string seq_;
};

}  // namespace nocsim
