/* The step folder's pattern letters: %j %s %J %u %% and nothing else. */
#include "plugin/pattern.h"
#include "../../tap.h"

int main(void)
{
    struct hl_ids ids = {1234, 7, "alice"};
    char out[64], why[128];

    ok(hl_folder_pattern_expand("/scratch/%u/%j-%s/%J/100%%", &ids, out,
                                sizeof(out)) == 0,
       "every letter expands");
    is_str(out, "/scratch/alice/1234-7/1234.7/100%", "expanded folder");
    ok(hl_folder_pattern_expand(".", &ids, out, sizeof(out)) == 0 &&
           strcmp(out, ".") == 0,
       "a pattern without letters is kept");
    ok(hl_folder_pattern_expand("%N", &ids, out, sizeof(out)) < 0,
       "%%N is refused: each node would use its own folder");
    ok(hl_folder_pattern_expand("x%", &ids, out, sizeof(out)) < 0,
       "a lone %% at the end is refused");
    ok(hl_folder_pattern_expand("/a/very/long/folder/%u/%u/%u/%u/%u/%u/%u",
                                &ids, out, 16) < 0,
       "too long for the buffer is an error, not a cut path");
    ok(hl_pattern_check("/x/%t", why, sizeof(why)) < 0 && strstr(why, "%t"),
       "check names the bad letter: %s", why);
    ok(hl_pattern_check("/x/%u/%J", why, sizeof(why)) == 0,
       "check accepts known letters");
    hl_user_name(0, out, sizeof(out));
    is_str(out, "root", "uid 0 is root");
    hl_user_name(4000000000u, out, sizeof(out));
    is_str(out, "4000000000", "an unknown uid is written in digits");
    return done_testing();
}
