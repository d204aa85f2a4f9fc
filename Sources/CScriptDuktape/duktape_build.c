// Builds Duktape from the source Debian's duktape-dev ships, with the configuration CYLScript needs
// and Debian's shared library lacks: an interrupt counter so runaway scripts stop (the library is
// built without one), no regular expressions (their matcher loops up to 10^9 steps without ever
// reaching the interrupt check) and lower recursion limits (renderer threads have small stacks).
//
// The interrupt interval is ours, not Duktape's fixed 262 144 steps: the check below expands inside
// duk__executor_interrupt, where `thr` is the running thread and `ctr` the interval it is about to
// set, so engine.c learns exactly how many steps ran (`thr->interrupt_init`) and chooses the next
// interval; the native stack check, which Duktape makes before every call, looks at the CPU-time
// deadline too. A loop of expensive native calls (a string built or sorted per step) then stops
// about one call past the deadline instead of after 262 144 steps of them.

#define DUK_COMPILING_DUKTAPE
#include <duktape.h>

/* Defined in engine.c: counts the steps run since the last check against the call's budgets and
 * sets the number of steps until the next check; true stops the script. */
extern duk_bool_t cyl_script_exec_timeout(void *udata, duk_int_t steps_run, duk_int_t *next_interval);

/* Defined in engine.c: before every call and per value converted, looks at the CPU deadline. */
extern int cyl_script_native_check(void);

#define DUK_USE_INTERRUPT_COUNTER
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) cyl_script_exec_timeout((udata), thr->interrupt_init, &ctr)
#define DUK_USE_NATIVE_STACK_CHECK() cyl_script_native_check()
#undef DUK_USE_REGEXP_SUPPORT
#undef DUK_USE_COMPILER_RECLIMIT
#define DUK_USE_COMPILER_RECLIMIT 400
#undef DUK_USE_NATIVE_CALL_RECLIMIT
#define DUK_USE_NATIVE_CALL_RECLIMIT 200
#undef DUK_USE_CALLSTACK_LIMIT
#define DUK_USE_CALLSTACK_LIMIT 2000
#undef DUK_USE_JSON_DEC_RECLIMIT
#define DUK_USE_JSON_DEC_RECLIMIT 200
#undef DUK_USE_JSON_ENC_RECLIMIT
#define DUK_USE_JSON_ENC_RECLIMIT 200

#include "/usr/share/duktape/duktape.c"

/* The built-in tables were generated with RegExp; without its matcher these stand in, so RegExp
 * and the String methods that need it throw instead. */
#define CYL_NO_REGEXP(name) \
    DUK_INTERNAL duk_ret_t name(duk_context *ctx) { \
        return duk_error(ctx, DUK_ERR_TYPE_ERROR, "regular expressions are not available in expressions"); \
    }
CYL_NO_REGEXP(duk_bi_regexp_constructor)
CYL_NO_REGEXP(duk_bi_regexp_prototype_exec)
CYL_NO_REGEXP(duk_bi_regexp_prototype_flags)
CYL_NO_REGEXP(duk_bi_regexp_prototype_shared_getter)
CYL_NO_REGEXP(duk_bi_regexp_prototype_test)
CYL_NO_REGEXP(duk_bi_regexp_prototype_tostring)
CYL_NO_REGEXP(duk_bi_string_prototype_match)
CYL_NO_REGEXP(duk_bi_string_prototype_search)

/* The thread running now stops at its next bytecode instruction for the interrupt check (the
 * allocator calls it when the CPU deadline has passed inside a native call). Steps stay counted
 * exactly: the interval is cut to the steps already run. */
void cyl_script_check_soon(duk_context *ctx) {
    duk_hthread *thr = ((duk_hthread *) ctx)->heap->curr_thread;
    if (thr == NULL) return;
    thr->interrupt_init -= thr->interrupt_counter;
    thr->interrupt_counter = 0;
}

/* Steps `ctx` ran since its last interrupt check: what a call that has returned ran after it (the
 * counters stay in the thread until the next call resets them on entry). */
duk_int_t cyl_script_steps_since_check(duk_context *ctx) {
    duk_hthread *thr = (duk_hthread *) ctx;
    duk_int_t run = thr->interrupt_init - thr->interrupt_counter;
    return run > 0 ? run : 0;
}
