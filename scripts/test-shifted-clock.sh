#!/usr/bin/env bash
# The suites that read today's date (scripts/suite-selection.mjs --clock), run with the clock of
# every process (vitest, its workers, the embedded PostgreSQL) moved to another instant by
# libfaketime. A test that passes only on some days (a closed Friday between two 'distinct' days, a
# month's end, the salon's midnight at UTC 18:00, London's daylight-saving nights) fails here.
#
#   scripts/test-shifted-clock.sh                       one instant of the list, picked by the run
#   scripts/test-shifted-clock.sh 2027-12-31T17:55:00Z  that instant (what a failure prints to replay)
#   scripts/test-shifted-clock.sh all                   every instant of the list, one after another
set -euo pipefail
cd "$(dirname "$0")/.."

# The edge cases, each a few minutes before its edge so a run crosses it.
INSTANTS=(
  2027-01-08T04:00:00Z # a Friday, 10:00 in Dhaka: the salon is closed today
  2027-01-07T12:00:00Z # a Thursday: tomorrow is closed, so 'n days ahead' meets a Friday
  2027-04-29T17:56:00Z # the day before a month's end, minutes before Dhaka's midnight
  2027-12-31T17:56:00Z # 31 December, minutes before Dhaka's new year (a Friday too)
  2027-06-15T17:57:00Z # Dhaka's date changes at UTC 18:00, during the run
  2027-03-28T00:55:00Z # London springs forward at 01:00 UTC
  2027-10-31T00:55:00Z # London falls back at 01:00 UTC
)

LIB="$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -n 1 || true)"
if [ -z "${LIB}" ]; then
  echo "shifted clock: installing libfaketime from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
  LIB="$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 | head -n 1)"
fi

pick="${1:-}"
if [ -z "${pick}" ]; then
  # A run picks by its own number (CI's clone differs each time), so runs go round the list; the
  # instant is printed, so a failure can be replayed by passing it.
  seed="${SHIFTED_CLOCK_SEED:-$(date +%s)}"
  pick="${INSTANTS[$(( seed % ${#INSTANTS[@]} ))]}"
fi
if [ "${pick}" = all ]; then
  for instant in "${INSTANTS[@]}"; do "$0" "${instant}"; done
  exit 0
fi

mapfile -t suites < <(node scripts/suite-selection.mjs --clock)
# An offset rather than a fixed start: every process, whenever it starts, reads the same shifted
# clock, so the database's now() and the app's Date.now() agree as they do in production. The
# monotonic clock is left alone (timers keep real time).
offset=$(( $(date -d "${pick}" +%s) - $(date +%s) ))
echo "== shifted clock: ${#suites[@]} suites that read the date, the clock at ${pick} (replay: scripts/test-shifted-clock.sh ${pick})"
LD_PRELOAD="${LIB}" FAKETIME="+${offset}s" FAKETIME_DONT_FAKE_MONOTONIC=1 npx vitest run "${suites[@]}"
