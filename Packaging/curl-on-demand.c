/*
 * libcurl on demand, for the packaged `payform` (Scripts/build/package.sh).
 *
 * The toolchain's static Foundation (swift build --static-swift-stdlib) links FoundationNetworking,
 * which calls libcurl; linked as is, the executable needs libcurl.so.4 to start at all, and many
 * Linux images (python:slim, node:slim, distroless) have none. Scripts/build/package.sh links this file
 * as `libcurl.a` instead: each of the 23 functions FoundationNetworking calls looks the real one up
 * in libcurl.so.4 with dlopen the first time outgoing HTTP is used (a webhook post, `payform
 * fetch`). Everything else runs without libcurl: the sandbox serves, the engine's commands answer.
 * Without libcurl.so.4 the first such use prints what to install and exits with status 69
 * (EX_UNAVAILABLE); `payform sandbox --webhook-url` checks it at start-up instead.
 *
 * Variadic options (curl_easy_setopt, curl_multi_setopt, curl_easy_getinfo) are forwarded as one
 * pointer-sized argument: every value FoundationNetworking passes is a long, a pointer or a
 * curl_off_t, which the x86-64 and AArch64 calling conventions pass alike. No curl header is
 * needed: handles are opaque pointers, codes are ints.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* The library loaded; Scripts/build/package.sh names an absent one to check the message. */
#ifndef PAYFORM_LIBCURL
#define PAYFORM_LIBCURL "libcurl.so.4"
#endif

static void *library;
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    library = dlopen(PAYFORM_LIBCURL, RTLD_NOW | RTLD_GLOBAL);
}

static void *real(const char *name) {
    pthread_once(&library_once, open_library);
    void *function = library ? dlsym(library, name) : NULL;
    if (!function) {
        const char *why = dlerror();
        fprintf(stderr,
                "payform: outgoing HTTP (webhook posts, payform fetch) needs libcurl, and %s could not be loaded (%s); "
                "install libcurl4 (Debian, Ubuntu) or libcurl (Fedora, RHEL)\n",
                library ? name : PAYFORM_LIBCURL, why ? why : "no reason given");
        _exit(69);
    }
    return function;
}

#define FORWARD(result, name, parameters, arguments)                      \
    result name parameters {                                              \
        static result (*function) parameters;                             \
        if (!function) function = (result (*) parameters)real(#name);     \
        return function arguments;                                        \
    }

FORWARD(int, curl_global_init, (long flags), (flags))
FORWARD(void *, curl_version_info, (int age), (age))
FORWARD(char *, curl_version, (void), ())
FORWARD(void *, curl_easy_init, (void), ())
FORWARD(const char *, curl_easy_strerror, (int code), (code))
FORWARD(int, curl_easy_pause, (void *handle, int bitmask), (handle, bitmask))
FORWARD(void *, curl_multi_init, (void), ())
FORWARD(int, curl_multi_add_handle, (void *multi, void *easy), (multi, easy))
FORWARD(int, curl_multi_remove_handle, (void *multi, void *easy), (multi, easy))
FORWARD(int, curl_multi_assign, (void *multi, int socket, void *pointer), (multi, socket, pointer))
FORWARD(int, curl_multi_cleanup, (void *multi), (multi))
FORWARD(void *, curl_multi_info_read, (void *multi, int *left), (multi, left))
FORWARD(int, curl_multi_socket_action, (void *multi, int socket, int mask, int *running), (multi, socket, mask, running))
FORWARD(void *, curl_slist_append, (void *list, const char *text), (list, text))
FORWARD(void *, curl_url, (void), ())
FORWARD(int, curl_url_set, (void *url, int part, const char *content, unsigned int flags), (url, part, content, flags))
FORWARD(int, curl_url_get, (void *url, int part, char **content, unsigned int flags), (url, part, content, flags))

void curl_easy_cleanup(void *handle) {
    static void (*function)(void *);
    if (!function) function = (void (*)(void *))real("curl_easy_cleanup");
    function(handle);
}

void curl_free(void *pointer) {
    static void (*function)(void *);
    if (!function) function = (void (*)(void *))real("curl_free");
    function(pointer);
}

void curl_slist_free_all(void *list) {
    static void (*function)(void *);
    if (!function) function = (void (*)(void *))real("curl_slist_free_all");
    function(list);
}

int curl_easy_setopt(void *handle, int option, ...) {
    static int (*function)(void *, int, ...);
    if (!function) function = (int (*)(void *, int, ...))real("curl_easy_setopt");
    va_list list;
    va_start(list, option);
    void *argument = va_arg(list, void *);
    va_end(list);
    return function(handle, option, argument);
}

int curl_multi_setopt(void *multi, int option, ...) {
    static int (*function)(void *, int, ...);
    if (!function) function = (int (*)(void *, int, ...))real("curl_multi_setopt");
    va_list list;
    va_start(list, option);
    void *argument = va_arg(list, void *);
    va_end(list);
    return function(multi, option, argument);
}

int curl_easy_getinfo(void *handle, int info, ...) {
    static int (*function)(void *, int, ...);
    if (!function) function = (int (*)(void *, int, ...))real("curl_easy_getinfo");
    va_list list;
    va_start(list, info);
    void *argument = va_arg(list, void *);
    va_end(list);
    return function(handle, info, argument);
}
