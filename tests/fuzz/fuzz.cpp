// The libFuzzer entry point of every harness: built once per reader (CMakeLists.txt) with
// SIGHTLINE_FUZZ_CHECK naming its check in checks.h. An input the check finds wrong (a
// refusal that does not say why, a round trip that fails) aborts, and libFuzzer keeps it;
// a crash, a hang or a sanitizer report does the same on its own.
#include "checks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string wrong =
        sl::fuzz::SIGHTLINE_FUZZ_CHECK(QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!wrong.empty()) {
        std::fprintf(stderr, "%s: %s\n", SIGHTLINE_FUZZ_NAME, wrong.c_str());
        std::abort();
    }
    return 0;
}
