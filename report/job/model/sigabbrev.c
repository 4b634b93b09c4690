#define _GNU_SOURCE
#include "config.h"
#include "sigabbrev.h"

#include <signal.h>
#include <string.h>

#if HAVE_SIGABBREV_NP
const char *hl_sigabbrev(int sig)
{
    return sigabbrev_np(sig);
}
#else
/* By their macros, so that each architecture's numbers are its own. */
#define _NAME(s) [SIG##s] = #s
static const char *const _names[] = {
    _NAME(HUP),    _NAME(INT),   _NAME(QUIT), _NAME(ILL),  _NAME(TRAP),
    _NAME(ABRT),   _NAME(BUS),   _NAME(FPE),  _NAME(KILL), _NAME(USR1),
    _NAME(SEGV),   _NAME(USR2),  _NAME(PIPE), _NAME(ALRM), _NAME(TERM),
#ifdef SIGSTKFLT
    _NAME(STKFLT),
#endif
    _NAME(CHLD),   _NAME(CONT),  _NAME(STOP), _NAME(TSTP), _NAME(TTIN),
    _NAME(TTOU),   _NAME(URG),   _NAME(XCPU), _NAME(XFSZ), _NAME(VTALRM),
    _NAME(PROF),   _NAME(WINCH), _NAME(POLL), _NAME(PWR),  _NAME(SYS),
};

const char *hl_sigabbrev(int sig)
{
    if (sig > 0 && (size_t)sig < sizeof(_names) / sizeof(*_names))
        return _names[sig];
    return NULL;
}
#endif
