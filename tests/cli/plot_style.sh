#!/usr/bin/env bash
# The paper style and the papers' symbols of plot (docs/manual.md section 11, "Paper style" and
# "Symbols"): --style paper is a journal's single column (252 x 216 pt: 3.5 in = 252 pt),
# --style paper-wide its double column (518 x 324 pt: 7.2 in = 518.4 pt), every text in DejaVu
# Serif at 7.3..9.4 pt (tick labels 8 pt; titles at most 9.3 pt), strokes at most 1.5 pt, the labels disjoint; the axis
# labels in Greek letters with subscripts; --output FILE.pdf a PDF of that page size whose fonts
# are all embedded (pdffonts' emb column, and independently every font descriptor of the file
# carrying a /FontFile, /FontFile2 or /FontFile3 stream).
# Usage: bash plot_style.sh BIN_DIR SHARE_DIR
source "$(dirname "$0")/common.bash"
cli_setup plot "$@"
require_tools plot_style xmllint rsvg-convert  # libxml2-utils, librsvg2-bin; pdffonts (poppler-utils) if present
labels="$(dirname "$0")/check_labels.py"
disc="$share/problems/disc.json"
ball="$share/problems/ball.json"

"$bin/sweep-force" "$disc" --from 0 --to 1.5 >"$tmp/diagram.json"
"$bin/bifurcation-map" "$ball" --x lambda --x-range 0.15,1.2 --y force --y-range 0,4 >"$tmp/map.json" 2>/dev/null

# paper NAME W H ARGS...: plot ARGS into $tmp/NAME.svg, W x H, in the paper style's fonts and lines.
# H+ : at least H tall (the paper styles grow a figure in height for its legend, never in width).
paper() {
  local name=$1 w=$2 h=$3 what out
  shift 3
  run "$@"
  if [[ $h == *+ ]]; then
    local grown
    grown=$(python3 -c "import sys, xml.etree.ElementTree as ET; print(ET.parse(sys.argv[1]).getroot().get('height'))" "$tmp/stdout")
    python3 -c "import sys; sys.exit(not float(sys.argv[1]) >= float(sys.argv[2]))" "$grown" "${h%+}" ||
      { fail "plot $* ($name): $grown px tall, less than the style's ${h%+}"; return; }
    h=$grown
  fi
  what=$(rendered "$name" "$w" "$h")
  [[ -z $what ]] || { fail "plot $* ($name):$what"; return; }
  out=$(python3 - "$tmp/$name.svg" "${widest_stroke:-1.5}" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
texts = list(root.iter(ns + "text"))
bad = [t.get("font-family") for t in texts if t.get("font-family") != "DejaVu Serif, serif"]
# 8 pt tick labels; legends 11/12 of them (7.33), axis labels 13/12 (8.67), titles (bold) 14/12
# (9.33) at most: a title longer than the column shrinks to its width (docs/manual.md section 11)
sizes = [float(t.get("font-size")) for t in texts if t.get("font-weight") != "bold"]
titles = [float(t.get("font-size")) for t in texts if t.get("font-weight") == "bold"]
wrong = [s for s in sizes if not 7.3 <= s <= 9.34] + [s for s in titles if s > 9.34]
widths = [float(e.get("stroke-width")) for e in root.iter() if e.get("stroke-width") is not None]
if bad: print("font-family", bad[0])
elif wrong: print("font sizes", sorted(set(wrong)))
elif max(widths) > float(sys.argv[2]): print("a stroke", max(widths), "pt wide")
PY
)
  [[ -z $out ]] || { fail "plot $* ($name): $out"; return; }
  if out=$(python3 "$labels" "$tmp/$name.svg"); then
    echo "ok: plot $* -> $w x $h, DejaVu Serif 7.3..9.3 pt, strokes <= 1.5 pt, $out"
  else
    fail "plot $* ($name): $out"
  fi
}

paper map-paper 252 216 "$tmp/map.json" --style paper
paper map-wide 518 324 "$tmp/map.json" --style paper-wide
paper diagram-paper 252 216+ "$tmp/diagram.json" --style paper --y psi
paper diagram-wide 518 324 "$tmp/diagram.json" --style paper-wide --y psi

# drawn whole in the paper styles: the info lines under the (absent) title of overlaid roll and
# celt runs and of a celt comparison wrapped, never cut with "..."; the diagram's legend never
# left out (the single column grows in height for it) and every colour and dash drawn in a frame
# keyed in it
"$bin/roll" "$share/problems/roll-fig3a.json" >"$tmp/roll-a.json"
"$bin/roll" "$share/problems/roll-fig3b.json" >"$tmp/roll-b.json"
"$bin/celt" "$share/problems/celt.json" --t-end 1 >"$tmp/celt-plus.json" 2>/dev/null
jq '.initial.omega[2] = -3' "$share/problems/celt.json" >"$tmp/celt-minus-problem.json"
"$bin/celt" "$tmp/celt-minus-problem.json" --t-end 1 >"$tmp/celt-minus.json" 2>/dev/null
"$bin/celt" "$share/problems/celt.json" --compare --t-end 1 >"$tmp/celt-compare.json" 2>/dev/null
# the roll panels' and the comparison's long y labels no smaller than 7.33 pt (11/12 of the tick
# labels): the single column grows in height for them (H+), as for a legend
for style in paper:252:216+ paper-wide:518:324+; do
  IFS=: read -r st w h <<<"$style"
  for fig in "roll-$st $tmp/roll-a.json $tmp/roll-b.json" "celt-$st $tmp/celt-plus.json $tmp/celt-minus.json" \
             "compare-$st $tmp/celt-compare.json"; do
    read -r name files <<<"$fig"
    # shellcheck disable=SC2086  # the files are words
    paper "$name" "$w" "$h" $files --style "$st"
  done
done
# the comparison's notes under its frame (here every model outside the --x-range) wrapped whole too
paper compare-notes 252 216+ "$tmp/celt-compare.json" --style paper --x-range 0:1

# a roll run alone, a heat map of a scan summary (its class names, the single column's legend
# below the map: the figure grown for it, never left out) and a fit (its rows' text and the note
# under the absent title wrapped whole; its frames grown for their text): every text at 7.3 pt
# at least, none cut (below); their bands are wider than a line: the fit's 95 % intervals (5 px
# x 0.6) and the white halo of the heat map's crosses (3.4 px x 0.6), 3 pt at most
# (widest_stroke)
python3 "$(dirname "$0")/check_heatmap.py" make "$tmp/summary.json"
make_fit_data="$(dirname "$0")/make_fit_data.py"
printf '{"schema": "limitdir.problem/1", "system": {"preset": "disc", "j": 0.5}, "contact": {"pressure": "hertz", "distortion": {"d": 0.3, "gamma": 0.5}}, "friction": {"model": "kudra-pade", "b_T": %s, "b_M": %s, "m_T": %s, "m_M": %s}, "rho": 0.6, "force": 0}\n' \
  1 1 1 1 >"$tmp/start.json"
sed 's/"b_T": 1, "b_M": 1, "m_T": 1, "m_M": 1/"b_T": 0.8, "b_M": 1.3, "m_T": 1.1, "m_M": 0.9/' "$tmp/start.json" >"$tmp/truth.json"
python3 "$make_fit_data" "$bin" "$tmp/truth.json" 150 1 0.01 q "$tmp/q.csv"
bound='"start": 1, "lower": 0.1, "upper": 3'
printf '{"schema": "limitdir.fit/1", "problem": "start.json", "data": "q.csv", "parameters": [{"key": "friction.b_T", %s}, {"key": "friction.b_M", %s}, {"key": "friction.m_T", %s}, {"key": "friction.m_M", %s}]}\n' \
  "$bound" "$bound" "$bound" "$bound" >"$tmp/q.json"
"$bin/fit" "$tmp/q.json" >"$tmp/fit.json" || fail "fit q.json: exit $?"
"$bin/pile" "$share/problems/pile.json" --every 0 --set spheres.count=20 --set stepping.t_end=2 >"$tmp/pile.json" 2>/dev/null ||
  fail "pile (20 spheres): exit $?"
"$bin/elliptic-series" --points 20 >"$tmp/series.json" || fail "elliptic-series: exit $?"
# the limit directions of Case 1 of Fig. 11 [Nonlinear Dyn. 2024] (single column: the hemispheres
# stacked, their captions and the whole legend at 7.33 pt), with Case 3 side by side, and the pressure figure of Fig. 5
# [Kudra & Awrejcewicz 2013] (single column: panel (a) above panel (b), the note wrapped)
"$bin/find-limits" "$disc" --force 1.2 >"$tmp/limits.json" || fail "find-limits (Case 1): exit $?"
"$bin/find-limits" "$disc" --force 0.2 >"$tmp/limits3.json" || fail "find-limits (Case 3): exit $?"
# two roll runs differing in 5 keys: on screen the legend names 3 and ", ...", in print all 5
"$bin/roll" "$share/problems/roll-fig3b.json" --set friction.mu=0.3 --set friction.mu_r=0.02 --set sphere.radius=0.4 \
  --set gravity=9.8 --set sphere.j=0.5 >"$tmp/roll-keys.json" 2>/dev/null || fail "roll (5 keys set): exit $?"
printf '%s\n' '{"schema": "limitdir.problem/1", "system": {"preset": "plate"}, "contact": {"shape": {"ellipse": [1, 0.5]}, "pressure": "hertz", "distortion": {"d": 1, "gamma": 0.7853981633974483}}, "friction": {"model": "kudra-w", "u0": [1, 1, 1]}, "rho": "R", "force": 0, "name": "Fig. 5: Hertz pressure on the ellipse b = 0.5 distorted by (16), d = 1, gamma = pi/4"}' \
  >"$tmp/pressure.json"
cut_names=()
for style in paper:252:216+ paper-wide:518:324+; do
  IFS=: read -r st w h <<<"$style"
  paper "roll1-$st" "$w" "$h" "$tmp/roll-a.json" --style "$st"
  widest_stroke=3 paper "heat-class-$st" "$w" "$h" "$tmp/summary.json" --colour-by class --style "$st"
  widest_stroke=3 paper "heat-mean-$st" "$w" "$h" "$tmp/summary.json" --style "$st"
  widest_stroke=3 paper "fit-$st" "$w" "$h" "$tmp/fit.json" --style "$st"
  for k in 1 2 3; do widest_stroke=3 paper "fit$k-$st" "$w" "$h" "$tmp/fit.json" --style "$st" --panel "$k"; done
  paper "pile-$st" "$w" "$h" "$tmp/pile.json" --style "$st"  # single column: the views stacked
  paper "series-$st" "$w" "$h" "$tmp/series.json" --style "$st"  # Fig. 13 [Kudra & Awrejcewicz 2013]
  paper "limits-$st" "$w" "$h" "$tmp/limits.json" --style "$st"
  paper "pressure-$st" "$w" "$h" "$tmp/pressure.json" --style "$st"
  # Cases 1 and 3 as Figs 11-12 (a single column: stacked, 2 reports a row; a double one: the pairs side by side)
  paper "cases-$st" "$w" "$h" "$tmp/limits.json" "$tmp/limits3.json" --style "$st"
  paper "keys-$st" "$w" "$h" "$tmp/roll-b.json" "$tmp/roll-keys.json" --style "$st"
  cut_names+=("roll1-$st" "heat-class-$st" "heat-mean-$st" "fit-$st" "fit1-$st" "fit2-$st" "fit3-$st" "pile-$st"
              "series-$st" "limits-$st" "pressure-$st" "cases-$st" "keys-$st")
done
# the titles (bold) of those figures no smaller than the rest either: 7.3 pt at least
for name in limits-paper limits-paper-wide pressure-paper pressure-paper-wide cases-paper cases-paper-wide; do
  out=$(python3 - "$tmp/$name.svg" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
small = sorted({float(t.get("font-size")) for t in ET.parse(sys.argv[1]).getroot().iter(ns + "text")
                if float(t.get("font-size")) < 7.3})
if small: print("texts at", small, "pt")
PY
)
  [[ -z $out ]] && echo "ok: $name: every text at 7.3 pt at least" || fail "$name: $out"
done
for name in "${cut_names[@]}"; do
  out=$(python3 - "$tmp/$name.svg" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
texts = ["".join(t.itertext()) for t in ET.parse(sys.argv[1]).getroot().iter(ns + "text")]
cut = [t for t in texts if "..." in t or "\u2026" in t]
left = [t for t in texts if "left out" in t]
if cut: print("a text cut:", cut[0])
elif left: print(left[0])
PY
)
  [[ -z $out ]] && echo "ok: $name: no text cut or left out" || fail "$name: $out"
done
run "$tmp/roll-b.json" "$tmp/roll-keys.json"
grep -q "gravity = 9.8, \.\.\.: X" "$tmp/stdout" && grep -q ">j = 0.5, radius = 0.4: X" "$tmp/keys-paper.svg" &&
  echo "ok: the runs' legend names 3 of the 5 keys on screen, all 5 in print" || fail "the runs' legend does not name 3 keys on screen, 5 in print"
grep -q ">W1, O, P1&apos;, P3&apos;, P1</text>" "$tmp/compare-notes.svg" &&
  echo "ok: compare-notes: the notes name every model outside the range" || fail "compare-notes: the notes do not name every model"
for name in roll-paper roll-paper-wide celt-paper celt-paper-wide compare-paper compare-paper-wide compare-notes diagram-paper diagram-wide; do
  out=$(python3 - "$tmp/$name.svg" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
cut = ["".join(t.itertext()) for t in root.iter(ns + "text") if "..." in "".join(t.itertext()) or "\u2026" in "".join(t.itertext())]
legend = [g for g in root.iter(ns + "g") if g.get("class") == "legend"]
keyed = {(e.get("stroke"), bool(e.get("stroke-dasharray"))) for g in legend for e in g if e.tag == ns + "line"}
drawn = {(e.get("stroke"), bool(e.get("stroke-dasharray"))) for g in root.iter(ns + "g")
         if g.get("clip-path") and g.get("class") != "regions" for e in g
         if e.tag in (ns + "polyline", ns + "path") and e.get("stroke") not in (None, "none")}
said = " ".join("".join(t.itertext()) for g in legend for t in g.iter(ns + "text"))
unkeyed = sorted({c for c, _ in drawn} - {c for c, _ in keyed})
if any(d for _, d in drawn) and not any(d for _, d in keyed): unkeyed.append("a dashed line")
if cut: print("a text cut with ...:", cut[0])
elif "left out" in said: print("legend:", said)
elif "compare" not in sys.argv[1] and not legend: print("no legend")  # a comparison labels its points
elif unkeyed: print("drawn without a legend entry:", unkeyed)
PY
)
  [[ -z $out ]] && echo "ok: $name: no text cut, every colour and dash drawn keyed in its legend" || fail "$name: $out"
done
# --width, --height and --font-size given override the style's
run "$tmp/map.json" --style paper --width 300 --height 240
what=$(rendered map-300 300 240)
[[ -z $what ]] && echo "ok: --style paper --width 300 --height 240 is 300 x 240" || fail "--style paper --width 300:$what"

# the symbols: the map's x axis lambda, the diagram's psi in (-pi/2, 3 pi/2] and theta = asin w3 (subscript 3)
axis_labels() {
  python3 -c "
import sys, xml.etree.ElementTree as ET
ns = '{http://www.w3.org/2000/svg}'
for t in ET.parse(sys.argv[1]).getroot().iter(ns + 'text'):
    subs = ''.join('_' + (s.text or '') + (s.tail or '') for s in t.iter(ns + 'tspan') if s.get('baseline-shift') == 'sub')
    print((t.text or '') + subs)" "$1"
}
grep -x "λ" >/dev/null <(axis_labels "$tmp/map-paper.svg") && echo "ok: the map's x axis is λ" || fail "the map's x axis is not λ"
grep -x "ψ in (−π/2, 3 π/2\] \[rad\]" >/dev/null <(axis_labels "$tmp/diagram-paper.svg") &&
  echo "ok: the diagram's y axis is ψ in (−π/2, 3 π/2] [rad]" || fail "the diagram's y axis is not ψ in (−π/2, 3 π/2]"
run "$tmp/diagram.json"
cp "$tmp/stdout" "$tmp/diagram-theta.svg"
grep -x "θ = asin w_3 \[rad\]" >/dev/null <(axis_labels "$tmp/diagram-theta.svg") &&
  echo "ok: the default diagram's y axis is θ = asin w with the subscript 3" || fail "the diagram's y axis is not θ = asin w_3"
grep -q ' w<tspan baseline-shift="sub" font-size="[0-9.]*">3</tspan> \[rad\]</text>' "$tmp/diagram-theta.svg" &&
  echo "ok: w3 is w with a subscript <tspan>" || fail "w3 is not a subscript <tspan>"
! grep -q '>[^<]*\blambda\b' "$tmp/map-wide.svg" && ! grep -q '>[^<]*\btheta\b' "$tmp/diagram-theta.svg" &&
  echo "ok: no text says lambda or theta in ASCII" || fail "a text still says lambda or theta"

# the figure's title (docs/manual.md section 11, "Titles"): none in the paper styles (the caption
# carries it); with --title the screen figure's one-line title whole on at most 3 lines of >= 8 pt
# inside the column; the event markers scaled as the text: r = 5 px on screen, 5 x 8/12 at 8 pt
run "$tmp/diagram.json"
cp "$tmp/stdout" "$tmp/diagram-screen.svg"
paper diagram-titled 252 216+ "$tmp/diagram.json" --style paper --title
out=$(python3 - "$tmp/diagram-screen.svg" "$tmp/diagram-paper.svg" "$tmp/diagram-titled.svg" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
screen, paper, titled = (ET.parse(p).getroot() for p in sys.argv[1:])
def titles(root):  # the bold texts of more than one word: the title's lines (event letters are one letter)
    return [t for t in root.iter(ns + "text") if t.get("font-weight") == "bold" and " " in "".join(t.itertext())]
def words(ts):
    return " ".join("".join(t.itertext()) for t in ts).split()
want = words(titles(screen))
if len(titles(screen)) != 1: print("the screen figure has", len(titles(screen)), "title lines")
elif titles(paper): print("the paper figure has a title:", words(titles(paper)))
elif words(titles(titled)) != want: print("--title draws", words(titles(titled)), "not", want)
elif not 1 <= len(titles(titled)) <= 3: print("--title on", len(titles(titled)), "lines")
elif min(float(t.get("font-size")) for t in titles(titled)) < 8: print("a title line below 8 pt")
else:
    def radii(root): return sorted({float(c.get("r")) for c in root.iter(ns + "circle")})
    def tick(root): return min(float(t.get("font-size")) for t in root.iter(ns + "text"))
    scale = tick(paper) / tick(screen)  # 8 / 12: the text's scale
    # the SVG's numbers have 2 decimals: within 0.005 px
    if radii(screen) != [5.0] or len(radii(paper)) != 1 or abs(radii(paper)[0] - 5.0 * scale) > 0.005:
        print("event markers", radii(screen), "on screen,", radii(paper), "in paper, not 5 and", 5.0 * scale)
PY
)
[[ -z $out ]] && echo "ok: paper figures have no title, --title draws it whole on <= 3 lines >= 8 pt, markers at 8/12" ||
  fail "titles and markers of the paper style: $out"

# --output FILE.pdf in the paper style: a 252 x 216 pt page, every font embedded
for style in paper paper-wide; do
  run "$tmp/map.json" --style "$style" --output "$tmp/map-$style.pdf"
  [[ $rc -eq 0 && ! -s $tmp/stdout ]] || fail "--style $style --output map.pdf: exit code $rc, $(head -c 300 "$tmp/stderr")"
  [[ $(head -c 5 "$tmp/map-$style.pdf") == "%PDF-" ]] && echo "ok: --style $style --output map.pdf starts with %PDF-" ||
    fail "--style $style: map.pdf does not start with %PDF-"
  # pdffonts: a header of 2 lines, then one line per font; emb is the 5th column from the end
  if command -v pdffonts >/dev/null; then
    fonts=$(pdffonts "$tmp/map-$style.pdf" | tail -n +3)
    count=$(grep -c . <<<"$fonts")
    embedded=$(awk '{ if ($(NF-4) == "yes") n++ } END { print n + 0 }' <<<"$fonts")
    [[ $count -ge 1 && $embedded -eq $count ]] && echo "ok: pdffonts lists $count fonts, all embedded" ||
      fail "--style $style: pdffonts lists $count fonts, $embedded embedded: $fonts"
  else
    echo "note: pdffonts not found (poppler-utils, scripts/install-deps.sh): the font descriptors below are the check"
  fi
  out=$(python3 - "$tmp/map-$style.pdf" "$style" <<'PY'
import re, sys
pdf = open(sys.argv[1], "rb").read()
want = {"paper": (252, 216), "paper-wide": (518, 324)}[sys.argv[2]]
box = re.search(rb"/MediaBox\s*\[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\]", pdf)
if not box or (float(box.group(1)), float(box.group(2))) != want:
    print("MediaBox", box.group(0) if box else None, "want", want)
# every font descriptor (one per font that is not Type 3) names its embedded font program
descriptors = re.findall(rb"/Type\s*/FontDescriptor(.*?)>>", pdf, re.S)
if not descriptors:
    print("no font descriptor")
missing = [d for d in descriptors if not re.search(rb"/FontFile[23]?\s", d)]
if missing:
    print(len(missing), "of", len(descriptors), "font descriptors without /FontFile")
PY
)
  [[ -z $out ]] && echo "ok: --style $style: the PDF page is the column's size and every font descriptor has its font file" ||
    fail "--style $style PDF: $out"
done

expect_bad "--style: must be screen, paper or paper-wide (got \"poster\")" "$tmp/map.json" --style poster
cli_finish plot_style
