// The command line: bad input gets one line naming the key and exit code 2;
// good input prints a summary and writes the JSON.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "harness.h"

using nocsim::test::run_cli;
using nocsim::test::source_path;

namespace {

// Exit 2 and one stderr line per expected error, in order, each holding its
// text: the messages and their newlines, nothing else (no crash dump).
void expect_bad_lines(const std::vector<std::string>& args, const std::vector<std::string>& expect) {
  auto r = run_cli(args);
  EXPECT_EQ(r.code, 2) << r.err;
  std::vector<std::string> lines;
  std::istringstream in(r.err);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), expect.size()) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), static_cast<long>(expect.size())) << r.err;
  for (size_t i = 0; i < expect.size(); ++i) {
    EXPECT_EQ(lines[i].rfind("nocsim: error: ", 0), 0u) << lines[i];
    EXPECT_NE(lines[i].find(expect[i]), std::string::npos) << "line " << i << ": " << lines[i];
  }
}

void expect_bad_input(const std::vector<std::string>& args, const std::string& expect) {
  expect_bad_lines(args, {expect});
}

std::string write_temp(const std::string& text) {
  std::string p = nocsim::test::temp_path("cfg.yaml");
  std::ofstream(p) << text;
  return p;
}

}  // namespace

TEST(Cli, NonblockingCollectivesKeyOnlyForOtf2Traces) {
  // A choice for OTF2's non-blocking collectives with open-loop traffic
  // would be ignored: refused instead.
  expect_bad_input({"workload.nonblocking_collectives=blocking"},
                   "workload.nonblocking_collectives: blocking applies to OTF2 traces only (workload.type=otf2; a "
                   "text trace's i<collective> lines always overlap), not workload.type=open");
  expect_bad_input({"workload.nonblocking_collectives=overlap", "workload.type=graph500"},
                   "workload.nonblocking_collectives: overlap applies to OTF2 traces only");
}
TEST(Cli, UnknownKey) { expect_bad_input({"router.vc=2"}, "router.vc: unknown key (valid: router.vcs"); }
TEST(Cli, UnknownKeyInFile) { expect_bad_input({write_temp("traffic:\n  lod: 0.1\n")}, "traffic.lod: unknown key"); }
TEST(Cli, EveryErrorOfAFileOnItsOwnLine) {
  expect_bad_lines({write_temp("traffic:\n  lod: 0.1\n  load: 0.5\nrouter:\n  vcs: 65\n  switching: wormhol\n")},
                   {"traffic.lod: unknown key (valid: traffic.", "router.vcs: bad value '65': must be an integer in [1, 64]",
                    "router.switching: bad value 'wormhol': allowed: vct, wormhole"});
}
// File and override errors come together, then the cross-key rules over the
// values accepted (a dragonfly with the default routing, dor, breaks one).
TEST(Cli, FileAndOverrideErrorsThenCrossKeyRules) {
  expect_bad_lines({write_temp("sim: {seed: -1}\n"), "topology.type=dragonfly", "traffic.load=65"},
                   {"sim.seed: bad value '-1'", "traffic.load: bad value '65'",
                    "routing.algorithm: dor needs topology.type mesh or torus or hyperx"});
}
// Five bad values in four components and two broken cross-key rules: all
// seven in one run, values first (file order), then the rules.
TEST(Cli, EveryValueAndCrossKeyErrorInOneRun) {
  expect_bad_lines({write_temp("router: {vcs: -3, buffer_depth: 4, speedup: 2, stage_latency: {rc: -1}}\n"
                               "routing: {dateline: maybe}\n"
                               "traffic: {load: -0.5, packet_size: 8}\n"
                               "sim: {cycles: -5}\n")},
                   {"router.vcs: bad value '-3'", "router.stage_latency.rc: bad value '-1'",
                    "routing.dateline: bad value 'maybe'", "traffic.load: bad value '-0.5'", "sim.cycles: bad value '-5'",
                    "router.output_buffer_depth: router.speedup > 1 needs output buffers",
                    "router.buffer_depth: virtual cut-through needs room for a whole packet"});
}
// --check-config refuses a trace the run could not open, with the other
// trace errors at once (TraceConfig::validate).
TEST(Cli, CheckConfigRefusesATraceInAMissingDirectory) {
  expect_bad_lines({source_path("topologies/mesh-8x8.yaml"), "trace.file=/nonexistent-dir/t.vcd",
                    "trace.routers=[0,0,99]", "--check-config"},
                   {"trace.file: cannot write /nonexistent-dir/t.vcd: directory /nonexistent-dir: No such file",
                    "trace.routers: router 0 listed twice", "trace.routers: router 99 out of range"});
}
// An .fst waveform on a device (a symlink to /dev/full) would be lost
// without an error: refused before the run.
TEST(Cli, FstWaveformOnADeviceIsRefused) {
  const std::string link = nocsim::test::temp_path("full.fst");
  std::filesystem::remove(link);
  std::filesystem::create_symlink("/dev/full", link);
  const auto r = run_cli({source_path("topologies/mesh-8x8.yaml"), "trace.file=" + link, "--check-config"});
  EXPECT_EQ(r.code, 2) << r.err;
  if (r.err.find(".fst needs a build") == std::string::npos) {  // builds with Verilator's FST library
    EXPECT_NE(r.err.find("trace.file: " + link + " is not a regular file (a device or pipe)"), std::string::npos)
        << r.err;
  }
}
// --check-config refuses what the run would: ECtN's exchange over links
// slower than its period (a rule of the contention counters' config).
TEST(Cli, CheckConfigRefusesAnEctnPeriodUnderTheLinkLatency) {
  expect_bad_input({source_path("topologies/dragonfly-h2.yaml"), "routing.algorithm=olm", "routing.trigger=contention",
                    "routing.contention.variant=ectn", "routing.contention.ectn_exchange=messages",
                    "routing.contention.ectn_period=10", "--check-config"},
                   "routing.contention.ectn_exchange: messages over the local links arrive 10 cycles after each "
                   "exchange; routing.contention.ectn_period must be above that, got 10");
}
// A rule that would judge a refused value's default is left out: 0 VCs
// refused, the default's (2) shortfall for UGAL-L is not reported.
TEST(Cli, NoCrossKeyErrorAboutARefusedKey) {
  const std::string h2 = source_path("topologies/dragonfly-h2.yaml");
  expect_bad_input({h2, "routing.algorithm=ugal-l", "router.vcs=3"}, "router.vcs: ugal-l uses the VC sequence LGLLGL");
  expect_bad_input({h2, "routing.algorithm=ugal-l", "router.vcs=0"}, "router.vcs: bad value '0'");
}
// HyperX's routings share names with other families' and say what they need.
TEST(Cli, HyperXRoutingsNameTheirNeeds) {
  const std::string hx = source_path("topologies/hyperx-4x4.yaml");
  expect_bad_input({hx, "routing.algorithm=dal", "router.vcs=3"},
                   "router.vcs: dal on this hyperx needs >= 4 VCs per link (one class per position of LLLL), got 3");
  expect_bad_input({hx, "routing.algorithm=dor", "routing.tie=random"},
                   "routing.tie: the torus's option; a hyperx has no rings");
  expect_bad_input({source_path("topologies/torus-8x8.yaml"), "routing.algorithm=dal"},
                   "routing.algorithm: dal needs topology.type hyperx");
  expect_bad_input({source_path("topologies/torus-8x8.yaml"), "routing.algorithm=ugal-l"},
                   "routing.algorithm: ugal-l needs topology.type dragonfly or hyperx");
  expect_bad_input({hx, "routing.algorithm=abr"}, "routing.algorithm: abr needs topology.type torus");
}
TEST(Cli, FatTreeKeysAndRoutings) {
  const std::string ft = source_path("topologies/fat-tree-8-3.yaml");
  expect_bad_input({ft, "topology.concentration=4"}, "topology.concentration: a k-ary n-tree's leaves carry k nodes");
  expect_bad_input({ft, "topology.k=[4,4]"}, "topology.k: a k-ary n-tree has one k");
  expect_bad_input({ft, "topology.k=32"}, "topology.k: a 3-stage tree with k=32 has switches of 96 ports");
  expect_bad_input({ft, "topology.up=9"}, "topology.up: a switch of a k-ary n-tree has 1 .. k = 8 up links");
  expect_bad_input({ft, "topology.q=5"}, "topology.q: topology.type=fattree does not use it (it is read by slimfly)");
  expect_bad_input({source_path("topologies/mesh-8x8.yaml"), "routing.algorithm=dmodk"},
                   "routing.algorithm: dmodk needs topology.type fattree");
}
TEST(Cli, SlimFlyAndGraphInputs) {
  const std::string sf = source_path("topologies/slimfly-q5.yaml");
  expect_bad_input({sf, "topology.q=6"}, "topology.q: SlimFly needs a prime power q >= 3");
  expect_bad_input({sf, "topology.n=3"}, "topology.n: topology.type=slimfly does not use it");
  expect_bad_input({sf, "routing.algorithm=val", "router.vcs=3"},
                   "router.vcs: val on this slimfly needs >= 4 VCs per link (one class per hop: diameter 2, twice "
                   "through an intermediate), got 3");
  expect_bad_input({source_path("topologies/graph-example.yaml"), "topology.graph_file="},
                   "topology.graph_file: topology.type=graph needs the file of its links");
  expect_bad_input({source_path("topologies/graph-example.yaml"), "topology.graph_file=/nonexistent/g.txt"},
                   "topology.graph_file: cannot read '/nonexistent/g.txt'");
  expect_bad_input({sf, "routing.algorithm=dal"}, "routing.algorithm: dal needs topology.type hyperx");
}
// An override replaces a file's value before it is checked: a bad value in
// the file that the command line sets is no error.
TEST(Cli, OverrideFixesAFilesBadValue) {
  const std::string file = write_temp("topology: {type: mesh, k: [4, 4]}\nrouter: {vcs: -3}\nsim: {cycles: 200}\n");
  expect_bad_input({file, "--check-config"}, "router.vcs: bad value '-3'");
  auto r = run_cli({file, "router.vcs=2", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
}
// A file that cannot be read leaves nothing to judge the rules on.
TEST(Cli, NoCrossKeyRulesWithoutTheFile) {
  expect_bad_input({"/nonexistent/net.yaml", "routing.algorithm=ugal-l"}, "/nonexistent/net.yaml: cannot open");
}
TEST(Cli, DidYouMean) {
  expect_bad_lines({"router.vsc=2", "sim.mode=per-ruoter"},
                   {"router.vsc: unknown key (valid: router.vcs, ", "allowed: per-stage, per-router; did you mean 'per-router'?"});
  expect_bad_input({"router.vsc=2"}, "); did you mean 'router.vcs'?");
}
TEST(Cli, NegativeLoad) { expect_bad_input({"traffic.load=-0.2"}, "traffic.load: bad value '-0.2'"); }
TEST(Cli, KBelowTwo) { expect_bad_input({"topology.k=1"}, "topology.k: bad value '1': must be an integer in [2,"); }
TEST(Cli, ZeroVcs) { expect_bad_input({"router.vcs=0"}, "router.vcs: bad value '0'"); }
TEST(Cli, MissingFile) { expect_bad_input({"/nonexistent/net.yaml"}, "/nonexistent/net.yaml: cannot open"); }
TEST(Cli, MalformedYaml) { expect_bad_input({write_temp("router: {vcs: 2\n")}, "malformed YAML at line"); }
TEST(Cli, TorusDatelineNeedsTwoVcs) {
  expect_bad_input({"topology.type=torus", "router.vcs=1"}, "router.vcs: dor on a torus with the dateline needs >= 2");
}
TEST(Cli, VctNeedsRoomForAPacket) {
  expect_bad_input({"router.buffer_depth=4", "traffic.packet_size=8"}, "router.buffer_depth: virtual cut-through");
}
TEST(Cli, BitPatternOnOddNetwork) {
  expect_bad_input({"topology.k=3", "traffic.pattern=bitrev"}, "traffic.pattern: bitrev needs a power-of-two");
}
TEST(Cli, ReverseStageOrderNeedsPerRouterMode) {
  expect_bad_input({"sim.mode=per-stage", "sim.stage_order=reverse"}, "sim.stage_order: reverse needs sim.mode=per-router");
}
// sim.threads > 1 refuses what routers would share with no order between
// them (docs/user-guide.md, "Parallel cycles"), one line each.
TEST(Cli, ThreadsRefuseWhatRoutersWouldShare) {
  expect_bad_input({"sim.threads=2", "sim.mode=per-stage"}, "sim.threads: more than 1 needs sim.mode=per-router");
  expect_bad_input({"sim.threads=2", "link.power.policy=onoff"},
                   "sim.threads: 2 threads are not offered with link.power.policy");
  expect_bad_input({source_path("topologies/dragonfly-h2.yaml"), "sim.threads=3", "routing.algorithm=olm",
                    "routing.trigger=contention", "routing.contention.variant=ectn"},
                   "sim.threads: 3 threads are not offered with routing.contention.variant=ectn");
  expect_bad_input({"sim.threads=65"}, "sim.threads");
#ifdef NOCSIM_HAVE_RTL
  expect_bad_input({"sim.threads=2", "rtl.sa=rtl"}, "sim.threads: 2 threads run C++ blocks only; rtl.sa is rtl");
#endif
}
// YAML that parses but does not say one thing once.
TEST(Cli, KeyGivenTwiceInFile) {
  expect_bad_input({write_temp("router:\n  vcs: 2\n  vcs: 3\n")}, "router.vcs: given twice (lines 2 and 3)");
}
TEST(Cli, DottedKeyBesideItsSection) {
  expect_bad_input({write_temp("router.vcs: 4\nrouter: {vcs: 2}\n")}, "router.vcs: given twice");
}
TEST(Cli, ComplexKey) {
  expect_bad_input({write_temp("router:\n  ? [a, b]\n  : 2\n")}, "router: keys must be plain names");
}
TEST(Cli, EmptyFile) {
  expect_bad_input({write_temp("")}, "empty configuration file");
  expect_bad_input({write_temp("# nothing but a comment\n")}, "empty configuration file");
}
TEST(Cli, DirectoryAsConfig) {
  expect_bad_input({nocsim::test::source_path("topologies")}, "topologies: is a directory, not a configuration file");
}
TEST(Cli, SecondYamlDocument) {
  expect_bad_input({write_temp("router: {vcs: 2}\n---\ntraffic: {load: 0.1}\n")}, "2 YAML documents");
}
TEST(Cli, MapWhereAValueBelongs) {
  expect_bad_input({write_temp("router:\n  vcs: {}\n")}, "router.vcs: must be a single value, not a map (line 2)");
}
TEST(Cli, ValueWhereASectionBelongs) {
  expect_bad_input({write_temp("router:\n  stage_latency: 3\n")}, "router.stage_latency: a section, not a value");
}
// Found by fuzzing (scripts/fuzz.sh config): yaml-cpp 0.7's LoadAll looped for
// ever on these, allocating until the machine ran out of memory.
TEST(Cli, StrayFlowIndicatorIsMalformedYaml) {
  expect_bad_input({write_temp(",")}, "malformed YAML at line 1: unexpected character ','");
  expect_bad_input({write_temp("router:\n  vcs: 2\n}\n,link:\n  latency: 10\n")}, "malformed YAML at line");
}
TEST(Cli, EmptyUnknownSection) { expect_bad_input({write_temp("foo: {}\n")}, "foo: unknown key"); }
// The output path is checked before the network is built: nothing runs.
TEST(Cli, UnwritableOutputBeforeTheRun) {
  auto r = run_cli({source_path("topologies/torus-8x8.yaml"), "router.vcs=1", "routing.dateline=false",
                    "traffic.load=0.8", "-o", "/nonexistent/x.json", "--quiet"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err, "nocsim: error: -o: cannot write /nonexistent/x.json: no directory /nonexistent\n");
  expect_bad_input({"-o", nocsim::test::source_path("topologies")}, "-o: ");
}
// A failed write is an error after the summary (the run's figures are not lost from the screen).
TEST(Cli, OutputWriteErrorIsReported) {
  auto r = run_cli({source_path("topologies/mesh-8x8.yaml"), "sim.cycles=200", "sim.warmup=0", "-o", "/dev/full", "--quiet"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.out.find("accepted"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("nocsim: error: -o: writing /dev/full failed"), std::string::npos) << r.err;
}
// "-" is stdout: the JSON (or CSV) alone there, the summary on stderr, and
// no file named "-" left behind.
TEST(Cli, DashWritesTheResultsToStdout) {
  namespace fs = std::filesystem;
  const std::string mesh = source_path("topologies/mesh-8x8.yaml");
  const fs::path cwd = fs::current_path();
  fs::current_path(fs::path(nocsim::test::temp_path("dash.json")).parent_path());
  fs::remove("-");
  auto r = run_cli({mesh, "sim.cycles=200", "sim.warmup=0", "sim.drain=0", "-o", "-", "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind('{', 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("accepted "), std::string::npos) << r.out;  // the summary's line
  EXPECT_NE(r.out.find("\"latency\""), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("accepted "), std::string::npos) << r.err;
  auto c = run_cli({mesh, "sim.cycles=200", "sim.warmup=0", "sim.drain=0", "--csv", "-", "--quiet"});
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("sim.cycles,"), std::string::npos) << c.out;
  EXPECT_EQ(c.out.find("accepted "), std::string::npos) << c.out;
  EXPECT_FALSE(fs::exists("-"));
  fs::current_path(cwd);
  expect_bad_input({mesh, "-o", "-", "--csv", "-", "--check-config"}, "--csv: - (stdout) is also -o's; give one of them a file");
}
// --version and the results' sim.build name the commit the binary was built
// from (cmake/build_id.cmake): 12 hex digits, -dirty with changes not
// committed, unknown outside a git checkout; the two say the same.
TEST(Cli, VersionAndResultsNameTheBuild) {
  const auto v = run_cli({"--version"});
  EXPECT_EQ(v.code, 0) << v.err;
  ASSERT_EQ(v.out.rfind("nocsim ", 0), 0u) << v.out;
  const std::string id = v.out.substr(7, v.out.find('\n') - 7);
  EXPECT_TRUE(std::regex_match(id, std::regex("unknown|[0-9a-f]{12}(-dirty)?"))) << id;
  const auto r = run_cli({source_path("topologies/mesh-8x8.yaml"), "sim.cycles=100", "sim.warmup=0", "sim.drain=0",
                          "-o", "-", "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\"build\": \"" + id + "\""), std::string::npos) << r.out.substr(0, 400);
}

TEST(Cli, KListOfWrongLength) { expect_bad_input({"topology.k=4,4,4", "topology.n=2"}, "topology.k: give one value"); }

TEST(Cli, NetworkTooBigForTheMachine) {
  // 2^24 routers: nearly a terabyte of modules; refused before any is built.
  expect_bad_input({"topology.k=4096", "--check-config"}, "16777216 routers of 5 ports, 16777216 nodes need about");
}
TEST(Cli, NetworkTooBigForTheLimit) {
  expect_bad_input({"topology.k=64", "sim.memory_limit_mb=100"},
                   "4096 routers of 5 ports, 4096 nodes need about 0.11 GiB to build");
}
TEST(Cli, BuffersThatCouldOutgrowTheLimitAreAWarning) {
  auto r = run_cli({"router.buffer_depth=100000", "sim.memory_limit_mb=1000", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("nocsim: warning: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("if every input buffer, ST queue and link fills"), std::string::npos) << r.err;
}
TEST(Cli, MemoryEstimateIsNearThePeak) {
#if defined(NOCSIM_TEST_ASAN)
  GTEST_SKIP() << "ASan's shadow memory is not the model's";
#endif
  const std::string out = nocsim::test::temp_path("mem.json");
  auto r = run_cli({"topology.k=32", "topology.concentration=2", "router.vcs=4", "sim.cycles=1", "sim.warmup=0",
                    "sim.drain=0", "traffic.load=0", "sim.huge_pages=false", "--quiet", "-o", out});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string j = nocsim::test::slurp(out);
  const double est = nocsim::test::json_number(j, "memory_estimate_kb"), peak = nocsim::test::json_number(j, "peak_rss_kb");
  EXPECT_GT(peak, 0) << j;
  EXPECT_GT(est, 0.7 * peak);
  EXPECT_LT(est, 1.3 * peak);
}

// What a run records is estimated before it starts (docs/reliability.md,
// "Recording"): a series of a 10^9-cycle run at period 1 is refused, a
// waveform that the limit cannot hold is, and an FST run stays under its
// estimate.
TEST(Cli, SeriesBeyondTheMemoryIsRefused) {
  expect_bad_input({source_path("topologies/mesh-8x8.yaml"), "stats.series_period=1", "sim.cycles=1000000000", "sim.memory_limit_mb=4000", "--check-config"},
                   "stats.series_period: recording the series needs about 149.01 GiB");
  const auto r = run_cli({source_path("topologies/mesh-8x8.yaml"), "stats.series_period=100", "sim.cycles=1000000", "sim.memory_limit_mb=4000", "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
}
TEST(Cli, WaveformBeyondTheMemoryIsRefused) {
  const std::string fst = nocsim::test::temp_path("big.fst"), vcd = nocsim::test::temp_path("small.vcd");
  const auto r = run_cli({source_path("topologies/mesh-8x8.yaml"), "trace.file=" + fst, "sim.memory_limit_mb=100", "--check-config"});
  EXPECT_EQ(r.code, 2) << r.err;
  if (r.err.find(".fst needs a build") == std::string::npos) {  // builds with Verilator's FST library
    EXPECT_NE(r.err.find("trace.file: recording the waveform needs about 0.14 GiB"), std::string::npos) << r.err;
  }
  const auto small = run_cli({source_path("topologies/mesh-8x8.yaml"), "trace.file=" + vcd, "sim.memory_limit_mb=100", "--check-config"});
  EXPECT_EQ(small.code, 0) << small.err;
}
TEST(Cli, FstRunStaysUnderItsEstimate) {
#if defined(NOCSIM_TEST_ASAN)
  GTEST_SKIP() << "ASan's shadow memory is not the model's";
#endif
  const std::string out = nocsim::test::temp_path("fst.json"), fst = nocsim::test::temp_path("all.fst");
  std::string routers = "trace.routers=[0";
  for (int r = 1; r < 64; ++r) routers += "," + std::to_string(r);
  auto r = run_cli({source_path("topologies/mesh-8x8.yaml"), "traffic.load=0.3", "sim.warmup=0", "sim.cycles=5000",
                    "sim.drain=0", "trace.file=" + fst, routers + "]",
                    "trace.cycles=5000", "sim.huge_pages=false", "--quiet", "-o", out});
  if (r.err.find(".fst needs a build") != std::string::npos) GTEST_SKIP() << "no FST library in this build";
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string j = nocsim::test::slurp(out);
  const double est = nocsim::test::json_number(j, "memory_estimate_kb"), peak = nocsim::test::json_number(j, "peak_rss_kb");
  EXPECT_GT(peak, 50 * 1024) << j;  // the writer's buffer is filling
  EXPECT_GE(est, peak) << j;
}

TEST(Cli, SummaryAndJson) {
  std::string out = nocsim::test::temp_path("res.json");
  auto r = run_cli({source_path("topologies/mesh-8x8.yaml"), "sim.cycles=2000", "-o", out, "--quiet"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("accepted"), std::string::npos);
  EXPECT_TRUE(r.err.empty()) << r.err;  // --quiet: no progress
  std::string j = nocsim::test::slurp(out);
  for (const char* key : {"\"offered_load\"", "\"accepted_load\"", "\"mean\"", "\"p50\"", "\"p99\"", "\"max\"",
                          "\"network_mean\"", "\"hops_mean\"", "\"injected\"", "\"delivered\"", "\"in_flight\"",
                          "\"cycles\"", "\"wall_seconds\"", "\"cycles_per_second\"", "\"traffic.load\": \"0.1\"",
                          "\"sim.cycles\": \"2000\""})
    EXPECT_NE(j.find(key), std::string::npos) << key;
}

TEST(Cli, ProgressOnStderrUnlessQuiet) {
  auto r = run_cli({source_path("topologies/mesh-8x8.yaml"), "sim.cycles=2000"});
  ASSERT_EQ(r.code, 0);
  EXPECT_NE(r.err.find("nocsim: cycle "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("cycles/s, ETA"), std::string::npos) << r.err;
}
TEST(Cli, DorOnADragonfly) { expect_bad_input({"topology.type=dragonfly"}, "routing.algorithm: dor needs topology.type mesh"); }
TEST(Cli, TooManyPorts) {
  expect_bad_input({"topology.n=1", "topology.concentration=64"}, "topology: routers with 66 ports");
}
TEST(Cli, TooFewVcsForValiant) {
  expect_bad_input({"topology.type=dragonfly", "routing.algorithm=val", "router.vcs=3"},
                   "router.vcs: val uses the VC sequence LGLLGL and needs 4 local and 2 global VCs");
}

// Huge pages change where the heap lives, never a result.
TEST(Cli, HugePagesDoNotChangeResults) {
  std::string json[2];
  for (int on = 0; on < 2; ++on) {
    std::string out = nocsim::test::temp_path(on ? "hp_on.json" : "hp_off.json");
    auto r = run_cli({source_path("topologies/dragonfly-h2.yaml"), "traffic.load=0.3", "sim.warmup=300",
                      "sim.cycles=1500", on ? "sim.huge_pages=true" : "sim.huge_pages=false", "-o", out, "--quiet"});
    ASSERT_EQ(r.code, 0) << r.err;
    std::istringstream in(nocsim::test::strip_host_figures(nocsim::test::slurp(out)));
    for (std::string line; std::getline(in, line);)
      if (line.find("sim.huge_pages") == std::string::npos) json[on] += line + "\n";
  }
  EXPECT_NE(json[0].find("\"delivered\""), std::string::npos);
  EXPECT_EQ(json[0], json[1]);
}

// SIGINT and SIGTERM sent to a real run, once it is simulating (its first
// progress line): the results so far are written, status "interrupted".
namespace {

void expect_graceful_stop(int sig, int expect_code) {
  const std::string out = nocsim::test::temp_path("int.json"), err = nocsim::test::temp_path("int.err");
  const std::string cfg = source_path("topologies/mesh-8x8.yaml");
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    if (!freopen(err.c_str(), "w", stderr) || !freopen("/dev/null", "w", stdout)) _exit(99);
    execl(NOCSIM_BIN, NOCSIM_BIN, cfg.c_str(), "sim.cycles=100000000", "-o", out.c_str(), static_cast<char*>(nullptr));
    _exit(98);
  }
  bool started = false;
  for (int i = 0; i < 1200 && !started; ++i) {  // up to a minute
    usleep(50000);
    started = nocsim::test::slurp(err).find("nocsim: cycle ") != std::string::npos;
  }
  kill(pid, started ? sig : SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(started) << nocsim::test::slurp(err);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), expect_code);
  const std::string e = nocsim::test::slurp(err), j = nocsim::test::slurp(out);
  const std::string name = sig == SIGINT ? "SIGINT" : sig == SIGHUP ? "SIGHUP" : "SIGTERM";
  EXPECT_NE(e.find("interrupted by " + name + " at cycle "), std::string::npos)
      << e;
  EXPECT_NE(j.find("\"status\": \"interrupted\""), std::string::npos) << j.substr(0, 300);
  const double measured = nocsim::test::json_number(j, "measured_cycles");  // -1 when absent
  EXPECT_GT(measured, 0);
  EXPECT_LT(measured, 100000000);
  EXPECT_NEAR(nocsim::test::json_number(j, "accepted_load"), 0.1, 0.02);  // over the cycles it ran, not the whole window
}

}  // namespace

TEST(Cli, SigtermWritesResultsSoFar) { expect_graceful_stop(SIGTERM, 143); }
TEST(Cli, SigintWritesResultsSoFar) { expect_graceful_stop(SIGINT, 130); }
TEST(Cli, SighupWritesResultsSoFar) { expect_graceful_stop(SIGHUP, 129); }

// A closed stdout does not end the run before its results are written: its
// stdout is a pipe with no reader, so the summary's write fails (before,
// SIGPIPE killed the run, exit 141, no JSON).
TEST(Cli, ClosedStdoutStillWritesTheResults) {
  const std::string out = nocsim::test::temp_path("pipe.json"), err = nocsim::test::temp_path("pipe.err");
  const std::string cfg = source_path("topologies/mesh-8x8.yaml");
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  close(fds[0]);  // no reader from the start
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    if (dup2(fds[1], 1) < 0 || !freopen(err.c_str(), "w", stderr)) _exit(99);
    execl(NOCSIM_BIN, NOCSIM_BIN, cfg.c_str(), "sim.cycles=3000", "--quiet", "-o", out.c_str(),
          static_cast<char*>(nullptr));
    _exit(98);
  }
  close(fds[1]);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_NE(nocsim::test::slurp(err).find("nocsim: warning: stdout: the summary could not be written"),
            std::string::npos)
      << nocsim::test::slurp(err);
  const std::string j = nocsim::test::slurp(out);
  EXPECT_NE(j.find("\"status\": \"ok\""), std::string::npos) << j.substr(0, 300);
}

TEST(Cli, OutOfMemoryIsOneLineAndExitOne) {
#if defined(NOCSIM_TEST_ASAN)
  GTEST_SKIP() << "ASan reserves more address space than the limit below";
#endif
  // The estimate told to allow far more than `ulimit -v` gives: allocation fails while building.
  // Deep buffers make nocsim's own allocations the bulk, so the one that
  // fails is most likely one of them (SystemC's pool for small objects,
  // which did not check malloc, now takes operator new's memory:
  // docs/reliability.md, "Out of memory"). The limit sits below
  // what building takes (about 350-400 MB at 2026-11-29: a lighter build
  // fails later, in the run, which is the monitor's error, not this one).
  auto r = nocsim::test::run_bin("/bin/sh", {"-c", std::string("ulimit -v 300000; exec \"") + NOCSIM_BIN +
                                                       "\" topology.k=96 router.buffer_depth=256"
                                                       " sim.memory_limit_mb=100000 --quiet"});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err.rfind("nocsim: error: out of memory (", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// The estimate is checked on the topology's shape, before its tables exist:
// a mesh of 2^24 routers (192 MB of coordinates alone) under a 150 MB
// address-space limit is refused with its sizes, not ended by bad_alloc.
TEST(Cli, HugeTopologyIsRefusedBeforeItsTablesAreBuilt) {
#if defined(NOCSIM_TEST_ASAN)
  GTEST_SKIP() << "ASan reserves more address space than the limit below";
#endif
  auto r = nocsim::test::run_bin("/bin/sh", {"-c", std::string("ulimit -v 150000; exec \"") + NOCSIM_BIN + "\" \"" +
                                                       source_path("topologies/mesh-8x8.yaml") +
                                                       "\" topology.n=3 topology.k=256 --check-config"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("topology: mesh 256x256x256: 16777216 routers of 7 ports, 16777216 nodes need about"),
            std::string::npos)
      << r.err;
}

// Options that used to be taken silently (or with a misleading message).
TEST(Cli, OutputOptionsAndForgottenValues) {
  const std::string mesh = source_path("topologies/mesh-8x8.yaml");
  expect_bad_input({mesh, "-o", "", "--check-config"}, "-o: empty output file name");
  expect_bad_input({mesh, "-o", "a.json", "-o", "b.json", "--check-config"},
                   "-o: given twice (a.json and b.json); give one");
  expect_bad_input({mesh, "--power-model", "-o", "r.json"},
                   "-o: --power-model prints one router's model and writes no results; drop -o");
  expect_bad_input({mesh, "traffic.load", "--check-config"}, "traffic.load: missing '=value' (overrides are key=value)");
  const std::string t = nocsim::test::temp_path("same.vcd");
  expect_bad_input({mesh, "trace.file=" + t, "-o", t, "--check-config"},
                   "-o: " + t + " is also trace.file; give each its own file");
  // A configuration file whose name holds '=' is still a file.
  const std::string dir = nocsim::test::temp_path("eqdir");
  std::filesystem::create_directories(dir);
  const std::string eq = dir + "/load=0.3.yaml";
  std::ofstream(eq) << "topology: {type: mesh, k: [4, 4]}\n";
  auto r = run_cli({eq, "--check-config"});
  EXPECT_EQ(r.code, 0) << r.err;
}
