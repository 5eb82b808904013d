#!/usr/bin/env bash
# The equality suite: the same seed gives byte-identical files and reports
# equal apart from seconds, before and after a change that must not change
# behaviour (a restructuring, a speed-up).
#
#   scripts/equality.sh BEFORE [AFTER]
#
# BEFORE and AFTER are revisions (AFTER defaults to the work tree as it is).
# Each is built into its own directory, and the same commands run in each,
# from the same inputs: d4 train, eval, run and export on sketches/max.fth;
# tasks sort and add (∂4 and the Seq2Seq baseline); wap prepare of generated
# problems, of CC and of a SVAMP fold; wap train, eval and answer on each.
# Then every file the commands wrote and every report they printed is
# compared: files byte for byte, except that times (a JSON field of seconds
# or milliseconds, a figure followed by "s" or "ms") are masked in reports,
# config.json and checkpoints.
# It prints one line a difference and exits 1 when there is any.
#
# It needs the data beside the repository (../shared/data/cc and
# ../shared/data/svamp, or SHARED=DIR) and takes about ten minutes on two
# cores.
set -euo pipefail
before=${1:?usage: scripts/equality.sh BEFORE [AFTER]}
after=${2:-}
root=$(git rev-parse --show-toplevel)
shared=${SHARED:-$root/../shared}
for d in "$shared/data/cc" "$shared/data/svamp/cv_mawps/fold0"; do
  [ -d "$d" ] || { echo "equality.sh: no $d (set SHARED to the directory holding data/cc and data/svamp)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/src-before" 2>/dev/null || true; git -C "$root" worktree remove --force "$work/src-after" 2>/dev/null || true' EXIT

# build REV NAME: the three commands of revision REV (or the work tree) into $work/NAME/bin.
build() {
  local src=$root
  if [ -n "$1" ]; then
    src=$work/src-$2
    git -C "$root" worktree add --detach --quiet "$src" "$1"
  fi
  mkdir -p "$work/$2/bin"
  for c in d4 wap tasks; do (cd "$src" && go build -o "$work/$2/bin/$c" "./cmd/$c"); done
  cp -r "$src/sketches" "$src/examples" "$work/$2/"
}

# run NAME: the suite's commands in $work/NAME, each report in reports/K.
run() {
  local dir=$work/$1 k=0
  cd "$dir"
  mkdir -p reports
  export PATH="$dir/bin:$PATH"
  while IFS= read -r cmd; do
    [ -z "$cmd" ] && continue
    k=$((k + 1))
    printf '$ %s\n' "$cmd" > "reports/$(printf %02d $k)"
    bash -c "$cmd" >> "reports/$(printf %02d $k)" 2>/dev/null || echo "exit $?" >> "reports/$(printf %02d $k)"
  done <<EOF
d4 train --sketch sketches/max.fth --train examples/max_train.jsonl --dev examples/max_dev.jsonl --model models/max --json
d4 eval --model models/max --data examples/max_test.jsonl --json
d4 run --model models/max --stack "3 14 7 0 9 15 2 11 6 8 10"
d4 export --model models/max
tasks sort --sketch compare --train-len 3 --test-len 8 --json
tasks sort --sketch permute --train-len 2 --test-len 8 --json
tasks add --sketch choose --train-len 2 --test-len 8 --json
tasks sort --model seq2seq --train-len 2 --test-len 4 --json
wap prepare --synthetic --sizes 2000,100,100 --out data/prepared --json
wap train --data data/prepared --model models/wap --models 2 --epochs 2 --json
wap eval --data data/prepared --model models/wap --json
wap answer --model models/wap --json "A florist had 50 roses. If she sold 15 of them and then later picked 21 more, how many roses would she have?"
wap prepare $shared/data/cc --generated 1000 --out data/prepared-cc --json
wap train --data data/prepared-cc --sketch sketches/wap.fth --model models/cc --models 1 --epochs 2 --json
wap eval --data data/prepared-cc --model models/cc --split test --json
wap prepare $shared/data/svamp/cv_mawps/fold0 --out data/mawps0 --json
wap train --data data/mawps0 --model models/mawps0 --models 1 --epochs 2 --batch 32 --json
wap eval --data data/mawps0 --model models/mawps0 --json
EOF
}

build "$before" before
build "$after" after
(run before)
(run after)

# mask: a report, config.json or a checkpoint (whose header holds the
# training's state as escaped JSON) with its times masked: a field of
# seconds or milliseconds, a figure followed by s or ms, and the checksums
# of the files that hold times (checkpoints, members' config.json).
mask() {
  LC_ALL=C sed -E 's/(\\?"([a-z_]*seconds[a-z_]*|ms_[a-z_]*|[a-z_]*_ms)\\?": *)[0-9.e+-]+/\1T/g; s/[0-9]+(\.[0-9]+)? ?(s|ms)\b/Ns/g; s/("[^"]*(checkpoint\.safetensors|config\.json)": *")[0-9a-f]{64}/\1H/g' "$1"
}

# same_checkpoint A B: two safetensors checkpoints hold the same tensors
# byte for byte and the same header but for its times (its length, hence
# its padding, may differ with them).
same_checkpoint() {
  local la lb
  la=$(od -An -t u8 -N8 "$1" | tr -d ' ') lb=$(od -An -t u8 -N8 "$2" | tr -d ' ')
  cmp -s <(tail -c +$((9 + la)) "$1") <(tail -c +$((9 + lb)) "$2") &&
    cmp -s <(head -c $((8 + la)) "$1" | tail -c "$la" | mask /dev/stdin | sed 's/ *$//') \
      <(head -c $((8 + lb)) "$2" | tail -c "$lb" | mask /dev/stdin | sed 's/ *$//')
}
status=0
cd "$work"
while IFS= read -r f; do
  a=before/$f b=after/$f
  if [ ! -e "$b" ]; then echo "only before: $f"; status=1; continue; fi
  case "$f" in
    reports/*|*config.json) cmp -s <(mask "$a") <(mask "$b") || { echo "differs: $f"; status=1; } ;;
    *checkpoint.safetensors) same_checkpoint "$a" "$b" || { echo "differs: $f"; status=1; } ;;
    *) cmp -s "$a" "$b" || { echo "differs: $f"; status=1; } ;;
  esac
done < <(cd before && find reports models data -type f ! -name '*.lock' | sort)
while IFS= read -r f; do
  [ -e "before/$f" ] || { echo "only after: $f"; status=1; }
done < <(cd after && find reports models data -type f ! -name '*.lock' | sort)
n=$(cd before && find reports models data -type f ! -name '*.lock' | wc -l)
if [ $status = 0 ]; then echo "equal: $n files and reports"; fi
exit $status
