// libFuzzer target: a YAML configuration file, as `nocsim FILE` reads it,
// then the cross-key checks a run does before building the network. Any
// input may be refused (ConfigError); nothing else may escape, crash or trip
// a sanitizer. scripts/fuzz.sh config SECONDS
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/config.h"
#include "core/error.h"
#include "sim/network.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nocsim::Config cfg;
  try {
    cfg.load_yaml_string(std::string(reinterpret_cast<const char*>(data), size), "fuzz.yaml");
    nocsim::validate_config(cfg);
  } catch (const nocsim::ConfigError&) {
  }
  return 0;
}
