#pragma once
// One direction of a link as a TLM-2.0 channel: flits travel forward through
// `flit_in`, credits backward through `credit_in`, each with the link latency.
// The payload is a generic payload whose data points at the Flit or Credit
// (a thin protocol on the sockets: WRITE, address = VC). The link keeps what is
// in flight in delay lines indexed by arrival cycle; no process runs per cycle.
// Receivers pull what has arrived and are told when something was sent to
// them, so they can sleep until then.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "core/flit.h"
#include "link/delay_line.h"

namespace nocsim {

// Whoever consumes one side of a link: told the cycle an item becomes visible.
class LinkReceiver {
 public:
  virtual ~LinkReceiver() = default;
  virtual void on_send(Cycle arrival) = 0;
};

class Link : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Link> flit_in;
  tlm_utils::simple_target_socket<Link> credit_in;

  Link(sc_core::sc_module_name name, int latency, Cycle period_ps);
  int latency() const { return latency_; }
  void set_flit_receiver(LinkReceiver* r) { flit_rx_ = r; }
  void set_credit_receiver(LinkReceiver* r) { credit_rx_ = r; }

  DelayLine<Flit>& flits() { return flits_; }
  DelayLine<Credit>& credits() { return credits_; }
  uint64_t flits_sent() const { return flits_sent_; }

 private:
  void flit_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay);
  void credit_transport(tlm::tlm_generic_payload& p, sc_core::sc_time& delay);
  Cycle arrival(const sc_core::sc_time& delay) const;

  int latency_;
  Cycle period_ps_;
  LinkReceiver* flit_rx_ = nullptr;
  LinkReceiver* credit_rx_ = nullptr;
  DelayLine<Flit> flits_;
  DelayLine<Credit> credits_;
  uint64_t flits_sent_ = 0;
};

// Sender side of a link: one initiator socket and one reusable payload.
template <typename T>
class LinkSender {
 public:
  explicit LinkSender(const char* name) : socket(name) {
    p_.set_command(tlm::TLM_WRITE_COMMAND);
    p_.set_data_length(sizeof(T));
    p_.set_streaming_width(sizeof(T));
  }
  tlm_utils::simple_initiator_socket<LinkSender<T>> socket;
  void send(const T& item, int vc) {
    p_.set_address(static_cast<uint64_t>(vc));
    p_.set_data_ptr(reinterpret_cast<unsigned char*>(const_cast<T*>(&item)));
    p_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->b_transport(p_, delay);
  }

 private:
  tlm::tlm_generic_payload p_;
};

// Cycle of the current simulation time for a clock of period_ps picoseconds.
inline Cycle cycle_now(Cycle period_ps) {
  return static_cast<Cycle>(sc_core::sc_time_stamp().value()) / period_ps;
}

}  // namespace nocsim
