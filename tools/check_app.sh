#!/usr/bin/env bash
# Build the standalone app from a clean clone in a clean virtual environment, and run it:
# --version, stats -n 100000, play --text fed a few moves, a strategy file through the
# sandbox (at each level this machine offers), doctor (the network extras carried), a
# friend's game between two app processes on this machine, and the window for two seconds
# under SDL's dummy video driver (ended by SIGTERM, which the window takes as its close
# button). Each must exit 0 with no traceback.
# Then benchmarks/bench_app.py measures the app's size and its first frame against the pip
# install in the same venv. Takes a few minutes; not part of the test suite.
#
#   tools/check_app.sh            # checks the committed HEAD of this checkout
#   KEEP=1 tools/check_app.sh     # keep the work folder (the app, the venv) and say where
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$repo" rev-parse HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
    echo "check_app: note: uncommitted changes are not checked (a clean clone of $commit is)" >&2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/tcf-check-app.XXXXXX")
if [ -n "${KEEP:-}" ]; then
    trap 'echo "check_app: kept $work"' EXIT
else
    trap 'rm -rf "$work"' EXIT
fi

step() { printf '\n== %s\n' "$*"; }

step "clean clone of $commit"
git clone -q "$repo" "$work/src"
git -C "$work/src" checkout -q "$commit"

step "clean venv, pip install .[app]"
python3 -m venv "$work/venv"
# shellcheck disable=SC1091
. "$work/venv/bin/activate"
python -m pip install -q --upgrade pip
python -m pip install -q "$work/src[app]"

step "build"
cd "$work/src"
python tools/build_app.py --dist "$work/dist" --work "$work/build"
app=$work/dist/tcf-gui/tcf-gui

# The app runs with nothing of the venv or the checkout around it, and its own data folders.
deactivate
export TCF_GUI_CONFIG_DIR=$work/config TCF_GUI_DATA_DIR=$work/data
export SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
unset PYTHONPATH PYTHONHOME VIRTUAL_ENV
cd "$work"
failures=0

# check NAME EXPECTED_STATUS COMMAND...: run it (stdin from $input), show its output, and
# count a failure for another status or a traceback anywhere in its output.
input=/dev/null
check() {
    local name=$1 want=$2 status=0
    shift 2
    step "$name: $*"
    "$@" <"$input" >"$work/out" 2>&1 || status=$?
    tail -n 12 "$work/out"
    if [ "$status" -ne "$want" ]; then
        echo "FAIL: $name exited $status, not $want"; failures=$((failures + 1))
    elif grep -q "Traceback" "$work/out"; then
        echo "FAIL: $name printed a traceback"; failures=$((failures + 1))
    else
        echo "ok: $name"
    fi
}

check version 0 "$app" --version
check stats 0 "$app" stats -n 100000
printf '1\n2\n3\n%.0s' 1 2 3 4 5 6 7 8 >"$work/moves"
input=$work/moves check "play --text" 0 "$app" play --text --seed 1
input=/dev/null
printf 'def choose(view):\n    return max(range(3), key=lambda slot: -view.hand[slot].rank)\n' >"$work/mine.py"
check "strategy file" 0 "$app" stats -n 2000 --p2 "$work/mine.py:choose" --engine single
for level in landlock limits; do  # the weaker sandbox levels, where this machine offers them
    if TCF_GUI_SANDBOX=$level "$app" doctor 2>/dev/null | grep -q "at the $level level"; then
        TCF_GUI_SANDBOX=$level check "strategy file, $level sandbox" 0 \
            "$app" stats -n 500 --p2 "$work/mine.py:choose"
    fi
done
check doctor 0 "$app" doctor
extras_carried() {  # the app carries Play a friend: doctor finds both network extras
    local report
    report=$("$app" doctor)
    echo "$report"
    grep -q "^ *net (websockets [0-9.]*): installed" <<<"$report" &&
        grep -q "^ *lan (zeroconf [0-9.]*): installed" <<<"$report"
}
check "doctor: the net and lan extras are in the app" 0 extras_carried

friends() {  # a friend's game between two app processes: one hosts a table, the other joins
    { printf '1\n%.0s' $(seq 30); echo q; } >"$work/friend-moves"
    "$app" play --text --host --name Ann <"$work/friend-moves" >"$work/host.out" 2>&1 &
    local host=$! code="" port="" status=0
    for _ in $(seq 150); do
        code=$(sed -n 's/^join code: //p' "$work/host.out")
        port=$(sed -n 's/^Table open on .*:\([0-9]*\)\.$/\1/p' "$work/host.out")
        [ -n "$code" ] && [ -n "$port" ] && break
        sleep 0.1
    done
    "$app" play --text --join "127.0.0.1:$port" "$code" --name Bob <"$work/friend-moves" \
        >"$work/join.out" 2>&1 || status=$?
    wait "$host" || status=$?
    for side in host join; do
        echo "-- $side:"
        grep -v "^r: a rematch\|^q: leave" "$work/$side.out" | tail -n 5
        grep -q "Traceback" "$work/$side.out" && status=1
        grep -q "deal verified" "$work/$side.out" || status=1
    done
    return "$status"
}
check "play a friend: two app processes, play --text --host and --join" 0 friends

window() {  # the window for two seconds, then SIGTERM: it closes as its close button does
    SDL_VIDEODRIVER=dummy "$app" --mute &
    local pid=$!
    sleep 2
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid"
}
check "window, 2 s under the dummy driver" 0 window

step "size and first frame (benchmarks/bench_app.py)"
"$work/venv/bin/python" "$work/src/benchmarks/bench_app.py" --app "$app" --repeat 5 \
    --pip "$work/venv/bin/tcf-gui"

if [ "$failures" -ne 0 ]; then
    printf '\ncheck_app: %d checks failed\n' "$failures"
    exit 1
fi
printf '\ncheck_app: every check passed\n'
