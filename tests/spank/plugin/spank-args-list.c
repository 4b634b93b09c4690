/*
 * Prints the plugin's table of plugstack.conf arguments, one per line:
 * KEY=FORM, its default and its help, separated by tabs, for
 * spank-args-doc.sh to compare with the documentation.
 */
#include <stdio.h>

#include "plugin/plugin_args.h"

int main(void)
{
    for (size_t i = 0; i < hl_plugin_arg_count; i++) {
        const struct hl_plugin_arg *a = &hl_plugin_arg_table[i];

        printf("%s=%s\t%s\t%s\n", a->key, a->type->form, a->def, a->help);
    }
    return 0;
}
