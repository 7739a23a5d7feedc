# timing.sh: the timing helpers of bench/asp/suite.sh and bench/asp/learn.sh (sourced; the
# caller sets LIMIT, the seconds a run may take).
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
