// The C library functions a Swift module built for wasm32-unknown-none-wasm calls, for the
// WebAssembly engine (Scripts/build/build-web.sh): its memory allocator, memory comparison, 128-bit
// multiplication, and randomness from the host. Native builds compile nothing here.
#if defined(__wasm__)
#include <stddef.h>
#include <stdint.h>

// ---- Memory: a size-class allocator over the module's linear memory -----------------------------
//
// Blocks are powers of two from 32 bytes up; each starts with a 16-byte header holding its size
// class and the offset of the user pointer, so `free` finds both. Freed blocks go to their class's
// list and are reused; memory only grows (`memory.grow`), as the engine's working set is small
// and steady (one form, its values, a few encryptions).

extern unsigned char __heap_base;

static uintptr_t heap_top;
static void *free_lists[48];

static int class_for(size_t bytes) {
    int size_class = 5;
    while (((size_t)1 << size_class) < bytes) size_class++;
    return size_class;
}

static void *take_block(int size_class) {
    void *block = free_lists[size_class];
    if (block) {
        free_lists[size_class] = *(void **)block;
        return block;
    }
    if (!heap_top) heap_top = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
    size_t size = (size_t)1 << size_class;
    uintptr_t start = (heap_top + 15) & ~(uintptr_t)15;
    uintptr_t end = start + size;
    if (end < start) return 0;
    size_t have = __builtin_wasm_memory_size(0) * 65536;
    if (end > have) {
        size_t pages = (end - have + 65535) / 65536;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
    }
    heap_top = end;
    return (void *)start;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < 16) alignment = 16;
    if (size > ((size_t)1 << 30)) return 12;  // ENOMEM
    int size_class = class_for(size + alignment + 16);
    unsigned char *block = take_block(size_class);
    if (!block) return 12;
    uintptr_t user = ((uintptr_t)block + 16 + alignment - 1) & ~(uintptr_t)(alignment - 1);
    ((uint32_t *)user)[-1] = (uint32_t)size_class;
    ((uint32_t *)user)[-2] = (uint32_t)(user - (uintptr_t)block);
    *result = (void *)user;
    return 0;
}

void *malloc(size_t size) {
    void *result = 0;
    return posix_memalign(&result, 16, size) == 0 ? result : 0;
}

void free(void *pointer) {
    if (!pointer) return;
    uintptr_t user = (uintptr_t)pointer;
    int size_class = (int)((uint32_t *)user)[-1];
    void *block = (void *)(user - ((uint32_t *)user)[-2]);
    *(void **)block = free_lists[size_class];
    free_lists[size_class] = block;
}

// ---- The C library functions the runtime calls -----------------------------------------------

int memcmp(const void *left, const void *right, size_t count) {
    const unsigned char *a = left, *b = right;
    for (size_t index = 0; index < count; index++) {
        if (a[index] != b[index]) return a[index] < b[index] ? -1 : 1;
    }
    return 0;
}

size_t strlen(const char *text) {
    const char *end = text;
    while (*end) end++;
    return (size_t)(end - text);
}

void __stack_chk_fail(void) { __builtin_trap(); }

// 128-bit multiplication (the big integers' 64×64 → 128 products), from four 32×32 products.
__int128 __multi3(__int128 a, __int128 b) {
    typedef unsigned __int128 u128;
    uint64_t a_low = (uint64_t)a, a_high = (uint64_t)((u128)a >> 64);
    uint64_t b_low = (uint64_t)b, b_high = (uint64_t)((u128)b >> 64);
    uint64_t a0 = a_low & 0xffffffffu, a1 = a_low >> 32, b0 = b_low & 0xffffffffu, b1 = b_low >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    uint64_t low = (p00 & 0xffffffffu) | (middle << 32);
    uint64_t high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + a_low * b_high + a_high * b_low;
    return (__int128)(((u128)high << 64) | low);
}

// ---- Randomness: the host's (crypto.getRandomValues) ------------------------------------------

__attribute__((import_module("env"), import_name("fill_random")))
void payform_host_fill_random(void *buffer, size_t count);

void arc4random_buf(void *buffer, size_t count) { payform_host_fill_random(buffer, count); }
#endif

#if defined(__wasm__)
// ---- Reading a decimal number: the host's (`Number`), for `Double(String)` ---------------------
//
// The standard library asks for the value of a NUL-terminated string and where reading stopped;
// the host reads decimal syntax exactly as the platform does (correctly rounded) and answers
// whether the whole text was a number. Hexadecimal floats are not read here.

__attribute__((import_module("env"), import_name("parse_double")))
int payform_host_parse_double(const char *text, size_t length, double *result);

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    size_t length = strlen(text);
    if (!payform_host_parse_double(text, length, result)) return text;
    return text + length;
}
#endif
