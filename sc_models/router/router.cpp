#include "router/router.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/error.h"

namespace nocsim {

Router::Router(sc_core::sc_module_name name, int id, const RouterParams& p, Cycle period_ps, bool per_stage,
               RouterLogic logic, const std::vector<bool>& sink_ports)
    : sc_module(name),
      period_ps_(period_ps),
      per_stage_(per_stage),
      flit_out_("flit_out", p.ports),
      credit_out_("credit_out", p.ports),
      clk_port_(std::make_unique<sc_core::sc_in<bool>>("clk")),
      clk(*clk_port_) {
  if (p.ports > kMaxPorts) throw std::logic_error("router: more ports than the switch allocator supports");
  st_.id = id;
  st_.p = p;
  st_.update_extras();
  st_.in.resize(static_cast<size_t>(p.ports) * p.vcs);
  for (int ip = 0; ip < p.ports; ++ip)
    for (int v = 0; v < p.in_vcs[ip]; ++v) {
      st_.vc(ip, v).buf = FlitFifo(p.in_depth[ip]);
      st_.vc(ip, v).port = static_cast<int16_t>(ip);
    }
  st_.out.resize(p.ports);
  uint64_t global = 0;
  for (int op = 0; op < p.network_ports; ++op) global |= static_cast<uint64_t>(p.global_port[op] != 0) << op;
  st_.obs.get<ActivityCounters>().set_ports(p.network_ports, global);
  st_.ovc.resize(static_cast<size_t>(p.ports) * p.vcs);
  st_.routing = st_.vcalloc = IndexSet(p.ports * p.vcs);
  st_.queued_ports = IndexSet(p.ports);
  if (p.damq) st_.damq = DamqPool(p.in_vcs, p.out_depth, p.reserve, p.shared);
  if (p.slot) {  // network outputs' VCs: as many entries as credits
    std::vector<int> credits(static_cast<size_t>(p.ports) * p.vcs, 0);
    for (int op = 0; op < p.network_ports; ++op)
      for (int v = 0; v < p.out_vcs[op]; ++v) credits[static_cast<size_t>(op * p.vcs + v)] = p.out_depth[op];
    st_.pads.resize(credits);
  }
  for (int op = 0; op < p.ports; ++op) {
    if (p.out_vcs[op] > p.vcs) throw std::logic_error("router: out port with more VCs than RouterParams::vcs");
    OutputVc* first = &st_.ovc[static_cast<size_t>(op) * p.vcs];
    std::fill(first, first + p.out_vcs[op], OutputVc{p.out_depth[op], 0});
    st_.out[op].vcs = OutputVcs(first, p.out_vcs[op]);
    st_.out[op].free_vcs = p.out_vcs[op] >= 64 ? ~0ull : (1ull << p.out_vcs[op]) - 1;
    st_.out[op].depth = p.out_depth[op];
    st_.out[op].sink = sink_ports[op];
    st_.out[op].network = op < p.network_ports;
    st_.out[op].global = st_.out[op].network && p.global_port[op];
    st_.out[op].queue_capacity = st_queue_capacity(p.lat_sa, p.lat_st, p.speedup, p.output_buffer_depth);
  }
  rc_ = std::make_unique<RouteCompute>("rc", *this, st_, per_stage, std::move(logic.routing),
                                       std::move(logic.vc_policy));
  va_ = std::make_unique<VcAlloc>("va", *this, st_, per_stage, std::move(logic.selection));
  va_->set_blocks(std::move(logic.va_rtl), std::move(logic.select_rtl));
  if (logic.mincred_rtl) st_.obs.get<MinCredCounters>().set_block(std::make_unique<EventRun>(std::move(logic.mincred_rtl)));
  va_->set_route_compute(rc_.get());
  sa_ = std::make_unique<SwitchAlloc>("sa", *this, st_, per_stage, std::move(logic.alloc));
  st_stage_ = std::make_unique<Crossbar>("st", *this, st_, per_stage);
  rc_->set_bit(kRc);
  va_->set_bit(kVa);
  sa_->set_bit(kSa);
  st_stage_->set_bit(kSt);
  rc_->clk(clk);
  va_->clk(clk);
  sa_->clk(clk);
  st_stage_->clk(clk);
}

// run_router evaluates only the stages with work, as per-stage mode runs
// only the stages awake: the same evaluates and commits in both modes.
void Router::settle_router(uint8_t work) {
  asleep_ = static_cast<uint8_t>(~work & 0xF);
  *clock_flag_ = work != 0 || (pull_in_run_ && (due_[0] | due_[1] | due_[2] | due_[3]));
}

void Router::flip_stages(uint8_t work, uint8_t flip) {
  Stage* const stages[] = {rc_.get(), va_.get(), sa_.get(), st_stage_.get()};
  for (int k = 0; k < 4; ++k) {
    const uint8_t bit = static_cast<uint8_t>(1u << k);
    if (!(flip & bit)) continue;
    if (work & bit)
      stages[k]->wake();
    else
      stages[k]->sleep();
  }
  asleep_ = static_cast<uint8_t>(~work & 0xF);
}

uint8_t Router::without_parked(uint8_t m) const {
  if ((m & kSa) && !SwitchAlloc::unparked_work(st_)) m &= static_cast<uint8_t>(~kSa);
  if ((m & kSt) && !st_.queued_ports.any_but(st_.parked)) m &= static_cast<uint8_t>(~kSt);
  return m;
}

void Router::unpark(int port) {
  st_.parked &= ~(1ull << port);
  settle();
}

// The falling edge before an arrival cycle: the links due then are pulled
// by the commit at this delta's update, with any other due (so that the
// pulls of all routers can run on the clock's threads).
void Router::on_wheel(Cycle c, int tag, uint32_t port) {
  if (tag == kNearTag)
    take_near(c + 1);
  else
    due_at(c + 1)[tag] |= 1ull << port;
  if (pull_in_run_)
    *clock_flag_ = 1;
  else
    request_commit();
}

// The links that deliver at cycle a, pulled at the coming commit.
void Router::take_near(Cycle a) {
  const size_t slot = a & (kNear - 1);
  const Pending& due = pending_[slot];
  uint64_t* d = due_at(a);
  d[kCreditLane] |= due.lanes[kCreditLane];
  d[kFlitLane] |= due.lanes[kFlitLane];
  near_taken_[slot / 64] &= ~(1ull << (slot & 63));
}

// Pull in run: the links due at cycle a, pulled as the commit of a - 1
// would have (credits, then flits). The caller settles: run_router once,
// after its stages.
bool Router::pull_due(Cycle a) {
  uint64_t* due = due_at(a);
  const uint64_t credits = due[kCreditLane], flits = due[kFlitLane];
  due[kCreditLane] = due[kFlitLane] = 0;
  try {
    if (boxed_) {
      if (credits & credit_logged_) take_logged_credits();
      if (flits & flit_logged_) take_logged_flits(a);
    }
    pull_lanes(credits, flits, a - 1);
  } catch (const std::exception& e) {
    fail(e);
    return false;
  }
  return true;
}

void Router::pull_early(Cycle a) {
  if (!pull_in_run_) return;
  if (batched_) take_near_batch(a);
  const uint64_t* due = due_at(a);
  if ((due[kCreditLane] | due[kFlitLane]) && pull_due(a)) settle();
}

void Router::run_router(Cycle now) {  // called only while it has work (settle)
  auto run = static_cast<uint8_t>(~asleep_ & 0xF);
  if (pull_in_run_) {
    const uint64_t* due = due_at(now);
    if (due[kCreditLane] | due[kFlitLane]) {
      if (!pull_due(now)) return;
      run = work_mask();  // the stages a settle would leave awake; after_run settles
    }
  }
  try {
    // Direct (qualified) calls, as in commit(); the reverse order is a check.
    if (st_.p.reverse_stages) return run_reversed(run, now);
    if (run & kRc) rc_->RouteCompute::evaluate(now);
    if (run & kVa) va_->VcAlloc::evaluate(now);
    if (run & kSa) sa_->SwitchAlloc::evaluate(now);
    if (run & kSt) st_stage_->Crossbar::evaluate(now);
  } catch (const std::exception& e) {
    return fail(e);
  }
  after_run(run, now);
}

void Router::after_run(uint8_t run, Cycle now) {
  if (!one_pass_) return stage_ran(run);
  try {
    commit_stages(run, now);
  } catch (const std::exception& e) {
    return fail(e);
  }
  settle();
}

// sim.stage_order=reverse: ST, SA, VA, RC (results must not change).
void Router::run_reversed(uint8_t run, Cycle now) {
  try {
    Stage* const stages[] = {st_stage_.get(), sa_.get(), va_.get(), rc_.get()};
    const uint8_t bits[] = {kSt, kSa, kVa, kRc};
    for (int k = 0; k < 4; ++k)
      if (run & bits[k]) stages[k]->evaluate(now);
  } catch (const std::exception& e) {
    return fail(e);
  }
  after_run(run, now);
}

void Router::start_of_simulation() {
  for (int p = 0; p < st_.p.ports; ++p) {
    out_fw_[p] = flit_out_.target(p);
    credit_fw_[p] = credit_out_.target(p);
  }
}

// Its links' sends go to its clock's arrival log under this router's
// index there, the lane and the port (docs/architecture.md, "The arrival log").
void Router::log_arrivals() {
  ArrivalLogs* logs = clock_ ? clock_->logs() : nullptr;
  if (!logs || clock_index_ > kMaxLoggedRouter) return;
  logged_ = true;
  boxed_ = clock_->boxes_arrivals();
  batched_ = clock_->batch() > 1;
  // In batches the NICs' flits arrive the next cycle, within a batch: on
  // their links, whose sends set the router's flag (on_send).
  // On threads those are sent on the router's own thread (its NICs run
  // beside it), so the link calls it at once (on_send_on_senders_thread).
  const int flit_ports = clock_->batch() > 1 ? st_.p.network_ports : st_.p.ports;
  const int16_t shelf = clock_->shelf_of(clock_index_);
  for (int p = 0; p < st_.p.ports; ++p) {
    if (p >= flit_ports && in_link_[p] && in_link_[p]->flit_receiver() == this)
      in_link_[p]->set_flit_receiver(this, flit_tag(p));  // listens again: direct now
    if (p < flit_ports && in_link_[p] && in_link_[p]->flit_receiver() == this) {
      in_link_[p]->log_flits(logs, log_key(clock_index_, kFlitLane, p), shelf);
      flit_logged_ |= 1ull << p;
    }
    if (out_link_[p] && out_link_[p]->credit_receiver() == this) {
      out_link_[p]->log_credits(logs, log_key(clock_index_, kCreditLane, p), shelf);
      credit_logged_ |= 1ull << p;
    }
  }
}

void Router::on_send(int tag, Cycle arrival, Cycle now) {
  const int lane = tag >> 6;
  const uint64_t port = 1ull << (tag & 63);
  if (arrival <= now + 1) {
    due_at(now + 1)[lane] |= port;
    if (pull_in_run_)
      *clock_flag_ = 1;
    else
      request_commit();
    return;
  }
  if (arrival - now >= kNear) {
    if (batched_) throw std::logic_error("sim.batch: a send beyond the near table (Network::batch_length)");
    // A rare link longer than the table: a wake-up per send.
    ask_wheel(*wheel_, arrival - 1, this, lane, static_cast<uint32_t>(tag & 63));
    return;
  }
  ask_near(lane, port, arrival);
}

// A link delivers in send order, so one pull per arrival cycle is enough: the
// first send due at a cycle asks the wheel, later ones only add their port.
void Router::ask_near(int lane, uint64_t port, Cycle arrival) {
  if (!pending_) pending_ = std::make_unique<Pending[]>(kNear);
  const size_t slot = arrival & (kNear - 1);
  Pending& due = pending_[slot];
  uint64_t& taken = near_taken_[slot / 64];
  const uint64_t bit = 1ull << (slot & 63);
  if (taken & bit) {
    due.lanes[lane] |= port;
    return;
  }
  // The first send due then: the entry is written whole (take_near left
  // what it held), so no load waits for its line.
  taken |= bit;
  due.lanes[lane] = port;
  due.lanes[lane ^ 1] = 0;
  if (batched_) return;  // the clock reads pending_ (take_near_batch)
  if (owner_ >= 0)  // sim.threads: a bit in the clock's table, not a wake-up
    clock_->near_at(arrival, clock_index_);
  else  // one thread: straight to the wheel
    wheel_->at(arrival - 1, this, kNearTag);
}

void Router::commit() {
  Cycle now = this->now();
  try {
    const uint8_t ran = ran_;
    ran_ = 0;
    // The links to pull are likely misses: their lines load while the
    // stages commit (two passes; in one pass ran_ is empty here, and on a
    // large network RouterClock::ahead asked for them routers before).
    uint64_t* due = due_at(now + 1);
    const uint64_t credits = due[kCreditLane], flits = due[kFlitLane];
    if (credits | flits) prefetch_lanes(credits, flits);
    commit_stages(ran, now);
    due[kCreditLane] = due[kFlitLane] = 0;
    pull_lanes(credits, flits, now);
  } catch (const std::exception& e) {
    fail(e);
  }
  settle();
}

std::vector<PortTap*> Router::rtl_taps(Cycle now) {
  TapSource* const blocks[] = {&sa_->backend(), va_->va_block(), va_->select_block(),
                               st_.obs.get<ContentionCounters>().block(), st_.obs.get<MinCredCounters>().block()};
  std::vector<PortTap*> taps;
  for (TapSource* b : blocks)
    if (PortTap* t = b ? b->tap(now) : nullptr) taps.push_back(t);
  return taps;
}

void Router::fail(const std::exception& e) {
  // Its stages' scratch may be the thread's, which the next router reads.
  sa_->drop_scratch();
  va_->drop_scratch();
  if (status_) fail_run(*status_, kExitInvariant, e.what());  // on a worker thread, kept in router order
}

void Router::pull_lane(int lane, uint64_t ports, Cycle now) {
  if (ports & (ports - 1)) prefetch_fronts(lane, ports);
  if (lane == kFlitLane)
    for (; ports; ports &= ports - 1) pull_flits(__builtin_ctzll(ports), now);
  else
    for (; ports; ports &= ports - 1) pull_credits(__builtin_ctzll(ports), now);
}

void Router::prefetch_active() const {
  if (st_.n_active) __builtin_prefetch(st_.active.data());
  // ST reads each queued port's output unit, then its queue's oldest slot.
  if (!(asleep_ & kSt) && st_.st_queued) st_.queued_ports.for_each([&](int op) { __builtin_prefetch(&st_.out[op]); });
}

void Router::prefetch_near(bool commit, Cycle a) const {
  // The oldest items of the links a commit (or a run that opens with
  // pulls) takes; their lanes were asked for one router before
  // (prefetch_links).
  if (commit || pull_in_run_) prefetch_due_fronts(a);
  if (commit) {
    if (ran_ & kSt) __builtin_prefetch(st_stage_->own_line());
    if (ran_ & kSa) __builtin_prefetch(sa_->own_line());
    return;
  }
  const auto run = static_cast<uint8_t>(~asleep_);
  if (run & kRc) __builtin_prefetch(rc_->own_line());
  if (run & kVa) __builtin_prefetch(va_->own_line());
  if ((run & kSt) && st_.st_queued) {
    __builtin_prefetch(st_stage_->own_line());
    // The oldest slots (their units asked for one router before) and the
    // links ST sends on: a chain of misses per sending port otherwise.
    st_.queued_ports.for_each([&](int op) {
      __builtin_prefetch(st_.out[op].queue.front_slot());
      __builtin_prefetch(out_fw_[static_cast<size_t>(op)]);
    });
  }
  if (!(run & kSa)) return;
  __builtin_prefetch(sa_->own_line());
  // SA reads the first line of every active input VC (the first 8 here).
  const int n = std::min(st_.n_active, 8);
  for (int k = 0; k < n; ++k) __builtin_prefetch(&st_.in[static_cast<size_t>(st_.active[static_cast<size_t>(k)])]);
}

// The due links' lanes, at the start of a commit.
void Router::prefetch_lanes(uint64_t credits, uint64_t flits) const {
  for (; credits; credits &= credits - 1) __builtin_prefetch(&out_link_[__builtin_ctzll(credits)]->credits());
  for (; flits; flits &= flits - 1) __builtin_prefetch(&in_link_[__builtin_ctzll(flits)]->flits());
}

// Several links to pull: the misses on their oldest items overlap.
void Router::prefetch_fronts(int lane, uint64_t ports) const {
  for (; ports; ports &= ports - 1) {
    const int p = __builtin_ctzll(ports);
    __builtin_prefetch(lane == kFlitLane ? in_link_[p]->flits().front_slot() : out_link_[p]->credits().front_slot());
  }
}

void Router::pull_flits(int ip, Cycle now) {
  if (st_.p.damq) return pull_damq_flits(ip, now);
  auto& line = in_link_[ip]->flits();
  while (line.ready(now + 1)) {
    st_.arrived<false>(ip, line.front(), line.front_arrival());
    line.pop();
  }
}
void Router::pull_damq_flits(int ip, Cycle now) {
  auto& line = in_link_[ip]->flits();
  for (; line.ready(now + 1); line.pop()) st_.arrived<true>(ip, line.front(), line.front_arrival());
}

// The credits and flits the logs brought this cycle
// (RouterClock::logged_credits, logged_flits), in the order they were sent.
void Router::take_logged_credits() {
  const auto [from, to] = clock_->logged_credits(clock_index_, owner_);
  for (const LoggedCredit* c = from; c != to; ++c)
    credit_in(static_cast<int>(logged_port(c->key)), Credit{static_cast<int32_t>(c->payload)});
}
void Router::take_logged_flits(Cycle a) {
  const auto [from, to] = clock_->logged_flits(clock_index_, owner_);
  for (const LoggedFlit* f = from; f != to; ++f) flit_in(static_cast<int>(logged_port(f->key)), f->flit, a);
}

void Router::pull_credits(int op, Cycle now) {
  if (st_.p.credit_extras) return pull_min_credits(op, now);
  auto& line = out_link_[op]->credits();
  for (; line.ready(now + 1); line.pop()) st_.credit_returned<false>(op, line.front().vc());
}

void Router::pull_min_credits(int op, Cycle now) {
  auto& line = out_link_[op]->credits();
  for (; line.ready(now + 1); line.pop()) st_.credit_returned(op, line.front().vc(), line.front().minimal());
}

}  // namespace nocsim
