# timing.sh: the timing helpers of bench/asp/suite.sh and bench/asp/learn.sh (sourced; the
# caller sets LIMIT, the seconds a run may take), and of bench/envelopes.sh and
# bench/policies.sh (best_run; the caller sets REPEAT and FIX).
now() { date +%s%N; }
timed() {   # timed FILE CMD...: runs CMD (stdout to FILE), prints seconds, "timeout", "refused" or "error"
    file=$1; shift
    t0=$(now)
    timeout "$LIMIT" "$@" > "$file" 2> "$file.err"
    rc=$?
    t1=$(now)
    case $rc in
        124) echo timeout ;;
        0|10|20|30) awk -v us="$(( (t1 - t0) / 1000 ))" 'BEGIN { printf "%.3f", us / 1e6 }' ;;
        *) if grep -q 'error' "$file.err"; then echo refused; else echo "error"; fi ;;
    esac
}
ratio() { case "$1$2" in *[a-z-]*) echo "-";; *) awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }';; esac; }
best_run() {   # best_run FILE: the best wall time of REPEAT runs of `$FIX run FILE`, in seconds
    best=""
    r=0
    while [ $r -lt "$REPEAT" ]; do
        t0=$(now)
        "$FIX" run "$1" >/dev/null 2>&1
        t=$(( ($(now) - t0) / 1000 ))
        if [ -z "$best" ] || [ $t -lt "$best" ]; then best=$t; fi
        r=$((r + 1))
    done
    awk -v us="$best" 'BEGIN { printf "%.4f", us / 1e6 }'
}
