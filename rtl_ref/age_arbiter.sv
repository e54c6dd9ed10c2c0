// age_arbiter.sv -- N-way age-based arbiter: the oldest request wins.
// RTL twin of nocsim::Arbiter with ArbiterKind::Age (alloc/arbiter.h):
//   * combinational grant: among the requesters, those with the smallest
//     age (generation cycle of their packet, W bits: the oldest), and among
//     those the first at or after the pointer ptr_q, circularly;
//   * registered: ptr_q; posedge clk with `update` and a grant g:
//     ptr_q <= g + 1 (mod N), as rr_arbiter.sv.
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

  localparam int PW = $clog2(N);

  logic [PW-1:0] ptr_q, ptr_d;
  logic [W-1:0]  oldest;          // smallest age among the requesters
  logic [N-1:0]  cand;            // requesters with that age
  logic [N-1:0]  hi_mask, gnt_hi, gnt_lo;

  always_comb begin
    oldest = '1;
    for (int i = 0; i < N; i++) begin
      if (req[i] && age[i*W +: W] < oldest) oldest = age[i*W +: W];
    end
    for (int i = 0; i < N; i++) begin
      cand[i] = req[i] && (age[i*W +: W] == oldest);
      hi_mask[i] = (PW'(i) >= ptr_q);
    end
  end

  // First candidate at or after ptr_q, else the first candidate.
  always_comb begin
    gnt_hi = '0;
    gnt_lo = '0;
    for (int i = N - 1; i >= 0; i--) begin
      if (cand[i] && hi_mask[i]) begin
        gnt_hi    = '0;
        gnt_hi[i] = 1'b1;
      end
      if (cand[i]) begin
        gnt_lo    = '0;
        gnt_lo[i] = 1'b1;
      end
    end
    gnt = (|(cand & hi_mask)) ? gnt_hi : gnt_lo;
  end

  always_comb begin
    gnt_idx = '0;
    for (int i = 0; i < N; i++) begin
      if (gnt[i]) gnt_idx = gnt_idx | PW'(i);
    end
  end

  always_comb begin
    ptr_d = ptr_q;
    if (update && (|req)) begin
      ptr_d = (gnt_idx == PW'(N - 1)) ? '0 : gnt_idx + PW'(1);
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) ptr_q <= '0;
    else        ptr_q <= ptr_d;
  end

endmodule
