// lrs_arbiter.sv -- N-way least-recently-served arbiter as an ordered queue.
// RTL twin of nocsim::Arbiter with ArbiterKind::Lrs (alloc/arbiter.h; the
// C++ keeps service stamps, this block the order they imply):
//   * registered: the requester at each priority position k
//     (0 = highest); reset: order_q[k] = k;
//   * combinational grant: the requester at the first position whose
//     requester requests;
//   * posedge clk with `update` and a grant: the granted requester moves to
//     the last position, those after it move up one.
// The same order as matrix_arbiter.sv with N*log2(N) flip-flops instead of
// N*(N-1). Reset: asynchronous, active low. No request: gnt = 0, gnt_idx = 0.
module lrs_arbiter #(
  parameter int N = 4  // number of requesters (count, >= 2)
) (
  input  logic                     clk,     // clock, rising edge
  input  logic                     rst_n,   // asynchronous reset, active low
  input  logic [N-1:0]             req,     // request per requester
  input  logic                     update,  // 1: the grant counts as service
  output logic [N-1:0]             gnt,     // grant, one-hot (or zero)
  output logic [$clog2(N)-1:0]     gnt_idx  // index of the granted requester (0 if none)
);

  localparam int PW = $clog2(N);

  // Requester at position k: bits [k*PW +: PW] (flat: the yosys of
  // design.md reads no packed multi-dimensional arrays).
  logic [N*PW-1:0] order_q, order_d;
  logic [PW-1:0]        pos;               // position of the granted requester
  logic                 any;

  always_comb begin
    any = 1'b0;
    pos = '0;
    gnt_idx = '0;
    for (int k = 0; k < N; k++) begin
      if (!any && req[order_q[k*PW +: PW]]) begin
        any = 1'b1;
        pos = PW'(k);
        gnt_idx = order_q[k*PW +: PW];
      end
    end
    gnt = any ? (N'(1) << gnt_idx) : '0;
  end

  always_comb begin
    order_d = order_q;
    if (update && any) begin
      for (int k = 0; k < N - 1; k++) begin
        if (PW'(k) >= pos) order_d[k*PW +: PW] = order_q[(k+1)*PW +: PW];
      end
      order_d[(N-1)*PW +: PW] = gnt_idx;
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (int k = 0; k < N; k++) order_q[k*PW +: PW] <= PW'(k);
    end else begin
      order_q <= order_d;
    end
  end

endmodule
