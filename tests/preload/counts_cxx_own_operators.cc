// A program that replaces operator new and delete has its own called for
// every new and delete under heapline, the array and sized forms included
// (the C++ runtime builds those on the plain ones), and heapline counts what
// they allocate with malloc: the library serves the operators directly only
// where the runtime's own would run, never in place of the program's.
#include "cxx_own_operators.h"
#include "expect.h"

int main(int argc, char **argv)
{
    int *ints[100];
    double *arrays[10];
    int news_before = cxx_own_news, deletes_before = cxx_own_deletes;

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    for (int i = 0; i < 100; i++)
        ints[i] = static_cast<int *>(expect_alloc(new int(i)));
    for (int i = 0; i < 10; i++)
        arrays[i] = static_cast<double *>(expect_alloc(new double[i * 10 + 1]));
    // delete of an int is a sized delete, delete[] of doubles an array one.
    for (int i = 0; i < 100; i++) {
        expect_release(ints[i]);
        delete ints[i];
    }
    for (int i = 0; i < 10; i++) {
        expect_release(arrays[i]);
        delete[] arrays[i];
    }
    if (cxx_own_news - news_before != 110 ||
        cxx_own_deletes - deletes_before != 110)
        expect_fail("the program's own operators were not all called");
    expect_print();
    return 0;
}
