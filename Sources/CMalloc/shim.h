#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
/// glibc's mmap threshold: blocks at least this large are mapped on their own and unmapped when freed.
static inline int ah_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
#else
static inline int ah_set_mmap_threshold(int bytes) { (void)bytes; return 0; }
#endif
