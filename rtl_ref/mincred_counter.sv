// mincred_counter.sv -- FlexVC's minCred counters (Fuentes §5.2.4): per
// output port, the downstream buffer slots held by minimally routed flits.
// RTL twin of the sum over a port's VCs of OutputVc::min_flits
// (sc_models/router/router_state.h), as Network::min_occupancy reads it:
//   * inputs per output port p, for this cycle: inc[p] minimally routed flits
//     that took a credit of p, dec[p] credits that came back flagged minimal
//     (UW-bit counts);
//   * registered, per port: count (CW bits), at each rising edge
//       count <= count + inc - dec;
//   * combinational output: the registers.
// The caller never decrements below zero nor counts past 2^CW - 1 (the C++
// model reports an underflow as an invariant violation). Reset:
// asynchronous, active low, every counter to zero.
module mincred_counter #(
  parameter int P  = 4,   // output ports (count)
  parameter int CW = 12,  // counter width (bits)
  parameter int UW = 4    // width of the per-cycle inc / dec counts (bits)
) (
  input  logic            clk,    // clock, rising edge
  input  logic            rst_n,  // asynchronous reset, active low
  input  logic [P*UW-1:0] inc,    // port p: bits [p*UW +: UW]
  input  logic [P*UW-1:0] dec,    // port p: bits [p*UW +: UW]
  output logic [P*CW-1:0] count   // port p: bits [p*CW +: CW]
);

  logic [P*CW-1:0] cnt_q, cnt_d;

  always_comb begin
    for (int p = 0; p < P; p++) begin
      cnt_d[p*CW +: CW] = cnt_q[p*CW +: CW] + CW'(inc[p*UW +: UW]) - CW'(dec[p*UW +: UW]);
    end
  end

  assign count = cnt_q;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) cnt_q <= '0;
    else        cnt_q <= cnt_d;
  end

endmodule
