/* Exits with the status its first argument gives (0 without one). */
#include <stdlib.h>

int main(int argc, char **argv)
{
    return argc > 1 ? atoi(argv[1]) : 0;
}
