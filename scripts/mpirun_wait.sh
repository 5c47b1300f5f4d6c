# Sourced by the kill tests (tests/census_faults.sh, scripts/distributed_kill_test.sh).
#
# wait_for_mpirun PID [SECONDS]: wait for an mpirun started in the background
# and set mpirun_status to its exit status. After one of its ranks was killed,
# Debian's OpenMPI 4.1.4 sometimes never exits: its ranks are gone (the killed
# one reaped, the others zombies), yet mpirun's main thread waits forever on a
# lock inside PMIx_server_finalize (gdb: orte_finalize -> pmix_server_finalize
# -> pmix_rte_finalize -> pthread_mutex_lock), after printing "PMIX ERROR:
# UNREACHABLE in file .../ptl_base_connection_hdlr.c at line 388" (seen once in
# 20 kills in CI, 2026-11-26, a rank killed while it was still connecting).
# That is mpirun's fault, not the job's, and a user would end such an mpirun
# by hand: after SECONDS (default 60) this does the same with SIGKILL, to it
# and to whatever it left behind, and sets mpirun_status to 137 and
# mpirun_hung to 1. Every rank's own work is bounded by the test itself
# (checkpoints every 0.2 s, finished rows in the database), so a kill here
# loses nothing the test does not check.
wait_for_mpirun() {
  local pid=$1 bound=${2:-60} waited=0 child
  mpirun_hung=0
  while kill -0 "$pid" 2> /dev/null; do
    # A zombie mpirun (exited, not yet reaped) counts as finished.
    [ "$(awk '{print $3}' "/proc/$pid/stat" 2> /dev/null)" = Z ] && break
    if [ "$waited" -ge $((bound * 10)) ]; then
      mpirun_hung=1
      for child in $(pgrep -P "$pid"); do kill -9 "$child" 2> /dev/null; done
      kill -9 "$pid" 2> /dev/null
      break
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  mpirun_status=0
  wait "$pid" || mpirun_status=$?
}

# A session folder of this script's own for its mpiruns (OpenMPI keeps it
# under TMPDIR): two mpiruns started at once on a fresh machine both made
# /tmp/ompi.HOST.UID, and the one that lost failed in orte_init ("File
# exists"; a fresh clone's ctest -j2, 2026-12-02).
TMPDIR=$(mktemp -d)
export TMPDIR
