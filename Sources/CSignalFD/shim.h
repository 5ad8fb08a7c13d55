// signalfd(2), which Swift's Glibc module does not bring in; WindowServer's SignalReceiver reads it.
#include <sys/signalfd.h>
