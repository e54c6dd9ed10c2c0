// libFuzzer target: command-line overrides, one `key=value` per input line,
// applied in order as `nocsim key=value ...` does, then the cross-key checks.
// scripts/fuzz.sh override SECONDS
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "core/config.h"
#include "core/error.h"
#include "sim/network.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nocsim::Config cfg;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  bool ok = true;
  for (std::string line; std::getline(in, line);) {
    try {
      cfg.set_override(line);
    } catch (const nocsim::ConfigError&) {
      ok = false;
    }
  }
  try {
    if (ok) nocsim::validate_config(cfg);
  } catch (const nocsim::ConfigError&) {
  }
  return 0;
}
