#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_redu (tests/fuzz/corpus/*.bin). The byte layout is
described at the top of fuzz_redu.c; each seed starts one feature the fuzzer then mutates.
Run from anywhere: python3 tests/fuzz/make_corpus.py"""
import os
import struct

OPS = dict(sum=0, prod=1, min=2, max=3, band=4, bor=5, bxor=6, land=7, lor=8, argmin=9, argmax=10)
TYPES = dict(i8=0, i16=1, i32=2, i64=3, u8=4, u16=5, u32=6, u64=7, f32=8, f64=9)
UDRS = dict(lanes=0, affine=1, u8max=2, records=3)
API = dict(reduce=0, typed=1, udr=2, plan_query=3, describe_plan=4, scratch_query=5, finalize=6,
           segmented=7, exact=8, multi=9, scan_bins=10)
DEV = dict(default=0, dev0=1, dev1=2, last=3, initial=4, minus7=6, past=8, int_min=9)
NMODE = dict(normal=0, zero=4, past_end=5, overflow=6, wrap=7)
XKIND = dict(device=0, host_input=4, mapped=5, host_as_device=6, null=7)
PAD = dict(none=0, queried=4, short=5, misaligned=6, plus=7)
OUT = dict(ok=0, result_null=6, index_null=7)
DATA = dict(raw=0, palette=1, random=2, constant=3)
TEAM_EDGE = [-1, -2**31, 8192, 8193, 1 << 20, 2**31 - 1, 64, 100, 255, 1000, 4096, 33, 127, -8192]
THREAD_EDGE = [-1, 32, 64, 96, 1024, 1025, 48, 2**31 - 1, -2**31, 512, 2048, 31]


def rec(api, op=0, typ=0, dev="default", n=0, nmode="normal", x="device", off=0,
        misaligned=False, opts=0, teams=0, threads=0, pad="none", out="ok", data="random",
        a=0, b=0):
    """One 16-byte call record. op/typ: names, or raw bytes (ints). opts: bits of r[8]
    (1 = options present, 4 SHUFFLE, 8 TREE, 16 unknown bit, 32 INPUT_HOST on device
    memory). teams/threads: small ints, or ('edge', k) for the edge tables."""
    def sel(v, table):
        return table[v] if isinstance(v, str) else v
    def edge(v):
        return 200 + v[1] if isinstance(v, tuple) else v
    return bytes([
        API[api], sel(op, {**OPS, **UDRS}), sel(typ, TYPES), DEV[dev], n & 255, n >> 8,
        NMODE[nmode], XKIND[x] | (off & 15) << 3 | (0x80 if misaligned else 0), opts,
        edge(teams), edge(threads), PAD[pad], OUT[out], DATA[data], a, b])


# Segmented and batched records (tests/fuzz/fuzz_segmented.h): edge tables of fz_seg_edge,
# offsets modes and faults.
EDGE = dict(small=0, p31=1, p32=2, p60=3, ptrdiff8=4, ptrdiff=5, sizemax8=6, sizemax_k=7)
OFFS = dict(valid=0, decrease=1, middle=2, last=3, first=4, same=5, past_end=6, all_edges=7)
FAULT = dict(none=0, x_null=4, offsets_null=5, results_null=6, x_misaligned=7)
SEGOPT = dict(none=0, exact=5, unknown_flag=6, scratchpad=7)


def segrec(batched=False, f64=False, dev="default", host=False, host_as_device=False,
           nseg=2, nseg_edge=None, offs="valid", edge="small", b=3, pos=0, fault="none",
           opt="none", teams=None, threads=None, salt=0):
    """One api-7 record. nseg_edge=(edge name, byte): the count from the edge table.
    edge, b: the value fz_seg_edge(EDGE[edge], b) that offsets modes 2-5 (or, batched,
    the length when offs is "last") put in; b's % 7 - 3 is the step from the edge
    (sizemax_k: SIZE_MAX - b % 64)."""
    r5 = (EDGE[nseg_edge[0]] << 2 | 3) if nseg_edge else 0
    r6 = nseg_edge[1] if nseg_edge else nseg
    r4 = (1 if host else 0) | (2 if host_as_device else 0) | (4 if teams is not None else 0)
    return bytes([API["segmented"], (1 if batched else 0) | (2 if f64 else 0), 0, DEV[dev], r4,
                  r5, r6, OFFS[offs], EDGE[edge], pos, b, FAULT[fault], SEGOPT[opt],
                  teams or 0, threads or 0, salt])


def exactrec(which, n=0, dev="default", host=False, op=0, typ=0, n_edge=None, fault="none",
             salt=0):
    """One api-8 record: which 0 sum f64, 1 sum f32, 2 dot f64, 3 dot f32, 4 redu_reduce
    (op, typ) with REDU_EXACT; n_edge=(edge name, byte) for n from the edge table."""
    r5 = (EDGE[n_edge[0]] << 2 | 3) if n_edge else 0
    r7 = n_edge[1] if n_edge else n & 255
    return bytes([API["exact"], which, op, DEV[dev], 1 if host else 0, r5, typ, r7,
                  0 if n_edge else n >> 8, 0, 0, {"none": 0, "x_null": 4, "y_null": 5,
                                                  "x_misaligned": 6}[fault], 0, 0, 0, salt])


def multirec(parts=0, form=0, n=5, drawn_devices=False, edge_part=None, fault="none",
             salt=0):
    """One api-9 record (tests/fuzz/fuzz_multi.h): parts index 0-7 (1, 2, 3, 4, 64, 0, -1, 65),
    form 0 sum f64, 1 max i32, 2 argmin f64, 3 exact sum f64; edge_part: that part's count
    past what any array holds."""
    r5, r6 = (3, edge_part) if edge_part is not None else (0, 0)
    return bytes([API["multi"], parts, form, 5, 3, r5, r6, n, 0, 7,
                  0, {"none": 0, "devices_null": 4, "xs_null": 5, "ns_null": 6,
                      "x_null": 7}[fault], 1 if drawn_devices else 0, 0, 0, salt])


def sbrec(form=0, b2=0, dev="default", n=100, nmode=0, xkind=0, off=0, flags=0, bad_key=False,
          pos=0, over=0, salt=0):
    """One api-10 record (tests/fuzz/fuzz_scan_bins.h): form 0 inclusive scan sum i32, 1
    exclusive scan sum i64 (b2: its init), 2 bins sum i32, 3 counts (b2: nbins, 250+ an
    edge); xkind 0-3 device, 4 host arrays, 5 x NULL, 6 misaligned, 7 output NULL; flags:
    bit 0 unknown, scans 2 in place, 4 shifted; bins 2 skip, 4 accumulate, 8 keys NULL."""
    return bytes([API["scan_bins"], form, b2, DEV[dev], n & 255, n >> 8, nmode,
                  xkind | (off & 15) << 3, flags, 3 if bad_key else 0, pos, over, salt, 0,
                  0, 0])


def seed(*records, tail=b""):
    assert 1 <= len(records) <= 3
    return bytes([len(records) - 1]) + b"".join(records) + tail


SEEDS = {
    "01_sum_f64_random": seed(rec("reduce", "sum", "f64", n=1000, a=1, b=2),
                              tail=bytes(range(7, 200, 7))),
    # palette indices: 0 +0, 1 -0, 8 NaN, 9 -NaN, 12 -inf, 17 min subnormal, 3 -1
    "02_argmin_f32_nan_negzero": seed(rec("typed", "argmin", "f32", dev="dev0", n=300,
                                          data="palette"),
                                      tail=bytes([0, 1, 3, 17, 1, 8, 12, 9, 0, 1, 12])),
    # constant 0x7fff (palette 9) with a few (position, value) pairs: ties everywhere
    "03_argmax_i16_ties": seed(rec("typed", "argmax", "i16", n=2000, data="constant", a=9),
                               tail=bytes([5, 9, 77, 9, 3, 2])),
    "04_band_u64_host_input_teams": seed(rec("reduce", "band", "u64", x="host_input", n=999,
                                             opts=1, teams=7, threads=4, a=3)),
    "05_udr_affine_ordered_tree": seed(rec("udr", "affine", n=777, opts=1 | 8, teams=5,
                                           threads=3, a=9, b=1)),
    "06_udr_lanes_scratchpad": seed(rec("udr", "lanes", n=1234, opts=1, teams=17, threads=2,
                                        pad="queried", data="raw"),
                                    tail=b"libredu fuzz seed: lane sums"),
    "07_udr_records_mapped_ties": seed(rec("udr", "records", x="mapped", n=100,
                                           data="palette"),
                                       tail=bytes([0, 1, 2, 1, 0, 4, 4, 3])),
    "08_argument_errors": seed(rec("reduce", 240, "f64", n=10),
                               rec("reduce", "sum", "f64", dev="int_min", n=10),
                               rec("typed", "argmax", "i32", n=10, out="index_null")),
    "09_overflow_wrap_null": seed(rec("reduce", "sum", "u8", nmode="overflow"),
                                  rec("typed", "prod", "i64", nmode="wrap"),
                                  rec("reduce", "min", "f32", x="null", nmode="zero")),
    # elem_size index 4 = 8 bytes, 7 = 12; acc_size index 7 = 24; len index 3 = 7 bytes
    "10_queries": seed(rec("plan_query", 0, 4, dev="dev0", n=5000),
                       rec("describe_plan", 0, 4, n=100, a=3),
                       rec("scratch_query", 7, 7, n=1000, opts=1, teams=("edge", 3))),
    "11_misaligned_x_and_pad": seed(rec("typed", "sum", "i32", n=50, misaligned=True, a=1),
                                    rec("reduce", "lor", "f64", n=64, opts=1, teams=2,
                                        pad="misaligned", b=3)),
    "12_finalize_then_reduce": seed(rec("finalize"),
                                    rec("reduce", "bxor", "i8", dev="initial", n=4096,
                                        data="raw"),
                                    tail=bytes(range(256))),
    "13_bad_options": seed(rec("reduce", "sum", "f32", n=100, opts=1 | 4 | 8),
                           rec("typed", "max", "u32", n=100, opts=1 | 16, b=5),
                           rec("reduce", "prod", "f32", n=100, opts=1, threads=("edge", 5))),
    # palette: 4 2.0, 6 0.5, 3 -1, 13 MAX, 19 1e30, 1 -0
    "14_float_prod_sum_land": seed(rec("typed", "prod", "f32", n=40, data="palette"),
                                   rec("typed", "land", "f64", n=16, data="palette"),
                                   rec("reduce", "sum", "f32", n=64, data="palette", off=3),
                                   tail=bytes([4, 6, 3, 6, 4, 13, 19, 1, 4, 6])),
    # offsets {o0, SIZE_MAX - 3, ...}: the middle offset near SIZE_MAX, device offsets
    "15_segmented_size_max_middle": seed(segrec(offs="middle", edge="sizemax_k", b=3),
                                         segrec(f64=True, offs="middle", edge="sizemax_k", b=60),
                                         tail=bytes(range(1, 60))),
    # the last offset a few elements past x's end, u8 (the declared reduction too)
    "16_segmented_past_end_u8": seed(segrec(nseg=2, offs="past_end", b=8),
                                     segrec(f64=True, nseg=5, offs="past_end", b=0),
                                     tail=bytes(range(3, 90, 3))),
    # host arrays: the last offset 2^60 (refused before anything is mapped)
    "17_segmented_host_2p60": seed(segrec(host=True, offs="last", edge="p60", b=3),
                                   segrec(host=True, f64=True, offs="last", edge="p60", b=3),
                                   segrec(host=True, offs="first", edge="p32", b=4)),
    # batched: lengths and counts at 2^31, 2^32, SIZE_MAX / 8; a decrease; bad arguments
    "18_batched_and_bad_input": seed(segrec(batched=True, offs="last", edge="p32", b=2,
                                            nseg_edge=("p31", 3)),
                                     segrec(nseg=9, offs="decrease", pos=4, fault="x_null"),
                                     segrec(batched=True, f64=True, nseg=7, b=13, opt="exact",
                                            fault="x_misaligned")),
    # exact sums and dots, and REDU_EXACT on an op it does not apply to
    "19_exact": seed(exactrec(0, n=1000), exactrec(3, n=300, host=True),
                     exactrec(4, op=OPS["prod"], typ=TYPES["f64"], n=10),
                     tail=bytes(range(0, 250, 5))),
    # several devices: valid parts, one part past any array, an invalid device list
    "20_multi": seed(multirec(parts=2, form=2, n=40), multirec(parts=4, form=3, edge_part=1),
                     multirec(parts=3, form=1, drawn_devices=True, fault="x_null"),
                     tail=bytes(range(3, 250, 11))),
    # scans: in place, an init, host arrays; bins: a bad key, skipped or not, counts
    "21_scans": seed(sbrec(0, n=1500, flags=2), sbrec(1, b2=200, n=700, off=3),
                     sbrec(0, n=40, xkind=4, flags=4), tail=bytes(range(250, 0, -3))),
    "22_bins": seed(sbrec(2, b2=37, n=1999, bad_key=True, pos=9, over=4),
                    sbrec(3, b2=199, n=1200, xkind=4, flags=2 | 4, bad_key=True, pos=200),
                    sbrec(2, b2=0, n=5, flags=8), tail=bytes(range(1, 256, 2))),
}

if __name__ == "__main__":
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    os.makedirs(here, exist_ok=True)
    for name in os.listdir(here):
        if name.endswith(".bin"):
            os.remove(os.path.join(here, name))
    for name, data in SEEDS.items():
        with open(os.path.join(here, name + ".bin"), "wb") as f:
            f.write(data)
    print(f"{len(SEEDS)} seeds in {here}")
