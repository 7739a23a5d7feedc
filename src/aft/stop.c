/* stop.c: when an engine run stops early: the caller has enough (on_final), the clock, the
 * run-wide limits (interrupt, the query's Limits, a deadline, max-steps, the work budget), and
 * what a callback cut short by a limit means. */
#include "aft/aft.h"

double aft_clock(void)
{
    return limits_clock();
}

const char *aft_limit_hit(const AftOptions *o, double deadline, const AftStats *st)
{
    if (st->enough) return "enough";
    if (limits_flag(o->interrupt)) return "interrupt";
    const char *hit = limits_poll(o->limits);
    if (hit) return hit;
    if (deadline > 0 && aft_clock() >= deadline) return "timeout";
    if (o->max_steps && st->f_calls >= o->max_steps) return "max-steps";
    if (aft_work_spent(o)) return "work";
    return NULL;
}

AftStatus aft_callback_failed(const AftOptions *o, AftStats *st)
{
    const char *hit = o->limits ? o->limits->hit : NULL;
    if (!hit) return AFT_ERROR;
    if (st) st->stopped_by = hit;
    return AFT_LIMIT;
}

bool aft_stopping(const AftOptions *o)
{
    return limits_flag(o->interrupt) || limits_poll(o->limits);
}

bool aft_work_spent(const AftOptions *o)
{
    return o->work && o->work->limit && o->work->spent >= o->work->limit;
}

void aft_conflicts(const AftOptions *o, AftStats *st, size_t n)
{
    st->conflicts += n;
    AftWork *w = o->work;
    if (!w) return;
    w->spent += n;
    if (w->mark && w->spent >= w->mark) {
        w->mark = 0;
        w->at_mark(w->mark_ctx);
    }
}

bool aft_abandoned(const AftOptions *o)
{
    return o->stop_abandons && (limits_flag(o->interrupt) || aft_work_spent(o));
}
