/* A library that sites_on_by_default.py installs as libunwind.so.8, first
 * in LD_LIBRARY_PATH: it is found and loaded, and lacks every function of
 * libunwind's, as a machine without libunwind looks to the library. */
int hl_test_not_libunwind(void);

int hl_test_not_libunwind(void)
{
    return 0;
}
