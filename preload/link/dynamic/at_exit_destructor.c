#include "process/at_exit.h"

static void (*_report)(void);

void hl_report_at_exit(void (*report)(void))
{
    _report = report;
}

__attribute__((destructor)) static void _stop(void)
{
    if (_report)
        _report();
}
