// Reading and writing scenario files (format "sightline-scenario", version 1). Reading
// validates everything a person can get wrong and names the file, the JSON path and the
// problem; unknown keys are kept so that saving loses nothing.
#pragma once

#include "kernel/types.h"

#include <QByteArray>
#include <QFileDevice>
#include <QIODevice>
#include <QList>
#include <QString>

#include <optional>

namespace sl::io {

inline constexpr int kFormatVersion = 1;
inline constexpr double kMaxMagnitude = 1e6;

struct Problem {
    QString file;
    QString path;  // JSON path such as terrain[3].footprint; empty for the whole file
    QString message;
    QString toString() const;  // "file: path: message"
};

struct ReadResult {
    std::optional<Scenario> scenario;  // set only when there is no problem
    QList<Problem> problems;
};

ReadResult readScenario(QIODevice& device, const QString& fileName);
ReadResult readScenarioFile(const QString& path);

QByteArray writeScenario(const Scenario& scenario);
// Writes through QSaveFile: the old file stays whole until the new one is complete.
bool saveScenarioFile(const Scenario& scenario, const QString& path, QString* error);
// The same for any bytes; on failure `error` is "PATH: cannot write: why".
bool saveBytes(const QByteArray& bytes, const QString& path, QString* error);
// Why a save failed, in words: Qt's reason, or the system's (`systemError`, errno just after
// the failure) where Qt has none, as when the last flush finds the disk full.
QString saveProblem(const QFileDevice& file, int systemError);

}  // namespace sl::io
