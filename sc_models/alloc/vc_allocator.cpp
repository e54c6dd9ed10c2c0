#include "alloc/vc_allocator.h"

#include <algorithm>

namespace nocsim {

VcAllocator::VcAllocator(int ports, int vcs, ArbiterKind stage2, VaAlgorithm alg, int iterations, bool lent)
    : P_(ports),
      V_(vcs),
      kind_(stage2),
      alg_(alg),
      pool_(alg == VaAlgorithm::FreePool),
      iterations_(iterations),
      in_arb_(ports * vcs, RrArbiter(vcs)),
      out_ptr_(stage2 == ArbiterKind::Rr ? ports * vcs : 0, 0),
      own_(lent ? 0 : static_cast<size_t>(ports) * static_cast<size_t>(vcs)) {
  s_ = &own_;
  // Matrix arbiters over P*V requesters per output VC would keep O((P*V)^2)
  // bits each; the LRS stamps give the same grants (arbiter.h) in O(P*V).
  const ArbiterKind kind = stage2 == ArbiterKind::Matrix ? ArbiterKind::Lrs : stage2;
  if (stage2 != ArbiterKind::Rr) out_arb_.assign(static_cast<size_t>(ports) * vcs, Arbiter(kind, ports * vcs));
  if (stage2 == ArbiterKind::Age) age_.assign(static_cast<size_t>(ports) * vcs, 0);
  if (alg == VaAlgorithm::MaxSize) first_in_.assign(static_cast<size_t>(ports), 0);
  if (pool_) {
    pool_arb_.assign(static_cast<size_t>(ports), RrArbiter(vcs));
    pool_mask_.assign(static_cast<size_t>(ports) * vcs, 0);
  }
}

VcAllocator::Scratch::Scratch(size_t n) : best(n, -1), grant_ovc(n, -1) {}

void VcAllocator::Scratch::clean(size_t n) {
  req.clear();
  touched.clear();
  std::fill_n(best.begin(), n, -1);
  std::fill_n(grant_ovc.begin(), n, -1);
}

void VcAllocator::request(int ip, int ivc, int op, uint64_t ovc_mask, Cycle age) {
  s_->req.push_back({ip * V_ + ivc, op, ovc_mask});
  if (kind_ == ArbiterKind::Age) age_[static_cast<size_t>(ip * V_ + ivc)] = age;
}

void VcAllocator::clear_requests() {
  Scratch& s = *s_;
  for (const Request& r : s.req) s.grant_ovc[static_cast<size_t>(r.i)] = -1;
  s.req.clear();
}

void VcAllocator::allocate() {
  if (alg_ != VaAlgorithm::SepIf && alg_ != VaAlgorithm::FreePool) return allocate_matching();
  const bool rr = kind_ == ArbiterKind::Rr;
  if (pool_)
    rr ? allocate_with<true, true>() : allocate_with<false, true>();
  else
    rr ? allocate_with<true, false>() : allocate_with<false, false>();
}

template <bool kRr, bool kPool>
void VcAllocator::allocate_with() {
  const int n = P_ * V_;
  Scratch& s = *s_;
  for (const Request& r : s.req) {
    int o;
    if constexpr (kPool) {  // every asker of a port contends at the port
      if (!r.mask) continue;
      pool_mask_[static_cast<size_t>(r.i)] = r.mask;
      o = r.op;
    } else {
      const int ovc = in_arb_[r.i].eval_mask(r.mask);
      if (ovc < 0) continue;
      in_arb_[r.i].tick(ovc);
      o = r.op * V_ + ovc;
    }
    int& b = s.best[static_cast<size_t>(o)];
    if (b < 0)
      s.touched.push_back(o);
    else if (!prefers<kRr>(o, r.i, b))
      continue;
    b = r.i;
  }
  for (int o : s.touched) {
    const int w = s.best[static_cast<size_t>(o)];
    s.best[static_cast<size_t>(o)] = -1;
    if constexpr (kRr)
      out_ptr_[o] = w + 1 == n ? 0 : w + 1;
    else
      out_arb_[o].tick(w);
    if constexpr (kPool) {  // the winner takes the port's next VC in its mask
      RrArbiter& next = pool_arb_[static_cast<size_t>(o)];
      const int ovc = next.eval_mask(pool_mask_[static_cast<size_t>(w)]);
      next.tick(ovc);
      s.grant_ovc[static_cast<size_t>(w)] = ovc;
    } else {
      s.grant_ovc[static_cast<size_t>(w)] = o % V_;
    }
  }
  s.touched.clear();
}

struct VcAllocator::PortArbs {
  VcAllocator& a;
  int base;  // the port's first output VC, op*V
  bool col_prefers(int c, int ra, int rb) const {
    const int x = a.row_id_[static_cast<size_t>(ra)], y = a.row_id_[static_cast<size_t>(rb)];
    return a.kind_ == ArbiterKind::Rr ? a.prefers<true>(base + c, x, y) : a.prefers<false>(base + c, x, y);
  }
  int row_pick(int r, uint64_t cols) const { return a.in_arb_[static_cast<size_t>(a.row_id_[r])].eval_mask(cols); }
  void tick(int r, int c) {
    const int i = a.row_id_[static_cast<size_t>(r)], o = base + c;
    a.in_arb_[static_cast<size_t>(i)].tick(c);
    if (a.kind_ == ArbiterKind::Rr)
      a.out_ptr_[static_cast<size_t>(o)] = i + 1 == a.P_ * a.V_ ? 0 : i + 1;
    else
      a.out_arb_[static_cast<size_t>(o)].tick(i);
  }
};

void VcAllocator::allocate_matching() {
  const std::vector<Request>& req = s_->req;
  by_port_.clear();
  for (size_t k = 0; k < req.size(); ++k)
    if (req[k].mask) by_port_.push_back(static_cast<int>(k));
  std::sort(by_port_.begin(), by_port_.end(), [&req](int x, int y) {
    const Request &a = req[static_cast<size_t>(x)], &b = req[static_cast<size_t>(y)];
    return a.op != b.op ? a.op < b.op : a.i < b.i;
  });
  for (size_t b = 0, e; b < by_port_.size(); b = e) {
    const int op = req[static_cast<size_t>(by_port_[b])].op;
    for (e = b + 1; e < by_port_.size() && req[static_cast<size_t>(by_port_[e])].op == op;) ++e;
    match_port(op, by_port_.data() + b, static_cast<int>(e - b));
  }
  if (alg_ == VaAlgorithm::Wavefront) top_ = (top_ + 1) % (P_ * V_);
}

// Output port op's matching among requests reqs[0..n) (indices into the requests,
// by input VC).
void VcAllocator::match_port(int op, const int* reqs, int n) {
  const size_t un = static_cast<size_t>(n);
  row_id_.resize(un);
  row_want_.resize(un);
  row_match_.resize(un);
  const std::vector<Request>& req = s_->req;
  for (int r = 0; r < n; ++r) {
    row_id_[static_cast<size_t>(r)] = req[static_cast<size_t>(reqs[r])].i;
    row_want_[static_cast<size_t>(r)] = req[static_cast<size_t>(reqs[r])].mask;
  }
  PortArbs arbs{*this, op * V_};
  switch (alg_) {
    case VaAlgorithm::SepOf:
    case VaAlgorithm::Islip:
      row_offers_.resize(un);
      matching::output_first(n, V_, row_want_.data(), iterations_, arbs, row_match_.data(), row_offers_.data());
      break;
    case VaAlgorithm::Wavefront:
      matching::wavefront(n, row_id_.data(), row_want_.data(), V_, op * V_, P_ * V_, top_, row_match_.data());
      break;
    default: {  // MaxSize: rows searching from the port's pointer over the input VCs
      const int N = P_ * V_, first = first_in_[static_cast<size_t>(op)];
      std::vector<int>& order = row_order_;
      order.resize(un);
      row_first_.resize(un);
      for (int r = 0; r < n; ++r) {
        order[static_cast<size_t>(r)] = r;
        row_first_[static_cast<size_t>(r)] = in_arb_[static_cast<size_t>(row_id_[static_cast<size_t>(r)])].ptr();
      }
      // rows are by input VC: the search order is a rotation of them
      const auto pivot = std::lower_bound(row_id_.begin(), row_id_.end(), first) - row_id_.begin();
      std::rotate(order.begin(), order.begin() + pivot, order.end());
      kuhn_.match(n, V_, order.data(), row_want_.data(), row_first_.data(), row_match_.data());
      for (int r = 0; r < n; ++r)  // tick(-1) keeps the pointer
        in_arb_[static_cast<size_t>(row_id_[static_cast<size_t>(r)])].tick(row_match_[static_cast<size_t>(r)]);
      first_in_[static_cast<size_t>(op)] = first + 1 == N ? 0 : first + 1;
    }
  }
  for (int r = 0; r < n; ++r) s_->grant_ovc[static_cast<size_t>(row_id_[static_cast<size_t>(r)])] = row_match_[static_cast<size_t>(r)];
}

}  // namespace nocsim
