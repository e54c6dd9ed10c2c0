#include "workload/workload_config.h"

#include "core/error.h"

namespace nocsim {

WorkloadConfig WorkloadConfig::from(const Config& cfg) {
  WorkloadConfig w;
  w.type = cfg.get_str("workload.type");
  w.trace_file = cfg.get_str("workload.trace_file");
  w.mapping = cfg.get_str("workload.mapping");
  w.mapping_file = cfg.get_str("workload.mapping_file");
  w.max_operations = static_cast<uint64_t>(cfg.get_int("workload.max_operations"));
  w.eager_limit = cfg.get_int("workload.eager_limit");
  w.message_delay_ns = cfg.get_double("workload.message_delay_ns");
  w.send_overhead_ns = cfg.get_double("workload.send_overhead_ns");
  w.recv_overhead_ns = cfg.get_double("workload.recv_overhead_ns");
  w.overhead_per_byte_ns = cfg.get_double("workload.overhead_per_byte_ns");
  w.collectives = cfg.get_str("workload.collectives") == "fixed" ? CollectiveRule::Fixed : CollectiveRule::Mpich;
  const std::string nbc = cfg.get_str("workload.nonblocking_collectives");
  w.nonblocking_collectives = nbc == "blocking"  ? NonblockingCollectives::Blocking
                              : nbc == "overlap" ? NonblockingCollectives::Overlap
                                                 : NonblockingCollectives::Refuse;
  w.nbc_progress_in_calls = cfg.get_str("workload.nbc_progress") == "in_calls";
  Graph500Params& g = w.graph500;
  g.max_ops = w.max_operations;
  g.scale = static_cast<int>(cfg.get_int("workload.graph500.scale"));
  g.edge_factor = static_cast<int>(cfg.get_int("workload.graph500.edge_factor"));
  g.coalesce = static_cast<int>(cfg.get_int("workload.graph500.coalesce"));
  g.t_query_ns = cfg.get_double("workload.graph500.t_query_ns");
  g.processes = static_cast<int>(cfg.get_int("workload.graph500.processes"));
  g.root = static_cast<int>(cfg.get_int("workload.graph500.root"));
  g.edges_cv = cfg.get_double("workload.graph500.edges_cv");
  g.max_levels = static_cast<int>(cfg.get_int("workload.graph500.max_levels"));
  DpsnnParams& d = w.dpsnn;
  d.max_ops = w.max_operations;
  d.columns_x = static_cast<int>(cfg.get_int("workload.dpsnn.columns_x"));
  d.columns_y = static_cast<int>(cfg.get_int("workload.dpsnn.columns_y"));
  d.iterations = static_cast<int>(cfg.get_int("workload.dpsnn.iterations"));
  d.neurons = static_cast<int>(cfg.get_int("workload.dpsnn.neurons"));
  d.spikes = cfg.get_double("workload.dpsnn.spikes");
  d.t_spike_ns = cfg.get_double("workload.dpsnn.t_spike_ns");
  d.spike_file = cfg.get_str("workload.dpsnn.spike_file");
  return w;
}

void WorkloadConfig::validate(ErrorList& errors) const {
  if ((type == "trace" || type == "otf2") && trace_file.empty())
    errors.add({"workload.trace_file: workload.type=" + type + " needs the trace to run (docs/workloads.md)"});
  if (nonblocking_collectives != NonblockingCollectives::Refuse && type != "otf2")
    errors.add({std::string("workload.nonblocking_collectives: ") +
                (nonblocking_collectives == NonblockingCollectives::Blocking ? "blocking" : "overlap") +
                " applies to OTF2 traces only (workload.type=otf2; a text trace's i<collective> lines always "
                "overlap), not workload.type=" + type});
  if (mapping == "file" && mapping_file.empty())
    errors.add({"workload.mapping_file: workload.mapping=file needs a file of one node per rank"});
}

void add_workload_keys(std::vector<KeySpec>& s) {
  using K = KeyType;
  s.insert(s.end(), {
      {"workload.type", K::Enum, "open", 0, 0, {"open", "trace", "otf2", "graph500", "dpsnn"}, "open: open-loop sources (traffic.*); trace: a closed-loop application, the program of workload.trace_file in nocsim's text format (docs/workloads.md), run until every rank ends; otf2: the same from an OTF2 archive (Score-P's traces.otf2 anchor file); graph500: Fuentes's synthetic model of a Graph500 BFS (workload.graph500.*); dpsnn: Pisani's bulk-synchronous spiking network (workload.dpsnn.*)"},
      {"workload.trace_file", K::Str, "", 0, 0, {}, "workload.type=trace: the program, in nocsim's text trace format (docs/workloads.md, \"Text traces\"); otf2: the archive's anchor file (docs/workloads.md, \"OTF2 traces\")"},
      {"workload.mapping", K::Enum, "linear", 0, 0, {"linear", "random", "file"}, "closed loop: rank r runs on node r (linear), on a node drawn by sim.seed (random), or on the node line r of workload.mapping_file names; nodes left over stay idle"},
      {"workload.mapping_file", K::Str, "", 0, 0, {}, "workload.mapping=file: one node number per line, rank 0 first ('#' comments)"},
      {"workload.max_operations", K::Int, "8000000", 1000, 1000000000, {}, "closed loop: the most operations (24 bytes each) a program may take once its collectives are expanded into messages, and the most entries its wait lists and alltoallv counts may hold in all (a `*` line's once per rank); a larger one is refused before the run (an input limit)"},
      {"workload.eager_limit", K::Int, "-1", -1, 1e12, {}, "closed loop: a message of more bytes than this goes by rendezvous (a 1-flit RTS carries its envelope, the receiver answers with a 1-flit CTS once a receive takes it, and only then does its data leave), as MPI libraries send long messages; -1 = every message eager, its data leaving at once (docs/workloads.md, \"Protocols\")"},
      {"workload.message_delay_ns", K::Double, "0", 0, 1e9, {}, "closed loop: each message's data, and a rendezvous's RTS and CTS and a synchronous send's ACK, enter the NIC's source queue this many ns after the operation that makes them: MPI's per-message software and NIC cost (CODES's MPI replay charges 3,500 ns); 0 = at once (docs/workloads.md, \"Per-message delay\")"},
      {"workload.send_overhead_ns", K::Double, "0", 0, 1e9, {}, "closed loop: LogGP's o for a send: each send (of any kind) keeps its rank busy this many ns, plus workload.overhead_per_byte_ns per byte after the first, before the rank goes on and before the message (or its RTS) is handed to the NIC; 0 = none (docs/workloads.md, \"Host overheads\")"},
      {"workload.recv_overhead_ns", K::Double, "0", 0, 1e9, {}, "closed loop: LogGP's o for a receive: each message's data, once all of it has arrived, keeps its receiving rank busy this many ns, plus workload.overhead_per_byte_ns per byte after the first, one message after another and after what the rank is computing; a receive that takes it completes when that ends; 0 = none (docs/workloads.md, \"Host overheads\")"},
      {"workload.overhead_per_byte_ns", K::Double, "0", 0, 1e6, {}, "closed loop: LogGP's O: ns a send and a receive each add to their overhead per byte after the first (a copy's cost); 0 = none (docs/workloads.md, \"Host overheads\")"},
      {"workload.collectives", K::Enum, "mpich", 0, 0, {"mpich", "fixed"}, "workload.type=trace or otf2: how the collectives become messages; mpich: by the algorithm MPICH 3 picks for the message size and rank count (allreduce by recursive doubling up to 2,048 bytes, Rabenseifner's above if the bytes are at least the largest power of two <= the ranks, ...); fixed: one algorithm per collective whatever the size (docs/workloads.md, \"Collectives\")"},
      {"workload.nonblocking_collectives", K::Enum, "refuse", 0, 0, {"refuse", "blocking", "overlap"}, "workload.type=otf2: what a non-blocking collective (MPI_Iallreduce, ...) becomes; refuse: the trace is refused, naming it; blocking: its blocking collective, run where it was called (the overlap with what the rank does before its wait is lost); overlap: it runs beside the rank's program from its call, progressed without host overheads, and the wait that completed it in the trace waits for it (docs/workloads.md, \"Non-blocking collectives\"); non-blocking scans are refused either way (docs/workloads.md, \"OTF2 traces\")"},
      {"workload.nbc_progress", K::Enum, "background", 0, 0, {"background", "in_calls"}, "closed loop: when a non-blocking collective (a text trace's i<collective>, an OTF2 trace's with workload.nonblocking_collectives=overlap) takes its next step; background: as soon as its last step has completed, while its rank computes (a progress thread or an offloading NIC: the most overlap); in_calls: only while its rank is not computing (in an MPI call or waiting), as MPICH progresses it without asynchronous progress (docs/workloads.md, \"Non-blocking collectives\")"},
      {"workload.graph500.scale", K::Int, "16", 1, 40, {}, "graph500: s, the graph has 2^s vertices"},
      {"workload.graph500.edge_factor", K::Int, "16", 1, 1024, {}, "graph500: f_e, edges per vertex"},
      {"workload.graph500.coalesce", K::Int, "256", 1, 1 << 20, {}, "graph500: c_s, queries (16 B each) per message"},
      {"workload.graph500.t_query_ns", K::Double, "1.5", 0, 1e6, {}, "graph500: t_q, ns to compute or consume one query (Fuentes: 1.5 Xeon E5-2670, 2.25 Core i5, 2.4 Xeon E5-2620, 15 ARM)"},
      {"workload.graph500.processes", K::Int, "0", 0, 1 << 20, {}, "graph500: n, processes (ranks, mapped by workload.mapping); 0 = one per node"},
      {"workload.graph500.root", K::Int, "-1", -1, 1 << 20, {}, "graph500: the root's process; -1 = drawn from sim.seed"},
      {"workload.graph500.max_levels", K::Int, "9", 1, 64, {}, "graph500: levels after the root's at most (FOGSim's default; the model's mean edges per level level off near 15 for a root of degree 1 instead of falling below one)"},
      {"workload.dpsnn.columns_x", K::Int, "12", 1, 4096, {}, "dpsnn: cortical columns along x of the grid, one per process (rank = y * columns_x + x)"},
      {"workload.dpsnn.columns_y", K::Int, "12", 1, 4096, {}, "dpsnn: columns along y"},
      {"workload.dpsnn.iterations", K::Int, "10", 1, 1000000, {}, "dpsnn: iterations (1 ms of neural time each) without a spike file"},
      {"workload.dpsnn.neurons", K::Int, "1240", 1, 1000000, {}, "dpsnn: neurons per column (a spike reaches a column with probability 1 - (1 - A e^(-r/lambda))^neurons)"},
      {"workload.dpsnn.spikes", K::Double, "5", 0, 1e6, {}, "dpsnn: mean spikes a column fires per iteration (Poisson) without a spike file"},
      {"workload.dpsnn.t_spike_ns", K::Double, "50", 0, 1e9, {}, "dpsnn: ns of computation per spike a process receives"},
      {"workload.dpsnn.spike_file", K::Str, "", 0, 0, {}, "dpsnn: one line per iteration, the spikes each process fires (columns_x * columns_y counts); empty = drawn"},
      {"workload.graph500.edges_cv", K::Double, "0", 0, 10, {}, "graph500: each level's explored edges E_l are drawn normal with this standard deviation over its mean (the model gives the mean only); 0 = the mean"},
  });
}

void workload_rules(const Config& cfg, ErrorList& errors) { WorkloadConfig::from(cfg).validate(errors); }

}  // namespace nocsim
