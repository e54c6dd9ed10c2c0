#pragma once
// Links made together under one module: a router's outgoing links, or a
// block of NICs' injection and ejection links. A module per link cost
// about 550 bytes of RSS per link direction (44 MB at h = 8), and links
// made straight under the network made SystemC's per-module table of
// names long (docs/performance.md, "Session 36").
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "link/link.h"

namespace nocsim {

class LinkGroup : public sc_core::sc_module {
 public:
  struct Spec {
    std::string name;
    int latency;
  };
  LinkGroup(sc_core::sc_module_name name, const std::vector<Spec>& links, Cycle period_ps) : sc_module(name) {
    links_.reserve(links.size());
    for (const Spec& s : links) links_.push_back(std::make_unique<Link>(s.name, s.latency, period_ps));
  }
  // Newest first: SystemC searches its registries from the newest entry.
  ~LinkGroup() override {
    while (!links_.empty()) links_.pop_back();
  }
  Link& operator[](size_t i) { return *links_[i]; }
  size_t size() const { return links_.size(); }

 private:
  std::vector<std::unique_ptr<Link>> links_;
};

}  // namespace nocsim
