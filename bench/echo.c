/*
 * The physical floor for windowbench: a minimal line echo over a Unix stream socket.
 *
 *   echo server SOCKET            serve until SIGTERM (one thread, poll, any number of clients)
 *   echo client SOCKET N          N round trips of one line on one connection; prints
 *                                 "rps p50_ns p99_ns p999_ns" of the last N (after N/10 warm-up)
 *   echo oneshot SOCKET           connect, write a line, read it back, exit (the process floor)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static struct sockaddr_un address_of(const char *path) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, path, sizeof address.sun_path - 1);
    return address;
}

static unsigned long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
    return x < y ? -1 : x > y;
}

static int serve(const char *path) {
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = address_of(path);
    unlink(path);
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 512) != 0) {
        perror("echo server");
        return 1;
    }
    struct pollfd *fds = calloc(8192, sizeof *fds);
    int count = 1;
    fds[0] = (struct pollfd){.fd = listener, .events = POLLIN};
    char buffer[65536];
    for (;;) {
        if (poll(fds, count, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = count - 1; i >= 1; i--) {
            if (!fds[i].revents) continue;
            ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
            if (n <= 0 || write(fds[i].fd, buffer, (size_t)n) != n) {
                close(fds[i].fd);
                fds[i] = fds[--count];
            }
        }
        if ((fds[0].revents & POLLIN) && count < 8192) {
            int client = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
            if (client >= 0) fds[count++] = (struct pollfd){.fd = client, .events = POLLIN};
        }
    }
    return 0;
}

static int connect_to(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = address_of(path);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("echo connect");
        exit(69);
    }
    return fd;
}

static int round_trip(int fd) {
    static const char line[] = "ping\n";
    char buffer[64];
    if (write(fd, line, sizeof line - 1) != (ssize_t)(sizeof line - 1)) return -1;
    size_t got = 0;
    while (got < sizeof line - 1) {
        ssize_t n = read(fd, buffer + got, sizeof buffer - got);
        if (n <= 0) return -1;
        got += (size_t)n;
    }
    return 0;
}

static int client(const char *path, long n) {
    int fd = connect_to(path);
    long warmup = n / 10;
    unsigned long long *samples = malloc(sizeof *samples * (size_t)n);
    unsigned long long start = 0;
    for (long i = 0; i < warmup + n; i++) {
        if (i == warmup) start = now_ns();
        unsigned long long before = now_ns();
        if (round_trip(fd) != 0) return 1;
        if (i >= warmup) samples[i - warmup] = now_ns() - before;
    }
    double seconds = (double)(now_ns() - start) / 1e9;
    qsort(samples, (size_t)n, sizeof *samples, compare);
    printf("%.1f %llu %llu %llu\n", (double)n / seconds, samples[(n * 50 + 99) / 100 - 1],
           samples[(n * 99 + 99) / 100 - 1], samples[(n * 999 + 999) / 1000 - 1]);
    return 0;
}

int main(int argc, char **argv) {
    signal(SIGPIPE, SIG_IGN);
    if (argc >= 3 && strcmp(argv[1], "server") == 0) return serve(argv[2]);
    if (argc >= 4 && strcmp(argv[1], "client") == 0) return client(argv[2], atol(argv[3]));
    if (argc >= 3 && strcmp(argv[1], "oneshot") == 0) return round_trip(connect_to(argv[2])) == 0 ? 0 : 1;
    fprintf(stderr, "usage: echo server|client|oneshot SOCKET [N]\n");
    return 64;
}
