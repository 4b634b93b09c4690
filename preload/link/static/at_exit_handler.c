#include "process/at_exit.h"

#include <stdlib.h>

void hl_report_at_exit(void (*report)(void))
{
    atexit(report);
}
