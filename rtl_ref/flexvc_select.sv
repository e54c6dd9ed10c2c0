// flexvc_select.sv -- FlexVC's output-VC choice for one request.
// RTL twin of what VA computes for a FlexVC candidate in the C++ model
// (vcs_in_range, with_credits and OneVc::select in sc_models/vc/selection.h):
//   * usable[j] = free[j] && lo <= j <= k && credits[j] >= need, for the
//     highest allowed VC k the routing gives (k_valid = 0: no VC allowed) and
//     the lowest lo of the message class (0 for requests; replies climb a
//     chain above them under request-reply traffic);
//   * the pick among the usable VCs: PICK = 0 highest, 1 lowest, 2 JSQ (the
//     most credits, ties to the highest index).
// Purely combinational (no clock): VA registers what it grants.
// No usable VC: valid = 0, vc = 0.
module flexvc_select #(
  parameter int V    = 4,  // VCs of the output port (count, >= 2)
  parameter int CW   = 8,  // credit counter width (bits)
  parameter int PICK = 2   // 0 highest, 1 lowest, 2 jsq
) (
  input  logic [$clog2(V)-1:0] lo,       // lowest allowed VC
  input  logic [$clog2(V)-1:0] k,        // highest allowed VC
  input  logic                 k_valid,  // the hop is allowed at all
  input  logic [V-1:0]         free,     // output VC j holds no packet
  input  logic [V*CW-1:0]      credits,  // VC j: bits [j*CW +: CW]
  input  logic [CW-1:0]        need,     // credits a VC must have (VCT: the packet)
  output logic [V-1:0]         usable,
  output logic                 valid,
  output logic [$clog2(V)-1:0] vc
);

  localparam int VW = $clog2(V);

  logic [CW-1:0] best;

  always_comb begin
    for (int j = 0; j < V; j++) begin
      usable[j] = k_valid && free[j] && (VW'(j) >= lo) && (VW'(j) <= k) && (credits[j*CW +: CW] >= need);
    end
  end

  always_comb begin
    valid = |usable;
    vc = '0;
    best = '0;
    for (int j = 0; j < V; j++) begin
      if (usable[j]) begin
        if (PICK == 0) vc = VW'(j);  // the last usable: the highest
        if (PICK == 2 && credits[j*CW +: CW] >= best) begin
          best = credits[j*CW +: CW];
          vc = VW'(j);
        end
      end
    end
    if (PICK == 1) begin
      for (int j = V - 1; j >= 0; j--) begin
        if (usable[j]) vc = VW'(j);  // the last from the top: the lowest
      end
    end
  end

endmodule
