#include "parallel/outbox.h"

namespace nocsim {

void Outbox::replay() {
  for (const Call& k : calls_) switch (k.kind) {
      case Kind::Send: static_cast<LinkReceiver*>(k.to)->on_send(k.tag, k.c, k.now); break;
      case Kind::Wheel: static_cast<WakeWheel*>(k.to)->at(k.c, k.who, k.tag, k.arg); break;
      case Kind::Later: laters_[k.arg](); break;
      case Kind::Fail: {  // as at its batch's cycle, if any
        batch_cycle = run_cycle = k.c;
        static_cast<RunStatus*>(k.to)->fail(k.tag, fails_[k.arg]);
        batch_cycle = run_cycle = kNoBatchCycle;
        break;
      }
      case Kind::Flit: flits_[k.arg].fn(k.to, flits_[k.arg].f, k.c); break;
    }
  calls_.clear();
  laters_.clear();
  fails_.clear();
  flits_.clear();
}

}  // namespace nocsim
