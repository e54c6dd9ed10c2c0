#!/usr/bin/python3
"""The power model's technology constants, derived from their published
sources (docs/power-model.md, "Technology data"): prints each node's values;
--check compares them with sc_models/power/tech/<nm>nm.tech and exits 1 on a
difference (every value is rounded to 3 significant digits in the files).

45 nm: NanGate's 45 nm Open Cell Library (typical corner, 1.1 V, 25 C) for
cells, DSENT's Bulk45LVT for the supply, devices and wires, FreePDK45 for
the crossbar's wire pitch. 32 and 22 nm: the 45 nm cells scaled by DSENT's
Bulk32LVT / Bulk22LVT against Bulk45LVT. 65 nm: the 45 nm cells scaled by
ORION 3.0's 65 / 45 nm cell table. SRAM cells: Intel's published 6T cells."""
import math
import os
import sys

EPS0 = 8.854e-12  # F/m
# DSENT Bulk<N>LVT: contacted gate pitch, minimum width (m); gate and drain
# capacitance per width (F/m); M1 pitch (m); NMOS and PMOS effective
# resistance (ohm m); Vdd (V); intermediate wire: width, spacing, thickness,
# dielectric thickness (m), dielectric constant, resistivity (ohm m).
DSENT = {
    45: dict(gp=0.200e-6, minw=0.160e-6, cg=1.0e-9, cd=0.60e-9, m1=0.16e-6, rn=1.10e-3, rp=1.50e-3, vdd=1.0,
             wire=(110e-9, 110e-9, 200e-9, 170e-9, 3.0, 2.6e-8)),
    32: dict(gp=0.160e-6, minw=0.120e-6, cg=0.95e-9, cd=0.64e-9, m1=0.11e-6, rn=0.89e-3, rp=1.27e-3, vdd=0.9,
             wire=(110e-9, 110e-9, 200e-9, 170e-9, 3.0, 2.6e-8)),
    22: dict(gp=0.120e-6, minw=0.100e-6, cg=0.90e-9, cd=0.62e-9, m1=0.064e-6, rn=0.70e-3, rp=0.93e-3, vdd=0.8,
             wire=(55e-9, 55e-9, 100e-9, 100e-9, 2.8, 4.0e-8)),
}
SRAM_CELL_UM2 = {65: 0.57, 45: 0.346, 32: 0.171, 22: 0.092}  # Bai 2004, Mistry 2007, Natarajan 2008, Auth 2012
# NanGate 45 nm OCL, typical corner (1.1 V): area um2, leakage nW, pin capacitance fF.
NAND2_AREA, NAND2_LEAK, NAND2_A1 = 0.798, 17.39, 1.599
DFF_AREA, DFF_LEAK, DFF_D, DFF_CK = 4.52, 79.11, 1.14, 0.95
NANGATE_VDD = 1.1
# ORION 3.0's cell table: HVT inverter leakage (nW) at 45 and 65 nm, and the
# 65 / 45 nm ratios of NOR2 and DFF area, LVT pin load and LVT leakage.
ORION_HVT_INV = {45: 2.658, 65: 3.709}
ORION_65_45 = dict(area_g=1.44 / 0.7056, area_f=6.84 / 5.1156, cap_g=1.2 / ((0.6184 + 0.6476) / 2),
                   cap_f=1.9 / (0.4516 + 0.5616), leak_g=25.334 / 20.125, leak_f=121.833 / 75.612)
FREEPDK45_PITCH_UM = 0.14  # metal2/metal3: 70 nm width + 70 nm spacing
COLUMN_GATES, ALPHA = 10.0, 0.5  # SRAM column circuit (router_power.cpp) and data activity


def x1_width(d):
    """Transistor width of an X1 cell: 11 M1 tracks over DSENT's 1.4 height overhead."""
    return 11 * d["m1"] / 1.4


def wire_cap(d):
    """F/m of the intermediate layer: Sakurai and Tamaru's formulas, one
    plane below and a neighbour on each side."""
    w, s, t, h, k, _ = d["wire"]
    ground = 1.15 * (w / h) + 2.80 * (t / h) ** 0.222
    couple = (0.03 * (w / h) + 0.83 * (t / h) - 0.07 * (t / h) ** 0.222) * (s / h) ** -1.34
    return (ground + 2 * couple) * EPS0 * k


def repeater_spacing(d, c):
    """Bakoglu's optimum sqrt(2 R0 C0 / (r c)) for an X1 inverter (m)."""
    w_all = x1_width(d)
    wn = w_all * d["rn"] / (d["rn"] + d["rp"])  # N and P sized for equal drive
    w, _, t, _, _, rho = d["wire"]
    return math.sqrt(2 * (d["rn"] / wn) * (d["cg"] * w_all) / (rho / (w * t) * c))


def sram(v, d, cell, wire_ff_um):
    side = math.sqrt(cell)  # a square cell
    v["sram_bitline_cap_ff"] = d["cd"] * d["minw"] * 1e15 + wire_ff_um * side
    v["sram_wordline_cap_ff"] = 2 * d["cg"] * d["minw"] * 1e15 + wire_ff_um * side
    v["sense_amp_fj"] = COLUMN_GATES * ALPHA * 0.5 * v["gate_cap_ff"] * v["vdd_v"] ** 2


def node45():
    d = DSENT[45]
    held = d["vdd"] / NANGATE_VDD  # leakage current held, power to vdd_v (equation 3)
    c = wire_cap(d)
    v = dict(vdd_v=d["vdd"], gate_area_um2=NAND2_AREA, dff_area_um2=DFF_AREA, sram_cell_um2=SRAM_CELL_UM2[45],
             gate_cap_ff=NAND2_A1, dff_data_cap_ff=2 * DFF_D + NAND2_A1, dff_clock_cap_ff=2 * DFF_CK,
             wire_cap_ff_per_um=c * 1e9, wire_pitch_um=FREEPDK45_PITCH_UM,
             repeater_spacing_um=repeater_spacing(d, c) * 1e6, gate_leak_nw=NAND2_LEAK * held,
             dff_leak_nw=DFF_LEAK * held, sram_leak_nw=2 * ORION_HVT_INV[45])
    sram(v, d, SRAM_CELL_UM2[45], v["wire_cap_ff_per_um"])
    return v


def dsent_node(nm, base):
    d, b = DSENT[nm], DSENT[45]
    area = d["gp"] * d["m1"] / (b["gp"] * b["m1"])
    cap = d["cg"] * d["m1"] / (b["cg"] * b["m1"])
    leak = d["m1"] / b["m1"] * d["vdd"] / b["vdd"]
    c = wire_cap(d)
    v = dict(vdd_v=d["vdd"], sram_cell_um2=SRAM_CELL_UM2[nm], wire_cap_ff_per_um=c * 1e9,
             wire_pitch_um=FREEPDK45_PITCH_UM * d["m1"] / b["m1"], repeater_spacing_um=repeater_spacing(d, c) * 1e6)
    for k in ("gate_area_um2", "dff_area_um2"):
        v[k] = base[k] * area
    for k in ("gate_cap_ff", "dff_data_cap_ff", "dff_clock_cap_ff"):
        v[k] = base[k] * cap
    for k in ("gate_leak_nw", "dff_leak_nw", "sram_leak_nw"):
        v[k] = base[k] * leak
    sram(v, d, SRAM_CELL_UM2[nm], v["wire_cap_ff_per_um"])
    return v


def node65(base):
    r = ORION_65_45
    v = dict(vdd_v=1.2, gate_area_um2=base["gate_area_um2"] * r["area_g"], dff_area_um2=base["dff_area_um2"] * r["area_f"],
             sram_cell_um2=SRAM_CELL_UM2[65], gate_cap_ff=base["gate_cap_ff"] * r["cap_g"],
             dff_data_cap_ff=base["dff_data_cap_ff"] * r["cap_f"], dff_clock_cap_ff=base["dff_clock_cap_ff"] * r["cap_f"],
             wire_cap_ff_per_um=base["wire_cap_ff_per_um"], wire_pitch_um=base["wire_pitch_um"] * math.sqrt(r["area_g"]),
             repeater_spacing_um=base["repeater_spacing_um"], gate_leak_nw=base["gate_leak_nw"] * r["leak_g"],
             dff_leak_nw=base["dff_leak_nw"] * r["leak_f"], sram_leak_nw=2 * ORION_HVT_INV[65])
    sram(v, DSENT[45], SRAM_CELL_UM2[65], v["wire_cap_ff_per_um"])
    return v


def derive():
    base = node45()
    return {65: node65(base), 45: base, 32: dsent_node(32, base), 22: dsent_node(22, base)}


def read_tech(path):
    vals = {}
    with open(path) as f:
        for line in f:
            parts = line.split("#")[0].split()
            if parts:
                vals[parts[0]] = float(parts[1])
    return vals


def main():
    nodes = derive()
    if sys.argv[1:] == ["--check"]:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sc_models", "power", "tech")
        bad = []
        for nm, vals in nodes.items():
            got = read_tech(os.path.join(root, "%dnm.tech" % nm))
            for k, v in vals.items():
                if k not in got or float("%.3g" % v) != got[k]:
                    bad.append("%dnm.tech: %s = %s, derived %.3g" % (nm, k, got.get(k), v))
            bad += ["%dnm.tech: %s has no derivation" % (nm, k) for k in got if k not in vals]
        print("\n".join(bad) if bad else "tech files match their derivations")
        sys.exit(1 if bad else 0)
    for nm, vals in nodes.items():
        print("%d nm: %s" % (nm, ", ".join("%s %.3g" % kv for kv in vals.items())))


if __name__ == "__main__":
    main()
