#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <map>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "alloc/sw_alloc_backend.h"
#include "blocks/block.h"
#include "core/config.h"
#include "core/error.h"
#include "core/suggest.h"
#include "topologies/topology.h"
#include "traffic/pattern.h"

using nocsim::Config;
using nocsim::ConfigError;
using nocsim::KeySpec;

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

// A schema with a Records key, as phased workloads will declare one.
const std::vector<KeySpec>& phase_schema() {
  using K = nocsim::KeyType;
  static const std::vector<KeySpec> schema = {
      {"sim.cycles", K::Int, "100", 1, 1e12},
      {"workload.phases", K::Records, "[]", 0, 0, {}, "load phases", nullptr,
       {{"cycles", K::Int, "", 1, 1e12},
        {"load", K::Double, "0.1", 0, 1},
        {"pattern", K::Enum, "uniform", 0, 0, {"uniform", "bitrev"}}}},
  };
  return schema;
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

TEST(Config, RenamedKeysSayTheirNewName) {
  Config c;
  EXPECT_EQ(error_of([&] { c.set_override("routing.misroute_trigger=credits"); }),
            "routing.misroute_trigger: renamed to routing.trigger (same values)");
  EXPECT_EQ(error_of([&] { c.set_override("vc.selection=jsq"); }), "vc.selection: renamed to vc.select (same values)");
  c.set_override("routing.trigger=credits");
  EXPECT_EQ(c.get_str("routing.trigger"), "credits");
}

TEST(Config, ErrorsNameTheKeyAndWhatIsAllowed) {
  Config c;
  EXPECT_NE(error_of([&] { c.set_override("traffic.lod=0.1"); }).find("traffic.lod: unknown key (valid: traffic."),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("traffic.load=-0.1"); }).find("traffic.load: bad value '-0.1'"),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("topology.k=1"); }).find("topology.k: bad value '1'"), std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("router.vcs=0"); }).find("router.vcs"), std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("router.switching=cut"); }).find("allowed: vct, wormhole, saf"),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("sim.seed"); }).find("expected key=value"), std::string::npos);
  EXPECT_NE(error_of([&] { c.load_yaml_string("router: [1, 2\n", "bad.yaml"); }).find("bad.yaml: malformed YAML"),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.load_yaml_file("/nonexistent/x.yaml"); }).find("cannot open"), std::string::npos);
}

TEST(Config, FileReportsEveryErrorAndKeepsTheGoodKeys) {
  Config c;
  auto errors = errors_of([&] {
    c.load_yaml_string("traffic:\n  lod: 0.1\n  load: 0.5\nrouter:\n  vcs: 0\n  switching: cut\n  buffer_depth:\n",
                       "t.yaml");
  });
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].rfind("traffic.lod: unknown key", 0), 0u) << errors[0];
  EXPECT_EQ(errors[1], "router.vcs: bad value '0': must be an integer in [1, 64]");
  EXPECT_EQ(errors[2], "router.switching: bad value 'cut': allowed: vct, wormhole, saf");
  EXPECT_EQ(errors[3], "router.buffer_depth: missing value");
  EXPECT_DOUBLE_EQ(c.get_double("traffic.load"), 0.5);
  // what() holds them all, one per line.
  EXPECT_EQ(error_of([&] { c.load_yaml_string("xyzzy: 1\nplugh: 2\n", "t"); }),
            "xyzzy: unknown key (valid: topology, router, rtl, link, routing, vc, traffic, workload, sim, stats, power, trace)\n"
            "plugh: unknown key (valid: topology, router, rtl, link, routing, vc, traffic, workload, sim, stats, power, trace)");
  // A syntax error ends parsing: one error.
  EXPECT_EQ(errors_of([&] { c.load_yaml_string("a: [1\nb: {\n", "bad.yaml"); }).size(), 1u);
}

TEST(Config, DidYouMean) {
  Config c;
  auto err = [&](const std::string& o) { return error_of([&] { c.set_override(o); }); };
  EXPECT_NE(err("traffic.lod=0.1").find("); did you mean 'traffic.load'?"), std::string::npos);
  EXPECT_NE(err("routing.vcs=2").find("did you mean 'router.vcs'?"), std::string::npos);  // by its last component
  EXPECT_NE(err("topology.type=mseh").find("allowed: dragonfly, dragonflyplus, fattree, graph, hyperx, mesh, single, slimfly, torus; did you mean 'mesh'?"), std::string::npos);
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

// The bounded search (closest_match's) agrees with the whole one up to the
// bound and says bound + 1 past it, whichever way the strings differ.
TEST(Config, EditDistanceWithinABound) {
  const std::vector<std::string> words = {"", "a", "vcs", "vsc", "kitten", "sitting", "router.vcs", "routing.vcs",
                                          "link.latency", "link.latencmmy", "traffic.lod", "traffic.load", "abcdef"};
  for (const auto& a : words)
    for (const auto& b : words) {
      const int d = nocsim::edit_distance(a, b);
      for (int bound = 0; bound <= 4; ++bound)
        EXPECT_EQ(nocsim::edit_distance_within(a, b, bound), std::min(d, bound + 1)) << a << " / " << b << " " << bound;
    }
  EXPECT_EQ(nocsim::edit_distance("traffic.lod", "traffic.load"), 1);
  EXPECT_EQ(nocsim::edit_distance("abcdef", "badcfe"), 3);  // three swaps
  EXPECT_EQ(nocsim::edit_distance("", "router.vcs"), 10);
}

TEST(Config, RecordsFromYamlAndOverrides) {
  Config c(phase_schema());
  EXPECT_TRUE(c.get_records("workload.phases").empty());
  c.load_yaml_string(
      "workload:\n  phases:\n    - {cycles: 1000, load: 0.2}\n    - cycles: 500\n      load: 0.60\n      pattern: bitrev\n",
      "t.yaml");
  auto r = c.get_records("workload.phases");
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0], (nocsim::Record{{"cycles", "1000"}, {"load", "0.2"}, {"pattern", "uniform"}}));
  EXPECT_EQ(r[1], (nocsim::Record{{"cycles", "500"}, {"load", "0.6"}, {"pattern", "bitrev"}}));
  const std::string canonical = "[{cycles: 1000, load: 0.2, pattern: uniform}, {cycles: 500, load: 0.6, pattern: bitrev}]";
  EXPECT_EQ(c.values().at("workload.phases"), canonical);
  // The canonical text reads back as itself; an override replaces the list.
  c.set("workload.phases", canonical);
  EXPECT_EQ(c.values().at("workload.phases"), canonical);
  c.set_override("workload.phases=[{load: 1e-1, cycles: 7}]");
  EXPECT_EQ(c.values().at("workload.phases"), "[{cycles: 7, load: 0.1, pattern: uniform}]");
}

TEST(Config, BadRecordsNameTheField) {
  Config c(phase_schema());
  auto errors = errors_of([&] {
    c.load_yaml_string("workload:\n  phases: [{cycles: 0, load: 2}, {laod: 0.1, pattern: bitrve}, 3]\nsim: {cycles: 0}\n",
                       "t.yaml");
  });
  ASSERT_EQ(errors.size(), 7u);
  EXPECT_EQ(errors[0].rfind("workload.phases[0].cycles: bad value '0': must be an integer in [1, ", 0), 0u) << errors[0];
  EXPECT_EQ(errors[1], "workload.phases[0].load: bad value '2': must be a number in [0, 1]");
  EXPECT_EQ(errors[2], "workload.phases[1].laod: unknown field (valid: cycles, load, pattern); did you mean 'load'?");
  EXPECT_EQ(errors[3], "workload.phases[1].pattern: bad value 'bitrve': allowed: uniform, bitrev; did you mean 'bitrev'?");
  EXPECT_EQ(errors[4], "workload.phases[1].cycles: missing required field");
  EXPECT_EQ(errors[5], "workload.phases[2]: must be a map of fields (cycles, load, pattern)");
  EXPECT_EQ(errors[6].rfind("sim.cycles: bad value '0'", 0), 0u) << errors[6];
  EXPECT_EQ(c.values().at("workload.phases"), "[]");  // a bad list is not applied
  // Not a list at all: from a file (a map) and from an override (a scalar).
  EXPECT_EQ(error_of([&] { c.load_yaml_string("workload: {phases: {cycles: 1}}\n", "t.yaml"); }),
            "workload.phases: bad value '{cycles: 1}': must be a list of records like [{cycles: V, load: V, pattern: V}, ...]");
  EXPECT_NE(error_of([&] { c.set_override("workload.phases=3"); }).find("workload.phases: bad value '3': must be a list"),
            std::string::npos);
  EXPECT_NE(error_of([&] { c.set_override("workload.phases=[{cycles: 1}"); }).find("workload.phases: bad value"),
            std::string::npos);
}

// Keys served by a registry allow exactly its values, and the registry
// refuses any other naming the key and the valid values.
TEST(Config, RegistryValuesAreTheAllowedValues) {
  const std::map<std::string, std::vector<std::string>> keys = {
      {"topology.type", nocsim::topology_registry().keys()},
      {"traffic.pattern", nocsim::pattern_registry().keys()},
      {"router.allocator.sa", nocsim::sw_alloc_registry().keys()},
  };
  for (const auto& s : nocsim::config_schema())
    if (keys.count(s.key)) {
      EXPECT_EQ(nocsim::allowed_values(s), keys.at(s.key)) << s.key;
    }
  EXPECT_EQ(keys.at("topology.type"), (std::vector<std::string>{"dragonfly", "dragonflyplus", "fattree", "graph", "hyperx", "mesh", "single", "slimfly", "torus"}));
  EXPECT_EQ(keys.at("traffic.pattern"), (std::vector<std::string>{"adv", "advc", "bitcomp", "bitrev", "butterfly", "hotspot", "mix", "neighbor",
                                                                   "randperm", "shuffle", "tornado", "transpose", "transpose3d",
                                                                   "transposition", "uniform"}));
  EXPECT_EQ(error_of([] { nocsim::topology_registry().at("ring"); }),
            "topology.type: unknown value 'ring' (valid: dragonfly, dragonflyplus, fattree, graph, hyperx, mesh, single, slimfly, torus)");
  EXPECT_EQ(error_of([] { nocsim::pattern_registry().at("zipf"); }),
            "traffic.pattern: unknown value 'zipf' (valid: adv, advc, bitcomp, bitrev, butterfly, hotspot, mix, neighbor, randperm, "
            "shuffle, tornado, transpose, transpose3d, transposition, uniform)");
  EXPECT_EQ(error_of([] { nocsim::sw_alloc_registry().at("zz"); }).rfind("router.allocator.sa: unknown value 'zz' (valid: ", 0),
            0u);
  // One rtl.<block> key per registered block, and no other rtl.* key.
  std::vector<std::string> rtl_keys, blocks;
  for (const auto& s : nocsim::config_schema())
    if (s.key.rfind("rtl.", 0) == 0) rtl_keys.push_back(s.key.substr(4));
  for (const auto& b : nocsim::block_registry().keys()) blocks.push_back(b);
  EXPECT_EQ(rtl_keys, blocks);
  EXPECT_EQ(blocks, (std::vector<std::string>{"contention", "mincred", "sa", "va", "vc_select"}));
}

// Input limits (docs/reliability.md): nested aliases stop at the node
// budget, a long key gets a short message without a suggestion search, and
// errors past the cap are counted, not listed.
TEST(ConfigLimits, AliasBombKeyLengthAndErrorCount) {
  std::string bomb = "zz:\n  a0: &a0 {k0: 1, k1: 1, k2: 1, k3: 1, k4: 1, k5: 1, k6: 1, k7: 1, k8: 1, k9: 1}\n";
  for (int d = 1; d <= 9; ++d) {
    const std::string p = "*a" + std::to_string(d - 1);
    bomb += "  a" + std::to_string(d) + ": &a" + std::to_string(d) + " {";
    for (int k = 0; k < 10; ++k) bomb += (k ? ", k" : "k") + std::to_string(k) + ": " + p;
    bomb += "}\n";
  }
  Config c;
  const std::vector<std::string> b = errors_of([&] { c.load_yaml_string(bomb, "bomb.yaml"); });
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0], "bomb.yaml: more than 100000 YAML nodes once aliases are expanded; a configuration is far smaller "
                  "(nested aliases?)");

  const std::string key(1 << 20, 'k');
  const std::string m = error_of([&] { c.set(key, "1"); });
  EXPECT_EQ(m, std::string(40, 'k') + "...: unknown key (1048576 characters; keys are at most 128)");

  std::string many = "router:\n";
  for (int i = 0; i < 250; ++i) many += "  zz" + std::to_string(i) + ": 1\n";
  const std::vector<std::string> e = errors_of([&] { c.load_yaml_string(many, "many.yaml"); });
  ASSERT_EQ(e.size(), nocsim::kMaxErrors + 1);
  EXPECT_EQ(e.front().rfind("router.zz0: unknown key", 0), 0u) << e.front();
  EXPECT_EQ(e.back(), "many.yaml: ... and 150 more errors");
}

// An alias inside its own anchor is a cycle that yaml-cpp loads and a walk
// follows for ever; a large scalar behind nested aliases expands past the
// file's size. Each stops with one error, in little memory (found by
// fuzzing: the walk overflowed the stack, or took gigabytes).
TEST(ConfigLimits, AliasCyclesAndExpandedTextStop) {
  Config c;
  const std::string depth = "nested more than 64 levels once aliases are expanded; a configuration nests a few "
                            "levels (an alias inside its own anchor?)";
  for (const char* cyc : {"x: &a [1, *a]\n", "\"\": &a {\"\": *a}\n", "traffic: {phases: &p [{cycles: 1, x: *p}]}\n"}) {
    const std::vector<std::string> e = errors_of([&] { c.load_yaml_string(cyc, "cycle.yaml"); });
    ASSERT_EQ(e.size(), 1u) << cyc;
    EXPECT_EQ(e[0], "cycle.yaml: " + depth) << cyc;
  }
  // A map inside itself: its keys grow past the longest a key may be.
  const std::vector<std::string> m = errors_of([&] { c.load_yaml_string("x: &a {k: *a}\n", "cycle.yaml"); });
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0], "x.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k.k....: unknown key (129 characters; keys are at most 128)");
  EXPECT_EQ(error_of([&] { c.set("traffic.phases", "&p [{cycles: 1, x: *p}]"); }), "traffic.phases: " + depth);

  std::string big = "zz:\n  a0: &a0 {k0: " + std::string(1 << 20, 'v') + ", k1: 1}\n";
  for (int d = 1; d <= 4; ++d)
    big += "  a" + std::to_string(d) + ": &a" + std::to_string(d) + " {k0: *a" + std::to_string(d - 1) + ", k1: *a" +
           std::to_string(d - 1) + "}\n";  // 2^4 copies of 1 MiB: 16 MiB
  const std::vector<std::string> t = errors_of([&] { c.load_yaml_string(big, "big.yaml"); });
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0], "big.yaml: more than 16 MiB of keys and values once aliases are expanded; a configuration is far "
                  "smaller (nested aliases?)");
}

// Only regular files are read, and at most kMaxConfigBytes of them: a
// device would never end, a FIFO would block.
TEST(ConfigLimits, SpecialAndHugeFilesAreRefused) {
  Config c;
  EXPECT_EQ(error_of([&] { c.load_yaml_file("/dev/zero"); }),
            "/dev/zero: not a regular file (a device, FIFO or socket); give a YAML file");
  const std::string fifo = ::testing::TempDir() + "nocsim_cfg_fifo";
  ::unlink(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(error_of([&] { c.load_yaml_file(fifo); }),
            fifo + ": not a regular file (a device, FIFO or socket); give a YAML file");
  ::unlink(fifo.c_str());
  const std::string big = ::testing::TempDir() + "nocsim_cfg_big.yaml";
  {
    std::ofstream out(big);
    out << "topology: {type: mesh}\n" << std::string(nocsim::kMaxConfigBytes, '#') << "\n";
  }
  EXPECT_EQ(error_of([&] { c.load_yaml_file(big); }),
            big + ": larger than 4 MiB; a configuration file is far smaller");
  ::unlink(big.c_str());
}

// Values that used to pass silently or with a misleading bound.
TEST(ConfigLimits, UnderflowTrailingCommaAndRealBounds) {
  Config c;
  EXPECT_NE(error_of([&] { c.set("traffic.load", "1e-400"); }).find("traffic.load: bad value '1e-400'"),
            std::string::npos);
  EXPECT_EQ(error_of([&] { c.set("topology.k", "8,"); }),
            "topology.k: bad value '8,': a list item is missing after the last ','");
  EXPECT_NE(error_of([&] { c.set("traffic.packet_size", "[1,8,]"); }).find("missing after the last ','"),
            std::string::npos);
  EXPECT_EQ(error_of([&] { c.set("sim.cycles", "0"); }),
            "sim.cycles: bad value '0': must be an integer in [1, 1000000000000]");
  c.set("topology.k", "[8, 8]");
  EXPECT_EQ(c.get_int_list("topology.k"), (std::vector<int64_t>{8, 8}));
}
