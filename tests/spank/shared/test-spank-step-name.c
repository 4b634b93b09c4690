/* Step names as sacct and the records' job column write them. */
#include "shared/step_name.h"
#include "../../tap.h"

int main(void)
{
    struct hl_step_id plain = {83, 0, HL_NO_ARRAY, HL_NO_ARRAY};
    struct hl_step_id array = {83, 0, 81, 2};
    char out[48];
    uint32_t v = 5;

    ok(hl_step_name(&plain, out, sizeof(out)) == 0, "a plain step");
    is_str(out, "83.0", "JOB.STEP");
    ok(hl_step_name(&array, out, sizeof(out)) == 0, "an array task's step");
    is_str(out, "81_2.0", "ARRAYJOB_TASK.STEP, not the raw job id");
    ok(hl_step_name(&array, out, 5) < 0, "too small a buffer is an error");
    ok(hl_parse_id("3146016", &v) == 0 && v == 3146016, "digits are an id");
    ok(hl_parse_id("", &v) < 0 && hl_parse_id(NULL, &v) < 0 &&
           hl_parse_id("12a", &v) < 0 && hl_parse_id("-1", &v) < 0 &&
           hl_parse_id("../x", &v) < 0 && hl_parse_id("99999999999", &v) < 0,
       "anything else is not, whatever the environment says");
    return done_testing();
}
