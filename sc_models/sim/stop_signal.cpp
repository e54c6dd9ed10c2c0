#include "sim/stop_signal.h"

#include <csignal>

namespace nocsim {
namespace {

// The one process-wide variable: a signal handler can reach nothing else.
volatile std::sig_atomic_t g_stop = 0;

void on_signal(int sig) { g_stop = sig; }

}  // namespace

void install_stop_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

int stop_requested() { return g_stop; }

}  // namespace nocsim
