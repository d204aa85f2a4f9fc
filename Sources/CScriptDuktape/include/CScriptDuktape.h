// The C side of CYLScript: a Duktape heap whose memory, run time and values never reach Swift
// directly. Swift never calls a Duktape function (they report errors with longjmp, which must not
// cross Swift frames); it exchanges values through tapes, plain malloc'd lists that C converts to
// and from JavaScript values inside Duktape's protected calls.
#ifndef CYL_SCRIPT_DUKTAPE_H
#define CYL_SCRIPT_DUKTAPE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Value kinds on a tape. Arrays and objects are followed by their `count` children in order
/// (an object's children are key/value pairs: a string, then the value's own entries).
enum {
    CYL_VALUE_UNDEFINED = 0,
    CYL_VALUE_NULL = 1,
    CYL_VALUE_BOOL = 2,
    CYL_VALUE_NUMBER = 3,
    CYL_VALUE_STRING = 4,
    CYL_VALUE_ARRAY = 5,
    CYL_VALUE_OBJECT = 6,
};

typedef struct {
    int32_t tag;
    uint32_t count;      /* children of an array or object; 1/0 for a boolean */
    double number;
    size_t offset;       /* a string's bytes in the tape's arena */
    size_t length;
} cyl_value;

/// A growable list of values in pre-order, with an arena for string bytes. Owned by its creator.
typedef struct cyl_tape cyl_tape;

cyl_tape *cyl_tape_new(void);
void cyl_tape_free(cyl_tape *tape);
void cyl_tape_clear(cyl_tape *tape);
/// Each returns 0 when memory runs out (the tape is then unchanged) and 1 otherwise.
int cyl_tape_undefined(cyl_tape *tape);
int cyl_tape_null(cyl_tape *tape);
int cyl_tape_bool(cyl_tape *tape, int value);
int cyl_tape_number(cyl_tape *tape, double value);
int cyl_tape_string(cyl_tape *tape, const char *bytes, size_t length);
int cyl_tape_array(cyl_tape *tape, uint32_t count);
int cyl_tape_object(cyl_tape *tape, uint32_t count);
size_t cyl_tape_count(const cyl_tape *tape);
const cyl_value *cyl_tape_values(const cyl_tape *tape);
const char *cyl_tape_bytes(const cyl_tape *tape);

/// Outcome of running script code.
enum {
    CYL_SCRIPT_OK = 0,
    CYL_SCRIPT_ERROR = 1,      /* the script threw; the result tape holds the message */
    CYL_SCRIPT_TIMEOUT = 2,    /* the step budget ran out */
    CYL_SCRIPT_MEMORY = 3,     /* the memory cap was reached */
    CYL_SCRIPT_BROKEN = 4,     /* the engine hit an internal fatal error and cannot run again */
    CYL_SCRIPT_TOO_DEEP = 5,   /* calls from the host back into the engine nest too deep */
    CYL_SCRIPT_TIME = 6,       /* the thread's CPU time passed the deadline */
};

/// The host function scripts call as `__host(...)`: reads `args`, writes one value to `result`
/// and returns 0, or writes a message string and returns 1 (thrown in the script as an Error).
typedef int (*cyl_host_function)(void *context, const cyl_tape *args, cyl_tape *result);

typedef struct cyl_engine cyl_engine;

/// A heap that may allocate at most `max_bytes` and run at most `max_steps` bytecode steps per
/// outermost call (a call of `max_steps` steps runs; one more step stops it, exactly). NULL when
/// even the empty heap does not fit.
cyl_engine *cyl_engine_new(size_t max_bytes, uint64_t max_steps, cyl_host_function host, void *context);
/// Frees every byte the engine allocated, even after a fatal error.
void cyl_engine_free(cyl_engine *engine);
/// Runs global code (definitions shared by later calls); `result` gets its value or the error.
int cyl_engine_eval(cyl_engine *engine, const char *source, size_t length, const char *name, cyl_tape *result);
/// `cyl_engine_eval`, also writing the compiled program's bytecode to `dump` (one string value), so
/// other engines can run it with `cyl_engine_eval_bytecode` instead of compiling it again.
int cyl_engine_eval_dumping(cyl_engine *engine, const char *source, size_t length, const char *name, cyl_tape *dump,
                            cyl_tape *result);
/// Runs a program from bytecode that `cyl_engine_eval_dumping` wrote in this process (bytecode is
/// not checked: never pass bytes from anywhere else); `result` gets its value or the error.
int cyl_engine_eval_bytecode(cyl_engine *engine, const char *bytes, size_t length, cyl_tape *result);
/// Compiles `source`, a function expression (`function (a, b) { ... }`), and keeps it: `*slot`
/// names it for `cyl_engine_call`. On failure `result` holds the message.
int cyl_engine_compile(cyl_engine *engine, const char *source, size_t length, const char *name, int32_t *slot,
                       cyl_tape *result);
/// Calls the function in `slot` with the values of `args` as arguments; `result` gets the return
/// value (arrays and plain objects copied, functions as undefined) or the error message.
int cyl_engine_call(cyl_engine *engine, int32_t slot, const cyl_tape *args, cyl_tape *result);
/// Bytes currently allocated by the heap.
size_t cyl_engine_bytes_in_use(const cyl_engine *engine);
/// Bytecode steps run since the engine was made, over all calls (many short calls add up too).
uint64_t cyl_engine_steps(const cyl_engine *engine);
/// Calls (outermost and nested) stop with CYL_SCRIPT_TIME once the calling thread's CPU time
/// (`cyl_thread_cpu_ns`) reaches `thread_cpu_ns`; 0 removes the deadline. Checked between bytecode
/// steps, at intervals that shrink when steps are slow, and by the allocator, so a script stops
/// within about a millisecond of bytecode or one native call past it.
void cyl_engine_set_deadline(cyl_engine *engine, uint64_t thread_cpu_ns);
/// The calling thread's CPU time in nanoseconds (a system call: about 2 us). 0 if unreadable.
uint64_t cyl_thread_cpu_ns(void);
/// How many times slower this build runs scripts than a normal one: 20 under AddressSanitizer or
/// ThreadSanitizer, else 1. Time limits are multiplied by it.
uint64_t cyl_script_time_scale(void);

#ifdef __cplusplus
}
#endif
#endif
