#!/usr/bin/env bash
# Measures a change of wap's generator or training on the benchmark's dev set over several draws of the
# generated problems and several training seeds, one training at a time (each trains its models at once,
# on every core): a change of the generator changes the draw, and the draw alone moves the dev set by
# two to five points.
#
#   scripts/dev_experiment.sh OUT "PREPARE FLAGS" "TRAIN FLAGS" "DRAWS" "SEEDS"
#   scripts/dev_experiment.sh /tmp/exp/dropout "" "--word-dropout 0.15" "1 2 3" "1 2"
#
# builds wap from this checkout into OUT/bin, prepares `wap prepare --synthetic --seed D` for each draw D
# (OUT/draw-D), trains `wap train --seed S` on it (OUT/draw-D/seed-S) and evaluates `wap eval --bench dev
# --json` (OUT/draw-D/seed-S.json); what is already there is not done again. It prints each run's dev
# accuracy and the mean ± standard deviation over all runs and per draw.
set -euo pipefail
if [ $# -ne 5 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
out=$1 prep=$2 train=$3 draws=$4 seeds=$5
mkdir -p "$out"
out=$(cd "$out" && pwd)
(cd "$(dirname "$0")/.." && go build -o "$out/bin/" ./cmd/wap)
wap=$out/bin/wap
for d in $draws; do
  [ -f "$out/draw-$d/prepared.json" ] || $wap prepare --synthetic --seed "$d" $prep --out "$out/draw-$d" >/dev/null
done
jobs=()
for d in $draws; do
  for s in $seeds; do
    [ -f "$out/draw-$d/seed-$s.json" ] && continue
    jobs+=("$wap train --data $out/draw-$d --model $out/draw-$d/seed-$s --seed $s $train >$out/draw-$d/seed-$s.log 2>&1 && $wap eval --model $out/draw-$d/seed-$s --bench dev --json >$out/draw-$d/seed-$s.json.tmp && mv $out/draw-$d/seed-$s.json.tmp $out/draw-$d/seed-$s.json")
  done
done
if [ ${#jobs[@]} -gt 0 ]; then
  printf '%s\0' "${jobs[@]}" | xargs -0 -P 1 -I{} bash -c {}
fi
python3 - "$out" $draws <<'PY'
import json, statistics as st, sys, glob, os
out, draws = sys.argv[1], sys.argv[2:]
def summary(v):
    return '%.1f ± %.1f (%d runs)' % (st.mean(v), st.stdev(v) if len(v) > 1 else 0, len(v))
every = []
for d in draws:
    v = []
    for f in sorted(glob.glob(f'{out}/draw-{d}/seed-*.json')):
        a = json.load(open(f))['accuracy']
        v.append(a)
        print(f'draw {d} {os.path.basename(f)[:-5]}: {a}')
    every += v
    if v:
        print(f'draw {d}: {summary(v)}')
if every:
    print(f'all: {summary(every)}')
PY
