// The doctest runner: the one slow translation unit. Test cases live in the other files.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
