#include "trace/trace_probe.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <string>

#include "core/error.h"

namespace nocsim {

TraceProbe::TraceProbe(sc_core::sc_module_name name, std::unique_ptr<Waveform> wave,
                       const std::vector<Router*>& routers, Cycle start, Cycle cycles, Cycle period_ps)
    : sc_module(name), wave_(std::move(wave)), start_(start), end_(start + cycles), period_(period_ps) {
  clk_ = wave_->add("net", "clk", 1);
  for (Router* r : routers) {
    traced_.push_back({});
    traced_.back().r = r;
    declare(traced_.back());
  }
  SC_HAS_PROCESS(TraceProbe);
  SC_METHOD(run);
}

void TraceProbe::declare(Traced& t) {
  const RouterState& st = t.r->state();
  const RouterParams& p = st.p;
  const std::string top = "router_" + std::to_string(st.id);
  auto add = [&](const std::string& scope, const std::string& n, int w) { return wave_->add(top + scope, n, w); };
  t.rc = add(".rc", "routed", 16);
  t.va_req = add(".va", "requests", 16);
  t.va_gnt = add(".va", "grants", 16);
  t.sa_req = add(".sa", "requests", 16);
  t.sa_gnt = add(".sa", "grants", 16);
  const size_t in_slots = static_cast<size_t>(p.ports * p.vcs);
  for (auto* v : {&t.state, &t.flits, &t.pkt, &t.out_port, &t.out_vc}) v->assign(in_slots, -1);
  for (int ip = 0; ip < p.ports; ++ip)
    for (int v = 0; v < p.in_vcs[ip]; ++v) {
      const std::string s = ".in" + std::to_string(ip) + ".vc" + std::to_string(v);
      const size_t i = static_cast<size_t>(ip * p.vcs + v);
      t.state[i] = add(s, "state", 2);  // InputVc::State: 0 idle, 1 routing, 2 VC allocation, 3 active
      t.flits[i] = add(s, "flits", 16);
      t.pkt[i] = add(s, "front_pkt", 64);
      t.out_port[i] = add(s, "out_port", 8);
      t.out_vc[i] = add(s, "out_vc", 8);
    }
  t.link.assign(static_cast<size_t>(p.ports), -1);
  t.queue.assign(static_cast<size_t>(p.ports), -1);
  t.credits.assign(static_cast<size_t>(p.ports * p.vcs), -1);
  t.busy.assign(static_cast<size_t>(p.ports * p.vcs), -1);
  t.prev_link.assign(static_cast<size_t>(p.ports), 0);
  for (int op = 0; op < p.ports; ++op) {
    const std::string s = ".out" + std::to_string(op);
    if (t.r->out_link(op)) t.link[static_cast<size_t>(op)] = add(s, "link_flits", 8);
    t.queue[static_cast<size_t>(op)] = add(s, "queue", 16);
    for (int o = 0; o < p.out_vcs[op]; ++o) {
      const size_t i = static_cast<size_t>(op * p.vcs + o);
      t.credits[i] = add(s + ".vc" + std::to_string(o), "credits", 16);
      t.busy[i] = add(s + ".vc" + std::to_string(o), "busy", 1);
    }
  }
  for (PortTap* tap : t.r->rtl_taps(0)) {
    Block b{tap, add("." + tap->module, "evals", 16), {}, tap->evals};
    for (const auto& port : tap->ports) b.ports.push_back(add("." + tap->module, port.name, port.width));
    t.blocks.push_back(std::move(b));
  }
}

void TraceProbe::sample_state(Traced& t) {
  const RouterState& st = t.r->state();
  for (size_t i = 0; i < t.state.size(); ++i) {
    if (t.state[i] < 0) continue;
    const InputVc& v = st.in[i];
    const bool active = v.state == InputVc::State::Active;
    wave_->set(t.state[i], static_cast<uint64_t>(v.state));
    wave_->set(t.flits[i], static_cast<uint64_t>(v.buf.size()));
    wave_->set(t.pkt[i], v.buf.empty() ? 0 : v.buf.front().pkt());
    wave_->set(t.out_port[i], active ? static_cast<uint64_t>(v.route.out_port) : 0);
    wave_->set(t.out_vc[i], active ? static_cast<uint64_t>(v.out_vc) : 0);
  }
  for (size_t op = 0; op < st.out.size(); ++op) {
    const OutputUnit& u = st.out[op];
    wave_->set(t.queue[op], u.queue.size());
    for (size_t o = 0; o < u.vcs.size(); ++o) {
      const size_t i = op * static_cast<size_t>(st.p.vcs) + o;
      wave_->set(t.credits[i], static_cast<uint64_t>(u.vcs[o].credits));
      wave_->set(t.busy[i], u.busy(static_cast<int>(o)) ? 1 : 0);
    }
  }
}

// What happened since the last sample, as cycle c's events.
void TraceProbe::sample_events(Traced& t, Cycle c) {
  const Activity now = t.r->state().obs.get<ActivityCounters>().activity();
  Activity d = now;
  d -= t.prev;
  t.prev = now;
  wave_->set(t.rc, d.rc);
  wave_->set(t.va_req, d.va_requests);
  wave_->set(t.va_gnt, d.va_grants);
  wave_->set(t.sa_req, d.sa_requests);
  wave_->set(t.sa_gnt, d.sa_grants());
  for (size_t op = 0; op < t.link.size(); ++op) {
    if (t.link[op] < 0) continue;
    const uint64_t sent = t.r->out_link(static_cast<int>(op))->flits_sent();
    wave_->set(t.link[op], sent - t.prev_link[op]);
    t.prev_link[op] = sent;
  }
  if (!t.blocks.empty()) t.r->rtl_taps(c + 1);  // lazily clocked blocks take in cycle c's events
  for (Block& b : t.blocks) {
    wave_->set(b.evals, b.tap->evals - b.prev);
    b.prev = b.tap->evals;
    for (size_t k = 0; k < b.ports.size(); ++k) wave_->set_words(b.ports[k], b.tap->ports[k].value);
  }
}

void TraceProbe::emit(Cycle c) {
  wave_->set(clk_, 1);
  wave_->step(c * period_);
  wave_->set(clk_, 0);
  wave_->step(c * period_ + period_ / 2);
}

// A method that triggers itself at each sample time (not a thread: no
// coroutine stack, which AddressSanitizer cannot follow).
void TraceProbe::run() {
  for (;; ++k_) {
    const Cycle k = k_;
    // Sample k: a quarter period before edge k (edge 0: before anything ran).
    const sc_core::sc_time at(static_cast<double>(k == 0 ? 0 : k * period_ - period_ / 4), sc_core::SC_PS);
    if (at > sc_core::sc_time_stamp()) return next_trigger(at - sc_core::sc_time_stamp());
    if (sampled_) {
      for (Traced& t : traced_) sample_events(t, k - 1);
      emit(k - 1);
    }
    if (k == start_) {  // counters from here
      record(true);
      for (Traced& t : traced_) {
        t.prev = t.r->state().obs.get<ActivityCounters>().activity();
        for (size_t op = 0; op < t.link.size(); ++op)
          if (t.link[op] >= 0) t.prev_link[op] = t.r->out_link(static_cast<int>(op))->flits_sent();
        t.r->rtl_taps(k);
        for (Block& b : t.blocks) b.prev = b.tap->evals;
      }
    }
    if (k == end_) {
      record(false);
      sampled_ = false;
      return;
    }
    for (Traced& t : traced_) sample_state(t);
    sampled_ = true;
    next_ = k;
  }
}

TraceConfig TraceConfig::from(const Config& cfg) {
  return {cfg.get_str("trace.file"), cfg.get_int_list("trace.routers"), static_cast<Cycle>(cfg.get_int("trace.start")),
          static_cast<Cycle>(cfg.get_int("trace.cycles"))};
}

// The routers are checked even without a file: a key that does nothing in
// this run is still no place for a wrong value.
void TraceConfig::validate(int n_routers, ErrorList& errors) const {
  if (!file.empty()) {
    errors.check([&] { Waveform::check_name(file, "trace.file"); });
    const size_t slash = file.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : file.substr(0, slash);
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
      errors.add({"trace.file: cannot write " + file + ": directory " + dir + ": " + std::strerror(errno)});
    // FST seeks back to write its header: a device or pipe would take the
    // bytes and lose the file without an error to report.
    std::error_code ec;
    const auto st = std::filesystem::status(file, ec);
    if (file.size() > 4 && file.compare(file.size() - 4, 4, ".fst") == 0 && std::filesystem::exists(st) &&
        !std::filesystem::is_regular_file(st))
      errors.add({"trace.file: " + file + " is not a regular file (a device or pipe); an .fst waveform needs one "
                  "(it seeks back to write its header); use .vcd to stream"});
  }
  std::set<int64_t> seen;
  if (routers.size() > kMaxTracedRouters)
    errors.add({"trace.routers: " + std::to_string(routers.size()) + " routers; a waveform traces at most " +
                std::to_string(kMaxTracedRouters)});
  for (int64_t r : routers) {
    if (r >= n_routers)
      errors.add({"trace.routers: router " + std::to_string(r) + " out of range: the topology has " +
                  std::to_string(n_routers) + " routers (0.." + std::to_string(n_routers - 1) + ")"});
    else if (!seen.insert(r).second)
      errors.add({"trace.routers: router " + std::to_string(r) + " listed twice"});
  }
}

std::unique_ptr<TraceProbe> make_trace_probe(const Config& cfg, const std::vector<std::unique_ptr<Router>>& routers,
                                             Cycle period_ps) {
  const TraceConfig c = TraceConfig::from(cfg);
  if (c.file.empty()) return nullptr;
  auto wave = std::make_unique<Waveform>(c.file, "trace.file");
  std::vector<Router*> traced;
  for (int64_t r : c.routers) traced.push_back(routers[static_cast<size_t>(r)].get());
  return std::make_unique<TraceProbe>("trace", std::move(wave), traced, c.start, c.cycles, period_ps);
}

void TraceProbe::record(bool on) {
  for (Traced& t : traced_)
    for (Block& b : t.blocks) b.tap->recording = on;
}

// The run stops at an edge before anything of that cycle ran, or (a failed
// check) within a cycle: its events, if any, are written; an edge where
// nothing happened is not a cycle that ran.
bool TraceProbe::ran_since_sample(const Traced& t) const {
  Activity d = t.r->state().obs.get<ActivityCounters>().activity();
  d -= t.prev;
  if (d.rc || d.va_requests || d.va_grants || d.sa_requests || d.sa_grants()) return true;
  for (size_t op = 0; op < t.link.size(); ++op)
    if (t.link[op] >= 0 && t.r->out_link(static_cast<int>(op))->flits_sent() != t.prev_link[op]) return true;
  for (const Block& b : t.blocks)
    if (b.tap->evals != b.prev) return true;
  return false;
}

void TraceProbe::finish() {
  if (sampled_) {  // the run stopped inside the window
    bool ran = false;
    for (const Traced& t : traced_) ran = ran || ran_since_sample(t);
    if (ran) {
      for (Traced& t : traced_) sample_events(t, next_);
      emit(next_);
    }
    sampled_ = false;
  }
  record(false);
  wave_->close();
}

}  // namespace nocsim
