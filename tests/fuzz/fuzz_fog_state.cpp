// Fuzzing the fog-of-war state file: any bytes are read for the skirmish map or refused with a
// JSON path and a problem; a state it accepts is written and read back, and must be
// accepted again.
#include "checks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string wrong = sl::fuzz::fogState(QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!wrong.empty()) {
        std::fprintf(stderr, "fuzz_fog_state: %s\n", wrong.c_str());
        std::abort();
    }
    return 0;
}
