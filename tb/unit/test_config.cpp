#include <gtest/gtest.h>

#include "core/config.h"
#include "core/error.h"

using nocsim::Config;
using nocsim::ConfigError;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Config, DefaultsForEveryKey) {
  Config c;
  for (const auto& s : nocsim::config_schema()) EXPECT_EQ(c.values().count(s.key), 1u) << s.key;
  EXPECT_EQ(c.get_str("topology.type"), "mesh");
  EXPECT_EQ(c.get_int("router.vcs"), 2);
}

TEST(Config, NestedYamlBecomesDottedKeys) {
  Config c;
  c.load_yaml_string("router:\n  stage_latency: {rc: 3}\ntopology:\n  k: [4, 5]\n", "test");
  EXPECT_EQ(c.get_int("router.stage_latency.rc"), 3);
  EXPECT_EQ(c.get_int_list("topology.k"), (std::vector<int64_t>{4, 5}));
}

TEST(Config, OverridesWinAndAreCanonical) {
  Config c;
  c.set_override("traffic.load=0.25");
  c.set_override("topology.k=4,4");
  c.set_override("routing.dateline=off");
  EXPECT_DOUBLE_EQ(c.get_double("traffic.load"), 0.25);
  EXPECT_EQ(c.values().at("topology.k"), "[4,4]");
  EXPECT_FALSE(c.get_bool("routing.dateline"));
}

TEST(Config, ErrorsNameTheKeyAndWhatIsAllowed) {
  Config c;
  EXPECT_NE(error_of([&] { c.set_override("traffic.lod=0.1"); }).find("traffic.lod: unknown key (valid: traffic."),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("traffic.load=-0.1"); }).find("traffic.load: bad value '-0.1'"),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("topology.k=1"); }).find("topology.k: bad value '1'"), std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("router.vcs=0"); }).find("router.vcs"), std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("router.switching=saf"); }).find("allowed: vct, wormhole"),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("sim.seed"); }).find("expected key=value"), std::string::npos);
  EXPECT_NE(error_of([&] { c.load_yaml_string("router: [1, 2\n", "bad.yaml"); }).find("bad.yaml: malformed YAML"),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.load_yaml_file("/nonexistent/x.yaml"); }).find("cannot open"), std::string::npos);
}
