#include "router/vc_alloc.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "blocks/ports.h"
#include "core/error.h"

namespace nocsim {

VcAlloc::VcAlloc(sc_core::sc_module_name name, Router& router, const RouterState& st, bool own_process,
                 std::unique_ptr<Selection> selection)
    : Stage(name, router, st, own_process),
      selection_(std::move(selection)),
      first_usable_(dynamic_cast<const FirstUsable*>(selection_.get()) != nullptr),
      damq_(st.p.damq),
      va_age_(st.p.va_arbiter == ArbiterKind::Age),
      scratch_(Scratch(static_cast<size_t>(st.p.ports) * static_cast<size_t>(st.p.vcs))),
      alloc_(st.p.ports, st.p.vcs, st.p.va_arbiter, st.p.va_algorithm, st.p.va_iterations, /*lent=*/true) {
  bind_evaluate<VcAlloc>();
  skip_blocked_ = first_usable_ && !damq_;
  if (skip_blocked_) blocked_.assign(static_cast<size_t>(st.p.ports) * st.p.vcs, {0, 0});
}

void VcAlloc::share_scratch(bool on, bool threads) {
  if (!ScratchBounds::within(st_.p.ports, st_.p.vcs, 1))
    throw std::logic_error("VC allocation: a router larger than a thread's scratch");
  scratch_.share(on, threads);
  // The thread setting the network up runs routers too: its copy may hold
  // what a run stopped by an error left.
  if (on) StageScratch<Scratch>::of_thread().alloc.clean(static_cast<size_t>(st_.p.ports) * st_.p.vcs);
}

void VcAlloc::evaluate(Cycle now) {
  Scratch& s = scratch_.get();
  alloc_.use(&s.alloc);
  if (damq_ || va_age_)
    evaluate_with<true>(s, now);
  else
    evaluate_with<false>(s, now);
}

// kExtras: DAMQ buffers or an age arbiter, tested in that instantiation only.
template <bool kExtras>
void VcAlloc::evaluate_with(Scratch& s, Cycle now) {
  s.grants.clear();
  s.requesters.clear();
  s.routed.clear();
  now_ = now;
  s.cands.clear();
  s.cand_vcs.clear();
  const bool lookahead = st_.p.lat_rc == 0 && !st_.routing.empty();
  if (st_.vcalloc.empty() && !lookahead) return;
  const bool reroute = st_.p.reevaluate && rc_->adaptive();
  const bool skip_blocked = skip_blocked_ && !reroute;
  auto route_and_request = [&](int ip, int v) {
    const int first = static_cast<int>(s.cands.size());
    rc_->route_now(ip, v, s.cands, s.cand_vcs);
    const int n = std::min(static_cast<int>(s.cands.size()) - first, kMaxCandidates);
    s.routed.push_back({ip, v, first, n});
    request<kExtras>(s, ip, v, s.cands.data() + first, s.cand_vcs.data() + first, n, st_.vc(ip, v).buf.front().size);
  };
  const int V = st_.p.vcs;
  st_.vcalloc.for_each(
      [&](int i) {
        const int ip = i / V, v = i % V;
        const InputVc& ivc = st_.vc(ip, v);
        if (ivc.ready > now) return;
        if (ivc.state == InputVc::State::VcAlloc) {
          if (reroute && ivc.ready < now) {
            route_and_request(ip, v);
          } else if (!skip_blocked) {
            request<kExtras>(s, ip, v, ivc.cands, ivc.cand_vcs, ivc.n_cands, ivc.head_size);
          } else if (!blocked(i, ivc) && !request<kExtras>(s, ip, v, ivc.cands, ivc.cand_vcs, ivc.n_cands, ivc.head_size)) {
            blocked_[static_cast<size_t>(i)] = {freed(ivc), 1};
          }
        } else if (st_.whole_packet_in(ip, v)) {  // lookahead: a head still to route
          route_and_request(ip, v);
        }
      },
      lookahead ? &st_.routing : nullptr);
  if (s.requesters.empty()) return;
  requested_ = s.requesters.size();
  if (va_rtl_)
    allocate_on_block(now);
  else
    alloc_.allocate();
  for (const auto& r : s.requesters) {
    const int ovc = alloc_.grant_ovc(r.ivc);
    if (ovc >= 0) s.grants.push_back({r.ivc / st_.p.vcs, r.ivc % st_.p.vcs, ovc, r.cand});
  }
  alloc_.clear_requests();
}

// The selection function picks among the candidates with their usable VCs.
template <bool kExtras>
bool VcAlloc::request(Scratch& s, int ip, int v, const RouteCandidate* cands, const VcRange* vcs, int n, int size) {
  uint64_t usable[kMaxCandidates];
  uint64_t mask = 0;
  int c = -1;
  if (first_usable_) {  // FirstUsable, computing the masks lazily
    c = first_usable(n, [&](int k) { return usable_mask<kExtras>(cands[k], vcs[k], size); }, mask);
  } else {
    for (int k = 0; k < n; ++k) usable[k] = usable_mask<kExtras>(cands[k], vcs[k], size);
    c = selection_->select(cands, usable, n, mask, *this);
    if (select_rtl_) c = select_on_block(cands, vcs, n, size, usable, c, mask);
    if (c >= n || (c >= 0 && (!mask || (mask & ~usable[c]))))
      throw InvariantError("vc.select: chose candidate " + std::to_string(c) + " of " + std::to_string(n) +
                           " with VCs outside its usable ones at router " + std::to_string(st_.id));
  }
  if (c < 0) return false;
  alloc_.request(ip, v, cands[c].out_port, mask, kExtras && va_age_ ? st_.gen(st_.vc(ip, v).buf.front()) : 0);
  s.requesters.push_back({ip * st_.p.vcs + v, c});
  return true;
}

// In rtl mode the block decides alone (an architect's own block, too): a
// grant to an input VC that did not ask, outside the output VCs it asked
// for, or of one output VC twice would corrupt the router silently.
void VcAlloc::check_rtl_grants(const int64_t* out, Cycle now) {
  const int V = st_.p.vcs;
  const size_t n = static_cast<size_t>(st_.p.ports) * static_cast<size_t>(V);
  std::vector<int64_t> mask(n, 0);  // 0: no request
  std::vector<uint8_t> taken(n, 0);
  std::vector<int> op(n, 0);
  for (const auto& r : alloc_.requests()) {
    mask[static_cast<size_t>(r.i)] = static_cast<int64_t>(r.mask);
    op[static_cast<size_t>(r.i)] = r.op;
  }
  for (size_t i = 0; i < n; ++i) {
    const int64_t g = out[i];
    if (g < 0) continue;
    std::string bad;
    if (!mask[i])
      bad = "granted output VC " + std::to_string(g) + " without a request";
    else if (g >= V || !(static_cast<uint64_t>(mask[i]) >> g & 1))
      bad = "granted output VC " + std::to_string(g) + " of port " + std::to_string(op[i]) +
            ", outside the VCs it asked for";
    else if (taken[static_cast<size_t>(op[i] * V + g)]++)
      bad = "granted output VC " + std::to_string(g) + " of port " + std::to_string(op[i]) + ", already granted";
    if (!bad.empty())
      throw InvariantError("rtl mode: cycle " + std::to_string(now) + " router " + std::to_string(st_.id) +
                           " VC allocator block: input VC " + std::to_string(i) + " (port " + std::to_string(i / V) +
                           ", VC " + std::to_string(i % V) + ") " + bad);
  }
}

void VcAlloc::allocate_on_block(Cycle now) {
  BlockRun& b = *va_rtl_;
  const size_t n = static_cast<size_t>(st_.p.ports) * static_cast<size_t>(st_.p.vcs);
  int64_t* in = b.in();  // op[i], then mask[i] (blocks/ports.h)
  for (const auto& r : alloc_.requests()) {
    in[r.i] = r.op;
    in[n + r.i] = static_cast<int64_t>(r.mask);
  }
  const int64_t* out = b.eval(now);
  if (!b.lockstep()) {
    check_rtl_grants(out, now);
    for (const auto& r : alloc_.requests()) alloc_.set_grant(r.i, static_cast<int>(out[r.i]));
    return;
  }
  alloc_.allocate();
  va_cpp_.assign(n, -1);
  for (const auto& r : alloc_.requests()) va_cpp_[r.i] = alloc_.grant_ovc(r.i);
  b.compare(va_cpp_.data(), now);
}

int VcAlloc::select_on_block(const RouteCandidate* cands, const VcRange* vcs, int n, int size, uint64_t* usable,
                             int c, uint64_t& mask) {
  constexpr int K = kMaxCandidates;
  BlockRun& b = *select_rtl_;
  int64_t* in = b.in();  // n, lo[K], hi[K], free[K], credits[K*8], need[K] (blocks/ports.h)
  in[0] = n;
  for (int k = 0; k < n; ++k) {
    const OutputUnit& op = st_.out[cands[k].out_port];
    in[1 + k] = vcs[k].lo;
    in[1 + K + k] = vcs[k].hi;
    in[1 + 2 * K + k] = static_cast<int64_t>(op.free_vcs);
    if (op.sink) continue;  // ejection: no credits to check, needs none
    for (size_t j = 0; j < op.vcs.size(); ++j) in[1 + 3 * K + k * ports::kSelectVcs + j] = op.vcs[j].credits;
    in[1 + 3 * K + K * ports::kSelectVcs + k] = need(cands[k], vcs[k], size);
  }
  const int64_t* out = b.eval(now_);  // usable[K], choice, mask
  if (b.lockstep()) {
    int64_t cpp[K + 2];
    for (int k = 0; k < K; ++k) cpp[k] = k < n ? static_cast<int64_t>(usable[k]) : 0;
    cpp[K] = c;
    cpp[K + 1] = c < 0 ? 0 : static_cast<int64_t>(mask);
    b.compare(cpp, now_);
    return c;
  }
  for (int k = 0; k < n; ++k) usable[k] = static_cast<uint64_t>(out[k]);
  mask = static_cast<uint64_t>(out[K + 1]);
  return static_cast<int>(out[K]);
}

template <bool kDamq>
uint64_t VcAlloc::usable_mask(const RouteCandidate& c, VcRange vcs, int size) const {
  const OutputUnit& op = st_.out[c.out_port];
  // free_vcs has no bit past the port's VCs: the range needs no clipping above.
  uint64_t mask = vcs_in_range(op.free_vcs, vcs.lo, vcs.hi);
  if (op.sink || !mask) return mask;
  const int n = need(c, vcs, size);
  mask = with_credits(mask, n, [&op](int o) { return op.vcs[o].credits; });
  if (kDamq && damq_) mask = damq_filter(c.out_port, mask, n);
  return mask;
}

// DAMQ: of `mask`, the VCs whose downstream reserve plus the port's shared
// room holds `need` flits.
uint64_t VcAlloc::damq_filter(int port, uint64_t mask, int need) const {
  for (uint64_t m = mask; m; m &= m - 1) {
    const int o = __builtin_ctzll(m);
    if (st_.damq_room(port, o, 0, 0) < need) mask &= ~(1ull << o);
  }
  return mask;
}

void VcAlloc::commit(Cycle now, RouterState& st) {
  Scratch& s = scratch_.get();  // this evaluate's: one pass commits on its thread
  for (const auto& r : s.routed)  // as RC's commit would have, with no latency
    st.routed(r.ip, r.ivc, s.cands.data() + r.first, s.cand_vcs.data() + r.first, r.n, st.vc(r.ip, r.ivc).ready);
  st.obs.va_requested(requested_);
  requested_ = 0;
  s.routed.clear();
  for (const auto& g : s.grants) {
    if (skip_blocked_) blocked_[static_cast<size_t>(g.ip * st.p.vcs + g.ivc)].on = 0;
    st.vc_granted(g.ip, g.ivc, g.cand, g.ovc, now + st.p.lat_va);
    const RouteCandidate& route = st.vc(g.ip, g.ivc).route;
    if (route.hop & kHopReport) rc_->routing().granted(route);
  }
  s.grants.clear();
}

}  // namespace nocsim
