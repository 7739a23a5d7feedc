# secs.sh: sourced by the bench scripts (bench/eval/run.sh, bench/api.sh).
# secs CMD...: the best wall time of REPEAT runs of CMD in seconds (its output discarded).
secs() {
    i=0
    while [ $i -lt "$REPEAT" ]; do
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1
        echo $(( $(date +%s%N) - start ))
        i=$((i + 1))
    done | awk 'NR == 1 || $1 < min { min = $1 } END { printf "%.3f", min / 1e9 }'
}
