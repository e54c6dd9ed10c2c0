// The user guide must list every configuration key with its default.
#include <gtest/gtest.h>

#include "core/config.h"
#include "harness.h"

TEST(Docs, UserGuideListsEveryKeyWithItsDefault) {
  std::string guide = nocsim::test::slurp(nocsim::test::source_path("docs/user-guide.md"));
  ASSERT_FALSE(guide.empty());
  for (const auto& s : nocsim::config_schema()) {
    std::string row = "| `" + s.key + "` | `" + s.def + "` |";
    EXPECT_NE(guide.find(row), std::string::npos) << "docs/user-guide.md lacks the row " << row;
  }
}
