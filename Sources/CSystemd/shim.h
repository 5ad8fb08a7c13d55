// The parts of libsystemd that windowd uses. Only WindowServer (its Systemd folder) imports this module.
#ifndef WINDOWD_CSYSTEMD_SHIM_H
#define WINDOWD_CSYSTEMD_SHIM_H

// No _GNU_SOURCE here: it changes glibc's fd_set and then clashes with the
// SwiftGlibc module that WindowServer also imports.

// WindowServer/Systemd passes CODE_FILE/CODE_LINE/CODE_FUNC itself: keep the plain
// sd_journal_sendv() instead of the macro that would record this header's location.
#ifndef SD_JOURNAL_SUPPRESS_LOCATION
#define SD_JOURNAL_SUPPRESS_LOCATION 1
#endif

#include <sys/uio.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

#endif
