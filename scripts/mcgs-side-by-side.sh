#!/usr/bin/env bash
# grundy beside MCGS (the University of Alberta's combinatorial game solver)
# on the same impartial positions: CPU seconds (user + sys) and peak resident
# memory of one process a position, for each program, and their ratio.
#
# MCGS is not built here: give the path of an MCGS executable built outside
# the repository (docs/performance.md, "grundy beside MCGS", says how ours was
# built). The two programs run side by side, one core each, every position of
# the cases file in order (bench/mcgs_side_by_side.tsv by default); a position
# is stopped after --timeout seconds (its row then says "timeout").
#
# Usage: scripts/mcgs-side-by-side.sh MCGS [-g GRUNDY] [-c CASES] [-t SECONDS] [-o DIR]
# Prints one markdown row a position:
#   | family | position | value | MCGS CPU s | MCGS's own solve s | grundy CPU s | grundy ÷ MCGS CPU | grundy ÷ MCGS solve |
# (MCGS's own solve time, which it prints, leaves out its start: allocating
# its transposition tables, about 0.8 s of CPU at its defaults.)
set -euo pipefail
mcgs=${1:?usage: scripts/mcgs-side-by-side.sh MCGS [-g GRUNDY] [-c CASES] [-t SECONDS] [-o DIR]}
shift
grundy=build/grundy
cases=bench/mcgs_side_by_side.tsv
limit=1500
out=$(mktemp -d)
while getopts "g:c:t:o:" opt; do
  case $opt in
    g) grundy=$OPTARG ;;
    c) cases=$OPTARG ;;
    t) limit=$OPTARG ;;
    o) out=$OPTARG ;;
    *) exit 2 ;;
  esac
done
[[ -x $mcgs ]] || { echo "mcgs-side-by-side: $mcgs is not an executable" >&2; exit 2; }
[[ -x $grundy ]] || { echo "mcgs-side-by-side: $grundy is not an executable (build grundy first)" >&2; exit 2; }
mkdir -p "$out"
mcgs_dir=$(cd "$(dirname "$mcgs")" && pwd)
mcgs=$mcgs_dir/$(basename "$mcgs")

# One side: every case in order, one line a case:
#   term  expected  got  cpu_s  peak_kb  own_ms
run_side() {
  local side=$1 tsv=$out/$1.tsv
  : >"$tsv"
  while IFS=$'\t' read -r family mgame mboard gterm value; do
    [[ $family == \#* || -z $family ]] && continue
    local got="" ms="" cpu
    if [[ $side == mcgs ]]; then
      printf '{version 1.7}\n[%s]\n%s {N %s}\n' "$mgame" "$mboard" "$value" >"$out/case.test"
      # MCGS reads its database beside the executable if there is one; ours has none.
      (cd "$mcgs_dir" && /usr/bin/time -f "%U %S %M" -o "$out/mcgs.time" \
        timeout "$limit" "$mcgs" --file "$out/case.test" >"$out/mcgs.out" 2>&1) || true
      got=$(sed -n 's/^Got: //p' "$out/mcgs.out" | head -1)
      ms=$(sed -n 's/^Time (ms): //p' "$out/mcgs.out" | head -1)
    else
      /usr/bin/time -f "%U %S %M" -o "$out/grundy.time" \
        timeout "$limit" "$grundy" value "$gterm" --max-moves 0 >"$out/grundy.out" 2>&1 || true
      got=$(sed -n 's/^Nim-value: //p' "$out/grundy.out" | head -1)
    fi
    read -r user sys peak < <(tail -1 "$out/$side.time")
    cpu=$(printf '%.2f' "$(echo "$user + $sys" | bc)")
    [[ -z $got ]] && got=timeout
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$family" "$gterm" "$value" "$got" "$cpu" "$peak" "$ms" >>"$tsv"
  done <"$cases"
}

run_side mcgs &
run_side grundy &
wait

echo "| family | position | value | MCGS CPU s | MCGS's own solve s | grundy CPU s | grundy ÷ MCGS CPU | grundy ÷ MCGS solve |"
echo "|---|---|---|---|---|---|---|---|"
paste "$out/mcgs.tsv" "$out/grundy.tsv" | while IFS=$'\t' read -r family term value mgot mcpu mpeak ms _ _ _ ggot gcpu gpeak _; do
  for got in "$mgot" "$ggot"; do
    [[ $got == "$value" || $got == timeout ]] || echo "WRONG VALUE: $term gave $got, expected $value" >&2
  done
  ratio=$(printf '%.2f' "$(echo "scale=4; $gcpu / $mcpu" | bc)")
  solve="—" solve_ratio="—"
  if [[ -n $ms ]]; then
    solve=$(printf '%.2f' "$(echo "scale=4; $ms / 1000" | bc)")
    solve_ratio=$(printf '%.2f' "$(echo "scale=4; $gcpu * 1000 / ($ms + 0.001)" | bc)")
  fi
  [[ $mgot == timeout ]] && mcpu="> $limit (timeout)" && ratio="< $(printf '%.2f' "$(echo "scale=4; $gcpu / $limit" | bc)")"
  [[ $ggot == timeout ]] && gcpu="> $limit (timeout)" && ratio="—" && solve_ratio="—"
  printf '| %s | `%s` | %s | %s | %s | %s | %s | %s |\n' "$family" "$term" "$value" "$mcpu" "$solve" "$gcpu" "$ratio" "$solve_ratio"
done
