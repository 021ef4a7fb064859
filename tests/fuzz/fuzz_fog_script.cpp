// Fuzzing the fog-of-war scripts (and with them light and senses, which scripts switch on):
// any script is played on the skirmish map, or stopped at its first bad line with the line and
// the problem, without a crash, a hang or a sanitizer report.
#include "checks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string wrong = sl::fuzz::fogScript(QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!wrong.empty()) {
        std::fprintf(stderr, "fuzz_fog_script: %s\n", wrong.c_str());
        std::abort();
    }
    return 0;
}
