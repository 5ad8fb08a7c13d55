#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
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
