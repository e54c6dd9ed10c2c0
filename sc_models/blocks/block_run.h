#pragma once
// The one lockstep mechanism: a block's Verilated side driven through its
// ports, for a stage that runs it in rtl mode (the RTL's outputs decide) or
// lockstep (the C++ model's outputs decide, and the first output that
// differs from the RTL's throws InvariantError naming the cycle, router,
// block, that output and the inputs, which ends the run with exit 4).
// In cpp mode no BlockRun exists: the stage calls its C++ model alone.
#include <memory>
#include <string>
#include <vector>

#include "blocks/block.h"
#include "core/cycle.h"

namespace nocsim {

class BlockRun : public TapSource {
 public:
  BlockRun(const BlockSpec& spec, BlockMode mode, const BlockContext& ctx);
  bool lockstep() const { return mode_ == BlockMode::Lockstep; }
  const BlockSignals& signals() const { return sig_; }
  const std::string& title() const { return title_; }
  int router() const { return router_; }
  const Block& rtl() const { return *rtl_; }
  // The inputs of the next evaluation (zeroed after each one).
  int64_t* in() { return in_.data(); }
  // One evaluation of the RTL (and, in lockstep, of the registered C++
  // model, compared at once); returns the RTL's outputs.
  const int64_t* eval(Cycle now);
  const int64_t* out() const { return rtl_out_.data(); }
  // Lockstep with the stage's own model: its outputs for the last
  // evaluation's inputs, all of them or entry i of output signal k.
  void compare(const int64_t* cpp_out, Cycle now) const;
  void compare(size_t k, int i, int64_t cpp, Cycle now) const;
  PortTap* tap(uint64_t now) override { return rtl_->tap(now); }

 private:
  [[noreturn]] void mismatch(size_t k, int i, int64_t cpp, Cycle now) const;
  std::string title_;
  BlockSignals sig_;
  BlockMode mode_;
  int router_;
  std::unique_ptr<Block> rtl_, cpp_;
  std::vector<int64_t> in_, last_in_, rtl_out_, cpp_out_;
};

// The mode of every registered block in this run: rtl.<name>, or
// router.alloc through auto; a block the run lacks stays cpp under auto.
// Throws ConfigError naming the key that asked, when the block is missing
// or its Verilated side cannot take this shape.
class BlockModes {
 public:
  BlockModes(const Config& cfg, const BlockShape& shape);
  BlockMode operator[](const std::string& name) const;

 private:
  std::vector<std::pair<std::string, BlockMode>> modes_;
};

// A router's runner of block `name`; null in cpp mode.
std::unique_ptr<BlockRun> make_block_run(const std::string& name, BlockMode mode, const BlockContext& ctx);

}  // namespace nocsim
