#pragma once
// SIGINT and SIGTERM ask a run to stop: the monitor ends it at its next check
// (a cycle boundary) and the results so far are written, status
// "interrupted", exit 128 + the signal (130, 143). A second signal kills the
// process at once (the handlers reset themselves).
namespace nocsim {

void install_stop_handlers();
// The signal that asked to stop, or 0.
int stop_requested();

}  // namespace nocsim
