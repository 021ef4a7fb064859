// What every sightline-cli command shares: the exit statuses, the output streams, reading
// a scenario file (its problems printed) and finding a model named on the command line.
#pragma once

#include "kernel/types.h"
#include "los/scene.h"

#include <QByteArray>
#include <QCommandLineParser>
#include <QString>
#include <QTextStream>

#include <optional>

namespace sl::cli {

inline constexpr int kOk = 0;
inline constexpr int kMismatch = 1;   // verify: an expectation not met; catalog: nothing found
inline constexpr int kBadInput = 2;   // bad usage or bad input

QTextStream& out();
QTextStream& err();

// The scenario file, or nothing after printing its problems (file, JSON path, problem).
std::optional<Scenario> load(const QString& path);

// The index of the model with this id, or -1 after saying which ids there are.
int modelOrFail(const Scene& scene, const QString& id, const char* option);

// --width: a PNG's width in pixels (default 1800), or nothing after saying what is wrong.
std::optional<int> pngWidth(const QCommandLineParser& args);

// A whole file, or nothing after saying why.
std::optional<QByteArray> readWholeFile(const QString& path);

}  // namespace sl::cli
