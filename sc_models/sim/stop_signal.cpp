#include "sim/stop_signal.h"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

namespace nocsim {
namespace {

// The one process-wide variable: a signal handler can reach nothing else.
volatile std::sig_atomic_t g_stop = 0;

void set_action(int sig, void (*handler)(int)) {
  struct sigaction sa {};
  sa.sa_handler = handler;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(sig, &sa, nullptr);
}

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

// The first signal asks; the defaults are back for the next one of any kind.
void on_signal(int sig) {
  g_stop = sig;
  for (int s : kStopSignals) set_action(s, SIG_DFL);
}

}  // namespace

void install_stop_handlers() {
  // A closed stdout (`nocsim ... | head -1`) must not end the run before its
  // results are written: writes to it fail instead (main reports that).
  set_action(SIGPIPE, SIG_IGN);
  for (int sig : kStopSignals) {
    struct sigaction old {};
    sigaction(sig, nullptr, &old);
    if (old.sa_handler != SIG_IGN) set_action(sig, on_signal);  // a background job keeps ignoring Ctrl-C
  }
}

int stop_requested() { return g_stop; }

namespace {
volatile std::sig_atomic_t g_memory = 0;
}  // namespace

void exit_if_stopped_while_building() {
  if (!g_stop) return;
  const int sig = g_stop;
  char msg[128];
  std::snprintf(msg, sizeof msg, "nocsim: interrupted by %s while building the network; no results\n",
                stop_signal_name(sig));
  (void)!write(STDERR_FILENO, msg, std::strlen(msg));
  std::_Exit(128 + sig);  // a half-built network's teardown would only cost time
}

void request_memory_stop() { g_memory = 1; }
bool memory_stop_requested() { return g_memory != 0; }

const char* stop_signal_name(int sig) { return sig == SIGINT ? "SIGINT" : sig == SIGHUP ? "SIGHUP" : "SIGTERM"; }

}  // namespace nocsim
