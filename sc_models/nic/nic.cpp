#include "nic/nic.h"

#include <stdexcept>
#include <string>

#include "parallel/outbox.h"

namespace nocsim {

Nic::Nic(sc_core::sc_module_name name, int node, int router, const NicParams& p, Cycle period_ps,
         std::unique_ptr<TrafficSource> source, NetStats& stats, DeliveryCollector& collector, RunStatus& status)
    : sc_module(name),
      period_ps_(period_ps),
      script_size_(p.script_size),
      status_(status),
      source_(std::move(source)),
      next_gen_(source_ ? source_->next_time() : kNeverCycle),
      injector_(node, router, p, period_ps, stats, collector.times(), status),
      sink_(node, p.check, p.request_reply, p.reply_size, p.routing_stats, collector, stats, status) {}

void Nic::start_of_simulation() {
  if (!out_) throw std::logic_error(std::string(name()) + ": no injection link bound (Nic::bind_flit_out)");
  injector_.set_target(out_->target(out_key_));
}

// Ejection: the NIC takes flits in when it runs, and must run when a tail
// arrives (the packet is delivered then); the flits before it can wait.
void Nic::on_send(int, Cycle arrival, Cycle) {
  if (!ej_->flits().back().tail()) return;
  sink_.tail_sent(arrival);
  sleep_until(arrival);
}

// Woken on the falling edge before edge c, so that the process runs on that
// edge together with the routers.
void Nic::sleep_until(Cycle c) {
  // Awake, it runs every edge anyway; asleep, an earlier wake-up is pending.
  if (c >= *wake_at_ || *flag_ || c <= cycle_now(period_ps_)) return;
  *wake_at_ = c;
  if (wheel_) ask_wheel(*wheel_, c - 1, this);  // from on_send, maybe on a router's worker thread
}

void Nic::on_wheel(Cycle c, int, uint32_t) {
  if (c + 1 != *wake_at_) return;  // superseded by an earlier wake-up
  *wake_at_ = kNeverCycle;
  *flag_ = 1;
}

void Nic::run(Cycle now) {  // from the NicClock, while the flag is set
  receive(now);
  generate(now);
  injector_.inject(now);
  if (app_) next_gen_ = app_->next_time();  // a delivery or a send may have let it go on
  // A packet waiting to inject keeps the NIC awake, unless the link is taken
  // by flits already sent ahead (Injector::inject): then it sleeps until the
  // link is free. An ejecting packet wakes it when its tail arrives.
  const bool queued = !injector_.idle();
  const bool busy = queued && now + 1 >= injector_.free_from() && !status_.failed();
  *flag_ = busy;
  if (busy) return;
  if (queued) sleep_until(injector_.free_from());
  if (sink_.tail_pending()) sleep_until(sink_.next_tail());
  sleep_until(next_gen_);
  if (!scripted_.empty()) sleep_until(scripted_.front().gen);
}

void Nic::receive(Cycle now) {
  if (!injector_.take_credits(now)) return;
  sink_.receive(now, replies_);
  for (const GenPacket& r : replies_) injector_.enqueue(r, true);
  replies_.clear();
}

void Nic::generate(Cycle now) {
  while (!scripted_.empty() && scripted_.front().gen <= now) {
    const GenPacket& g = scripted_.front();
    injector_.enqueue(g);
    scripted_.pop_front();
  }
  if (app_) return run_app(now);
  // One virtual call per generation cycle, none on the cycles between.
  if (next_gen_ > now) return;
  generated_.clear();
  source_->generate(now, generated_);
  next_gen_ = source_->next_time();
  for (const GenPacket& g : generated_) injector_.enqueue(g);
}

// The application runs whenever the NIC does: what it waits for (a tail
// here, its last flit leaving) happens in this activation.
void Nic::run_app(Cycle now) {
  generated_.clear();
  app_->generate(now, generated_);
  for (const GenPacket& g : generated_)
    app_->enqueued(g, injector_.enqueue(g));
}

}  // namespace nocsim
