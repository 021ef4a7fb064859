// Fuzzing the tile map reader (maps with their legends): any text is read or refused with a
// place and a problem, without a crash, a hang or a sanitizer report.
#include "checks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string wrong = sl::fuzz::tilemap(QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!wrong.empty()) {
        std::fprintf(stderr, "fuzz_tilemap: %s\n", wrong.c_str());
        std::abort();
    }
    return 0;
}
