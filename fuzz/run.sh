#!/bin/sh
# Runs every fuzz target in turn, seeded from corpus/ with the grammar's dictionary:
#   fuzz/run.sh RUNS           RUNS executions per target (default 10000000)
#   TIME=600 fuzz/run.sh       600 seconds per target instead (no execution limit)
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). Crashes land in
# fuzz/artifacts/<target>/; the per-target log is fuzz/logs/<target>.log. (fuzz/replay.sh, which
# CI runs, replays the seeds once each on stable Rust, without cargo-fuzz.)
# SANITIZER=address runs under AddressSanitizer (the crate forbids unsafe code, so the
# default, none, loses little and runs about three times faster).
set -eu
cd "$(dirname "$0")"
runs=${1:-10000000}
limit="-runs=$runs"
if [ -n "${TIME:-}" ]; then
    limit="-max_total_time=$TIME"
fi
sanitizer=${SANITIZER:-none}
# TARGETS="parse resolve" runs only those; MAX_LEN bounds the inputs (default 4096).
max_len=${MAX_LEN:-4096}
python3 seed.py
mkdir -p logs
cargo +nightly fuzz build -O -s "$sanitizer"
for target in ${TARGETS:-$(cargo +nightly fuzz list)}; do
    start=$(date +%s)
    cargo +nightly fuzz run -O -s "$sanitizer" "$target" corpus/"$target" -- \
        "$limit" -dict=rfc1738.dict -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 > logs/"$target".log 2>&1 || { echo "$target: FAILED, see fuzz/logs/$target.log"; exit 1; }
    end=$(date +%s)
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' logs/"$target".log | grep -o '[0-9]*$')
    echo "$target: $execs executions in $((end - start)) s, no failure"
done
