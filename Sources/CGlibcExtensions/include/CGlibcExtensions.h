#ifndef WINDOWD_CGLIBCEXTENSIONS_H
#define WINDOWD_CGLIBCEXTENSIONS_H

// glibc's GNU extensions that Swift does not see: its Glibc module is built without
// _GNU_SOURCE. Each is a plain function here, compiled with _GNU_SOURCE in the .c file.

#include <spawn.h>

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34): the child closes every descriptor
/// from `lowest` up before it runs the program. 0, or an error number.
int windowd_spawn_addclosefrom(posix_spawn_file_actions_t *actions, int lowest);

/// POSIX_SPAWN_SETSID: the child starts a session of its own.
short windowd_spawn_setsid_flag(void);

/// pipe2(fds, O_CLOEXEC): both ends close-on-exec from the start, so that no child another
/// thread starts meanwhile inherits one. 0, or -1 with errno set.
int windowd_pipe_cloexec(int fds[2]);

#endif
