// vc_alloc_sep_if.sv -- separable input-first VC allocator (the VA stage).
// RTL twin of sc_models/alloc/vc_allocator.{h,cpp} (nocsim::VcAllocator, its
// round-robin kind; the other arbiter kinds are C++ only).
//   Stage 1: one rr_arbiter (N = V) per input VC (ip, ivc) picks one output
//            VC from the mask it requests (the selection function's VCs of
//            output port req_op; a zero mask is no request).
//   Stage 2: one rr_arbiter (N = P*V) per output VC (op, ovc) picks one input
//            VC among those whose stage-1 pick is (op, ovc).
//   Pointers (posedge clk): a stage-1 arbiter advances past its pick
//   whenever its mask is non-zero (granted or not); a stage-2 arbiter
//   advances past the input VC it granted.
// Vectors are flattened by input VC i = ip*V + ivc: req_op [i*OW +: OW],
// req_mask [i*V +: V], gnt_ovc [i*VW +: VW]. An input VC that lost drives 0
// on gnt_ovc. Combinational from the requests to the grants.
// Reset: asynchronous, active low (all arbiter pointers to 0).
module vc_alloc_sep_if #(
  parameter int P = 5,  // router ports (count, >= 2)
  parameter int V = 2   // VCs per port (count, >= 2)
) (
  input  logic                                     clk,       // clock, rising edge
  input  logic                                     rst_n,     // asynchronous reset, active low
  input  logic [P*V*((P > 1) ? $clog2(P) : 1)-1:0] req_op,    // output port wanted by input VC i
  input  logic [P*V*V-1:0]                         req_mask,  // output VCs input VC i may take there
  output logic [P*V-1:0]                           gnt,       // input VC i won an output VC
  output logic [P*V*$clog2(V)-1:0]                 gnt_ovc    // the output VC it won (0 if none)
);

  localparam int OW = (P > 1) ? $clog2(P) : 1;  // output-port index width (bits)
  localparam int VW = $clog2(V);                // VC index width (bits)
  localparam int N  = P * V;                    // input VCs = output VCs
  localparam int NW = $clog2(N);                // their index width (bits)

  generate
    if (P < 2) begin : g_bad_p
      $error("vc_alloc_sep_if: P must be >= 2");
    end
    if (V < 2) begin : g_bad_v
      $error("vc_alloc_sep_if: V must be >= 2");
    end
  endgenerate

  // Stage 1: per input VC, the picked output VC of its port.
  logic [N*VW-1:0] pick_idx;
  logic [N-1:0]    pick_vld;
  // Stage 2: out_req/out_gnt index o*N + i for output VC o = op*V + ovc.
  logic [N*N-1:0]  out_req;
  logic [N*N-1:0]  out_gnt;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [N*NW-1:0] out_idx;   // granted input VC per output VC (grants use out_gnt)
  logic [N*V-1:0]  pick_oh;   // one-hot stage-1 pick (stage 2 reads the index)
  /* verilator lint_on UNUSEDSIGNAL */

  genvar g;
  generate
    for (g = 0; g < N; g++) begin : g_in
      rr_arbiter #(.N(V)) u_in_arb (
        .clk     (clk),
        .rst_n   (rst_n),
        .req     (req_mask[g*V +: V]),
        .update  (1'b1),
        .gnt     (pick_oh[g*V +: V]),
        .gnt_idx (pick_idx[g*VW +: VW])
      );
      assign pick_vld[g] = |req_mask[g*V +: V];
    end
    for (g = 0; g < N; g++) begin : g_out
      rr_arbiter #(.N(N)) u_out_arb (
        .clk     (clk),
        .rst_n   (rst_n),
        .req     (out_req[g*N +: N]),
        .update  (1'b1),
        .gnt     (out_gnt[g*N +: N]),
        .gnt_idx (out_idx[g*NW +: NW])
      );
    end
  endgenerate

  always_comb begin
    for (int o = 0; o < N; o++) begin
      for (int i = 0; i < N; i++) begin
        out_req[o*N + i] = pick_vld[i] && (req_op[i*OW +: OW] == OW'(o / V)) &&
                           (pick_idx[i*VW +: VW] == VW'(o % V));
      end
    end
  end

  // An input VC is granted by at most one output VC: the one it picked.
  always_comb begin
    gnt     = '0;
    gnt_ovc = '0;
    for (int i = 0; i < N; i++) begin
      for (int o = 0; o < N; o++) begin
        if (out_gnt[o*N + i]) begin
          gnt[i]               = 1'b1;
          gnt_ovc[i*VW +: VW]  = pick_idx[i*VW +: VW];
        end
      end
    end
  end

endmodule
