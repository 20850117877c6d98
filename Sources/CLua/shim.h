/* Lua 5.4 for Swift: the headers, Lua's macros as inline functions, and the few
 * pieces of C that must not be Swift because they raise Lua errors (longjmp):
 * the call trampoline, the limited allocator and the deadline hook. */
#ifndef ANIMHOST_CLUA_SHIM_H
#define ANIMHOST_CLUA_SHIM_H

#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include "pool.h"

/* ---- Lua's macros ---------------------------------------------------- */
static inline int ah_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int ah_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void ah_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void ah_newtable(lua_State *L) { lua_newtable(L); }
static inline void ah_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline void ah_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline int ah_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
static inline const char *ah_tostring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }
static inline lua_Number ah_tonumber(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
static inline void *ah_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }
/* A full collection: the state's unreachable objects freed, their finalizers (the host's) run. */
static inline void ah_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }

/* ---- per-state bookkeeping, reached through lua_getextraspace -------- */
typedef struct ah_state_info {
    size_t used;          /* bytes currently allocated by the state */
    size_t limit;         /* cap enforced while plugin code runs */
    size_t peak;          /* high-water mark of `used` */
    int enforce;          /* 1 while Lua code runs; 0 inside host code */
    int tripped;          /* 1 once the deadline passed: every instruction raises (ah_tripped) */
    int running;          /* depth of host calls into Lua under way (ah_running) */
    int interrupt_requested; /* 1 once the host asked the state to stop (ah_interrupt) */
    double deadline;      /* CLOCK_MONOTONIC seconds; 0 = none */
    void *host;           /* the Swift object that owns the state */
    uint64_t serials;     /* objects created so far: the last creation serial given (see AH_HEADER) */
    char timeout_place[128]; /* "file:line" where the deadline first stopped plugin code, or "" */
    void *newest;         /* the newest object's memory */
    size_t userdata_offset; /* from a userdata's block to its memory (lua_touserdata), for ah_serial */
    ah_pool pool;         /* the state's small blocks */
} ah_state_info;

static inline ah_state_info *ah_info(lua_State *L) {
    return *(ah_state_info **)lua_getextraspace(L);
}

/* `tripped` and `running` are read and written from the watchdog's thread as well as the state's,
 * so only through these atomic accesses. Relaxed ordering is enough: neither publishes anything
 * else. A thread that sees `tripped` reads nothing the tripping thread wrote before (the hook
 * reads the deadline and notes the place, both the state's own thread's), and the watchdog reads
 * `running` only to decide whether to trip or, past the grace, to end the process, acting on the
 * flag's value alone; the hook itself is installed by lua_sethook, which Lua allows from any thread. */
static inline int ah_tripped(const ah_state_info *info) { return __atomic_load_n(&info->tripped, __ATOMIC_RELAXED); }
static inline int ah_running(const ah_state_info *info) { return __atomic_load_n(&info->running, __ATOMIC_RELAXED); }
static inline void ah_set_tripped(ah_state_info *info) { __atomic_store_n(&info->tripped, 1, __ATOMIC_RELAXED); }

static inline double ah_monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Returns a block of `size` bytes to where it came from: the pool or the C library. */
static inline void ah_release_block(ah_pool *pool, void *block, size_t size) {
    if (size <= AH_POOL_LARGEST) ah_pool_give(pool, block, size);
    else free(block);
}

/* Every block starts with a header: the creation serial of the object it holds (a table, a
 * function, a userdata or a coroutine), or 0. Lua places such objects in tables by address, so
 * its own traversal order changes from process to process; the sandbox's `next` orders them by
 * serial instead (ah_serial). Lua tells the allocator an object's type when it creates it: the
 * block is new (ptr == NULL) and osize is the type's tag. */
#define AH_HEADER sizeof(uint64_t)

static inline int ah_counted_tag(size_t tag) {
    return tag == LUA_TTABLE || tag == LUA_TFUNCTION || tag == LUA_TUSERDATA || tag == LUA_TTHREAD;
}

/* The allocator refuses growth past the limit only while plugin code runs, so a
 * host binding never meets a memory error in the middle of its work. Small blocks
 * come from the state's pool, larger ones from the C library. The limit counts the
 * sizes Lua asks for, without the headers. */
static inline void *ah_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    ah_state_info *info = (ah_state_info *)ud;
    size_t old = ptr ? osize : 0;
    char *block = ptr ? (char *)ptr - AH_HEADER : NULL;
    size_t oldBytes = old + AH_HEADER, newBytes = nsize + AH_HEADER;
    if (nsize == 0) {
        if (ptr) ah_release_block(&info->pool, block, oldBytes);
        info->used -= old;
        return NULL;
    }
    if (info->enforce && nsize > old && info->used - old + nsize > info->limit) return NULL;
    char *p;
    if (ptr && oldBytes > AH_POOL_LARGEST && newBytes > AH_POOL_LARGEST) {
        p = realloc(block, newBytes);
        if (p == NULL) return NULL;
    } else if (ptr && oldBytes <= AH_POOL_LARGEST && newBytes <= AH_POOL_LARGEST && ah_pool_class(oldBytes) == ah_pool_class(newBytes)) {
        p = block;
    } else {
        p = newBytes <= AH_POOL_LARGEST ? ah_pool_take(&info->pool, newBytes) : malloc(newBytes);
        if (p == NULL) return NULL;
        if (ptr) {
            memcpy(p, block, oldBytes < newBytes ? oldBytes : newBytes);
            ah_release_block(&info->pool, block, oldBytes);
        } else {
            if (ah_counted_tag(osize)) {
                *(uint64_t *)p = ++info->serials;
                info->newest = p + AH_HEADER;
            } else {
                *(uint64_t *)p = 0;
            }
        }
    }
    info->used = info->used - old + nsize;
    if (info->used > info->peak) info->peak = info->used;
    return p + AH_HEADER;
}

/* The creation serial of the object at `idx` (see AH_HEADER), or 0 for a value that is not one of
 * the state's objects: a light userdata, a C function without upvalues, a number... */
static inline lua_Integer ah_serial(lua_State *L, int idx) {
    const char *block;
    switch (lua_type(L, idx)) {
    case LUA_TTABLE:
        block = lua_topointer(L, idx);
        break;
    case LUA_TFUNCTION:
        block = lua_topointer(L, idx);
        if (lua_iscfunction(L, idx) && (const void *)lua_tocfunction(L, idx) == (const void *)block) return 0;
        break;
    case LUA_TUSERDATA:
        block = (const char *)lua_touserdata(L, idx) - ah_info(L)->userdata_offset;
        break;
    case LUA_TTHREAD:
        block = lua_getextraspace(lua_tothread(L, idx));
        break;
    default:
        return 0;
    }
    return (lua_Integer)*(const uint64_t *)(block - AH_HEADER);
}

static inline int ah_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "animhost: unrecoverable Lua error: %s\n", msg ? msg : "(no message)");
    abort();
}

/* Closes a state made by ah_newstate and frees its pool. */
static inline void ah_close(lua_State *L) {
    ah_state_info *info = ah_info(L);
    lua_close(L);
    ah_pool_release(&info->pool);
}

/* Creates a state whose allocator and extraspace share one `info`. */
static inline lua_State *ah_newstate(ah_state_info *info) {
    lua_State *L = lua_newstate(ah_alloc, info);
    if (L == NULL) return NULL;
    *(ah_state_info **)lua_getextraspace(L) = info;
    lua_atpanic(L, ah_panic);
    /* Where a userdata's memory starts in its block, the newest object's. Every userdata the
     * host makes has no user values, so they all share this offset. */
    const char *memory = lua_newuserdatauv(L, 1, 0);
    info->userdata_offset = (size_t)(memory - (const char *)info->newest);
    lua_pop(L, 1);
    return L;
}

/* The chunk name of the sandbox's prelude, whose frames are the host's and never an error's place. */
#define AH_PRELUDE_NAME "animhost/prelude.lua"

/* Notes in info->timeout_place, once, the place of the innermost plugin function running at
 * `level` or above ("file:line"): where the time ran out, in a coroutine as in the main thread.
 * The prelude's frames are skipped: their caller's line is the plugin's. */
static inline void ah_note_timeout_place(lua_State *L, int level);

/* ---- deadline: a hook that pcall cannot swallow --------------------------
 * The main thread runs without a hook (hooks slow every instruction); a watchdog
 * thread calls ah_trip at the deadline, which lua_sethook allows asynchronously.
 * Coroutines carry a count hook from birth and check the clock themselves. */
#define AH_HOOK_EVERY 1000

static inline void ah_hook(lua_State *L, lua_Debug *ar) {
    ah_state_info *info = ah_info(L);
    if (!ah_tripped(info)) {
        if (info->deadline == 0 || ah_monotonic_seconds() < info->deadline) return;
        ah_set_tripped(info);
        /* A coroutine noticed first: stop the main thread too, whatever the watchdog's timing. */
        lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
        lua_State *main = lua_tothread(L, -1);
        lua_pop(L, 1);
        if (main != NULL && main != L) lua_sethook(main, ah_hook, LUA_MASKCOUNT, 1);
    }
    /* Once tripped, fire on every instruction so no pcall can resume the plugin. */
    lua_sethook(L, ah_hook, LUA_MASKCOUNT, 1);
    ah_note_timeout_place(L, 0);
    lua_getinfo(L, "Sl", ar);
    lua_pushfstring(L, "%s:%d: the plugin ran past its time limit", ar->short_src, ar->currentline);
    lua_error(L);
}

/* Called from the watchdog thread when the deadline passes. */
static inline void ah_trip(lua_State *L) {
    ah_set_tripped(ah_info(L));
    lua_sethook(L, ah_hook, LUA_MASKCOUNT, 1);
}

/* From another thread: asks the state to stop for good, tripping it now if a call is under way.
 * ah_pcall counts its call and then reads the request; this writes the request and then reads the
 * count, both sequentially consistent, so one of the two always sees the other: a call starting as
 * the request lands trips itself instead of running on to its deadline. */
static inline void ah_interrupt(lua_State *L) {
    ah_state_info *info = ah_info(L);
    __atomic_store_n(&info->interrupt_requested, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&info->running, __ATOMIC_SEQ_CST) > 0) ah_trip(L);
}

/* coroutine.create for plugins: the new thread checks the deadline itself. */
static inline int ah_newcoroutine(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_sethook(co, ah_hook, LUA_MASKCOUNT, AH_HOOK_EVERY);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    return 1;
}

static inline void ah_pushcoroutinecreate(lua_State *L) { lua_pushcfunction(L, ah_newcoroutine); }

/* ---- calling Swift from Lua --------------------------------------------- */
/* A Swift binding returns its number of results, or AH_RAISE after pushing an
 * error message: the trampoline then raises it, so no longjmp crosses Swift. */
#define AH_RAISE (-1)
/* Raise the message on top as it is: it already names its place (an error from nested plugin code). */
#define AH_RERAISE (-2)
typedef int (*ah_swift_function)(lua_State *L);

static inline int ah_trampoline(lua_State *L) {
    ah_swift_function f = (ah_swift_function)lua_touserdata(L, lua_upvalueindex(1));
    ah_state_info *info = ah_info(L);
    if (ah_tripped(info)) {
        ah_note_timeout_place(L, 1);
        return luaL_error(L, "the plugin ran past its time limit");
    }
    int enforced = info->enforce;
    info->enforce = 0;
    int n = f(L);
    info->enforce = enforced;
    if (n == AH_RERAISE) return lua_error(L);
    if (n == AH_RAISE) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (enforced && info->used > info->limit) {
        info->enforce = 0; /* building the message must not fail */
        luaL_where(L, 1);
        lua_pushliteral(L, "not enough memory (the plugin's memory limit)");
        lua_concat(L, 2);
        info->enforce = enforced;
        return lua_error(L);
    }
    return n;
}

/* Pushes a Swift binding as a Lua function with `nup` extra upvalues (taken from the stack). */
static inline void ah_pushfunction(lua_State *L, ah_swift_function f, int nup) {
    lua_pushlightuserdata(L, (void *)f);
    if (nup > 0) lua_insert(L, -(nup + 1));
    lua_pushcclosure(L, ah_trampoline, nup + 1);
}


/* The place of the innermost plugin function running, as "file:line: ", or "" when there is none. */
static inline const char *ah_innermost_place(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        int prelude = ar.source[0] == '@' && strcmp(ar.source + 1, AH_PRELUDE_NAME) == 0;
        if (ar.currentline > 0 && !prelude) return lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
    }
    return lua_pushliteral(L, "");
}

/* Writes the place of the innermost plugin function running ("file:line") into `buf`, allocating
 * nothing in the state; returns 0 (and writes "") when there is none. */
static inline int ah_place(lua_State *L, char *buf, size_t size) {
    lua_Debug ar;
    buf[0] = 0;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        int prelude = ar.source[0] == '@' && strcmp(ar.source + 1, AH_PRELUDE_NAME) == 0;
        if (ar.currentline > 0 && !prelude) {
            snprintf(buf, size, "%s:%d", ar.short_src, ar.currentline);
            return 1;
        }
    }
    return 0;
}

static inline void ah_note_timeout_place(lua_State *L, int level) {
    ah_state_info *info = ah_info(L);
    if (info->timeout_place[0] != 0) return;
    lua_Debug ar;
    for (; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        int prelude = ar.source[0] == '@' && strcmp(ar.source + 1, AH_PRELUDE_NAME) == 0;
        if (ar.currentline > 0 && !prelude) {
            snprintf(info->timeout_place, sizeof info->timeout_place, "%s:%d", ar.short_src, ar.currentline);
            return;
        }
    }
}

/* Message handler: appends a traceback to string errors; describes others (error(nil), error
 * tables) without running their metamethods, at the line that raised them. */
static inline int ah_traceback(lua_State *L) {
    /* Describing the error may not fail for want of memory: the error may be the memory limit's own,
     * raised with the state still past it, and a failing handler would lose the plugin's line. */
    ah_state_info *info = ah_info(L);
    int enforced = info->enforce;
    info->enforce = 0;
    const char *msg = lua_tostring(L, 1);
    const size_t prelude = strlen(AH_PRELUDE_NAME);
    if (msg == NULL) {
        const char *place = ah_innermost_place(L);
        msg = lua_pushfstring(L, "%s(error object is a %s value)", place, luaL_typename(L, 1));
    } else if (strncmp(msg, AH_PRELUDE_NAME ":", prelude + 1) == 0) {
        /* raised by Lua's library under one of the prelude's wrappers: the plugin's line instead */
        const char *rest = msg + prelude + 1;
        while (*rest >= '0' && *rest <= '9') rest++;
        if (*rest == ':') rest++;
        if (*rest == ' ') rest++;
        const char *place = ah_innermost_place(L);
        msg = lua_pushfstring(L, "%s%s", place, rest);
    }
    luaL_traceback(L, L, msg, 1);
    info->enforce = enforced;
    return 1;
}

/* Calls the function below `nargs` arguments with a traceback handler and the memory limit enforced.
 * Returns a LUA_* status; on error the message (with traceback) is on top. */
static inline int ah_pcall(lua_State *L, int nargs, int nresults) {
    ah_state_info *info = ah_info(L);
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, ah_traceback);
    lua_insert(L, base);
    int enforced = info->enforce;
    info->enforce = 1;
    __atomic_add_fetch(&info->running, 1, __ATOMIC_SEQ_CST); /* only this thread writes it; see ah_interrupt */
    if (__atomic_load_n(&info->interrupt_requested, __ATOMIC_SEQ_CST)) {
        ah_set_tripped(info);
        lua_sethook(L, ah_hook, LUA_MASKCOUNT, 1);
    }
    int status = lua_pcall(L, nargs, nresults, base);
    __atomic_sub_fetch(&info->running, 1, __ATOMIC_RELAXED);
    info->enforce = enforced;
    lua_remove(L, base);
    return status;
}

/* Loads text only: bytecode is never accepted. */
static inline int ah_loadtext(lua_State *L, const char *buf, size_t len, const char *chunkname) {
    return luaL_loadbufferx(L, buf, len, chunkname, "t");
}

#endif
