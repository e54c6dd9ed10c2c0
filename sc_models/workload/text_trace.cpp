#include "workload/text_trace.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>
#include <vector>

#include "core/error.h"

namespace nocsim {
namespace {


struct OpSyntax {
  const char* name;
  EventKind kind;
  int fields;          // after the operation; -1: one per rank; -2: any number
  const char* syntax;  // for the error message
  SendMode mode = SendMode::Standard;  // ssend, issend, bsend, ibsend: Event::mode
};
constexpr OpSyntax kOps[] = {
    {"compute", EventKind::Compute, 1, "<ns>"},
    {"send", EventKind::Send, 3, "<peer> <bytes> <tag>"},
    {"isend", EventKind::Isend, 3, "<peer> <bytes> <tag>"},
    {"ssend", EventKind::Send, 3, "<peer> <bytes> <tag>", SendMode::Synchronous},
    {"issend", EventKind::Isend, 3, "<peer> <bytes> <tag>", SendMode::Synchronous},
    {"bsend", EventKind::Send, 3, "<peer> <bytes> <tag>", SendMode::Buffered},
    {"ibsend", EventKind::Isend, 3, "<peer> <bytes> <tag>", SendMode::Buffered},
    {"recv", EventKind::Recv, 3, "<peer|any> <bytes> <tag|any>"},
    {"irecv", EventKind::Irecv, 3, "<peer|any> <bytes> <tag|any>"},
    {"wait", EventKind::Wait, -2, "[<request> ...]"},
    {"barrier", EventKind::Barrier, 0, ""},
    {"bcast", EventKind::Bcast, 2, "<root> <bytes>"},
    {"reduce", EventKind::Reduce, 2, "<root> <bytes>"},
    {"allreduce", EventKind::Allreduce, 1, "<bytes>"},
    {"alltoall", EventKind::Alltoall, 1, "<bytes per rank>"},
    {"alltoallv", EventKind::Alltoallv, -1, "<bytes to rank 0> ... <bytes to rank N-1>"},
    {"gather", EventKind::Gather, 2, "<root> <bytes per rank>"},
    {"scatter", EventKind::Scatter, 2, "<root> <bytes per rank>"},
    {"allgather", EventKind::Allgather, 1, "<bytes per rank>"},
    {"reduce_scatter", EventKind::ReduceScatter, 1, "<bytes per rank>"},
    {"scan", EventKind::Scan, 1, "<bytes>"},
    {"exscan", EventKind::Exscan, 1, "<bytes>"},
    {"gatherv", EventKind::Gatherv, 2, "<root> <bytes of this rank>"},
    {"scatterv", EventKind::Scatterv, 2, "<root> <bytes to this rank>"},
    {"allgatherv", EventKind::Allgatherv, 1, "<bytes of this rank>"},
    {"reduce_scatterv", EventKind::ReduceScatterv, 1, "<bytes of this rank's block>"},
};

class LineParser {
 public:
  LineParser(const std::string& text, uint32_t line) : line_(line) {
    std::istringstream s(text);
    for (std::string w; s >> w;) words_.push_back(w);
  }
  size_t size() const { return words_.size(); }
  std::string text() const {
    std::string t;
    for (const auto& w : words_) t += (t.empty() ? "" : " ") + w;
    return t;
  }
  const std::string& word(size_t i) const { return words_[i]; }
  [[noreturn]] void fail(const std::string& what) const {
    throw ConfigError("line " + std::to_string(line_) + ": " + what);
  }
  // An integer in [lo, hi], or kAny for "any" when allowed.
  int64_t integer(size_t i, const char* name, int64_t lo, int64_t hi, bool any = false) const {
    const std::string& w = words_[i];
    if (any && w == "any") return kAny;
    size_t used = 0;
    long long v = 0;
    try {
      v = std::stoll(w, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != w.size() || w.empty() || v < lo || v > hi)
      fail(std::string(name) + " '" + w + "' is not an integer in " + std::to_string(lo) + ".." + std::to_string(hi) +
           (any ? " or any" : ""));
    return v;
  }
  uint64_t compute_ps(size_t i) const {
    const std::string& w = words_[i];
    size_t used = 0;
    double ns = -1;
    try {
      ns = std::stod(w, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != w.size() || !(ns >= 0 && ns <= kMaxComputeNs))
      fail("compute time '" + w + "' is not a number of ns in 0..1e12");
    return static_cast<uint64_t>(std::llround(ns * 1000));
  }

 private:
  std::vector<std::string> words_;
  uint32_t line_;
};

// An operation's communicator: `<op>@<c>` names one a `comm` line
// defined; a root, alltoallv's counts and a message's peer are then by
// rank in it.
struct OnComm {
  uint16_t id = 0;
  int size = 0;  // its members (0 with no `@`: every rank)
};

// The communicator after the `@` of operation word `op`, cut off `op`.
OnComm parse_on_comm(const LineParser& p, std::string& op, const Program& prog) {
  const size_t at = op.find('@');
  if (at == std::string::npos) return {};
  const std::string id = op.substr(at + 1);
  op.resize(at);
  size_t used = 0;
  long c = 0;
  try {
    c = std::stol(id, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != id.size() || id.empty() || c < 1 || c > kMaxTextComm)
    p.fail("communicator '" + id + "' of '" + op + "@' is not an integer in 1.." + std::to_string(kMaxTextComm));
  const auto comm = static_cast<uint16_t>(c);
  if (!prog.comm_defined(comm))
    p.fail("communicator " + id + " is not defined: a 'comm " + id + " <rank> ...' line comes before its first use");
  return {comm, prog.comm_size(comm)};
}

// The event of words 1.. of a line (word 0 is the rank).
Event parse_event(const LineParser& p, uint32_t line, int ranks, const Program& prog) {
  std::string op = p.word(1);
  const OnComm on = parse_on_comm(p, op, prog);
  const OpSyntax* syn = nullptr;
  for (const OpSyntax& s : kOps)
    if (op == s.name) syn = &s;
  // i<collective>: its non-blocking form (docs/workloads.md, "Non-blocking collectives").
  const bool nonblocking = !syn && op.size() > 1 && op[0] == 'i';
  if (nonblocking)
    for (const OpSyntax& s : kOps)
      if (is_collective(s.kind) && op.compare(1, std::string::npos, s.name) == 0) syn = &s;
  if (!syn) {
    std::string all;
    for (const OpSyntax& s : kOps) all += std::string(all.empty() ? "" : ", ") + s.name;
    p.fail("unknown operation '" + op + "'; one of " + all + ", sendrecv, or i and a collective's name (iallreduce, ...)");
  }
  if (on.id && (syn->kind == EventKind::Compute || syn->kind == EventKind::Wait))
    p.fail("'" + op + "@" + std::to_string(on.id) + "': only a collective or a message takes a communicator");
  if (on.id) ranks = on.size;  // a root, counts and a peer by rank in it
  Event e;
  e.kind = syn->kind;
  e.mode = syn->mode;
  e.nonblocking = nonblocking;
  e.line = line;
  e.comm = on.id;
  const size_t want = 2 + static_cast<size_t>(syn->fields < 0 ? ranks : syn->fields);
  if (syn->fields != -2 && p.size() != want)
    p.fail(std::string("expected '<rank> ") + (nonblocking ? "i" : "") + syn->name + (*syn->syntax ? " " : "") + syn->syntax + "' (" +
           std::to_string(want) + " fields), got " + std::to_string(p.size()) + ": '" + p.text() + "'");
  const auto bytes = [&](size_t i) { return static_cast<uint64_t>(p.integer(i, "bytes", 0, static_cast<int64_t>(kMaxMessageBytes))); };
  const int64_t last = ranks - 1;
  switch (e.kind) {
    case EventKind::Compute: e.amount = p.compute_ps(2); break;
    case EventKind::Send:
    case EventKind::Isend:
    case EventKind::Recv:
    case EventKind::Irecv: {
      const bool recv = e.kind == EventKind::Recv || e.kind == EventKind::Irecv;
      e.peer = static_cast<int32_t>(p.integer(2, "peer", 0, last, recv));
      if (e.peer != kAny) e.peer = prog.comm_member(on.id, e.peer);  // a world rank
      e.amount = bytes(3);
      e.tag = static_cast<int32_t>(p.integer(4, "tag", 0, kCollectiveTag - 1, recv));
      break;
    }
    case EventKind::Alltoallv:
      for (size_t i = 2; i < p.size(); ++i) e.counts.push_back(bytes(i));
      break;
    case EventKind::Wait:  // the rank's k-th isend, irecv or i<collective>, from 0 (Program::add checks them)
      for (size_t i = 2; i < p.size(); ++i)
        e.counts.push_back(static_cast<uint64_t>(p.integer(i, "request", 0, static_cast<int64_t>(kMaxTraceEvents))));
      break;
    default:  // the other collectives: a root first where they have one, then bytes (the barrier: neither)
      if (has_root(e.kind)) e.peer = prog.comm_member(on.id, static_cast<int>(p.integer(2, "root", 0, last)));
      if (syn->fields > 0) e.amount = bytes(has_root(e.kind) ? 3 : 2);
      break;
  }
  return e;
}

// `comm <c> <rank> ...`: communicator c (1 .. kMaxTextComm), the listed
// ranks by their rank in it.
void parse_comm(const LineParser& p, Program& prog) {
  if (p.size() < 3) p.fail("expected 'comm <id> <rank> ...' (at least one rank), got '" + p.text() + "'");
  const auto c = static_cast<uint16_t>(p.integer(1, "communicator", 1, kMaxTextComm));
  std::vector<int32_t> members;
  for (size_t i = 2; i < p.size(); ++i) members.push_back(static_cast<int32_t>(p.integer(i, "rank", 0, prog.ranks() - 1)));
  try {
    prog.define_comm(c, std::move(members));
  } catch (const ConfigError& e) {
    p.fail(e.what());
  }
}

// `<rank> sendrecv <dest> <bytes> <tag> <source|any> <bytes> <tag|any>`: an
// isend and an irecv, read as those lines would be, that one wait then
// completes, as MPI_Sendrecv runs its halves at once (docs/workloads.md,
// "Text traces"; an OTF2 MPI_Sendrecv reads the same).
std::array<Event, 2> parse_sendrecv(const LineParser& p, uint32_t line, int ranks, const Program& prog) {
  if (p.size() != 8)
    p.fail("expected '<rank> sendrecv <dest> <bytes> <tag> <source|any> <bytes> <tag|any>' (8 fields), got " +
           std::to_string(p.size()) + ": '" + p.text() + "'");
  std::string name = p.word(1);
  parse_on_comm(p, name, prog);  // checked here, so that its errors name sendrecv
  const std::string on = p.word(1).substr(name.size());  // "@<c>" or nothing
  const auto half = [&](const char* op, size_t at) {
    const std::string text =
        p.word(0) + " " + op + on + " " + p.word(at) + " " + p.word(at + 1) + " " + p.word(at + 2);
    return parse_event(LineParser(text, line), line, ranks, prog);
  };
  return {half("isend", 2), half("irecv", 5)};
}

// Rank r's isend and irecv of a sendrecv line, and the wait for both. A
// half Program::add refuses is named as the line's ("line 3: sendrecv's
// isend: ...").
void add_sendrecv(Program& prog, int r, const std::array<Event, 2>& halves, uint32_t line) {
  Event wait;
  wait.kind = EventKind::Wait;
  wait.line = line;
  wait.counts = {prog.nonblocking(r), prog.nonblocking(r) + 1};
  for (const Event& e : halves) {
    try {
      prog.add(r, e);
    } catch (const ConfigError& err) {
      std::string what = err.what();
      const std::string half = std::string(event_name(e)) + ": ", at = where(e);
      if (what.compare(0, at.size() + half.size(), at + half) == 0) what.insert(at.size(), "sendrecv's ");
      throw ConfigError(what);
    }
  }
  prog.add(r, std::move(wait));
}

int parse_ranks(const LineParser& p, int max_ranks) {
  if (p.size() != 2 || p.word(0) != "ranks") p.fail("expected 'ranks <N>' before the first event");
  return static_cast<int>(p.integer(1, "ranks", 1, max_ranks));
}

}  // namespace

void check_event_limit(const Program& prog, const std::string& key, const std::string& advice) {
  if (prog.event_count() > kMaxTraceEvents)
    throw ConfigError(key + ": more than " + std::to_string(kMaxTraceEvents) + " events (an input limit); " + advice);
}

Program read_text_trace(std::istream& in, const std::string& origin, uint64_t max_ops, const TraceBounds& bounds,
                        CollectiveRule rule) {
  try {
    std::string text;
    uint32_t line = 0;
    int ranks = 0;
    Program prog(0);
    while (std::getline(in, text)) {
      ++line;
      if (const size_t hash = text.find('#'); hash != std::string::npos) text.resize(hash);
      const LineParser p(text, line);
      if (p.size() == 0) continue;
      if (ranks == 0) {
        prog = Program(ranks = parse_ranks(p, bounds.ranks), max_ops);
        continue;
      }
      if (p.word(0) == "comm") {
        parse_comm(p, prog);
        continue;
      }
      if (p.size() < 2) p.fail("expected '<rank> <operation> ...', got '" + p.word(0) + "'");
      const bool all = p.word(0) == "*";
      const int rank = all ? 0 : static_cast<int>(p.integer(0, "rank", 0, ranks - 1));
      // A sendrecv line adds its two halves and a wait; any other line one event.
      const bool sendrecv = p.word(1).substr(0, p.word(1).find('@')) == "sendrecv";
      const std::array<Event, 2> events =
          sendrecv ? parse_sendrecv(p, line, ranks, prog) : std::array<Event, 2>{parse_event(p, line, ranks, prog)};
      for (int r = all ? 0 : rank; r <= (all ? ranks - 1 : rank); ++r) {
        // `*` on a communicator: each of its members.
        if (all && events[0].comm && prog.comm_rank(events[0].comm, r) < 0) continue;
        if (prog.event_count() + (sendrecv ? 3 : 1) > bounds.events)
          p.fail("more than " + std::to_string(bounds.events) + " events (an input limit)");
        if (sendrecv)
          add_sendrecv(prog, r, events, line);
        else
          prog.add(r, events[0]);
      }
    }
    if (ranks == 0) throw ConfigError("no 'ranks <N>' line: the trace is empty");
    prog.finish(max_ops, rule);
    return prog;
  } catch (const ConfigError& e) {
    throw ConfigError(origin + ": " + e.what());
  }
}

Program read_text_trace_file(const std::string& path, const std::string& key, uint64_t max_ops,
                             CollectiveRule rule) {
  std::ifstream in(path);
  if (!in) throw ConfigError(key + ": cannot read '" + path + "'");
  return read_text_trace(in, key + " (" + path + ")", max_ops, {}, rule);
}

// A text trace's communicators are 1 .. kMaxTextComm (0, every rank, has
// no line): a program read from one writes back as it read. One that
// events use without a definition is every rank in world order, and is
// written so. A program that defines communicator 0 (an OTF2 trace does,
// MPI_COMM_WORLD too, as every rank in order) writes it under the first
// free number, which must exist.
void write_text_trace(const Program& prog, std::ostream& out) {
  out << "ranks " << prog.ranks() << "\n";
  std::vector<bool> used(prog.comm_slots());
  for (int r = 0; r < prog.ranks(); ++r)
    for (const Event& e : prog.events(r)) {
      if (e.comm >= used.size()) used.resize(e.comm + 1u);
      used[e.comm] = true;
    }
  uint32_t zero = 0;  // what communicator 0 is written as
  if (prog.comm_defined(0)) {
    for (zero = 1; zero < used.size() && (used[zero] || prog.comm_defined(static_cast<uint16_t>(zero))); ++zero) {
    }
    if (zero > static_cast<uint32_t>(kMaxTextComm))
      throw ConfigError("write_text_trace: no communicator number left for communicator 0");
  }
  const auto comm_line = [&](uint32_t c, uint16_t of) {
    out << "comm " << c;
    for (int k = 0; k < prog.comm_size(of); ++k) out << ' ' << prog.comm_member(of, k);
    out << '\n';
  };
  for (uint32_t c = 1; c < std::max<size_t>(used.size(), zero + 1u); ++c)
    if (c == zero)
      comm_line(c, 0);
    else if (prog.comm_defined(static_cast<uint16_t>(c)) || used[c])
      comm_line(c, static_cast<uint16_t>(c));
  const auto id = [](int32_t v) { return v == kAny ? std::string("any") : std::to_string(v); };
  for (int r = 0; r < prog.ranks(); ++r)
    for (const Event& e : prog.events(r)) {
      out << r << ' ' << event_name(e);
      if (e.comm || zero) out << '@' << (e.comm ? e.comm : zero);
      switch (e.kind) {
        case EventKind::Compute: out << ' ' << e.amount / 1000 << '.' << std::to_string(1000 + e.amount % 1000).substr(1); break;
        case EventKind::Send:
        case EventKind::Isend:
        case EventKind::Recv:
        case EventKind::Irecv:
          out << ' ' << id(e.peer == kAny ? kAny : prog.comm_rank(e.comm, e.peer)) << ' ' << e.amount << ' '
              << id(e.tag);
          break;
        case EventKind::Alltoallv:
        case EventKind::Wait:
          for (uint64_t c : e.counts) out << ' ' << c;
          break;
        default:  // the other collectives, as parse_event reads them
          if (has_root(e.kind)) out << ' ' << prog.comm_rank(e.comm, e.peer);
          if (has_size(e.kind) || has_own_block(e.kind)) out << ' ' << e.amount;
          break;
      }
      out << '\n';
    }
}

}  // namespace nocsim
