// matrix_arbiter.sv -- N-way matrix arbiter (least recently served).
// RTL twin of nocsim::Arbiter with ArbiterKind::Matrix (alloc/arbiter.h):
//   * registered: prio_q[i*N+j] = 1 when requester i has priority over j
//     (i != j; the diagonal is unused); reset: i beats j for i < j;
//   * combinational grant: requester i wins when it requests and no
//     requester j with priority over it does;
//   * posedge clk with `update` and a grant g: g loses to everyone (row g
//     cleared, column g set), the others keep their order.
// Reset: asynchronous, active low. No request: gnt = 0, gnt_idx = 0.
module matrix_arbiter #(
  parameter int N = 4  // number of requesters (count, >= 1)
) (
  input  logic                                 clk,     // clock, rising edge
  input  logic                                 rst_n,   // asynchronous reset, active low
  input  logic [N-1:0]                         req,     // request per requester
  input  logic                                 update,  // 1: the grant counts as service
  output logic [N-1:0]                         gnt,     // grant, one-hot (or zero)
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] gnt_idx  // index of the granted requester (0 if none)
);

  localparam int PW = (N > 1) ? $clog2(N) : 1;

  // Bit i*N+j: i before j; the diagonal is unused. Flat vectors: the yosys
  // of design.md reads no packed multi-dimensional arrays.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [N*N-1:0] prio_q, prio_d;
  /* verilator lint_on UNUSEDSIGNAL */

  always_comb begin
    for (int i = 0; i < N; i++) begin
      gnt[i] = req[i];
      for (int j = 0; j < N; j++) begin
        if (j != i && req[j] && prio_q[j*N+i]) gnt[i] = 1'b0;
      end
    end
  end

  always_comb begin
    gnt_idx = '0;
    for (int i = 0; i < N; i++) begin
      if (gnt[i]) gnt_idx = gnt_idx | PW'(i);
    end
  end

  logic [31:0] g;  // gnt_idx as an index
  assign g = 32'(gnt_idx);

  always_comb begin
    prio_d = prio_q;
    if (update && (|req)) begin
      for (int j = 0; j < N; j++) begin
        if (PW'(j) != gnt_idx) begin
          prio_d[g*N+j] = 1'b0;
          prio_d[j*N+g] = 1'b1;
        end
      end
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) prio_q[i*N+j] <= (i < j);
    end else begin
      prio_q <= prio_d;
    end
  end

endmodule
