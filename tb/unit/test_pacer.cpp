// A slow link's pace (link/pacer.h): back to back exactly 1/b flits per
// cycle, an idle link starting a flit at once, and a flit held later by
// something else (link power) pushing the next ones back.
#include <gtest/gtest.h>

#include <vector>

#include "link/pacer.h"

namespace nocsim {
namespace {

// Departure cycles of n flits all ready at cycle 0.
std::vector<Cycle> back_to_back(uint64_t interval, int n) {
  LinkPacer p(interval);
  std::vector<Cycle> out;
  for (int k = 0; k < n; ++k) {
    const Cycle go = p.earliest(0);
    p.book(0, go);
    out.push_back(go);
  }
  return out;
}

}  // namespace

TEST(LinkPacer, BackToBackCarriesExactlyOneFlitPerBCycles) {
  EXPECT_FALSE(LinkPacer(1000).slow());
  EXPECT_EQ(back_to_back(1000, 4), (std::vector<Cycle>{0, 1, 2, 3}));
  EXPECT_EQ(back_to_back(2000, 4), (std::vector<Cycle>{0, 2, 4, 6}));
  // b = 3.2: starts 0, 3.2, 6.4, 9.6, 12.8, 16: five flits every 16 cycles.
  EXPECT_EQ(back_to_back(3200, 6), (std::vector<Cycle>{0, 4, 7, 10, 13, 16}));
  const std::vector<Cycle> many = back_to_back(3200, 5001);
  EXPECT_EQ(many.back(), 16000u);
}

TEST(LinkPacer, AnIdleLinkStartsAtOnceAndAHeldFlitMovesTheRest) {
  LinkPacer p(2500);
  p.book(0, p.earliest(0));        // 0, link busy to 2.5
  EXPECT_EQ(p.earliest(1), 3u);    // ready at 1: waits for the link
  EXPECT_EQ(p.earliest(10), 10u);  // ready after the link is free: at once
  p.book(10, 10);                  // busy to 12.5
  EXPECT_EQ(p.free_from(), 13u);
  p.book(11, 20);                  // held to 20 by a power state: busy to 22.5
  EXPECT_EQ(p.earliest(21), 23u);
}

}  // namespace nocsim
