/* Small blocks for a Lua state. Lua tells its allocator the size of every block it frees or
 * resizes, so blocks of up to AH_POOL_LARGEST bytes can come from one free list per size class
 * without a header: a plugin makes and drops tables, closures, strings and userdata of a few
 * dozen bytes at a high rate, and the C library's malloc costs several times more per block.
 * Chunks go back to the C library when the state closes. */
#ifndef ANIMHOST_CLUA_POOL_H
#define ANIMHOST_CLUA_POOL_H

#include <stdlib.h>

#define AH_POOL_GRAIN 16
#define AH_POOL_CLASSES 16
#define AH_POOL_LARGEST (AH_POOL_GRAIN * AH_POOL_CLASSES)
#define AH_POOL_CHUNK (64 * 1024)

typedef struct ah_pool {
    void *free[AH_POOL_CLASSES]; /* per size class, a list threaded through the free blocks */
    char *next, *end;            /* the unused rest of the newest chunk */
    void *chunks;                /* every chunk, linked through its first word */
} ah_pool;

static inline size_t ah_pool_class(size_t size) { return (size - 1) / AH_POOL_GRAIN; }

/* A block for `size` (1…AH_POOL_LARGEST) bytes, or NULL when no memory is left. */
static inline void *ah_pool_take(ah_pool *pool, size_t size) {
    size_t c = ah_pool_class(size);
    void *block = pool->free[c];
    if (block != NULL) {
        pool->free[c] = *(void **)block;
        return block;
    }
    size_t bytes = (c + 1) * AH_POOL_GRAIN;
    if ((size_t)(pool->end - pool->next) < bytes) {
        char *chunk = malloc(AH_POOL_CHUNK);
        if (chunk == NULL) return NULL;
        *(void **)chunk = pool->chunks;
        pool->chunks = chunk;
        pool->next = chunk + AH_POOL_GRAIN;
        pool->end = chunk + AH_POOL_CHUNK;
    }
    block = pool->next;
    pool->next += bytes;
    return block;
}

/* Returns a block taken for `size` bytes. */
static inline void ah_pool_give(ah_pool *pool, void *block, size_t size) {
    size_t c = ah_pool_class(size);
    *(void **)block = pool->free[c];
    pool->free[c] = block;
}

/* Frees every chunk; the pool's blocks are gone. */
static inline void ah_pool_release(ah_pool *pool) {
    while (pool->chunks != NULL) {
        void *next = *(void **)pool->chunks;
        free(pool->chunks);
        pool->chunks = next;
    }
    *pool = (ah_pool){0};
}

#endif
