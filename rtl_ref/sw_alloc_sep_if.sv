// sw_alloc_sep_if.sv -- separable input-first switch allocator.
// RTL twin of sc_models/alloc/sep_if_allocator.{h,cpp} (nocsim::SepIfAllocator).
//   Stage 1: one rr_arbiter (N = V) per input port picks one requesting VC.
//   Stage 2: one rr_arbiter (N = P) per output port picks one input among the
//            stage-1 winners that want that output.
//   Pointers (posedge clk): an input arbiter advances past its stage-1 winner
//   whenever the input has any request (granted or not); an output arbiter
//   advances past the input it granted.
// Vectors are flattened with index ip*V + ivc (requests) and ip (grants).
// A requested output >= P matches no output arbiter (no grant), as in the twin.
// Ungranted inputs drive 0 on gnt_ivc_ip and gnt_op_ip.
// Reset: asynchronous, active low (all arbiter pointers to 0).
module sw_alloc_sep_if #(
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
      $error("sw_alloc_sep_if: P must be >= 2");
    end
    if (V < 1) begin : g_bad_v
      $error("sw_alloc_sep_if: V must be >= 1");
    end
  endgenerate

  // Stage 1: input arbiters.
  logic [P*V-1:0]  in_gnt;  // one-hot stage-1 winner VC per input
  logic [P*VW-1:0] in_idx;  // stage-1 winner VC index per input
  logic [P-1:0]    in_vld;  // input has a stage-1 winner
  logic [P*OW-1:0] in_op;   // output wanted by the stage-1 winner

  // Stage 2: output arbiters; out_req/out_gnt index op*P + ip.
  logic [P*P-1:0]  out_req;
  logic [P*P-1:0]  out_gnt;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [P*OW-1:0] out_idx;  // granted input per output (grants use out_gnt)
  /* verilator lint_on UNUSEDSIGNAL */

  genvar g;
  generate
    for (g = 0; g < P; g++) begin : g_in
      rr_arbiter #(.N(V)) u_in_arb (
        .clk     (clk),
        .rst_n   (rst_n),
        .req     (req_ip_ivc[g*V +: V]),
        .update  (1'b1),
        .gnt     (in_gnt[g*V +: V]),
        .gnt_idx (in_idx[g*VW +: VW])
      );
    end
    for (g = 0; g < P; g++) begin : g_out
      rr_arbiter #(.N(P)) u_out_arb (
        .clk     (clk),
        .rst_n   (rst_n),
        .req     (out_req[g*P +: P]),
        .update  (1'b1),
        .gnt     (out_gnt[g*P +: P]),
        .gnt_idx (out_idx[g*OW +: OW])
      );
    end
  endgenerate

  // Output wanted by each stage-1 winner (one-hot select over the VCs).
  always_comb begin
    in_op = '0;
    for (int ip = 0; ip < P; ip++) begin
      in_vld[ip] = |req_ip_ivc[ip*V +: V];
      for (int v = 0; v < V; v++) begin
        if (in_gnt[ip*V + v]) begin
          in_op[ip*OW +: OW] = req_op_ip_ivc[(ip*V + v)*OW +: OW];
        end
      end
    end
  end

  always_comb begin
    for (int op = 0; op < P; op++) begin
      for (int ip = 0; ip < P; ip++) begin
        out_req[op*P + ip] = in_vld[ip] && (in_op[ip*OW +: OW] == OW'(op));
      end
    end
  end

  // Grants per input.
  always_comb begin
    gnt_ip     = '0;
    gnt_ivc_ip = '0;
    gnt_op_ip  = '0;
    for (int ip = 0; ip < P; ip++) begin
      for (int op = 0; op < P; op++) begin
        if (out_gnt[op*P + ip]) begin
          gnt_ip[ip]              = 1'b1;
          gnt_op_ip[ip*OW +: OW]  = OW'(op);
          gnt_ivc_ip[ip*VW +: VW] = in_idx[ip*VW +: VW];
        end
      end
    end
  end

endmodule
