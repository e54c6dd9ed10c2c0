#include "router/router.h"

#include <string>

#include "core/error.h"

namespace nocsim {

Router::Router(sc_core::sc_module_name name, int id, const RouterParams& p, Cycle period_ps, bool per_stage,
               std::unique_ptr<Routing> routing, std::unique_ptr<SwAllocBackend> alloc,
               const std::vector<bool>& sink_ports, const std::vector<bool>& connected)
    : sc_module(name),
      clk("clk"),
      period_ps_(period_ps),
      flit_out_(p.ports),
      credit_out_(p.ports),
      in_link_(p.ports, nullptr),
      out_link_(p.ports, nullptr),
      committer_(*this) {
  st_.id = id;
  st_.p = p;
  st_.in.assign(p.ports, std::vector<InputVc>(p.vcs));
  for (auto& port : st_.in)
    for (auto& vc : port) vc.buf = FlitFifo(p.buffer_depth);
  st_.out.resize(p.ports);
  // Without an output buffer the queue only holds the SA+ST pipeline.
  int pipe = (p.lat_sa + p.lat_st) * p.speedup;
  for (int op = 0; op < p.ports; ++op) {
    st_.out[op].vcs.assign(p.vcs, OutputVc{p.buffer_depth, false});
    st_.out[op].sink = sink_ports[op];
    st_.out[op].queue_capacity = pipe + p.output_buffer_depth;
    if (!connected[op]) continue;
    flit_out_[op] = std::make_unique<LinkSender<Flit>>(("flit_out_" + std::to_string(op)).c_str());
    credit_out_[op] = std::make_unique<LinkSender<Credit>>(("credit_out_" + std::to_string(op)).c_str());
  }
  rc_ = std::make_unique<RouteCompute>("rc", *this, st_, per_stage, std::move(routing));
  va_ = std::make_unique<VcAlloc>("va", *this, st_, per_stage);
  sa_ = std::make_unique<SwitchAlloc>("sa", *this, st_, per_stage, std::move(alloc));
  st_stage_ = std::make_unique<Crossbar>("st", *this, st_, per_stage);
  rc_->clk(clk);
  va_->clk(clk);
  sa_->clk(clk);
  st_stage_->clk(clk);
  if (!per_stage) {
    SC_HAS_PROCESS(Router);
    SC_METHOD(run_router);
    sensitive << clk.pos();
    dont_initialize();
  }
}

void Router::run_router() {
  if (asleep_) {
    asleep_ = false;
    return;
  }
  Cycle now = this->now();
  try {
    rc_->evaluate(now);
    va_->evaluate(now);
    sa_->evaluate(now);
    st_stage_->evaluate(now);
  } catch (const std::exception& e) {
    return fail(e);
  }
  request_commit();
  if (idle()) {
    asleep_ = true;
    next_trigger(wake_ev_);
  }
}

void Router::send_flit(int out_port, const Flit& f) {
  if (out_port < st_.p.network_ports) {
    Flit g = f;
    ++g.hops;
    flit_out_[out_port]->send(g, g.vc);
  } else {
    flit_out_[out_port]->send(f, f.vc);
  }
}

void Router::send_credit(int in_port, int vc) {
  Credit c{vc};
  credit_out_[in_port]->send(c, vc);
}

void Router::on_send(Cycle arrival) {
  ++incoming_;
  Cycle now = this->now();
  // The commit of cycle arrival-1 pulls it; the stages act on it at `arrival`.
  if (arrival <= now + 1) request_commit();
  Cycle act = arrival - 1 > now ? arrival - 1 : now + 1;
  sc_core::sc_time at(static_cast<double>(act * period_ps_ - period_ps_ / 2), sc_core::SC_PS);
  wake_ev_.notify(at - sc_core::sc_time_stamp());
}

void Router::commit() {
  Cycle now = this->now();
  try {
    st_stage_->commit(now);
    sa_->commit(now);
    va_->commit(now);
    rc_->commit(now);
    pull_links(now);
  } catch (const std::exception& e) {
    fail(e);
  }
}

void Router::fail(const std::exception& e) {
  if (status_) status_->fail(kExitInvariant, e.what());
}

void Router::pull_links(Cycle now) {
  if (incoming_ == 0) return;
  for (int ip = 0; ip < st_.p.ports; ++ip) {
    Link* l = in_link_[ip];
    if (!l) continue;
    auto& line = l->flits();
    while (line.ready(now + 1)) {
      const Flit& f = line.front();
      InputVc& ivc = st_.in[ip][f.vc];
      if (ivc.buf.full())
        throw InvariantError("buffer overflow: router " + std::to_string(st_.id) + " in port " + std::to_string(ip) +
                             " vc " + std::to_string(f.vc));
      if (ivc.state == InputVc::State::Idle) {
        ivc.state = InputVc::State::Routing;
        ivc.ready = line.front_arrival();
      }
      ivc.buf.push(f);
      ++st_.resident;
      --incoming_;
      line.pop();
    }
  }
  for (int op = 0; op < st_.p.ports; ++op) {
    Link* l = out_link_[op];
    if (!l) continue;
    auto& line = l->credits();
    while (line.ready(now + 1)) {
      OutputVc& ovc = st_.out[op].vcs[line.front().vc];
      if (++ovc.credits > st_.p.buffer_depth && st_.p.check)
        throw InvariantError("credit overflow: router " + std::to_string(st_.id) + " out port " +
                             std::to_string(op) + " vc " + std::to_string(line.front().vc));
      --incoming_;
      line.pop();
    }
  }
}

}  // namespace nocsim
