// rr_arbiter.sv -- N-way round-robin arbiter.
// RTL twin of sc_models/alloc/rr_arbiter.h (nocsim::RrArbiter):
//   * grant (combinational, = RrArbiter::eval): the first requester at or
//     after the pointer ptr_q, searching circularly upwards;
//   * pointer (posedge clk, = RrArbiter::tick): when a grant exists and
//     `update` is 1, ptr_q <= gnt_idx + 1 (mod N); otherwise it holds.
// Reset: asynchronous, active low (rst_n = 0 forces ptr_q to 0 at once).
// With no request, gnt is all zeros and gnt_idx is 0.
module rr_arbiter #(
  parameter int N = 4  // number of requesters (count, >= 1)
) (
  input  logic                            clk,     // clock, rising edge
  input  logic                            rst_n,   // asynchronous reset, active low
  input  logic [N-1:0]                    req,     // request per requester
  input  logic                            update,  // 1: advance pointer past the granted requester
  output logic [N-1:0]                    gnt,     // grant, one-hot (or zero)
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx  // index of the granted requester (0 if none)
);

  localparam int PW = (N > 1) ? $clog2(N) : 1;  // pointer / index width (bits)

  generate
    if (N < 1) begin : g_bad_n
      $error("rr_arbiter: N must be >= 1");
    end
  endgenerate

  logic [PW-1:0] ptr_q, ptr_d;    // highest-priority requester
  logic [N-1:0]  hi_mask;         // requesters at or after ptr_q
  logic [N-1:0]  gnt_hi, gnt_lo;  // first requester in [ptr_q, N) / in [0, N)
  logic          any_hi;

  always_comb begin
    for (int i = 0; i < N; i++) begin
      hi_mask[i] = (PW'(i) >= ptr_q);
    end
  end

  // First set bit of (req & hi_mask), else first set bit of req.
  always_comb begin
    gnt_hi = '0;
    gnt_lo = '0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req[i] && hi_mask[i]) begin
        gnt_hi    = '0;
        gnt_hi[i] = 1'b1;
      end
      if (req[i]) begin
        gnt_lo    = '0;
        gnt_lo[i] = 1'b1;
      end
    end
  end

  assign any_hi = |(req & hi_mask);
  assign gnt    = any_hi ? gnt_hi : gnt_lo;

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
