#include <gtest/gtest.h>

#include "core/config.h"
#include "core/error.h"
#include "core/suggest.h"

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

// Every message of the ConfigError that f throws (none if it does not throw).
std::vector<std::string> errors_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ConfigError& e) {
    return e.messages();
  }
  return {};
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

TEST(Config, FileReportsEveryErrorAndKeepsTheGoodKeys) {
  Config c;
  auto errors = errors_of([&] {
    c.load_yaml_string("traffic:\n  lod: 0.1\n  load: 0.5\nrouter:\n  vcs: 0\n  switching: saf\n  buffer_depth:\n",
                       "t.yaml");
  });
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].rfind("traffic.lod: unknown key", 0), 0u) << errors[0];
  EXPECT_EQ(errors[1], "router.vcs: bad value '0': must be an integer in [1, 64]");
  EXPECT_EQ(errors[2], "router.switching: bad value 'saf': allowed: vct, wormhole");
  EXPECT_EQ(errors[3], "router.buffer_depth: missing value");
  EXPECT_DOUBLE_EQ(c.get_double("traffic.load"), 0.5);
  // what() holds them all, one per line.
  EXPECT_EQ(error_of([&] { c.load_yaml_string("xyzzy: 1\nplugh: 2\n", "t"); }),
            "xyzzy: unknown key (valid: topology, router, link, routing, traffic, sim)\n"
            "plugh: unknown key (valid: topology, router, link, routing, traffic, sim)");
  // A syntax error ends parsing: one error.
  EXPECT_EQ(errors_of([&] { c.load_yaml_string("a: [1\nb: {\n", "bad.yaml"); }).size(), 1u);
}

TEST(Config, DidYouMean) {
  Config c;
  auto err = [&](const std::string& o) { return error_of([&] { c.set_override(o); }); };
  EXPECT_NE(err("traffic.lod=0.1").find("); did you mean 'traffic.load'?"), std::string::npos);
  EXPECT_NE(err("routing.vcs=2").find("did you mean 'router.vcs'?"), std::string::npos);  // by its last component
  EXPECT_NE(err("topology.type=mseh").find("allowed: mesh, torus, dragonfly; did you mean 'mesh'?"), std::string::npos);
  // Nothing near: no guess.
  EXPECT_EQ(err("topology.x=1").find("did you mean"), std::string::npos);
  EXPECT_EQ(err("traffic.pattern=x").find("did you mean"), std::string::npos);
}

TEST(Config, ClosestMatch) {
  using nocsim::closest_match;
  EXPECT_EQ(nocsim::edit_distance("vcs", "vsc"), 1);  // a swap is one edit
  EXPECT_EQ(nocsim::edit_distance("kitten", "sitting"), 3);
  EXPECT_EQ(closest_match("buffer_dpth", {"buffer_depth", "vcs"}), "buffer_depth");
  EXPECT_EQ(closest_match("k", {"a", "h"}), "");         // a tie: no guess
  EXPECT_EQ(closest_match("ab", {"xy"}), "");            // short words: one edit at most
  EXPECT_EQ(closest_match("speeddupp", {"speedup"}), "speedup");
  EXPECT_EQ(closest_match("speeeddupp", {"speedup"}), "");  // three edits
}
