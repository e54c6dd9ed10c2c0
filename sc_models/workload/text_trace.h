#pragma once
// nocsim's text trace format (docs/workloads.md, "Text traces"): a `ranks N`
// line, then one event per line, `<rank> <op> <fields>`, `*` for every rank;
// `#` starts a comment. Reading refuses any malformed line with its number
// (ConfigError: exit 2); writing gives back a file that reads as the same
// program.
#include <iosfwd>
#include <string>

#include "workload/program.h"

namespace nocsim {

// Input limits (docs/reliability.md).
constexpr int kMaxRanks = 1 << 20;
constexpr uint64_t kMaxTraceEvents = 20'000'000;
constexpr uint64_t kMaxMessageBytes = uint64_t{1} << 40;  // one message (1 TiB)
constexpr double kMaxComputeNs = 1e12;                    // one compute event (1,000 s)
constexpr int kMaxTextComm = 65535;                       // a `comm` line's number (Event::comm)

// A generated program past kMaxTraceEvents: ConfigError "<key>: more than
// ... events (an input limit); <advice>".
void check_event_limit(const Program& prog, const std::string& key, const std::string& advice);

// The input limits a reader applies: the command line's are the documented
// ones; the fuzzer's are smaller, since a trace at these (a `ranks 1048576`
// line and a `*` event: a million events from 30 bytes) takes about 190 MB
// and under ASan a gigabyte, past the fuzzer's bound on one input.
struct TraceBounds {
  int ranks = kMaxRanks;
  uint64_t events = kMaxTraceEvents;
};

// `origin` names the input in errors (the key and file).
// `rule` picks the collectives' algorithms (Program::finish).
Program read_text_trace(std::istream& in, const std::string& origin, uint64_t max_ops = kMaxOps,
                        const TraceBounds& bounds = {}, CollectiveRule rule = CollectiveRule::Mpich);
Program read_text_trace_file(const std::string& path, const std::string& key, uint64_t max_ops = kMaxOps,
                             CollectiveRule rule = CollectiveRule::Mpich);
void write_text_trace(const Program& prog, std::ostream& out);

}  // namespace nocsim
