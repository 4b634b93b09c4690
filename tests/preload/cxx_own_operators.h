/* The operator new and delete of counts_cxx_own_operators, and how often
 * each ran. */
#ifndef HEAPLINE_TEST_CXX_OWN_OPERATORS_H
#define HEAPLINE_TEST_CXX_OWN_OPERATORS_H

extern int cxx_own_news, cxx_own_deletes;

#endif
