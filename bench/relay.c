// relay: the fastest relay between a terminal and a program on a pseudo-terminal of its own that
// we could write in C, to tell what `winctl run`'s relay can reach (bench/run-cost.sh's "C relay"
// row; ARCHITECTURE.md, "winctl run"). What winctl run does besides moving bytes (focus reports,
// job control, the window) is left out: this is the floor of the byte path alone.
//
//   relay [-d DESIGN] [-b BYTES] -- ARGV...
//
// The program runs on a new pseudo-terminal with the terminal's modes and size, the terminal is
// raw both ways while it runs, and relay exits with the program's status. DESIGN:
//   loop      one poll loop over both directions; the master non-blocking, read until EAGAIN
//             into one buffer of BYTES (default 65536), then one write
//   eager     one poll loop; the master non-blocking, each read written at once, poll only once
//             a read finds nothing (winctl run's design)
//   blocking  one poll loop; one blocking read of up to BYTES per wake-up, then its write
//             (script(1)'s shape)
//   threads   a thread per direction, each a blocking read and its write, no poll at all
//   packet    as blocking, with TIOCPKT on the master (a header byte each read)
// With RELAY_USAGE=PATH in the environment, relay writes its own CPU seconds and context switches
// (getrusage, this process alone) to PATH: "SECONDS VOLUNTARY INVOLUNTARY".
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

static size_t size = 65536;
static int master;

static int writeAll(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(fd, bytes, count);
        if (written < 0 && errno == EINTR) continue;
        if (written < 0 && errno == EAGAIN) {
            struct pollfd room = {.fd = fd, .events = POLLOUT};
            poll(&room, 1, -1);
            continue;
        }
        if (written < 0) return -1;
        bytes += written;
        count -= (size_t)written;
    }
    return 0;
}

static void *input(void *unused) {
    (void)unused;
    char buffer[16384];
    for (;;) {
        ssize_t count = read(0, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0 || writeAll(master, buffer, (size_t)count)) return NULL;
    }
}

/// One poll loop. `drain`: non-blocking reads until EAGAIN before the write; `packet`: TIOCPKT;
/// `eager`: non-blocking, each read written at once, back to poll only on EAGAIN.
static void loop(int drain, int packet, int eager) {
    char *buffer = malloc(size);
    char keys[16384];
    if (drain || eager) fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    if (packet) ioctl(master, TIOCPKT, &(int){1});
    struct pollfd descriptors[2] = {{.fd = master, .events = POLLIN}, {.fd = 0, .events = POLLIN}};
    int inputOpen = 1;
    for (;;) {
        while (eager) {
            ssize_t got = read(master, buffer, size);
            if (got > 0) {
                if (writeAll(1, buffer, (size_t)got)) return;
            } else if (got < 0 && errno == EINTR) {
                continue;
            } else if (got < 0 && errno == EAGAIN) {
                break;
            } else {
                return;
            }
        }
        if (poll(descriptors, inputOpen ? 2 : 1, -1) < 0) {
            if (errno == EINTR) continue;
            return;
        }
        if (!eager && descriptors[0].revents) {
            size_t count = 0;
            int ended = 0;
            while (count < size) {
                ssize_t got = read(master, buffer + count, size - count);
                if (got > 0) {
                    if (packet) {  // the header byte: 0 is data, anything else is a status
                        if (buffer[count] == 0) {
                            memmove(buffer + count, buffer + count + 1, (size_t)got - 1);
                            count += (size_t)got - 1;
                        }
                    } else {
                        count += (size_t)got;
                    }
                    if (!drain) break;
                } else if (got < 0 && errno == EINTR) {
                    continue;
                } else {
                    ended = !(got < 0 && errno == EAGAIN);
                    break;
                }
            }
            if (count > 0 && writeAll(1, buffer, count)) return;
            if (ended) return;
        }
        if (inputOpen && descriptors[1].revents) {
            ssize_t count = read(0, keys, sizeof keys);
            if (count <= 0) inputOpen = 0;
            else writeAll(master, keys, (size_t)count);
        }
    }
}

static void threads(void) {
    pthread_t thread;
    pthread_create(&thread, NULL, input, NULL);
    char *buffer = malloc(size);
    for (;;) {
        ssize_t count = read(master, buffer, size);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0 || writeAll(1, buffer, (size_t)count)) return;
    }
}

int main(int argc, char **argv) {
    const char *design = "loop";
    int option;
    while ((option = getopt(argc, argv, "d:b:")) != -1) {
        if (option == 'd') design = optarg;
        else if (option == 'b') size = (size_t)atol(optarg);
        else return 64;
    }
    if (optind >= argc) {
        fprintf(stderr, "usage: relay [-d loop|blocking|threads|packet] [-b BYTES] -- ARGV...\n");
        return 64;
    }
    struct termios modes, raw;
    struct winsize window;
    int terminal = tcgetattr(0, &modes) == 0;
    ioctl(0, TIOCGWINSZ, &window);
    pid_t child = forkpty(&master, NULL, terminal ? &modes : NULL, &window);
    if (child < 0) { perror("forkpty"); return 1; }
    if (child == 0) {
        execvp(argv[optind], argv + optind);
        _exit(127);
    }
    if (terminal) {
        raw = modes;
        cfmakeraw(&raw);
        tcsetattr(0, TCSANOW, &raw);
    }
    if (strcmp(design, "threads") == 0) threads();
    else loop(strcmp(design, "loop") == 0, strcmp(design, "packet") == 0, strcmp(design, "eager") == 0);
    int status = 0;
    waitpid(child, &status, 0);
    if (terminal) tcsetattr(0, TCSADRAIN, &modes);
    const char *usagePath = getenv("RELAY_USAGE");
    FILE *usageFile = usagePath ? fopen(usagePath, "w") : NULL;
    if (usageFile) {
        struct rusage usage;
        getrusage(RUSAGE_SELF, &usage);
        double seconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
            + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
        fprintf(usageFile, "%.3f %ld %ld\n", seconds, usage.ru_nvcsw, usage.ru_nivcsw);
        fclose(usageFile);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
