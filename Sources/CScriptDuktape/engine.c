// The engine: a Duktape heap with a capped, tracked allocator, a step budget, and the value
// exchange between tapes and JavaScript. Every Duktape call made here runs inside a protected call
// or under a jmp_buf that catches Duktape's fatal handler, so no Duktape error ever unwinds a frame
// that is not C.

#include <duktape.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "CScriptDuktape.h"

/* ---- Tapes ---------------------------------------------------------------------------------- */

struct cyl_tape {
    cyl_value *values;
    size_t count, capacity;
    char *bytes;
    size_t used, space;
};

/* A tape never holds more than this many values or string bytes: results are icon-sized. */
#define TAPE_MAX_VALUES ((size_t)1 << 22)
#define TAPE_MAX_BYTES ((size_t)1 << 26)

cyl_tape *cyl_tape_new(void) { return calloc(1, sizeof(cyl_tape)); }

void cyl_tape_free(cyl_tape *tape) {
    if (!tape) return;
    free(tape->values);
    free(tape->bytes);
    free(tape);
}

void cyl_tape_clear(cyl_tape *tape) { tape->count = 0; tape->used = 0; }

static cyl_value *tape_slot(cyl_tape *tape) {
    if (tape->count == tape->capacity) {
        if (tape->capacity >= TAPE_MAX_VALUES) return NULL;
        size_t cap = tape->capacity ? tape->capacity * 2 : 16;
        cyl_value *grown = realloc(tape->values, cap * sizeof(cyl_value));
        if (!grown) return NULL;
        tape->values = grown;
        tape->capacity = cap;
    }
    cyl_value *v = &tape->values[tape->count];
    memset(v, 0, sizeof *v);
    return v;
}

static int tape_put(cyl_tape *tape, int32_t tag, uint32_t count, double number) {
    cyl_value *v = tape_slot(tape);
    if (!v) return 0;
    v->tag = tag; v->count = count; v->number = number;
    tape->count++;
    return 1;
}

int cyl_tape_undefined(cyl_tape *tape) { return tape_put(tape, CYL_VALUE_UNDEFINED, 0, 0); }
int cyl_tape_null(cyl_tape *tape) { return tape_put(tape, CYL_VALUE_NULL, 0, 0); }
int cyl_tape_bool(cyl_tape *tape, int value) { return tape_put(tape, CYL_VALUE_BOOL, value ? 1 : 0, 0); }
int cyl_tape_number(cyl_tape *tape, double value) { return tape_put(tape, CYL_VALUE_NUMBER, 0, value); }
int cyl_tape_array(cyl_tape *tape, uint32_t count) { return tape_put(tape, CYL_VALUE_ARRAY, count, 0); }
int cyl_tape_object(cyl_tape *tape, uint32_t count) { return tape_put(tape, CYL_VALUE_OBJECT, count, 0); }

int cyl_tape_string(cyl_tape *tape, const char *bytes, size_t length) {
    if (length > TAPE_MAX_BYTES - tape->used) return 0;
    if (tape->used + length > tape->space) {
        size_t space = tape->space ? tape->space : 256;
        while (space < tape->used + length) space *= 2;
        char *grown = realloc(tape->bytes, space);
        if (!grown) return 0;
        tape->bytes = grown;
        tape->space = space;
    }
    cyl_value *v = tape_slot(tape);
    if (!v) return 0;
    if (length) memcpy(tape->bytes + tape->used, bytes, length);
    v->tag = CYL_VALUE_STRING; v->offset = tape->used; v->length = length;
    tape->used += length;
    tape->count++;
    return 1;
}

size_t cyl_tape_count(const cyl_tape *tape) { return tape->count; }
const cyl_value *cyl_tape_values(const cyl_tape *tape) { return tape->values; }
const char *cyl_tape_bytes(const cyl_tape *tape) { return tape->bytes; }

/* ---- The engine ----------------------------------------------------------------------------- */

/* Host calls nest through cyl_engine_call (an expression asking for another's value); each level
 * has its own tapes, so a level never overwrites the one below it. */
#define MAX_DEPTH 16
/* Bytecode steps between two interrupt checks (Duktape's own default is 262 144). */
#define CHECK_INTERVAL 1024
/* The allocator looks at the clock every this many allocations, and at every large one. */
#define ALLOC_CHECK_MASK 15u
#define ALLOC_CHECK_LARGE ((size_t)1 << 16)

/* The calling thread's CPU time in nanoseconds (0 when the clock cannot be read). */
uint64_t cyl_thread_cpu_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Sanitizer builds (make test-asan, test-tsan) run the interpreter many times slower: the shared
 * corpus's expressions took over ten times their normal CPU time under AddressSanitizer, enough
 * to pass the 100 ms default per frame. Time limits are multiplied by this so that they mean in
 * those builds what they mean in a normal one. */
uint64_t cyl_script_time_scale(void) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    return 20;
#endif
#endif
    return 1;
}

/* Defined in duktape_build.c, beside Duktape's internals. */
void cyl_script_check_soon(duk_context *ctx);
duk_int_t cyl_script_steps_since_check(duk_context *ctx);

static uint64_t coarse_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) != 0) return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Every block carries a header linking it into the engine's list, so the whole heap can be freed
 * even when Duktape can no longer be asked to (after a fatal error). */
typedef union block {
    struct { union block *prev, *next; size_t size; } h;
    max_align_t align;
} block;

struct cyl_engine {
    duk_context *ctx;
    block blocks;              /* list head */
    size_t used, max_bytes;
    int out_of_memory;         /* an allocation was refused since the outermost call began */
    uint64_t steps, max_steps; /* steps run by the current outermost call, and its budget */
    uint64_t total_steps;      /* over the engine's life, for budgets spanning many calls */
    uint64_t deadline_ns;      /* thread CPU time at which calls stop; 0 for none */
    uint64_t last_tick_ns;     /* the coarse clock when the CPU clock was last read */
    unsigned alloc_count;      /* allocations in calls, for checking the clock every few */
    int timed_out;             /* 0, or why the current call stops: CYL_SCRIPT_TIMEOUT or CYL_SCRIPT_TIME */
    int depth;
    int broken;
    jmp_buf *fatal;
    int32_t next_slot;
    cyl_host_function host;
    void *host_context;
    cyl_tape *host_args[MAX_DEPTH + 1];
    cyl_tape *host_result[MAX_DEPTH + 1];
};

/* Whether the thread's CPU time has reached the deadline. Reading the CPU clock is a system call
 * (0.6-1.8 us here), too slow for every native call, so it is read only when the coarse monotonic
 * clock (vDSO, about 5 ns, one tick every few milliseconds) has ticked since the last reading: the
 * deadline is seen within a tick plus whatever is running then. Ticks are wall time, but only the
 * CPU clock decides, so a loaded machine reads the clock more often and stops at the same point. */
static int past_deadline(cyl_engine *e) {
    if (e->deadline_ns == 0) return 0;
    uint64_t tick = coarse_ns();
    if (tick == e->last_tick_ns) return 0;
    e->last_tick_ns = tick;
    return cyl_thread_cpu_ns() >= e->deadline_ns;
}

/* The engine running a call on this thread, for the hooks that get no context from Duktape. */
static _Thread_local cyl_engine *running_engine;

/* Past the deadline inside a call, the script stops at its next bytecode instruction. Whatever
 * native code is running finishes normally: failing it would be an error the script could catch,
 * and Duktape's own unwinding may need the memory an allocation asks for. */
static void stop_soon_if_late(cyl_engine *e) {
    if (e && e->depth > 0 && !e->timed_out && e->ctx && past_deadline(e)) {
        e->timed_out = CYL_SCRIPT_TIME;   /* the interrupt check then stops the script */
        cyl_script_check_soon(e->ctx);
    }
}

/* Duktape's native stack check (DUK_USE_NATIVE_STACK_CHECK in duktape_build.c) runs before every
 * function call, native ones included, and per value in JSON, number conversion and property keys:
 * a loop of native calls that runs little bytecode meets the deadline here. Past the deadline it
 * also fails, so Duktape throws its stack-limit RangeError from inside whatever native is still
 * running (sorting 99 999 holes takes most of a second, and far longer under a sanitizer; found by
 * FuzzExpression): that unwinds the native, and the interrupt check then stops the script at its
 * next instruction, whatever catches the error. Duktape throws from this check by design (the C
 * stack running low), so every place that calls it can unwind. */
int cyl_script_native_check(void) {
    cyl_engine *e = running_engine;
    if (!e || e->depth == 0) return 0;
    stop_soon_if_late(e);
    return e->timed_out == CYL_SCRIPT_TIME;
}

static void check_deadline_in_alloc(cyl_engine *e, size_t size) {
    if (e->deadline_ns == 0 || e->depth == 0) return;
    if ((++e->alloc_count & ALLOC_CHECK_MASK) != 0 && size < ALLOC_CHECK_LARGE) return;
    stop_soon_if_late(e);
}

static void *engine_alloc(void *udata, duk_size_t size) {
    cyl_engine *e = udata;
    if (size == 0) return NULL;
    check_deadline_in_alloc(e, size);
    if (size > e->max_bytes - e->used || size > SIZE_MAX - sizeof(block)) { e->out_of_memory = 1; return NULL; }
    block *b = malloc(sizeof(block) + size);
    if (!b) { e->out_of_memory = 1; return NULL; }
    b->h.size = size;
    b->h.prev = &e->blocks;
    b->h.next = e->blocks.h.next;
    e->blocks.h.next->h.prev = b;
    e->blocks.h.next = b;
    e->used += size;
    return b + 1;
}

static void engine_free(void *udata, void *ptr) {
    cyl_engine *e = udata;
    if (!ptr) return;
    block *b = (block *)ptr - 1;
    b->h.prev->h.next = b->h.next;
    b->h.next->h.prev = b->h.prev;
    e->used -= b->h.size;
    free(b);
}

static void *engine_realloc(void *udata, void *ptr, duk_size_t size) {
    cyl_engine *e = udata;
    if (!ptr) return engine_alloc(udata, size);
    if (size == 0) { engine_free(udata, ptr); return NULL; }
    block *b = (block *)ptr - 1;
    size_t old = b->h.size;
    if (size > old) check_deadline_in_alloc(e, size - old);
    if (size > old && (size - old > e->max_bytes - e->used || size > SIZE_MAX - sizeof(block))) {
        e->out_of_memory = 1;
        return NULL;
    }
    /* Unlink first: realloc may move the block. */
    block *prev = b->h.prev, *next = b->h.next;
    block *grown = realloc(b, sizeof(block) + size);
    if (!grown) { e->out_of_memory = 1; return NULL; }
    grown->h.prev = prev; grown->h.next = next;
    prev->h.next = grown; next->h.prev = grown;
    grown->h.size = size;
    e->used = e->used - old + size;
    return grown + 1;
}

/* Duktape's fatal handler must not return: jump back to the API call that entered the engine,
 * which marks it broken. */
static void engine_fatal(void *udata, const char *msg) {
    (void)msg;
    cyl_engine *e = udata;
    e->broken = 1;
    if (e->fatal) longjmp(*e->fatal, 1);
    abort(); /* unreachable: every entry into Duktape sets e->fatal */
}

duk_bool_t cyl_script_exec_timeout(void *udata, duk_int_t steps_run, duk_int_t *next_interval) {
    cyl_engine *e = udata;
    if (e->timed_out) return 1; /* keep failing until the outermost call has unwound */
    uint64_t run = steps_run > 0 ? (uint64_t)steps_run : 0;
    e->steps += run;
    e->total_steps += run;
    if (e->steps >= e->max_steps) { e->timed_out = CYL_SCRIPT_TIMEOUT; return 1; }
    if (past_deadline(e)) { e->timed_out = CYL_SCRIPT_TIME; return 1; }
    uint64_t interval = CHECK_INTERVAL;
    /* Never past the step budget: a check falls right after step max_steps, so a call that would
     * run one more step stops there wherever the other checks fell, and whether a call runs out of
     * steps does not depend on timing. */
    uint64_t left = e->max_steps - e->steps;
    if (interval > left) interval = left;
    *next_interval = (duk_int_t)interval;
    return 0;
}

/* ---- Values --------------------------------------------------------------------------------- */

#define MAX_VALUE_DEPTH 32

static void need(duk_context *ctx, int ok) {
    if (!ok) (void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "value too large to exchange with the host");
}

/* Appends the value at `idx` to `tape`; throws (inside a protected call) when it is too deep or
 * too large. Functions and other non-data values become undefined. */
static void encode(duk_context *ctx, duk_idx_t idx, cyl_tape *tape, int depth) {
    idx = duk_normalize_index(ctx, idx);
    if (depth > MAX_VALUE_DEPTH) (void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "value nests too deep to exchange with the host");
    duk_require_stack(ctx, 4);
    switch (duk_get_type(ctx, idx)) {
    case DUK_TYPE_NULL: need(ctx, cyl_tape_null(tape)); return;
    case DUK_TYPE_BOOLEAN: need(ctx, cyl_tape_bool(tape, duk_get_boolean(ctx, idx))); return;
    case DUK_TYPE_NUMBER: need(ctx, cyl_tape_number(tape, duk_get_number(ctx, idx))); return;
    case DUK_TYPE_STRING: {
        duk_size_t len = 0;
        const char *s = duk_get_lstring(ctx, idx, &len);
        need(ctx, cyl_tape_string(tape, s, len));
        return;
    }
    case DUK_TYPE_OBJECT:
        if (duk_is_function(ctx, idx)) break;
        if (duk_is_array(ctx, idx)) {
            duk_size_t n = duk_get_length(ctx, idx);
            need(ctx, n <= TAPE_MAX_VALUES && cyl_tape_array(tape, (uint32_t)n));
            for (duk_size_t i = 0; i < n; i++) {
                duk_get_prop_index(ctx, idx, (duk_uarridx_t)i);
                encode(ctx, -1, tape, depth + 1);
                duk_pop(ctx);
            }
            return;
        } else {
            size_t at = cyl_tape_count(tape);
            need(ctx, cyl_tape_object(tape, 0));
            uint32_t n = 0;
            duk_enum(ctx, idx, DUK_ENUM_OWN_PROPERTIES_ONLY);
            while (duk_next(ctx, -1, 1)) {
                duk_size_t len = 0;
                const char *key = duk_safe_to_lstring(ctx, -2, &len);
                need(ctx, cyl_tape_string(tape, key, len));
                encode(ctx, -1, tape, depth + 1);
                duk_pop_2(ctx);
                n++;
            }
            duk_pop(ctx);
            tape->values[at].count = n;
            return;
        }
    default: break;
    }
    need(ctx, cyl_tape_undefined(tape));
}

/* Pushes the value starting at entry `i` of `tape`; returns the index after it. */
static size_t decode(duk_context *ctx, const cyl_tape *tape, size_t i, int depth) {
    if (i >= tape->count) { duk_push_undefined(ctx); return i; }
    if (depth > MAX_VALUE_DEPTH) (void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "host value nests too deep");
    duk_require_stack(ctx, 4);
    const cyl_value *v = &tape->values[i++];
    switch (v->tag) {
    case CYL_VALUE_NULL: duk_push_null(ctx); break;
    case CYL_VALUE_BOOL: duk_push_boolean(ctx, v->count != 0); break;
    case CYL_VALUE_NUMBER: duk_push_number(ctx, v->number); break;
    case CYL_VALUE_STRING: duk_push_lstring(ctx, tape->bytes + v->offset, v->length); break;
    case CYL_VALUE_ARRAY: {
        duk_idx_t arr = duk_push_array(ctx);
        for (uint32_t k = 0; k < v->count; k++) {
            i = decode(ctx, tape, i, depth + 1);
            duk_put_prop_index(ctx, arr, k);
        }
        break;
    }
    case CYL_VALUE_OBJECT: {
        duk_idx_t obj = duk_push_object(ctx);
        for (uint32_t k = 0; k < v->count && i < tape->count; k++) {
            const cyl_value *key = &tape->values[i++];
            if (key->tag == CYL_VALUE_STRING) duk_push_lstring(ctx, tape->bytes + key->offset, key->length);
            else duk_push_string(ctx, "");
            i = decode(ctx, tape, i, depth + 1);
            duk_put_prop(ctx, obj);
        }
        break;
    }
    default: duk_push_undefined(ctx); break;
    }
    return i;
}

/* ---- Host calls ----------------------------------------------------------------------------- */

static cyl_engine *engine_of(duk_context *ctx) {
    duk_memory_functions f;
    duk_get_memory_functions(ctx, &f);
    return f.udata;
}

static duk_ret_t host_trampoline(duk_context *ctx) {
    cyl_engine *e = engine_of(ctx);
    cyl_tape *args = e->host_args[e->depth], *result = e->host_result[e->depth];
    cyl_tape_clear(args);
    cyl_tape_clear(result);
    duk_idx_t n = duk_get_top(ctx);
    for (duk_idx_t k = 0; k < n; k++) encode(ctx, k, args, 0);
    int rc = e->host(e->host_context, args, result);
    /* A call back into the engine broke it: leave through the jump set by the outermost entry. */
    if (e->broken) longjmp(*e->fatal, 1);
    if (rc != 0) {
        const cyl_value *m = result->count ? &result->values[0] : NULL;
        if (m && m->tag == CYL_VALUE_STRING) {
            duk_push_error_object(ctx, DUK_ERR_ERROR, "%.*s", (int)(m->length > 2000 ? 2000 : m->length),
                                  result->bytes + m->offset);
        } else {
            duk_push_error_object(ctx, DUK_ERR_ERROR, "host call failed");
        }
        return duk_throw(ctx);
    }
    decode(ctx, result, 0, 0);
    return 1;
}

/* ---- Entry points --------------------------------------------------------------------------- */

cyl_engine *cyl_engine_new(size_t max_bytes, uint64_t max_steps, cyl_host_function host, void *context) {
    cyl_engine *e = calloc(1, sizeof(cyl_engine));
    if (!e) return NULL;
    e->blocks.h.prev = e->blocks.h.next = &e->blocks;
    e->max_bytes = max_bytes;
    e->max_steps = max_steps ? max_steps : 1;
    e->host = host;
    e->host_context = context;
    for (int k = 0; k <= MAX_DEPTH; k++) {
        e->host_args[k] = cyl_tape_new();
        e->host_result[k] = cyl_tape_new();
        if (!e->host_args[k] || !e->host_result[k]) { cyl_engine_free(e); return NULL; }
    }
    jmp_buf jb;
    e->fatal = &jb;
    if (setjmp(jb)) { e->fatal = NULL; cyl_engine_free(e); return NULL; }
    e->ctx = duk_create_heap(engine_alloc, engine_realloc, engine_free, e, engine_fatal);
    if (!e->ctx) { e->fatal = NULL; cyl_engine_free(e); return NULL; }
    duk_push_c_function(e->ctx, host_trampoline, DUK_VARARGS);
    duk_put_global_string(e->ctx, "__host");
    duk_push_heap_stash(e->ctx);
    duk_push_array(e->ctx);
    duk_put_prop_string(e->ctx, -2, "functions");
    duk_pop(e->ctx);
    e->fatal = NULL;
    return e;
}

void cyl_engine_free(cyl_engine *e) {
    if (!e) return;
    if (e->ctx && !e->broken) {
        jmp_buf jb;
        e->fatal = &jb;
        if (!setjmp(jb)) duk_destroy_heap(e->ctx);
        e->fatal = NULL;
    }
    /* Whatever the heap still holds (all of it after a fatal error) goes here. */
    block *b = e->blocks.h.next;
    while (b != &e->blocks) {
        block *next = b->h.next;
        free(b);
        b = next;
    }
    for (int k = 0; k <= MAX_DEPTH; k++) {
        cyl_tape_free(e->host_args[k]);
        cyl_tape_free(e->host_result[k]);
    }
    free(e);
}

size_t cyl_engine_bytes_in_use(const cyl_engine *e) { return e->used; }

uint64_t cyl_engine_steps(const cyl_engine *e) { return e->total_steps; }

void cyl_engine_set_deadline(cyl_engine *e, uint64_t thread_cpu_ns) { e->deadline_ns = thread_cpu_ns; }

typedef struct {
    cyl_engine *e;
    const char *source;
    size_t length;
    const char *name;
    int32_t slot;
    const cyl_tape *args;
    cyl_tape *result;
    int mode; /* 0 eval, 1 compile, 2 call, 3 eval and dump, 4 eval bytecode */
    cyl_tape *dump;
} request;

static duk_ret_t run_request(duk_context *ctx, void *udata) {
    request *r = udata;
    switch (r->mode) {
    case 0:
    case 3:
        duk_push_lstring(ctx, r->source, r->length);
        duk_push_string(ctx, r->name);
        duk_compile(ctx, 0);
        if (r->mode == 3) {
            duk_dup_top(ctx);
            duk_dump_function(ctx);
            duk_size_t n = 0;
            const char *bytes = duk_get_buffer_data(ctx, -1, &n);
            cyl_tape_clear(r->dump);
            if (!bytes || !cyl_tape_string(r->dump, bytes, n)) (void)duk_error(ctx, DUK_ERR_RANGE_ERROR, "bytecode too large to keep");
            duk_pop(ctx);
        }
        duk_call(ctx, 0);
        cyl_tape_clear(r->result);
        encode(ctx, -1, r->result, 0);
        return 0;
    case 4: {
        void *buffer = duk_push_fixed_buffer(ctx, r->length);
        if (r->length) memcpy(buffer, r->source, r->length);
        duk_load_function(ctx);
        duk_call(ctx, 0);
        cyl_tape_clear(r->result);
        encode(ctx, -1, r->result, 0);
        return 0;
    }
    case 1: {
        duk_push_lstring(ctx, r->source, r->length);
        duk_push_string(ctx, r->name);
        duk_compile(ctx, DUK_COMPILE_FUNCTION);
        duk_push_heap_stash(ctx);
        duk_get_prop_string(ctx, -1, "functions");
        r->slot = r->e->next_slot;
        duk_dup(ctx, -3);
        duk_put_prop_index(ctx, -2, (duk_uarridx_t)r->slot);
        r->e->next_slot++;
        return 0;
    }
    default: {
        duk_push_heap_stash(ctx);
        duk_get_prop_string(ctx, -1, "functions");
        duk_get_prop_index(ctx, -1, (duk_uarridx_t)r->slot);
        if (!duk_is_function(ctx, -1)) (void)duk_error(ctx, DUK_ERR_TYPE_ERROR, "no compiled function %d", (int)r->slot);
        duk_idx_t argc = 0;
        size_t i = 0;
        size_t count = r->args ? r->args->count : 0;
        while (i < count) { i = decode(ctx, r->args, i, 0); argc++; }
        duk_call(ctx, argc);
        cyl_tape_clear(r->result);
        encode(ctx, -1, r->result, 0);
        return 0;
    }
    }
}

/* Runs a request in a protected call, with the step budget and the memory flag reset when it is
 * the outermost one, and turns failures into a status and a message. */
static int run(cyl_engine *e, request *r) {
    if (e->broken) return CYL_SCRIPT_BROKEN;
    if (e->depth >= MAX_DEPTH) return CYL_SCRIPT_TOO_DEEP;
    if (e->depth == 0) {
        e->steps = 0; e->timed_out = 0; e->out_of_memory = 0;
        e->alloc_count = 0;
    }
    jmp_buf jb, *outer = e->fatal;
    e->fatal = &jb;
    cyl_engine *outer_engine = running_engine;
    running_engine = e;
    int status = CYL_SCRIPT_OK;
    duk_context *ctx = e->ctx;
    duk_idx_t top = 0;
    if (setjmp(jb)) {
        e->broken = 1;
        e->fatal = outer;
        running_engine = outer_engine;
        e->depth--;
        cyl_tape_clear(r->result);
        static const char msg[] = "the script engine failed and cannot run again";
        (void)cyl_tape_string(r->result, msg, sizeof msg - 1);
        /* A nested level returns to its host callback, which jumps on from the trampoline. */
        return CYL_SCRIPT_BROKEN;
    }
    e->depth++;
    top = duk_get_top(ctx);
    duk_int_t rc = duk_safe_call(ctx, run_request, r, 0, 1);
    if (rc != DUK_EXEC_SUCCESS) {
        cyl_tape_clear(r->result);
        duk_size_t len = 0;
        const char *msg = duk_safe_to_lstring(ctx, -1, &len);
        (void)cyl_tape_string(r->result, msg, len);
        status = e->timed_out ? e->timed_out : (e->out_of_memory ? CYL_SCRIPT_MEMORY : CYL_SCRIPT_ERROR);
    }
    duk_set_top(ctx, top);
    e->depth--;
    /* The steps after the call's last check count too (the next call starts its counter afresh). */
    if (e->depth == 0) e->total_steps += (uint64_t)cyl_script_steps_since_check(ctx);
    if (e->depth == 0 && status == CYL_SCRIPT_MEMORY) duk_gc(ctx, 0);
    e->fatal = outer;
    running_engine = outer_engine;
    return status;
}

int cyl_engine_eval(cyl_engine *e, const char *source, size_t length, const char *name, cyl_tape *result) {
    request r = { e, source, length, name ? name : "eval", 0, NULL, result, 0, NULL };
    return run(e, &r);
}

int cyl_engine_eval_dumping(cyl_engine *e, const char *source, size_t length, const char *name, cyl_tape *dump,
                            cyl_tape *result) {
    request r = { e, source, length, name ? name : "eval", 0, NULL, result, 3, dump };
    return run(e, &r);
}

int cyl_engine_eval_bytecode(cyl_engine *e, const char *bytes, size_t length, cyl_tape *result) {
    request r = { e, bytes, length, "bytecode", 0, NULL, result, 4, NULL };
    return run(e, &r);
}

int cyl_engine_compile(cyl_engine *e, const char *source, size_t length, const char *name, int32_t *slot,
                       cyl_tape *result) {
    request r = { e, source, length, name ? name : "function", -1, NULL, result, 1, NULL };
    cyl_tape_clear(result);
    int status = run(e, &r);
    *slot = status == CYL_SCRIPT_OK ? r.slot : -1;
    return status;
}

int cyl_engine_call(cyl_engine *e, int32_t slot, const cyl_tape *args, cyl_tape *result) {
    request r = { e, NULL, 0, NULL, slot, args, result, 2, NULL };
    return run(e, &r);
}
