// libFuzzer's driver, as its runtime exports it (linked only by `-sanitize=fuzzer`). The
// animhost-libfuzzer executable calls it from its own entry point, so that it can pick a target first.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
