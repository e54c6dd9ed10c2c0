#pragma once
// What a stage's evaluate leaves for its commit (grants, requests, lists of
// the cycle's decisions), in one copy per thread or per stage. In one pass
// (Router::set_one_pass) a router's stages commit right after they
// evaluate, on the thread that runs them, so every router a thread runs
// can use the thread's copy, which stays in cache where a copy per router
// would be a cold line or two at each evaluate of a large network; in two
// passes every router has evaluated before any commits, and each stage
// keeps its own (docs/architecture.md, "Memory layout"). A thread's copy
// is T::widest(): room for any router (ScratchBounds), of which a router
// uses the first entries.
#include <memory>
#include <stdexcept>
#include <utility>

namespace nocsim {

// The largest router a thread's copy has room for: the keys' bounds.
struct ScratchBounds {
  static constexpr int kMaxPorts = 64, kMaxVcs = 64, kMaxRounds = 8;  // router.speedup
  static bool within(int ports, int vcs, int rounds) {
    return ports <= kMaxPorts && vcs <= kMaxVcs && rounds <= kMaxRounds;
  }
};

// 16 bytes, for a stage's first line: the copy in use, and the stage's
// own out of line (freed in one pass, which never uses it).
template <class T>
class StageScratch {
 public:
  explicit StageScratch(T own) : own_(std::make_unique<T>(std::move(own))), cur_(own_.get()) {}
  T& get() {
    T* t = cur_;
    return t ? *t : of_thread();
  }
  // Once, before the run (Router::set_one_pass): in one pass on one thread,
  // the copy of the thread that sets the network up and runs it; on
  // threads (`threads`), each worker's, found at each use; else this
  // stage's own. Returns the copy chosen (null: the workers').
  T* share(bool on, bool threads) {
    if (!on && !own_) throw std::logic_error("stage scratch: its own copy went when it was shared");
    if (on) own_.reset();
    cur_ = !on ? own_.get() : threads ? nullptr : &of_thread();
    return cur_;
  }
  static T& of_thread() {
    T* t = thread_;
    return t ? *t : first_use();
  }

 private:
  [[gnu::noinline, gnu::cold]] static T& first_use() {
    static thread_local std::unique_ptr<T> made = std::make_unique<T>(T::widest());  // freed as the thread ends
    thread_ = made.get();
    return *made;
  }
  static inline thread_local T* thread_ = nullptr;
  std::unique_ptr<T> own_;
  T* cur_;
};

}  // namespace nocsim
