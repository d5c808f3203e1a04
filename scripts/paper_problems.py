#!/usr/bin/env python3
"""Problem files of two figures drawn from fitted values, written into OUT_DIR; used by
scripts/generate-figures.sh and scripts/reproduce-papers.sh.

  celt-fig3 FITS_DIR OUT_DIR: Fig. 3 of [Awrejcewicz & Kudra, Celtic stone] from the refitted
      models (docs/manual.md section 16, the fits' values to 4 digits): fig3-O.json,
      fig3-P3prime.json, fig3-P1.json and fig3-W1.json (the reference run of the fits);
  kudra-approximants FIT_FILE OUT_DIR: Figs 8-9 of [Kudra & Awrejcewicz 2013]: the four fitted
      approximants of manual section 16's table, kudra-I00.json ... kudra-I31.json.
"""
import json
import sys

CELT_REFITS = {"O": ("celt-O.json", "O refitted", {"mu": 0.3401, "a_hat": 0.0007692, "b": 0.2534, "S3": 0.2745}),
               "P3prime": ("celt-P3prime.json", "P3' refitted", {"mu": 0.2157, "a_hat": 0.001208, "b": 0.1087,
                           "S0": 0.07515, "S2": 0.2651, "S3": 0.446, "k_r": 0.3132}),
               "P1": ("celt-P1.json", "P1 refitted", {"mu": 0.2162, "a_hat": 0.001336})}
# (order, b_T, b_M, m_T, m_M) of each approximant, docs/manual.md section 16
KUDRA_SETS = {"I00": (1, 0.5665, 0.3806, 2.2500, 2.5917), "I11": (3, 0.0763, 0.2404, 0.6843, 0.7288),
              "I21": (5, 0.0241, 0.0307, 0.7804, 1.2352), "I31": (7, 0.0052, 0.0090, 0.7626, 1.0284)}


def celt_fig3(fits, out):
    for key, (name, title, values) in CELT_REFITS.items():
        p = json.load(open(fits + "/" + name))["problem"]
        p["name"] = title
        p["contact"].update(values)
        json.dump(p, open(out + "/fig3-" + key + ".json", "w"))
    fit = json.load(open(fits + "/celt-P1.json"))
    p = fit["problem"]
    p.update(fit["data"]["trajectory"])
    p["name"] = "W1, the reference run"
    json.dump(p, open(out + "/fig3-W1.json", "w"))


def kudra_approximants(fit_file, out):
    p = json.load(open(fit_file))["problem"]
    for key, (order, b_T, b_M, m_T, m_M) in KUDRA_SETS.items():
        p["friction"].update({"order": order, "b_T": b_T, "b_M": b_M, "m_T": m_T, "m_M": m_M})
        json.dump(p, open(out + "/kudra-" + key + ".json", "w"))


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("celt-fig3", "kudra-approximants"):
        print("usage: paper_problems.py celt-fig3|kudra-approximants SOURCE OUT_DIR", file=sys.stderr)
        sys.exit(2)
    (celt_fig3 if sys.argv[1] == "celt-fig3" else kudra_approximants)(sys.argv[2], sys.argv[3])
