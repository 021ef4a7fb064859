// Fuzzing the scenario reader: any bytes are read without a crash, a hang or a sanitizer
// report; a file it accepts is written and read back, and must be accepted again (saving
// loses nothing a later reading needs).
#include "checks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string wrong = sl::fuzz::scenario(QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!wrong.empty()) {
        std::fprintf(stderr, "fuzz_scenario: %s\n", wrong.c_str());
        std::abort();
    }
    return 0;
}
