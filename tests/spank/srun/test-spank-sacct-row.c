/* sacct's row of a step as srun passes it to heapline-report (--sacct),
 * from the TRES lists slurmdbd keeps: the lists of Slurm 22.05 seen on the
 * test cluster, Slurm's "no value" numbers refused, and the row in sacct's
 * own form, which the report's parser reads back. */
#include <stdint.h>
#include <string.h>

#include "srun/sacct_row.h"
#include "../../tap.h"

int main(void)
{
    const char *max = "1=0,2=1552384,3=0,6=3981,7=2654208,8=0";
    char row[64];
    uint64_t v = 7;

    ok(hl_tres_value(max, HL_TRES_MEM, &v) == 0 && v == 1552384,
       "the memory TRES of a usage maximum (sacct's MaxRSS, bytes)");
    ok(hl_tres_value("1=0,2=1,3=1", HL_TRES_MEM, &v) == 0 && v == 1,
       "the node index of the maximum");
    ok(hl_tres_value("3=0", HL_TRES_MEM, &v) < 0,
       "absent: a step ended before its first sample has energy only");
    ok(hl_tres_value("", HL_TRES_MEM, &v) < 0 &&
           hl_tres_value(NULL, HL_TRES_MEM, &v) < 0,
       "an empty or missing list has none");
    ok(hl_tres_value("12=5,2=9", HL_TRES_MEM, &v) == 0 && v == 9,
       "ids are matched whole (12 is not 2)");
    ok(hl_tres_value("2=18446744073709551614", HL_TRES_MEM, &v) < 0 &&
           hl_tres_value("2=18446744073709551615", HL_TRES_MEM, &v) < 0,
       "NO_VAL64 and INFINITE64 are no figure");
    ok(hl_tres_value("2=x", HL_TRES_MEM, &v) < 0 &&
           hl_tres_value("2=99999999999999999999999", HL_TRES_MEM, &v) < 0,
       "a value that is not a number is refused");

    ok(hl_sacct_row_format("81_2.0", true, 1552384, "n2", true, 3, row,
                           sizeof(row)) == 0,
       "a row with every figure");
    is_str(row, "81_2.0|1516K|n2|3", "in sacct's words, KiB with K");
    ok(hl_sacct_row_format("5.0", true, 1000, "n1", true, 0, row,
                           sizeof(row)) == 0,
       "a size that is no whole KiB");
    is_str(row, "5.0|1000|n1|0", "in bytes, not rounded");
    ok(hl_sacct_row_format("5.0", false, 0, "", false, 0, row, sizeof(row)) ==
           0,
       "a row without MaxRSS");
    is_str(row, "5.0|||", "empty fields, as sacct leaves them");
    ok(hl_sacct_row_format("5.0", true, 0, "n|1", true, 0, row, sizeof(row)) <
           0,
       "a node name with the field separator is refused");
    ok(hl_sacct_row_format("5.0", true, 1024, "n1", true, 0, row, 8) < 0,
       "too small a buffer is an error");
    return done_testing();
}
