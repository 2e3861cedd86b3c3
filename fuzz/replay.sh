#!/usr/bin/env bash
# Replays every fuzz target over its seeds, each input once: a replay of seconds, not
# fuzzing. Stable Rust, no cargo-fuzz: the targets are built by plain `cargo build` (the
# libFuzzer of libfuzzer-sys linked in, without the coverage instrumentation cargo-fuzz
# adds on nightly), and libFuzzer runs every file of the target's folder once (-runs=0).
# A panic (a property that fails), a timeout or too much memory fails the replay, with
# libFuzzer's report; the input is kept in fuzz/artifacts/<target>/ as cargo-fuzz keeps it.
#   fuzz/replay.sh         the seeds of fuzz/seed.py, written afresh to a temporary folder
#   fuzz/replay.sh DIR     the inputs of DIR/<target>/ instead (fuzz/corpus after fuzzing)
# Every target of fuzz/fuzz_targets/ is replayed, and each must have inputs to replay.
set -euo pipefail
if [ $# -gt 0 ]; then
    inputs=$(cd "$1" && pwd)
fi
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${inputs:-}" ]; then
    inputs="$work/seeds"
    python3 seed.py "$inputs"
fi

cargo build --quiet --bins
target_dir=$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')

started=$(date +%s)
count=0
for source in fuzz_targets/*.rs; do
    target=$(basename "$source" .rs)
    binary="$target_dir/debug/$target"
    [ -x "$binary" ] || { echo "$target: no binary $binary (is it a [[bin]] of fuzz/Cargo.toml?)"; exit 1; }
    folder="$inputs/$target"
    if [ ! -d "$folder" ] || [ -z "$(ls -A "$folder")" ]; then
        echo "$target: no inputs in $folder (fuzz/seed.py writes none for it)"; exit 1
    fi
    mkdir -p "artifacts/$target"
    log="$work/$target.log"
    status=0
    "$binary" -runs=0 -timeout=60 -rss_limit_mb=2048 -artifact_prefix="artifacts/$target/" \
        "$folder" > "$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        # libFuzzer's report and the panic's message, without the backtrace's frames.
        grep -v -E '^ +([0-9]+: | *at )' "$log" | tail -n 40
        echo "$target: FAILED (exit status $status) on an input of $folder, kept in" \
            "fuzz/artifacts/$target/ (run it again: $binary fuzz/artifacts/$target/crash-...)"
        exit 1
    fi
    runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log")
    [ -n "$runs" ] || { cat "$log"; echo "$target: libFuzzer did not say how many inputs it ran"; exit 1; }
    echo "$target: $(ls -A "$folder" | wc -l) files replayed ($runs runs), no failure"
    count=$((count + 1))
done
echo "$count targets replayed over their inputs in $(( $(date +%s) - started )) s"
