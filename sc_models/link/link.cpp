#include "link/link.h"

namespace nocsim {

Link::Link(sc_core::sc_module_name name, int latency, Cycle period_ps)
    : sc_module(name), flit_in("flit_in"), credit_in("credit_in"), latency_(latency), period_ps_(period_ps) {
  flit_in.register_b_transport(this, &Link::flit_transport);
  credit_in.register_b_transport(this, &Link::credit_transport);
}

Cycle Link::arrival(const sc_core::sc_time& delay) const {
  return (static_cast<Cycle>(sc_core::sc_time_stamp().value()) + static_cast<Cycle>(delay.value())) / period_ps_ +
         static_cast<Cycle>(latency_);
}

void Link::flit_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
  Cycle a = arrival(delay);
  flits_.push(a, *reinterpret_cast<const Flit*>(p.get_data_ptr()));
  ++flits_sent_;
  p.set_response_status(tlm::TLM_OK_RESPONSE);
  if (flit_rx_) flit_rx_->on_send(a);
}

void Link::credit_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay) {
  Cycle a = arrival(delay);
  credits_.push(a, *reinterpret_cast<const Credit*>(p.get_data_ptr()));
  p.set_response_status(tlm::TLM_OK_RESPONSE);
  if (credit_rx_) credit_rx_->on_send(a);
}

}  // namespace nocsim
