// Which functions of an executable run: LD_PRELOAD'ed by `bench/app-instances.py --symbol-order`.
// The executable's code is made inaccessible before its own initialisers run; each fault records
// where it entered (a 16-byte granule, the alignment of a function) and opens that page, closing
// the page opened K faults before, so that a call into another page faults again. A function
// only called from the pages still open is missed in one run and found in the next, once the
// ordering file moved its callers. ENTRYTRACE_OUT names the file of granules (one byte each).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define OPEN_PAGES 4
static uintptr_t text_start, text_end;
static unsigned char *granules;
static uintptr_t open_pages[OPEN_PAGES];
static int next_slot;
static volatile int lock;

static void entered(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    if (address < text_start || address >= text_end) {
        signal(signal_number, SIG_DFL);
        raise(signal_number);
        return;
    }
    while (__atomic_test_and_set(&lock, __ATOMIC_ACQUIRE)) {
    }
    granules[(address - text_start) / 16] = 1;
    uintptr_t page = address & ~(uintptr_t)4095;
    if (open_pages[next_slot]) mprotect((void *)open_pages[next_slot], 4096, PROT_NONE);
    open_pages[next_slot] = page;
    next_slot = (next_slot + 1) % OPEN_PAGES;
    mprotect((void *)page, 4096, PROT_READ | PROT_EXEC);
    __atomic_clear(&lock, __ATOMIC_RELEASE);
}

// A thread that blocks every signal (the notify thread does) would be killed by its first fault.
int pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
    static int (*real)(int, const sigset_t *, sigset_t *);
    if (!real) real = (int (*)(int, const sigset_t *, sigset_t *))dlsym(RTLD_NEXT, "pthread_sigmask");
    if (set && how != SIG_UNBLOCK) {
        sigset_t copy = *set;
        sigdelset(&copy, SIGSEGV);
        return real(how, &copy, old);
    }
    return real(how, set, old);
}

__attribute__((constructor)) static void start(void) {
    const char *out = getenv("ENTRYTRACE_OUT");
    if (!out) return;
    char executable[4096];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) return;
    executable[length] = 0;
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return;
    char line[8192];
    while (fgets(line, sizeof line, maps)) {
        unsigned long start, end, offset;
        char permissions[8], path[4096] = "";
        if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %4095s", &start, &end, permissions, &offset, path) >= 4 &&
            strcmp(path, executable) == 0 && permissions[2] == 'x') {
            text_start = start;
            text_end = end;
        }
    }
    fclose(maps);
    if (!text_start) return;
    size_t size = (text_end - text_start) / 16;
    int fd = open(out, O_RDWR | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || ftruncate(fd, (off_t)size) != 0) return;
    granules = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (granules == MAP_FAILED) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = entered;
    // Every other signal waits: its handler, in the executable, would fault while the lock is held.
    sigfillset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &action, NULL);
    mprotect((void *)text_start, text_end - text_start, PROT_NONE);
}
