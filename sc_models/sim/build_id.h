#pragma once
// The commit the running binary was built from: the nocsim binary sets it
// from its build (cmake/build_id.cmake); a program that links the library
// without it reports "unknown". Written to the results as sim.build.
#include <string>

namespace nocsim {

inline std::string& build_id() {
  static std::string id = "unknown";
  return id;
}

}  // namespace nocsim
