#include "core/error.h"

namespace nocsim {

void throw_port_invariant(const char* what, int router, const char* side, int port, int vc) {
  throw InvariantError(std::string(what) + ": router " + std::to_string(router) + " " + side + " port " +
                       std::to_string(port) + " vc " + std::to_string(vc));
}

}  // namespace nocsim
