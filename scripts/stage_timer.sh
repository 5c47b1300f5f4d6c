# Sourced by the scripts that run in stages (example.sh, test.sh, sanitize.sh,
# fuzz.sh, package.sh): `stage NAME COMMAND…` runs the command and prints the
# wall time it took on stderr, so that CI's log (.ci/run) shows where its
# minutes go; `stage_summary` prints every stage's time again at the end.
stage_times=()
stage() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  local took=$((SECONDS - start))
  stage_times+=("$(printf '%-34s %4d s' "$name" "$took")")
  printf '== %s: %d s (%d:%02d)\n' "$name" "$took" $((took / 60)) $((took % 60)) >&2
}
stage_summary() {
  printf '== %s, stage by stage (wall time):\n' "$1" >&2
  printf '   %s\n' "${stage_times[@]}" >&2
  printf '   %-34s %4d s\n' "in all" "$SECONDS" >&2
}
