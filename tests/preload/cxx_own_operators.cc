// A program's own operator new and delete, as a library written before
// C++14 defines them: the plain forms only. Built as C++11, where sized
// deallocation does not exist; the program that links it is built as the
// compiler's default C++, whose sized and array deletes the C++ runtime
// builds on this plain one.
#include "cxx_own_operators.h"

#include <cstdlib>
#include <new>

int cxx_own_news, cxx_own_deletes;

void *operator new(std::size_t n)
{
    void *p = std::malloc(n ? n : 1);

    if (!p)
        throw std::bad_alloc();
    cxx_own_news++;
    return p;
}

void operator delete(void *p) noexcept
{
    if (p)
        cxx_own_deletes++;
    std::free(p);
}
