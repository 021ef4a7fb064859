// Fuzzing the 40kdc-data reader: any bytes, as a JSON file of the dataset or as the
// package's bundle (the first byte chooses), are read or refused; a dataset read has its
// base catalog made, written and read back, and its first layouts imported, without a
// crash, a hang or a sanitizer report.
#include "checks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string wrong = sl::fuzz::kdc(QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!wrong.empty()) {
        std::fprintf(stderr, "fuzz_kdc: %s\n", wrong.c_str());
        std::abort();
    }
    return 0;
}
