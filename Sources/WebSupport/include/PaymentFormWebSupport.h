// What the WebAssembly engine's C support provides: nothing to Swift code directly. The module
// links its memory allocator and the few C library functions the Swift runtime calls.
#ifndef PAYMENT_FORM_WEB_SUPPORT_H
#define PAYMENT_FORM_WEB_SUPPORT_H
#endif
