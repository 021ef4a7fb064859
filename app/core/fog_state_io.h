// The fog-of-war game's state file (format "sightline-fog", version 1), kept beside its
// map: the turn, settings, sides, units and structures, and what each side has explored
// and remembers and each unit has seen and visited. A file without the explored, seen,
// visited or memory fields (as written before they existed) loads with them empty.
#pragma once

#include "grid/fog.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace sl::io {

QByteArray writeFogState(const sl::grid::FogGame& game);
// Reads a state for `map`. On a problem, returns nothing and sets `problem` to
// "JSON path: what is wrong" (or the whole-file problem).
std::optional<sl::grid::FogGame> readFogState(const QByteArray& json, const sl::grid::TileMap& map, QString* problem);
// Writes through QSaveFile: the old file stays whole until the new one is complete.
bool saveFogStateFile(const sl::grid::FogGame& game, const QString& path, QString* error);

}  // namespace sl::io
