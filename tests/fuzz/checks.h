// What each fuzzing harness checks of one input, as functions the regression test runs too
// (tst_fuzz_regressions: every input a fuzzer ever failed on, kept under
// tests/fuzz/regressions/NAME/, and the seeds). Each returns what went wrong, or an empty
// string when the reader behaved: it read the input or refused it saying why, and what it
// read survives being written and read again.
#pragma once

#include <QByteArray>

#include <string>

namespace sl::fuzz {

std::string scenario(const QByteArray& bytes);    // scenario files
std::string tilemap(const QByteArray& bytes);     // tile maps with their legends
std::string fogScript(const QByteArray& bytes);   // fog-of-war scripts (and light and senses)
std::string fogState(const QByteArray& bytes);    // fog-of-war state files
std::string kdc(const QByteArray& bytes);         // 40kdc-data: the first byte chooses JSON or bundle

// The check for a harness's name (scenario, tilemap, fog_script, fog_state, kdc), or null.
using Check = std::string (*)(const QByteArray&);
Check checkNamed(const std::string& name);

}  // namespace sl::fuzz
