// sw_alloc_wavefront.sv -- wavefront switch allocator (Tamir and Chi).
// RTL twin of the C++ wavefront allocator (nocsim::WavefrontMatcher in
// sc_models/alloc/port_matchers.h, turned into VC grants by the SA stage's
// port-matching allocator; docs/architecture.md, "Allocators").
//   Matching: input ip wants output op when one of its VCs requests op. The
//     cells (ip, (ip + d) mod P) of diagonal d share no row or column, so a
//     wave grants every wanted cell of a diagonal whose row (input) and
//     column (output) are still free, diagonal after diagonal, starting at
//     the priority diagonal top_q. The P waves are unrolled (no
//     combinational cycle) over an array fixed in a frame rotated per row,
//     so that the rotation costs two barrel shifters per input rather than
//     a multiplexer per cell; the result is a maximal matching.
//   VC choice: one rr_arbiter (N = V) per input picks, among its VCs that
//     request the matched output, one from its pointer.
//   Registers (posedge clk): top_q moves to the next diagonal every cycle;
//     a VC arbiter advances past the VC it granted.
// The ports are sw_alloc_sep_if's: vectors flattened with index ip*V + ivc
// (requests) and ip (grants); a requested output >= P is never granted;
// ungranted inputs drive 0 on gnt_ivc_ip and gnt_op_ip.
// Reset: asynchronous, active low (top_q and the VC pointers to 0).
module sw_alloc_wavefront #(
  parameter int P = 5,  // router ports (count, >= 2), inputs = outputs
  parameter int V = 2   // virtual channels per input port (count, >= 1)
) (
  input  logic                                   clk,            // clock, rising edge
  input  logic                                   rst_n,          // asynchronous reset, active low
  input  logic [P*V-1:0]                         req_ip_ivc,     // VC (ip, ivc) requests the switch
  input  logic [P*V*((P > 1) ? $clog2(P) : 1)-1:0] req_op_ip_ivc,  // output port wanted by VC (ip, ivc)
  output logic [P-1:0]                           gnt_ip,         // input ip won an output
  output logic [P*((V > 1) ? $clog2(V) : 1)-1:0] gnt_ivc_ip,     // granted VC of input ip (0 if none)
  output logic [P*((P > 1) ? $clog2(P) : 1)-1:0] gnt_op_ip       // granted output of input ip (0 if none)
);

  localparam int OW = (P > 1) ? $clog2(P) : 1;  // output-port index width (bits)
  localparam int VW = (V > 1) ? $clog2(V) : 1;  // VC index width (bits)

  generate
    if (P < 2) begin : g_bad_p
      $error("sw_alloc_wavefront: P must be >= 2");
    end
    if (V < 1) begin : g_bad_v
      $error("sw_alloc_wavefront: V must be >= 1");
    end
  endgenerate

  logic [OW-1:0]   top_q;    // priority diagonal
  logic [P*P-1:0]  want;     // [ip*P + op]: some VC of ip requests op
  logic [P*P-1:0]  match;    // [ip*P + op]: at most one per row and column
  logic [P-1:0]    matched;  // input ip has an output
  logic [P*OW-1:0] match_op; // its output
  logic [P*V-1:0]  vc_req;   // VCs of ip requesting its matched output
  /* verilator lint_off UNUSEDSIGNAL */
  logic [P*V-1:0]  vc_gnt;   // (the grants use vc_idx)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [P*VW-1:0] vc_idx;

  always_comb begin
    want = '0;
    for (int ip = 0; ip < P; ip++) begin
      for (int v = 0; v < V; v++) begin
        for (int op = 0; op < P; op++) begin
          if (req_ip_ivc[ip*V + v] && req_op_ip_ivc[(ip*V + v)*OW +: OW] == OW'(op)) begin
            want[ip*P + op] = 1'b1;
          end
        end
      end
    end
  end

  // The waves, in a frame rotated per row so that the array is fixed and
  // the priority diagonal moves only two barrel shifters per row. Wave k
  // reaches the cell of input ip on diagonal top_q + k, i.e. output
  // (sh + k) mod P with sh = ip + top_q (mod P): rq[ip*P + k] is want of
  // that output, and the cell's column in the rotated frame, (ip + k) mod P,
  // does not depend on top_q. The wave's grant in row ip, mrot (one-hot
  // over k), rotates back by sh to the output.
  logic [P*P-1:0] rq, mrot;
  logic [P-1:0]   row_free, col_free;  // not matched in an earlier wave
  logic [P*OW-1:0] sh;                 // rotation of row ip: ip + top_q (mod P)
  always_comb begin
    for (int ip = 0; ip < P; ip++) begin
      rq[ip*P +: P] = P'({want[ip*P +: P], want[ip*P +: P]} >> sh[ip*OW +: OW]);
    end
  end

  always_comb begin
    for (int ip = 0; ip < P; ip++) begin
      sh[ip*OW +: OW] = (top_q >= OW'(P - ip)) ? top_q - OW'(P - ip) : top_q + OW'(ip);
    end
  end

  always_comb begin
    row_free = '1;
    col_free = '1;
    mrot     = '0;
    for (int k = 0; k < P; k++) begin
      for (int ip = 0; ip < P; ip++) begin
        if (rq[ip*P + k] && row_free[ip] && col_free[(ip + k) % P]) begin
          mrot[ip*P + k]         = 1'b1;
          row_free[ip]           = 1'b0;
          col_free[(ip + k) % P] = 1'b0;
        end
      end
    end
  end

  always_comb begin
    for (int ip = 0; ip < P; ip++) begin
      match[ip*P +: P] = P'(({mrot[ip*P +: P], mrot[ip*P +: P]} << sh[ip*OW +: OW]) >> P);
    end
  end

  always_comb begin
    matched  = '0;
    match_op = '0;
    vc_req   = '0;
    for (int ip = 0; ip < P; ip++) begin
      for (int op = 0; op < P; op++) begin
        if (match[ip*P + op]) begin
          matched[ip]              = 1'b1;
          match_op[ip*OW +: OW]    = OW'(op);
        end
      end
      for (int v = 0; v < V; v++) begin
        vc_req[ip*V + v] = matched[ip] && req_ip_ivc[ip*V + v] &&
                           req_op_ip_ivc[(ip*V + v)*OW +: OW] == match_op[ip*OW +: OW];
      end
    end
  end

  genvar g;
  generate
    for (g = 0; g < P; g++) begin : g_vc
      rr_arbiter #(.N(V)) u_vc_arb (
        .clk     (clk),
        .rst_n   (rst_n),
        .req     (vc_req[g*V +: V]),
        .update  (1'b1),
        .gnt     (vc_gnt[g*V +: V]),
        .gnt_idx (vc_idx[g*VW +: VW])
      );
    end
  endgenerate

  assign gnt_ip     = matched;
  assign gnt_op_ip  = match_op;
  always_comb begin
    for (int ip = 0; ip < P; ip++) begin
      gnt_ivc_ip[ip*VW +: VW] = matched[ip] ? vc_idx[ip*VW +: VW] : '0;
    end
  end

  always_ff @(posedge clk or negedge rst_n) begin
    if (!rst_n) begin
      top_q <= '0;
    end else begin
      top_q <= (top_q == OW'(P - 1)) ? '0 : top_q + OW'(1);
    end
  end

endmodule
