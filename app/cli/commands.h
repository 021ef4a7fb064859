// The commands of sightline-cli, one family a file; main.cpp parses the command line and
// calls one of them. Each returns the exit status (common.h).
#pragma once

#include "los/pair.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

namespace sl::cli {

// check_commands.cpp: answering a scenario's questions and checking its expectations.
int check(const QString& path, const QCommandLineParser& args, Method method);
int verify(const QStringList& files, const QCommandLineParser& args, Method method);

// ruling_command.cpp: unit against unit, and the judge's ruling sheet.
int ruling(const QString& path, const QCommandLineParser& args, Method method);

// render_command.cpp: the table and its sight lines drawn to an image.
int render(const QString& path, const QCommandLineParser& args, Method method);
int endTurn(const QString& path);

// analyze_command.cpp: layout analysis maps (the vision map).
int analyze(const QString& path, const QCommandLineParser& args);

// catalog_commands.cpp: the base catalog, and importing 40kdc-data.
int catalog(const QStringList& words, const QCommandLineParser& args);
int import40kdc(const QString& source, const QCommandLineParser& args);

// tilemap_commands.cpp: field of view, sight versus fire and fog of war on tile maps.
int fov(const QString& path, const QCommandLineParser& args);
int sight(const QString& path, const QCommandLineParser& args);
int fog(const QString& path, const QCommandLineParser& args);
// Light and senses (mode senses): what each unit or side perceives, by which senses.
int perceive(const QString& path, const QCommandLineParser& args);

}  // namespace sl::cli
