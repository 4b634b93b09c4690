/* The sites and modules columns as the report reads them: estimates,
 * frames and modules come back as written; two records of one program
 * share their stacks and modules; each way a field can break the grammar
 * is refused with what is wrong, and keeps nothing of the record; a field
 * left half rewritten by a killed process is told apart. */
#include "job/callsites/callsites_db.h"
#include "../../tap.h"

static int _add(struct hl_callsites_db *db, const char *callsites,
                const char *mods, uint32_t *first, uint32_t *n, char *err)
{
    return hl_callsites_db_add(db, 524288, callsites, mods, first, n, err, 128);
}

int main(void)
{
    struct hl_callsites_db db = {0};
    char err[128] = "";
    uint32_t first, n, first2, n2;
    const struct hl_callsite_stack *s;

    is_int(_add(&db,
                "5242880:10:2097152:0+1de1;0+1383;1+2724a  3145728:6:1:?+7f01 ",
                "d6bd:/tmp/a%20b%25c 93ac:/lib/libc.so.6", &first, &n, err),
           0, "a record's sites are read");
    is_uint(n, 2, "two sites");
    is_uint(db.callsites[first].bytes, 5242880, "bytes");
    is_uint(db.callsites[first].count, 10, "sampled count");
    is_uint(db.callsites[first].se, 2097152, "standard error");
    s = &db.stacks[db.callsites[first].stack];
    is_uint(s->depth, 3, "three frames");
    is_uint(db.frames[s->first + 2].offset, 0x2724a, "offset in hex");
    is_str(db.modules[db.frames[s->first].module].path, "/tmp/a b%c",
           "a %%-encoded path decoded");
    is_str(db.modules[db.frames[s->first].module].build_id, "d6bd",
           "with its build-id");
    is_str(db.modules[db.frames[s->first + 2].module].path, "/lib/libc.so.6",
           "module 1 is the second");
    s = &db.stacks[db.callsites[first + 1].stack];
    is_uint(db.frames[s->first].module, HL_CALLSITE_NO_MODULE,
            "? is an address in no module");
    is_uint(db.frames[s->first].offset, 0x7f01, "kept as it is");

    is_int(_add(&db, "4000:8:1:1+1de1;1+1383;0+2724a",
                "93ac:/lib/libc.so.6 d6bd:/tmp/a%20b%25c", &first2, &n2, err),
           0, "another record, modules in another order");
    is_uint(db.nmodules, 2, "modules are kept once");
    is_uint(db.callsites[first2].stack, db.callsites[first].stack,
            "the same frames are the same stack");
    is_uint(db.nstacks, 2, "stacks are kept once");

    is_int(_add(&db, "", "", &first2, &n2, err), 0, "no sites is no error");
    is_uint(n2, 0, "and no site");

    {
        static const struct {
            const char *callsites, *mods, *err;
        } bad[] = {
            {"12:1:1", "ab:/x", "sites: bad estimate in site 1"},
            {"12:1:x:0+1", "ab:/x", "sites: bad estimate in site 1"},
            {"12:1:1:0+1 13:1:1:3+1", "ab:/x", "sites: bad frame in site 2"},
            {"12:1:1:0+1;", "ab:/x", "sites: bad frame in site 1"},
            {"12:1:1:0+1G", "ab:/x", "sites: bad frame in site 1"},
            {"12:1:1:0+1A", "ab:/x", "sites: bad frame in site 1"},
            {"99999999999999999999:1:1:0+1", "ab:/x",
             "sites: bad estimate in site 1"},
            {"12:1:1:0+1", "a/x", "modules: bad build-id in module 0"},
            {"12:1:1:0+1", "abc:/x", "modules: bad build-id in module 0"},
            {"12:1:1:0+1", "AB:/x", "modules: bad build-id in module 0"},
            {"12:1:1:0+1", "ab:/x%2", "modules: bad path in module 0"},
            {"12:1:1:0+1", "ab:/x%00y", "modules: bad path in module 0"},
            {"!2:1:1:0+1", "ab:/x", "sites: cut short while rewritten, site 1"},
        };
        for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
            size_t before = db.ncallsites;
            err[0] = '\0';
            is_int(_add(&db, bad[i].callsites, bad[i].mods, &first2, &n2, err),
                   -1, "refused: '%s' '%s'", bad[i].callsites, bad[i].mods);
            is_str(err, bad[i].err, "says what is wrong");
            is_uint(db.ncallsites, before, "keeps nothing of it");
        }
    }
    hl_callsites_db_free(&db);
    return done_testing();
}
