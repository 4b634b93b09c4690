/* Frames are named from the module's file: this program's own function by
 * its name, source file and line; a file whose build-id is not the one
 * recorded, or no file at all, is not used and says which. */
#define _GNU_SOURCE
#include "job/callsites/symbolize.h"
#include "../../tap.h"

#include <link.h>
#include <unistd.h>

__attribute__((noinline)) int hl_test_probe(int x)
{
    return x * 3 + 1;
}

static int _bias_of_main(struct dl_phdr_info *info, size_t size, void *out)
{
    (void)size;
    *(uintptr_t *)out = info->dlpi_addr;
    return 1;
}

int main(void)
{
    struct hl_symbolizer *s = hl_symbolizer_new();
    enum hl_sym_status st;
    const struct hl_sym *sym;
    uintptr_t bias = 0;
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    uint64_t offset;
    unsigned n;

    exe[len > 0 ? len : 0] = '\0';
    dl_iterate_phdr(_bias_of_main, &bias);
    /* As a return address just past the function's first instruction. */
    offset = (uintptr_t)hl_test_probe - bias + 1;
    n = hl_symbolize(s, exe, "", offset, &sym, &st);
    is_int(st, HL_SYM_FOUND, "the program's file is found");
    ok(n >= 1, "one function at least");
    is_str(n ? sym[0].function : NULL, "hl_test_probe", "named");
    ok(n && sym[0].file && strstr(sym[0].file, "symbolize-self.c"),
       "in its source file (%s)", n && sym[0].file ? sym[0].file : "?");
    ok(n && sym[0].line >= 11 && sym[0].line <= 14, "at its line (%u)",
       n ? sym[0].line : 0);
    is_uint(hl_symbolize(s, exe, "", offset, &sym, &st), n,
            "asked again, the same answer");

    n = hl_symbolize(s, exe, "0123", offset, &sym, &st);
    is_int(st, HL_SYM_OTHER_BUILD, "another build-id: not this file");
    is_uint(n, 0, "and no name from it");
    n = hl_symbolize(s, "/nonexistent/libgone.so", "", 0x1234, &sym, &st);
    is_int(st, HL_SYM_MISSING, "a file that is gone is missing");
    is_uint(n, 0, "and names nothing");
    hl_symbolizer_free(s);
    return done_testing();
}
