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

// Below the documented limits (workload/text_trace.h, TraceBounds): the same
// code, at a scale whose largest input stays within the fuzzer's 1 GiB and
// 5 s under ASan.
constexpr uint64_t kFuzzOps = 1'000'000;
constexpr nocsim::TraceBounds kFuzzBounds{1 << 12, 1'000'000};

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const nocsim::Program p = nocsim::read_text_trace(in, "fuzz", kFuzzOps, kFuzzBounds);
    std::ostringstream a, b;
    nocsim::write_text_trace(p, a);
    std::istringstream again(a.str());
    nocsim::write_text_trace(nocsim::read_text_trace(again, "fuzz", kFuzzOps, kFuzzBounds), b);
    if (a.str() != b.str()) std::abort();  // the writer and the reader disagree
  } catch (const nocsim::ConfigError&) {
  }
  return 0;
}
