// age_arbiter.sv -- N-way age-based arbiter: the oldest request wins.
// RTL twin of nocsim::Arbiter with ArbiterKind::Age (alloc/arbiter.h):
//   * combinational grant: among the requesters, those with the smallest
//     age (generation cycle of their packet, W bits: the oldest), and among
//     those the first at or after the pointer, circularly;
//   * registered: the pointer of an rr_arbiter.sv over the oldest
//     requesters; posedge clk with `update` and a grant g: g + 1 (mod N).
// Ages are compared as plain W-bit numbers: the router supplies them
// relative to a common origin (the simulator: generation cycles; the cosim
// test: values below 2^W). Reset: asynchronous, active low. No request:
// gnt = 0, gnt_idx = 0.
module age_arbiter #(
  parameter int N = 4,  // number of requesters (count, >= 2)
  parameter int W = 16  // age width (bits)
) (
  input  logic                 clk,     // clock, rising edge
  input  logic                 rst_n,   // asynchronous reset, active low
  input  logic [N-1:0]         req,     // request per requester
  input  logic [N*W-1:0]       age,     // age of requester i: bits [i*W +: W] (smaller: older)
  input  logic                 update,  // 1: advance the pointer past the granted requester
  output logic [N-1:0]         gnt,     // grant, one-hot (or zero)
  output logic [$clog2(N)-1:0] gnt_idx  // index of the granted requester (0 if none)
);

  logic [W-1:0] oldest;  // smallest age among the requesters
  logic [N-1:0] cand;    // requesters with that age

  always_comb begin
    oldest = '1;
    for (int i = 0; i < N; i++) begin
      if (req[i] && age[i*W +: W] < oldest) oldest = age[i*W +: W];
    end
    for (int i = 0; i < N; i++) cand[i] = req[i] && (age[i*W +: W] == oldest);
  end

  // The round-robin pick among the oldest; its pointer moves as here
  // (|cand == |req).
  rr_arbiter #(.N(N)) rr (
    .clk(clk), .rst_n(rst_n), .req(cand), .update(update), .gnt(gnt), .gnt_idx(gnt_idx)
  );

endmodule
