#pragma once
// An input-queued router: it owns the shared state, wires the four stage
// modules (RC, VA, SA, ST) to its clock and to its links, and commits the
// stages' decisions in the update phase of each cycle, in a fixed order
// (ST, SA, VA, RC, then what the links delivered). Nothing here decides a flit's
// fate; the stages do.
//
// Scheduling: in per-stage mode each stage is its own SC_METHOD; in per-router
// mode the network's RouterClock calls run_router() on each edge the router
// has work, which calls the evaluate()s of the stages with work (those
// per-stage mode keeps awake). Both commit through the same
// primitive channel, so the two modes give identical results.
// Link deliveries: a flit or credit that becomes visible at cycle a is pulled
// into the buffers after every evaluate() of cycle a-1 and before those of
// cycle a: at the commit of cycle a-1 (RouterClock), in the update phase of
// its rising edge, or of its falling edge for a link longer than a cycle
// (the network's WakeWheel calls on_wheel, which asks for that commit; with
// sim.threads the RouterClock's table of near arrivals does, take_near).
// In one pass the router takes them itself at the start of run_router(a)
// instead (set_pull_in_run), from the clock's arrival logs: the same
// state, loaded once.
// Activity: after each commit or pull the router puts the processes (in
// per-router mode: its RouterClock flag) with nothing left to do to sleep and
// wakes those handed work (settle()), on the state the next edge will see.
#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <systemc>
#include <vector>

#include "alloc/sw_alloc_backend.h"
#include "core/clock_gate.h"
#include "core/run_status.h"
#include "core/wake_wheel.h"
#include "link/link.h"
#include "router/crossbar.h"
#include "router/route_compute.h"
#include "router/router_clock.h"
#include "router/router_state.h"
#include "router/switch_alloc.h"
#include "router/vc_alloc.h"
#include "vc/selection.h"
#include "vc/vc_policy.h"

namespace nocsim {

// The logic a router's stages call, each made from its registry.
struct RouterLogic {
  std::unique_ptr<Routing> routing;      // RC
  std::shared_ptr<const VcPolicy> vc_policy;  // RC: candidates -> VC ranges (shared by routers)
  std::unique_ptr<Selection> selection;  // VA: which candidate and VCs request
  std::unique_ptr<SwAllocBackend> alloc; // SA (on_block: through rtl.sa's block)
  // The Verilated blocks in rtl or lockstep mode (blocks/block_run.h); null: C++ only.
  std::unique_ptr<BlockRun> va_rtl, select_rtl, mincred_rtl;
};

class alignas(64) Router : public sc_core::sc_module, public LinkReceiver, public WheelClient {
 public:
  enum : int { kFlitLane = 0, kCreditLane = 1 };  // what a link brings: flits in, credits back
  Router(sc_core::sc_module_name name, int id, const RouterParams& p, Cycle period_ps, bool per_stage,
         RouterLogic logic, const std::vector<bool>& sink_ports);

  // Sender sockets (bound by the network) and the links this router pulls from.
  // Binds port's flits (credits) out to a link's target socket: one
  // initiator socket per router and item type, bound once per port.
  void bind_flit_out(int port, Link::Socket& link) { flit_out_.bind(port, link); }
  void bind_credit_out(int port, Link::Socket& link) { credit_out_.bind(port, link); }
  void attach_input(int port, Link* l) {
    in_link_[port] = l;
    st_.p.in_latency[static_cast<size_t>(port)] = l->latency();
  }
  void attach_output(int port, Link* l) { out_link_[port] = l; }
  const Link* in_link(int port) const { return in_link_[port]; }    // nullptr: unconnected
  const Link* out_link(int port) const { return out_link_[port]; }

  // For stages that send during evaluate: flits by output port, credits by
  // input port (the vectors are sized once, in the constructor).
  LinkTargets<Flit> flit_targets() const { return LinkTargets<Flit>(out_fw_.data()); }
  LinkTargets<Credit> credit_targets() const { return LinkTargets<Credit>(credit_fw_.data()); }

  // LinkReceiver: a flit or credit was sent here; tag = 64 * lane + port
  // (flits: the input port, credits: the output port).
  void on_send(int tag, Cycle arrival, Cycle now) override;
  static int flit_tag(int in_port) { return 64 * kFlitLane + in_port; }
  static int credit_tag(int out_port) { return 64 * kCreditLane + out_port; }
  // Link power: output `port`, held for its link, may send at the next edge.
  void unpark(int port);

  const RouterState& state() const { return st_; }
  // VA routes a waiting head again at each attempt (its candidates may change).
  bool reroutes() const { return st_.p.reevaluate && rc_->adaptive(); }
  // Tests plant faults here to prove the checks catch them.
  RouterState& state_for_test() { return st_; }
  // This delta's update phase commits (RouterClock): on a worker thread the
  // clock asks the kernel once the threads are done.
  void request_commit() {
    *commit_flag_ = 1;
    if (!Outbox::current()) return clock_->ask_update();
    clock_->ask_update_after(owner_);
  }
  // A stage evaluated: its commit runs at this update.
  void stage_ran(uint8_t bit) {
    if (!ran_) request_commit();
    ran_ |= bit;
  }
  Cycle now() const { return cycle_now(period_ps_); }
  Cycle period_ps() const { return period_ps_; }  // the clock's
  void set_status(RunStatus* s) { status_ = s; }
  // The output units' hook (OutputHook: link power's gate, router/link_gate.h).
  void set_output_hook(OutputHook* h) {
    st_.hook = h;
    st_.update_extras();
  }
  void set_wheel(WakeWheel* w) { wheel_ = w; }
  void set_packet_times(const PacketTimes* t) { st_.times = t; }
  void on_wheel(Cycle c, int tag, uint32_t port) override;  // tag: kNearTag, or the lane of a far send to `port`
  // From the clock (sim.threads), at the falling edge before cycle a: the
  // links due then, which the commit it runs next pulls (RouterClock::near_at).
  void take_near(Cycle a);
  // sim.batch, before it runs cycle a: the links due then (ask_near),
  // which the wheel's call would have marked on the falling edge before.
  // Whether a NIC's send waits in the table of near arrivals (sim.batch).
  bool near_pending() const {
    for (const uint64_t w : near_taken_)
      if (w) return true;
    return false;
  }
  void take_near_batch(Cycle a) {
    const size_t slot = a & (kNear - 1);
    if (!(near_taken_[slot / 64] >> (slot & 63) & 1)) return;
    take_near(a);
    *clock_flag_ = 1;
  }
  void set_view(const CongestionView* v) { rc_->set_view(v); }
  void enable_contention(const Topology& t, const ContentionParams& p, EctnBoard* ectn,
                         std::unique_ptr<BlockRun> rtl) {
    auto& c = st_.obs.get<ContentionCounters>();
    c.enable(t, st_.id, st_.p.vcs, p, ectn);
    if (rtl) c.set_block(std::make_unique<EventRun>(std::move(rtl)));
  }
  void start_of_simulation() override;
  // The RouterClock and its flags for this router: run at the next edge
  // (per-router mode; settle() keeps it), commit at this update.
  // index: its place in the clock's tables; owner: the thread whose range
  // holds it (sim.threads: the clock then keeps the near arrivals'
  // bits, RouterClock::near_at), else -1.
  void set_clock(RouterClock* c, size_t index, uint8_t* run, uint8_t* commit, int owner) {
    clock_ = c;
    clock_index_ = index;
    clock_flag_ = run;
    commit_flag_ = commit;
    owner_ = owner;
  }
  int parallel_owner() const override { return owner_; }
  // In batches its NICs, its only senders not logged, run on its thread.
  bool on_send_on_senders_thread() const override { return batched_; }
  // Per-router mode, from the clock on an edge with work: the stages'
  // evaluate() and, in one pass, their commit() at once.
  void run_router(Cycle now);
  // One pass (per-router mode only): a router's stages commit right after
  // they evaluate, while their state is in cache, rather than in the
  // update phase after every router has evaluated; the update phase then
  // only pulls the links due. The same results whenever nothing reads a
  // router's state between its evaluate and the update phase: no routing
  // reading other routers (Routing::reads_other_routers), congestion
  // provider, contention counters, output hook or waveform trace (the
  // network decides; docs/architecture.md, "One pass per router").
  void set_one_pass(bool on) {  // after set_clock
    one_pass_ = on && !per_stage_;
    sa_->share_scratch(one_pass_, owner_ >= 0);  // their evaluate and commit run back to back on one thread
    va_->share_scratch(one_pass_, owner_ >= 0);
  }
  bool one_pass() const { return one_pass_; }
  // Direct ST (docs/architecture.md, "Direct ST"): SA's commit sends each
  // granted flit onto its link itself, timed (a TLM delay) for the cycle ST
  // would send it, where the ST queue only delays: one SA round a cycle, no
  // output hook (link gates hold fronts), no DAMQ, vc.mincred or bubble
  // slots (their credit paths), SA + ST latency below 64 cycles. The network leaves it
  // off under a waveform trace (which shows the queues). After
  // set_output_hook.
  void set_direct_st(bool on) {
    const RouterParams& p = st_.p;
    st_.direct_st = on && !st_.has_extras() && p.speedup == 1 && p.lat_sa + p.lat_st < 64;
    st_.direct_sends.assign(st_.direct_st ? static_cast<size_t>(p.ports) : 0, DirectSends{});
  }
  bool direct_st() const { return st_.direct_st; }
  // Ahead of run_router() or commit() (RouterClock::ahead), on the
  // routers three, two and one places before it: its first lines and
  // link tables; then
  // for an evaluate the list of active VCs found through them and its
  // queued ports' output units, and the lines of its stages, of its active
  // VCs and of what ST sends; for a commit (or a run that pulls) the links
  // due at cycle a, and then their oldest slots, which the pulls read (a
  // chain of two misses per link otherwise; docs/performance.md, "Session
  // 53").
  void prefetch_far(int link_lines) const {
    __builtin_prefetch(&wheel_);
    __builtin_prefetch(&st_);
    __builtin_prefetch(&st_.active);  // and queued_ports: a line or two further
    // The link tables' lines (at fixed places: no load needed), which
    // prefetch_links and the sends' prefetches read a router or two later
    // (docs/performance.md, "Session 54").
    for (int k = 0; k < link_lines; ++k) {
      const size_t at = static_cast<size_t>(k) * kLinksPerLine;
      __builtin_prefetch(&in_link_[at]);
      __builtin_prefetch(&out_link_[at]);
      __builtin_prefetch(&out_fw_[at]);
      __builtin_prefetch(&credit_fw_[at]);
    }
  }
  static constexpr int kLinksPerLine = 64 / sizeof(Link*);
  static constexpr int kMaxPorts = 64;  // the switch allocator's (config_checks)
  void prefetch_active() const;
  // Items that came in the log are not on their links.
  void prefetch_links(Cycle a) const { prefetch_lanes(ring_credits(a), ring_flits(a)); }
  void prefetch_due_fronts(Cycle a) const {
    if (const uint64_t c = ring_credits(a)) prefetch_fronts(kCreditLane, c);
    if (const uint64_t f = ring_flits(a)) prefetch_fronts(kFlitLane, f);
  }
  // Pull in run (one pass; docs/architecture.md, "Pulls in
  // the run"): the links due at cycle a are pulled at the start of
  // run_router(a), not by a commit in the update phase before, so that a
  // router's state is loaded once per cycle. A send or wake-up then sets
  // the router's run flag instead of asking for a commit. Anything that
  // reads routers between edges first calls pull_early() with the next
  // edge's cycle (Network::pull_early), which leaves every router as the
  // update phase would have.
  // Not with Verilated minCred counters: they stamp a returned credit with
  // the kernel's cycle, which a pull in run would advance by one.
  // Its links' sends then go to the clock's arrival log (docs/architecture.md,
  // "The arrival log"): decided once, before the run.
  // On threads only with the logs, which each thread appends to its own
  // part of: a link's ring would be pushed by the sender's thread and
  // popped by the receiver's within one phase.
  void set_pull_in_run(bool on) {
    if (logged_) throw std::logic_error("pull in run: set again after the links were logged");
    pull_in_run_ = on && one_pass_ && !st_.obs.get<MinCredCounters>().block();
    if (pull_in_run_) log_arrivals();
    if (owner_ >= 0 && !logged_) pull_in_run_ = false;
  }
  // From the routers' clock at the start of cycle a: a logged send arrives
  // (docs/architecture.md, "The arrival log"): its port's due bit, which
  // tells the run to take its item from the clock's box (boxed_) and to
  // recompute the stages' work.
  void logged_arrival(Cycle a, uint32_t key) { due_at(a)[logged_lane(key)] |= 1ull << logged_port(key); }
  // A logged credit returned, a logged flit written into its buffer, as
  // the log is taken (small networks: RouterClock::boxes_arrivals()
  // false); after logged_arrival of its key.
  void return_credit(uint32_t out_port, Credit c) {
    try {
      credit_in(static_cast<int>(out_port), c);
    } catch (const std::exception& e) {
      fail(e);
    }
  }
  void arrive_flit(uint32_t in_port, const Flit& f, Cycle a) {
    try {
      flit_in(static_cast<int>(in_port), f, a);
    } catch (const std::exception& e) {
      fail(e);
    }
  }
  // The same from the routers' clock as it takes the log, in place of
  // logged_arrival: no due bit, whose run would pull nothing (the flit is
  // in) and recompute every stage's work. An arrival gives work only to the
  // stage that routes a head (RC; VA without an RC stage): its routing set
  // (RouterState::arrived), so only their predicates are read again; the
  // others' work is as the last settle left it (docs/architecture.md, "The
  // arrival log").
  void arrive_logged_flit(uint32_t in_port, const Flit& f, Cycle a) {
    arrive_flit(in_port, f, a);
    if (!st_.routing.empty())  // empty: no head waits to be routed (a body flit, usually)
      asleep_ &= static_cast<uint8_t>(~((RouteCompute::work(st_) ? kRc : 0) | (VcAlloc::work(st_) ? kVa : 0)));
  }
  // A key: the router's index in its clock above the lane (bit 6) and the port.
  static uint32_t log_key(size_t index, int lane, int port) {
    return static_cast<uint32_t>(index << 7) | static_cast<uint32_t>(lane << 6 | port);
  }
  static size_t logged_router(uint32_t key) { return key >> 7; }
  static int logged_lane(uint32_t key) { return static_cast<int>((key >> 6) & 1); }
  static uint32_t logged_port(uint32_t key) { return key & 63; }
  static constexpr size_t kMaxLoggedRouter = (size_t{1} << 25) - 1;  // the key's 25 bits above lane and port
  bool pull_in_run() const { return pull_in_run_; }
  void pull_early(Cycle a);
  void prefetch_near(bool commit, Cycle a) const;
  // From the clock, in the update phase after request_commit(): the stages'
  // decisions, then the links' deliveries due by the next cycle.
  void commit();
  const Routing& routing() const { return rc_->routing(); }
  void attach_routing_stats(RoutingStats* s) { rc_->routing().attach_stats(s); }
  // Waveforms: the ports of this router's Verilated blocks (rtl and lockstep
  // modes), lazily clocked ones brought up to cycle `now`.
  std::vector<PortTap*> rtl_taps(Cycle now);
  // Records an invariant violation (or lockstep mismatch) and stops the run.
  [[gnu::cold]] void fail(const std::exception& e);

 private:
  // What the links of `ports` (bit = port) in `lane` deliver by cycle now + 1.
  [[gnu::noinline]] void pull_lane(int lane, uint64_t ports, Cycle now);
  // Lanes are independent: credits, then flits, each in port order.
  // Logged items are not on their links (pull_due).
  void pull_lanes(uint64_t credits, uint64_t flits, Cycle now) {
    credits &= ~credit_logged_;
    flits &= ~flit_logged_;
    if (credits) pull_lane(kCreditLane, credits, now);
    if (flits) pull_lane(kFlitLane, flits, now);
  }
  bool pull_due(Cycle a);  // false: an invariant failed (the run stops)
  [[gnu::noinline]] void prefetch_lanes(uint64_t credits, uint64_t flits) const;
  [[gnu::noinline]] void prefetch_fronts(int lane, uint64_t ports) const;
  void log_arrivals();
  void pull_flits(int in_port, Cycle now);
  void pull_credits(int out_port, Cycle now);
  [[gnu::noinline]] void pull_min_credits(int out_port, Cycle now);  // vc.mincred (credits carry a flag) or DAMQ
  void take_logged_credits();
  void take_logged_flits(Cycle a);
  // A logged item taken in, as its link's pull would have (pull_credits,
  // pull_min_credits; pull_flits, pull_damq_flits).
  void credit_in(int op, Credit c) {
    if (st_.p.credit_extras)
      st_.credit_returned(op, c.vc(), c.minimal());
    else
      st_.credit_returned<false>(op, c.vc());
  }
  void flit_in(int ip, const Flit& f, Cycle a) {
    if (st_.p.damq)
      st_.arrived<true>(ip, f, a);
    else
      st_.arrived<false>(ip, f, a);
  }
  [[gnu::noinline]] void pull_damq_flits(int in_port, Cycle now);
  // Out of line: the next cycle's deliveries (on_send's other path) save no registers.
  [[gnu::noinline]] void ask_near(int lane, uint64_t port, Cycle arrival);
  // After a commit or a pull: a stage (or, per-router, the router) with work
  // wakes, one without sleeps; decided on the state the next edge sees.
  // Inline: at most commits nothing changes.
  void settle() {
    const uint8_t work = work_mask();
    if (!per_stage_) return settle_router(work);
    const uint8_t flip = static_cast<uint8_t>((work ^ ~asleep_) & 0xF);  // asleep with work, awake without
    if (flip) flip_stages(work, flip);
  }
  void settle_router(uint8_t work);
  // The stages of `ran` commit (ST, SA, VA, RC: commit()'s order).
  void commit_stages(uint8_t ran, Cycle now) {
    // Direct (qualified) calls: the stage types are known here.
    if (ran & kSt) st_stage_->Crossbar::commit(now, st_);
    if (ran & kSa) sa_->SwitchAlloc::commit(now, st_);
    if (ran & kVa) va_->VcAlloc::commit(now, st_);
    if (ran & kRc) rc_->RouteCompute::commit(now, st_);
  }
  // The end of run_router: the stages that evaluated commit (one pass) or
  // wait for the update phase.
  void after_run(uint8_t run, Cycle now);
  // The stages with anything in their domain (due at the next edge or later),
  // by bit, from the state alone; outputs parked by link power take out what
  // only they would give SA and ST (one test when none is).
  uint8_t work_mask() const {
    const auto m = static_cast<uint8_t>((RouteCompute::work(st_) ? kRc : 0) | (VcAlloc::work(st_) ? kVa : 0) |
                                        (SwitchAlloc::work(st_) ? kSa : 0) | (Crossbar::work(st_) ? kSt : 0));
    return st_.parked ? without_parked(m) : m;
  }
  [[gnu::noinline]] uint8_t without_parked(uint8_t m) const;
  void flip_stages(uint8_t work, uint8_t flip);
  [[gnu::noinline]] void run_reversed(uint8_t run, Cycle now);  // sim.stage_order=reverse

  // What a link send, a commit and a wake-up read comes first, together
  // (the router is cache-line aligned: from period_ps_ to the stages is one
  // line); ports, events and the shared state's vectors after.
  WakeWheel* wheel_ = nullptr;
  Cycle period_ps_;
  // Stage bits (kRc..kSt): which evaluated this cycle, which sleep (in
  // per-router mode: which run_router leaves out). Kept here so that a
  // commit and a wake-up touch only the stages concerned.
  enum : uint8_t { kRc = 1, kVa = 2, kSa = 4, kSt = 8 };
  uint8_t ran_ = 0, asleep_ = 0;
  bool per_stage_;
  bool one_pass_ = false;
  bool batched_ = false;  // sim.batch: near arrivals wait in pending_ for take_near_batch, not the wheel
  // Links delivering at cycle a, pulled by the commit of cycle a - 1 (or
  // in pull in run by run_router(a)), by lane: bit = port (at most 64
  // ports, as the switch allocator); [2 * (a & 1) + lane], as sends during
  // cycle a - 1 add to a's while pull in run still takes a - 1's.
  uint64_t due_[4] = {0, 0, 0, 0};
  bool pull_in_run_ = false;
  bool logged_ = false;  // log_arrivals() ran
  uint64_t ring_credits(Cycle a) const { return due_at(a)[kCreditLane] & ~credit_logged_; }
  uint64_t ring_flits(Cycle a) const { return due_at(a)[kFlitLane] & ~flit_logged_; }
  uint64_t* due_at(Cycle a) { return &due_[(a & 1) * 2]; }
  const uint64_t* due_at(Cycle a) const { return &due_[(a & 1) * 2]; }
  // The stages, which a commit calls: RC's pointer in the line above, the
  // others starting the next (docs/architecture.md, "Memory layout (why
  // the state looks the way it does)").
  std::unique_ptr<RouteCompute> rc_;
  std::unique_ptr<VcAlloc> va_;
  std::unique_ptr<SwitchAlloc> sa_;
  std::unique_ptr<Crossbar> st_stage_;
  // Ports whose credits (flits) come in the arrival logs (log_arrivals):
  // never pulled from their links; a run takes them from the clock's boxes
  // if it keeps them (boxed_). Beside the stages, which a run reads next.
  uint64_t credit_logged_ = 0, flit_logged_ = 0;
  bool boxed_ = false;
  // [port] its links (null: unconnected) and the targets its flits (by
  // output port) and credits (by input port) are sent to, in the router
  // itself so that their lines' addresses need no load (prefetch_far).
  alignas(64) std::array<Link*, kMaxPorts> in_link_{}, out_link_{};
  std::array<tlm::tlm_fw_transport_if<>*, kMaxPorts> out_fw_{}, credit_fw_{};
  RouterState st_;
  RouterClock* clock_ = nullptr;
  uint8_t* clock_flag_ = nullptr;  // per-router mode
  uint8_t* commit_flag_ = nullptr;
  int owner_ = -1;  // set_clock
  size_t clock_index_ = 0;
  // Every port's link of one item type on one multi-bound socket.
  LinkSenders<Flit> flit_out_;
  LinkSenders<Credit> credit_out_;
  RunStatus* status_ = nullptr;
  std::unique_ptr<sc_core::sc_in<bool>> clk_port_;
  // Links delivering within kNear cycles, by arrival cycle (mod kNear) and
  // lane: the router takes one wake-up per arrival cycle, whatever the
  // links' latencies, and pulls both lanes in it (settling once). Allocated
  // at the first such send: routers whose links all take one cycle never
  // need it. (An 8-entry cache of wake-up handles folded only the sends of
  // one latency: a dragonfly router took several wake-ups per cycle, and
  // the wheel held 90 MB at h = 8; docs/performance.md, "Scale".)
  static constexpr Cycle kNear = WakeWheel::kSlots;
  static constexpr int kNearTag = 2;  // a wheel tag that is not a lane
  struct Pending {
    uint64_t lanes[2] = {0, 0};  // by lane: the ports whose link delivers then
  };
  std::unique_ptr<Pending[]> pending_;
  // Bit a: pending_[a] holds a send (a wake-up is asked for it). Read here,
  // beside the table's pointer, so that a send's entry, a line that is new
  // every few cycles, is only written and no instruction waits for it
  // (docs/performance.md, "Session 51").
  std::array<uint64_t, kNear / 64> near_taken_{};
  static_assert(kNear % 64 == 0, "whole words of near_taken_");

 public:
  sc_core::sc_in<bool>& clk;
};

}  // namespace nocsim
