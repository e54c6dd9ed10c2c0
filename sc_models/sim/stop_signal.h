#pragma once
// SIGINT, SIGTERM and SIGHUP ask a run to stop: the monitor ends it at its
// next check (a cycle boundary) and the results so far are written, status
// "interrupted", exit 128 + the signal (130, 143, 129). A second signal
// kills the process at once (the handlers reset themselves). SIGPIPE is
// ignored: a closed stdout fails writes instead of ending the run.
// Running out of memory asks the same way (request_memory_stop, from the
// new-handler once it freed its reserve): status "out-of-memory", exit 1.
namespace nocsim {

void install_stop_handlers();
// The signal that asked to stop, or 0.
int stop_requested();
const char* stop_signal_name(int sig);
// While the network is built (no monitor yet): a stop signal ends the
// process at once, one line on stderr and exit 128 + the signal; there are
// no results to write yet.
void exit_if_stopped_while_building();
void request_memory_stop();
bool memory_stop_requested();

}  // namespace nocsim
