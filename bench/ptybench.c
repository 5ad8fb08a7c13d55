// ptybench: what a terminal sees of a program, through a pseudo-terminal of its own, for
// `make bench-run` (winctl run's cost beside the program run directly and inside tmux).
//
//   ptybench throughput -- ARGV...   reads everything ARGV's terminal shows until it ends:
//                                    prints "BYTES SECONDS"
//   ptybench latency N -- ARGV...    ARGV must print R once it echoes keys (raw, e.g.
//                                    sh -c 'stty raw -echo; printf R; exec cat'); then N times
//                                    writes one byte and waits until it comes back: prints
//                                    "P50_US P99_US"
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static pid_t spawn(char **argv, int *master) {
    *master = posix_openpt(O_RDWR | O_NOCTTY);
    if (*master < 0 || grantpt(*master) || unlockpt(*master)) { perror("pty"); exit(1); }
    struct winsize size = {.ws_row = 50, .ws_col = 200};
    ioctl(*master, TIOCSWINSZ, &size);
    const char *name = ptsname(*master);
    pid_t pid = fork();
    if (pid == 0) {
        setsid();
        int slave = open(name, O_RDWR);
        dup2(slave, 0); dup2(slave, 1); dup2(slave, 2);
        if (slave > 2) close(slave);
        close(*master);
        execvp(argv[0], argv);
        _exit(127);
    }
    return pid;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/// Reads until `byte` arrives; 0 on success.
static int awaitByte(int master, char byte) {
    char buffer[65536];
    for (;;) {
        ssize_t count = read(master, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return -1;
        if (memchr(buffer, byte, count)) return 0;
    }
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: ptybench throughput -- ARGV... | latency N -- ARGV...\n"); return 64; }
    signal(SIGPIPE, SIG_IGN);
    int master;
    if (strcmp(argv[1], "throughput") == 0) {
        pid_t pid = spawn(argv + 3, &master);
        static char buffer[1 << 16];
        long long total = 0;
        double start = now();
        for (;;) {
            ssize_t count = read(master, buffer, sizeof buffer);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            total += count;
        }
        double seconds = now() - start;
        waitpid(pid, NULL, 0);
        printf("%lld %.3f\n", total, seconds);
        return 0;
    }
    int rounds = atoi(argv[2]);
    pid_t pid = spawn(argv + 4, &master);
    if (awaitByte(master, 'R')) { fprintf(stderr, "ptybench: no R\n"); return 1; }
    double *samples = calloc(rounds, sizeof *samples);
    for (int index = -50; index < rounds; index++) {
        char key = 'x';
        double start = now();
        if (write(master, &key, 1) != 1 || awaitByte(master, key)) { fprintf(stderr, "ptybench: no echo\n"); return 1; }
        if (index >= 0) samples[index] = (now() - start) * 1e6;
        usleep(2000);
    }
    qsort(samples, rounds, sizeof *samples, compare);
    printf("%.1f %.1f\n", samples[rounds / 2], samples[rounds * 99 / 100]);
    // The whole session on the terminal: script(1) waits out a hang-up for its child.
    kill(-pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return 0;
}
