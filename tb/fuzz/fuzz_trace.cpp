// libFuzzer target: a text trace (docs/workloads.md, "Text traces"). Any
// input is either a program or one ConfigError; a program writes out as text
// that reads back as the same text. scripts/fuzz.sh trace SECONDS
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/error.h"
#include "workload/text_trace.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const nocsim::Program p = nocsim::read_text_trace(in, "fuzz");
    std::ostringstream a, b;
    nocsim::write_text_trace(p, a);
    std::istringstream again(a.str());
    nocsim::write_text_trace(nocsim::read_text_trace(again, "fuzz"), b);
    if (a.str() != b.str()) std::abort();  // the writer and the reader disagree
  } catch (const nocsim::ConfigError&) {
  }
  return 0;
}
