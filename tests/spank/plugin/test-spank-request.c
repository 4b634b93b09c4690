/* --heapline[=DIR|off] and --no-heapline against the site's default. */
#include "plugin/request.h"
#include "../../tap.h"

int main(void)
{
    struct hl_plugin_args off_site, on_site;
    struct hl_request req = {HL_UNSET, ""};
    char why[256];

    hl_plugin_args_defaults(&off_site);
    hl_plugin_args_defaults(&on_site);
    on_site.default_on = true;

    ok(!hl_request_enabled(&req, &off_site), "nothing asked: site off");
    ok(hl_request_enabled(&req, &on_site), "nothing asked: site on");

    ok(hl_request_apply(&req, false, NULL, why, sizeof(why)) == 0 &&
           hl_request_enabled(&req, &off_site),
       "--heapline turns it on");
    ok(hl_request_apply(&req, false, "", why, sizeof(why)) == 0 &&
           hl_request_enabled(&req, &off_site) && req.dir[0] == '\0',
       "slurmstepd's second call (\"\") changes nothing");
    is_str(hl_request_dir(&req, &off_site), ".", "the site's folder");

    ok(hl_request_apply(&req, false, "/scratch/%u", why, sizeof(why)) == 0,
       "--heapline=DIR accepted");
    is_str(hl_request_dir(&req, &off_site), "/scratch/%u", "the user's DIR");
    ok(hl_request_apply(&req, false, NULL, why, sizeof(why)) == 0,
       "a repeated call without argument");
    is_str(hl_request_dir(&req, &off_site), "/scratch/%u",
           "keeps the user's DIR (callbacks are idempotent)");

    ok(hl_request_apply(&req, false, "(null)", why, sizeof(why)) == 0 &&
           hl_request_enabled(&req, &off_site),
       "#SBATCH --heapline reaches steps as \"(null)\": on");
    is_str(hl_request_dir(&req, &off_site), "/scratch/%u",
           "and \"(null)\" is no folder");

    ok(hl_request_apply(&req, false, "off", why, sizeof(why)) == 0 &&
           !hl_request_enabled(&req, &on_site),
       "--heapline=off wins over the site's default=on");
    req = (struct hl_request){HL_UNSET, ""};
    ok(hl_request_apply(&req, true, NULL, why, sizeof(why)) == 0 &&
           !hl_request_enabled(&req, &on_site),
       "--no-heapline wins over the site's default=on");
    ok(hl_request_apply(&req, false, "on", why, sizeof(why)) == 0 &&
           hl_request_enabled(&req, &off_site) && req.dir[0] == '\0',
       "the last switch given wins; =on is not a folder");
    ok(hl_request_apply(&req, false, "/x/%N", why, sizeof(why)) < 0 &&
           strstr(why, "%N"),
       "a per-node DIR is refused with a reason: %s", why);
    return done_testing();
}
