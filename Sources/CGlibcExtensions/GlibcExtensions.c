#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "CGlibcExtensions.h"

int windowd_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

short windowd_spawn_setsid_flag(void) {
    return POSIX_SPAWN_SETSID;
}

int windowd_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int windowd_open_pty(char *name, size_t length) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    int error = 0;
    if (grantpt(master) != 0 || unlockpt(master) != 0) {
        error = errno;
    } else {
        error = ptsname_r(master, name, length);
    }
    if (error != 0) {
        close(master);
        errno = error;
        return -1;
    }
    return master;
}

/// The session leader's program group, for its signal handler.
static volatile pid_t windowd_terminal_job = 0;

static void windowd_forward_signal(int signal) {
    int saved = errno;
    if (windowd_terminal_job > 0) kill(-windowd_terminal_job, signal);
    errno = saved;
}

/// The session leader, after fork: only async-signal-safe calls until it ends.
static void windowd_lead_terminal_job(const char *terminal, char *const argv[], char *const envp[], const char *name, int ready) {
    if (name != NULL) prctl(PR_SET_NAME, name);
    struct sigaction defaults;
    defaults.sa_handler = SIG_DFL;
    defaults.sa_flags = 0;
    sigemptyset(&defaults.sa_mask);
    for (int signal = 1; signal < NSIG; signal++) sigaction(signal, &defaults, NULL);
    if (setsid() < 0) _exit(126);
    int fd = open(terminal, O_RDWR);  // The first terminal a session leader opens is its controlling one.
    if (fd < 0) _exit(126);
    if (dup2(fd, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 || dup2(ready, 3) < 0) _exit(126);
    close_range(4, ~0U, 0);
    sigset_t none;
    sigemptyset(&none);
    pid_t job = fork();
    if (job < 0) _exit(126);
    if (job == 0) {
        close(3);
        setpgid(0, 0);
        tcsetpgrp(0, getpid());
        sigprocmask(SIG_SETMASK, &none, NULL);
        execvpe(argv[0], argv, envp);
        _exit(errno == ENOENT ? 127 : 126);
    }
    setpgid(job, job);
    tcsetpgrp(0, job);
    windowd_terminal_job = job;
    struct sigaction forward;
    forward.sa_handler = windowd_forward_signal;
    forward.sa_flags = SA_RESTART;
    sigemptyset(&forward.sa_mask);
    int forwarded[] = {SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGTSTP, SIGCONT};
    for (unsigned index = 0; index < sizeof forwarded / sizeof *forwarded; index++) sigaction(forwarded[index], &forward, NULL);
    // Not stopped by reading or writing its terminal from the background: it never does.
    struct sigaction ignore = defaults;
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGTTOU, &ignore, NULL);
    sigaction(SIGTTIN, &ignore, NULL);
    sigprocmask(SIG_SETMASK, &none, NULL);
    // The program is in the terminal's foreground: a Ctrl-Z typed from now on stops it.
    char byte = 1;
    write(3, &byte, 1);
    close(3);
    while (1) {
        int status = 0;
        if (waitpid(job, &status, WUNTRACED) < 0) {
            if (errno == EINTR) continue;
            _exit(126);
        }
        if (WIFSTOPPED(status)) {
            raise(SIGSTOP);
            // Continued: the program goes on in the foreground.
            tcsetpgrp(0, job);
            kill(-job, SIGCONT);
            continue;
        }
        if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
        int signal = WTERMSIG(status);
        sigaction(signal, &defaults, NULL);
        kill(getpid(), signal);
        _exit(128 + signal);
    }
}

int windowd_spawn_terminal_job(const char *terminal, char *const argv[], char *const envp[], const char *name) {
    int ready[2];
    if (pipe2(ready, O_CLOEXEC) != 0) return -1;
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t leader = fork();
    if (leader == 0) windowd_lead_terminal_job(terminal, argv, envp, name, ready[1]);
    int error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(ready[1]);
    if (leader > 0) {
        // Returns once the program is the terminal's foreground group (or the leader failed):
        // keys relayed before that would reach a terminal without its job.
        char byte;
        while (read(ready[0], &byte, 1) < 0 && errno == EINTR) {}
    }
    close(ready[0]);
    errno = error;
    return leader;
}
