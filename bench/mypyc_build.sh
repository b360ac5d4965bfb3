#!/bin/sh
# Throwaway mypyc builds of the battle package for bench/mypyc_odds.py (issue 13's measurement):
# a copy imported as battle_c (float-odds modules compiled, simulate.py not) and battle_cs
# (simulate.py compiled too), under /tmp. The worktree's own sources stay pure Python.
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MODS="odds flow columns outcomes policy volleys machine dice exact_moves notation"
for spec in "c:" "cs:simulate"; do
    name=battle_${spec%%:*}; extra=${spec#*:}
    dir=/tmp/mypyc_${spec%%:*}
    rm -rf "$dir" && mkdir -p "$dir" && cp -r "$ROOT/companion/games/magnifico/battle" "$dir/$name"
    rm -rf "$dir/$name/__pycache__"
    files=""; for m in $MODS $extra; do files="$files $name/$m.py"; done
    start=$(date +%s.%N)
    (cd "$dir" && MYPYPATH="$ROOT" nice -n 5 "$ROOT/.venv/bin/mypyc" $files > build.log 2>&1) || { tail -30 "$dir/build.log"; exit 1; }
    echo "$name: $(echo "$(date +%s.%N) - $start" | bc) s; $(grep -v '^gcc\|^building\|^copying\|^running' "$dir/build.log" | tr '\n' ' ')"
done
