// C++ workloads: operator new and delete as a C++ program calls them.
//
// usage: bench-cxx MODE [CALLS [LIVE]]   (default 10,000,000 and 1,000)
//   new    CALLS pairs of ::operator new (16..512 B) and ::operator
//          delete(p), over LIVE live blocks;
//   sized  the same, released with the sized ::operator delete(p, n);
//   map    CALLS insertions or erasures in a std::map<std::string,
//          std::string> of about LIVE entries, keys and values of 8..64
//          characters: the shorter strings fit in the string object (15
//          characters), the longer ones are on the heap. Node and strings
//          are released with sized delete, as libstdc++'s allocator does.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <string>

#include "xorshift.h"

static void _pairs(long calls, long live, bool sized)
{
    uint64_t rng = 0x9e3779b97f4a7c15u;
    char **slot = new char *[live];
    size_t *size = new size_t[live];

    for (long i = 0; i < live; i++) {
        size[i] = xorshift_size(&rng, 16, 512);
        slot[i] = static_cast<char *>(::operator new(size[i]));
    }
    for (long i = 0; i < calls; i++) {
        long k = (long)(xorshift64(&rng) % (uint64_t)live);
        if (sized)
            ::operator delete(slot[k], size[k]);
        else
            ::operator delete(slot[k]);
        size[k] = xorshift_size(&rng, 16, 512);
        slot[k] = static_cast<char *>(::operator new(size[k]));
        // Touch the block, so that the pair is not dead to anyone.
        slot[k][0] = (char)i;
    }
    for (long i = 0; i < live; i++)
        ::operator delete(slot[i], size[i]);
    delete[] size;
    delete[] slot;
}

// A string of 8..64 characters that depends on n alone.
static std::string _text(uint64_t n)
{
    std::string s = std::to_string(n);

    s.resize(8 + n % 57, (char)('a' + n % 26));
    return s;
}

static void _map(long calls, long live)
{
    uint64_t rng = 0x2545f4914f6cdd1du;
    std::map<std::string, std::string> m;

    for (long i = 0; i < calls; i++) {
        std::string key = _text(xorshift64(&rng) % (uint64_t)(2 * live));
        if (!m.erase(key))
            m.emplace(std::move(key), _text(xorshift64(&rng)));
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    long calls = argc > 2 ? strtol(argv[2], NULL, 10) : 10000000;
    long live = argc > 3 ? strtol(argv[3], NULL, 10) : 1000;

    if (calls < 0 || live < 1) {
        fprintf(stderr, "%s: bad arguments\n", argv[0]);
        return 2;
    }
    if (!strcmp(mode, "new") || !strcmp(mode, "sized"))
        _pairs(calls, live, !strcmp(mode, "sized"));
    else if (!strcmp(mode, "map"))
        _map(calls, live);
    else {
        fprintf(stderr, "usage: %s new|sized|map [CALLS [LIVE]]\n", argv[0]);
        return 2;
    }
    return 0;
}
