// contention_unit.sv -- a router's contention counters (Fuentes ch. 4).
// RTL twin of nocsim::ContentionUnit (sc_models/congestion/contention.h):
//   * inputs per output port p, for the commits of this cycle: inc[p] heads
//     that reached the front of an input VC with p as their minimal output,
//     dec[p] tails of such packets that left their buffer (UW-bit counts);
//   * registered, per port: cnt_q (CW-bit up/down counter) and, with
//     FILTERED, f_q (Q8 fixed point, CW+8 bits): at each rising edge
//       cnt <= cnt + inc - dec
//       f   <= (ALPHA * f + (256 - ALPHA) * (new cnt << 8)) >> 8
//     (ALPHA in 1/256: the weight of the past);
//   * combinational outputs from the registers: count, filtered, and
//     over = count > threshold (Base), f > threshold << 8 (Filtered).
// threshold is an input (a configuration register, as
// routing.contention.threshold is a run setting); ALPHA is a parameter: a
// constant weight makes the filter's products shifts and adds, a programmable
// one two multipliers per port (about 10x the Filtered unit's area).
// The caller never decrements below zero nor counts past 2^CW - 1 (the C++
// twin reports both as invariant violations). Reset: asynchronous, active
// low, everything to zero.
module contention_unit #(
  parameter int P         = 4,    // output ports (count)
  parameter int CW        = 8,    // counter width (bits)
  parameter int UW        = 4,    // width of the per-cycle inc / dec counts (bits)
  parameter int FILTERED  = 0,    // 1: the Filtered variant's alpha-average decides
  parameter int ALPHA     = 128   // Filtered: alpha in 1/256 (0..256)
) (
  input  logic               clk,       // clock, rising edge
  input  logic               rst_n,     // asynchronous reset, active low
  input  logic [CW-1:0]      threshold, // packets (held constant)
  input  logic [P*UW-1:0]    inc,       // port p: bits [p*UW +: UW]
  input  logic [P*UW-1:0]    dec,       // port p: bits [p*UW +: UW]
  output logic [P*CW-1:0]    count,     // port p: bits [p*CW +: CW]
  output logic [P*(CW+8)-1:0] filtered, // port p: bits [p*(CW+8) +: CW+8], Q8
  output logic [P-1:0]       over       // port p contended
);

  localparam int FW = CW + 8;       // filter width (Q8)
  localparam int MW = FW + 9;       // products: FW bits times a 9-bit weight

  logic [P*CW-1:0] cnt_q, cnt_d;
  logic [P*FW-1:0] f_q, f_d;

  always_comb begin
    for (int p = 0; p < P; p++) begin
      logic [CW-1:0] c;
      logic [MW-1:0] acc;
      c = cnt_q[p*CW +: CW] + CW'(inc[p*UW +: UW]) - CW'(dec[p*UW +: UW]);
      cnt_d[p*CW +: CW] = c;
      acc = MW'(ALPHA) * MW'(f_q[p*FW +: FW]) + MW'(256 - ALPHA) * (MW'(c) << 8);
      f_d[p*FW +: FW] = FW'(acc >> 8);
    end
  end

  always_comb begin
    for (int p = 0; p < P; p++) begin
      if (FILTERED != 0) over[p] = f_q[p*FW +: FW] > (FW'(threshold) << 8);
      else          over[p] = cnt_q[p*CW +: CW] > threshold;
    end
  end

  assign count    = cnt_q;
  assign filtered = f_q;

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      cnt_q <= '0;
      f_q   <= '0;
    end else begin
      cnt_q <= cnt_d;
      f_q   <= (FILTERED != 0) ? f_d : '0;
    end
  end

endmodule
