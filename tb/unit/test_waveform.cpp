// Waveform (trace.file's writer): what it writes reads back, in both formats;
// bad names and failed writes are one-line errors naming the key.
#include <gtest/gtest.h>
#include <unistd.h>

#include "core/error.h"
#include "harness.h"
#include "trace/waveform.h"
#include "wave_reader.h"

using namespace nocsim;
using test::WaveFile;

namespace {

// Three steps: a 1-bit, a 5-bit and a 70-bit signal in nested scopes; the
// 5-bit one unchanged at the second step, a value wider than its signal.
void write_three_steps(const std::string& path) {
  Waveform w(path, "trace.file");
  const int a = w.add("top.inner", "a", 1), b = w.add("top", "b", 5), c = w.add("other", "c", 70);
  w.set(a, 1);
  w.set(b, 0x3f);  // masked to 5 bits
  w.step(0);
  w.set(a, 0);
  w.set_words(c, {0xffffffffu, 0, 0x25});
  w.step(10);
  w.set(b, 2);
  w.step(20);
  w.close();
}

void check_three_steps(const WaveFile& f) {
  ASSERT_TRUE(f.has("top.inner.a") && f.has("top.b") && f.has("other.c"));
  EXPECT_EQ(f.vars.at("other.c").width, 70);
  EXPECT_EQ(f.at("top.inner.a", 0), 1u);
  EXPECT_EQ(f.at("top.inner.a", 15), 0u);
  EXPECT_EQ(f.at("top.b", 10), 31u);
  EXPECT_EQ(f.at("top.b", 20), 2u);
  EXPECT_EQ(f.vars.at("top.b").changes.size(), 2u);  // not rewritten while unchanged
  const std::string& c = f.vars.at("other.c").changes.back().second;
  EXPECT_EQ(c, "100101" + std::string(32, '0') + std::string(32, '1'));
  EXPECT_EQ(f.vars.at("other.c").changes.back().first, 10u);
}

TEST(Waveform, VcdReadsBack) {
  const std::string p = test::temp_path("w.vcd");
  write_three_steps(p);
  const WaveFile f = WaveFile::read(p);
  EXPECT_EQ(f.timescale, "1ps");
  check_three_steps(f);
}

#ifdef NOCSIM_HAVE_FST
TEST(Waveform, FstReadsBack) {
  const std::string p = test::temp_path("w.fst");
  write_three_steps(p);
  const WaveFile f = WaveFile::read(p);
  EXPECT_EQ(f.timescale, "1e-12");
  check_three_steps(f);
}
#endif

TEST(Waveform, BadNamesAndFailedWritesAreErrors) {
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message([] { Waveform("x.txt", "trace.file"); }).find("trace.file: bad value 'x.txt'"), std::string::npos);
  EXPECT_NE(message([] { Waveform("/nonexistent/x.vcd", "trace.file"); }).find("trace.file: cannot write"),
            std::string::npos);
  // A disk that fills: the write error surfaces at close.
  const std::string full = test::temp_path("full.vcd");
  ASSERT_EQ(symlink("/dev/full", full.c_str()), 0);
  EXPECT_NE(message([&] {
              Waveform w(full, "trace.file");
              w.add("a", "b", 1);
              w.step(0);
              w.close();
            }).find("trace.file: writing " + full + " failed"),
            std::string::npos);
}

}  // namespace
