#ifndef WINDOWD_CGLIBCEXTENSIONS_H
#define WINDOWD_CGLIBCEXTENSIONS_H

// glibc's GNU extensions that Swift does not see: its Glibc module is built without
// _GNU_SOURCE. Each is a plain function here, compiled with _GNU_SOURCE in the .c file.

#include <malloc.h> // malloc_trim, which Swift's Glibc module leaves out
#include <spawn.h>
#include <stddef.h>

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34): the child closes every descriptor
/// from `lowest` up before it runs the program. 0, or an error number.
int windowd_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);

/// POSIX_SPAWN_SETSID: the child starts a session of its own.
short windowd_spawn_setsid_flag(void);

/// pipe2(fds, O_CLOEXEC): both ends close-on-exec from the start, so that no child another
/// thread starts meanwhile inherits one. 0, or -1 with errno set.
int windowd_pipe_cloexec(int fds[2]);

/// posix_openpt, grantpt, unlockpt and ptsname_r: a new pseudo-terminal's master (read-write,
/// close-on-exec, not the caller's controlling terminal), its slave's path in `name`. The master,
/// or -1 with errno set.
int windowd_open_pty(char *name, size_t length);

/// Starts `argv` (looked up on PATH) with `envp` as the job of a new session whose controlling
/// terminal is `terminal`, the way a shell in a terminal runs a command: a small session leader
/// (forked, never exec'd) puts the program in a process group of its own in the terminal's
/// foreground and waits for it. Because the program's group has a parent in its session, the
/// kernel stops it on Ctrl-Z (a session leader's own group is orphaned, and SIGTSTP does not stop
/// that); the leader then stops itself with SIGSTOP, so that its parent sees the stop, and on
/// SIGCONT continues the program in the foreground. SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGTSTP and
/// SIGCONT sent to the leader go to the program's group. The leader ends as the program does
/// (its exit status, or its signal). Returns once the program is the terminal's foreground group:
/// the leader's pid, or -1 with errno set. The leader is named `name` in ps and top (NULL: the
/// forking thread's name, which a thread pool's worker makes `oot.default-qos`).
int windowd_spawn_terminal_job(const char *terminal, char *const argv[], char *const envp[], const char *name);

#endif
