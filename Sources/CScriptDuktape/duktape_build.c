// Builds Duktape from the source Debian's duktape-dev ships, with the configuration CYLScript needs
// and Debian's shared library lacks: an interrupt counter so runaway scripts stop (the library is
// built without one), no regular expressions (their matcher loops up to 10^9 steps without ever
// reaching the interrupt check) and lower recursion limits (renderer threads have small stacks).

#define DUK_COMPILING_DUKTAPE
#include <duktape.h>

/* Defined in engine.c: counts interrupts against the running call's step budget. */
extern duk_bool_t cyl_script_exec_timeout(void *udata);

#define DUK_USE_INTERRUPT_COUNTER
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) cyl_script_exec_timeout(udata)
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
