// Tests only: writes a text trace (docs/workloads.md, "Text traces") as an
// OTF2 archive the way Score-P records an MPI run (tb/otf2_write_test_trace.h),
// so that scripts/key_combos can draw OTF2 programs too.
// Usage: otf2_from_text TEXT DIR NAME [sendrecv] [no-regions] [reverse] [in-place] [nonblocking] [ns]
//   [call-ticks=N]
// Writes DIR/NAME.otf2 and exit 0; a text the reader refuses, or a program
// the writer cannot write (a receive from any source), one line and exit 2.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <systemc>

#include "core/error.h"
#include "otf2_write_test_trace.h"
#include "workload/text_trace.h"

namespace {

// The writer's options from the words after the first three.
nocsim::Otf2WriteOptions options(int argc, char** argv) {
  nocsim::Otf2WriteOptions o;
  for (int i = 4; i < argc; ++i) {
    const std::string w = argv[i];
    if (w == "sendrecv") {
      o.sendrecv = true;
    } else if (w == "no-regions") {
      o.regions = false;
    } else if (w == "reverse") {
      o.reverse_locations = true;
    } else if (w == "in-place") {
      o.in_place = true;
    } else if (w == "nonblocking") {
      o.nonblocking = true;
    } else if (w == "ns") {
      o.timer_resolution = 1'000'000'000;
    } else if (w.rfind("call-ticks=", 0) == 0) {
      o.call_ticks = std::strtoull(w.c_str() + 11, nullptr, 10);
    } else {
      throw std::invalid_argument("unknown option '" + w + "'");
    }
  }
  return o;
}

}  // namespace

// libsystemc, which the library links, calls sc_main from its main.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: otf2_from_text TEXT DIR NAME [sendrecv] [no-regions] [reverse] [in-place] "
                         "[nonblocking] [ns] [call-ticks=N]\n");
    return 2;
  }
  try {
    const nocsim::Otf2WriteOptions o = options(argc, argv);
    const nocsim::Program prog = nocsim::read_text_trace_file(argv[1], "workload.trace_file");
    nocsim::write_otf2_trace(argv[2], argv[3], prog, o);
  } catch (const nocsim::ConfigError& e) {
    std::fprintf(stderr, "otf2_from_text: %s\n", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "otf2_from_text: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "otf2_from_text: %s\n", e.what());
    return 1;
  }
  return 0;
}
