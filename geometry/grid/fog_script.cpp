// Playing a fog-of-war script: parsing its lines, applying them to the game, and printing
// the reports each turn.
#include "grid/fog_script.h"

#include <sstream>
#include <vector>

namespace sl::grid {

namespace {

std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool parseTile(const std::string& text, Tile& t) {
    const size_t comma = text.find(',');
    return comma != std::string::npos && parseWholeNumber(text.substr(0, comma), t.x) && parseWholeNumber(text.substr(comma + 1), t.y);
}

std::string unitText(const FogUnit& u) {
    return u.id + " " + u.type + " (" + u.side + ") at " + tileText(u.at) + ", health " + std::to_string(u.health);
}

}  // namespace

void printFramed(const std::vector<std::string>& rows, int width, const LinePrinter& print) {
    std::string border(static_cast<size_t>(width) + 2, '-');
    border.front() = border.back() = '+';
    print(border);
    for (const std::string& row : rows) {
        std::string framed(1, '|');
        framed.append(row).push_back('|');
        print(framed);
    }
    print(border);
}

void printSideReport(const FogGame& game, const std::string& name, const LinePrinter& print) {
    const FogSide* side = game.side(name);
    if (!side) return;
    int counts[3] = {0, 0, 0};
    for (std::uint8_t s : side->state) ++counts[s];
    print(name + ": " + std::to_string(counts[2]) + " visible, " + std::to_string(counts[1]) + " explored, " +
          std::to_string(counts[0]) + " unexplored");
    printFramed(renderFog(game, name), game.map().width, print);
    for (const FogUnit* u : game.visibleEnemies(name)) print("  sees " + unitText(*u));
    for (const Snapshot& m : game.memories(name)) {
        const int ago = game.turn() - m.turnSeen;
        print("  remembers " + m.unit + " " + m.type + " (" + m.owner + ") at " + tileText(m.at) + ", health " +
              std::to_string(m.health) + ", seen on turn " + std::to_string(m.turnSeen) +
              (ago == 0 ? " (this turn)" : " (" + std::to_string(ago) + (ago == 1 ? " turn ago)" : " turns ago)")));
    }
}

bool playFogScript(FogGame& game, const std::string& script, const LinePrinter& print, std::string* problem,
                   const std::string& onlySide, const ReportHook& onReport) {
    if (!onlySide.empty() && !game.side(onlySide)) {  // nor among the script's sides?
        std::istringstream scan(script);
        bool found = false;
        for (std::string line; std::getline(scan, line) && !found;) {
            const std::vector<std::string> w = words(line.substr(0, line.find("//")));
            found = w.size() == 2 && w[0] == "side" && w[1] == onlySide;
        }
        if (!found) {
            if (problem) *problem = "no side named " + onlySide + " in the game or the script";
            return false;
        }
    }
    bool started = false;  // past the first `turn`
    size_t number = 0;
    auto fail = [&](const std::string& why) {
        if (problem) *problem = "line " + std::to_string(number) + ": " + why;
        return false;
    };
    auto heading = [&]() { print("== turn " + std::to_string(game.turn()) + (game.turn() == 0 ? " (set-up)" : "") + " =="); };
    auto report = [&]() {
        for (const FogSide& s : game.sides())
            if (onlySide.empty() || s.name == onlySide) {
                printSideReport(game, s.name, print);
                if (onReport) onReport(game, s.name);
            }
    };
    heading();
    std::istringstream in(script);
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (const size_t c = line.find("//"); c != std::string::npos) line.erase(c);
        const std::vector<std::string> w = words(line);
        if (w.empty()) continue;
        const std::string& verb = w[0];
        auto arity = [&](size_t least, size_t most, const char* form) -> std::string {
            return w.size() < least || w.size() > most ? std::string("expected \"") + form + "\"" : std::string();
        };
        std::string why;
        if (verb == "mode" || verb == "memory" || verb == "unit-vision" || verb == "structure-vision") {
            if (started) return fail("\"" + verb + "\" is a set-up line: it belongs before the first \"turn\"");
            FogSettings& s = game.settings();
            int n = 0;
            if (verb == "mode") {
                if (!(why = arity(2, 2, "mode radius|los")).empty()) return fail(why);
                if (w[1] == "radius") s.mode = VisionMode::Radius;
                else if (w[1] == "los") s.mode = VisionMode::LineOfSight;
                else return fail("unknown mode \"" + w[1] + "\" (available: radius, los)");
            } else if (verb == "memory") {
                if (!(why = arity(2, 2, "memory TURNS|forever")).empty()) return fail(why);
                if (w[1] == "forever") s.memoryTurns = -1;
                else if (parseWholeNumber(w[1], n)) s.memoryTurns = n;
                else return fail("memory: expected a whole number of turns or \"forever\", found \"" + w[1] + "\"");
            } else {
                if (!(why = arity(3, 3, verb == "unit-vision" ? "unit-vision TYPE RANGE" : "structure-vision KIND RANGE")).empty())
                    return fail(why);
                if (!parseWholeNumber(w[2], n)) return fail(verb + ": the range must be a whole number, 0 or more, found \"" + w[2] + "\"");
                (verb == "unit-vision" ? s.typeVision : s.structureVision)[w[1]] = n;
            }
            game.update();
        } else if (verb == "side") {
            if (!(why = arity(2, 2, "side NAME")).empty()) return fail(why);
            if (!(why = game.addSide(w[1])).empty()) return fail(why);
        } else if (verb == "unit") {
            if (!(why = arity(5, 8, "unit SIDE ID TYPE X,Y [health=N] [vision=N|terrain] [perception=N]")).empty()) return fail(why);
            FogUnit u;
            u.side = w[1];
            u.id = w[2];
            u.type = w[3];
            if (!parseTile(w[4], u.at)) return fail("expected the unit's tile as X,Y, found \"" + w[4] + "\"");
            for (size_t i = 5; i < w.size(); ++i) {
                const std::string& opt = w[i];
                const size_t eq = opt.find('=');
                const std::string key = opt.substr(0, eq), value = eq == std::string::npos ? "" : opt.substr(eq + 1);
                if (key == "health" && parseWholeNumber(value, u.health)) continue;
                if (key == "vision" && value == "terrain") {
                    u.terrainVision = true;
                    continue;
                }
                if (key == "vision" && parseWholeNumber(value, u.vision)) continue;
                if (key == "perception" && parseWholeNumber(value, u.perception)) continue;
                if (key == "health" || key == "vision" || key == "perception")
                    return fail("\"" + opt + "\": " + key + " must be a whole number, 0 or more" +
                                (key == "vision" ? " (or \"terrain\")" : ""));
                return fail("unknown property \"" + opt + "\" (known: health=N, vision=N|terrain, perception=N)");
            }
            if (!(why = game.addUnit(u)).empty()) return fail(why);
        } else if (verb == "structure") {
            if (!(why = arity(4, 5, "structure SIDE KIND X,Y [vision=N]")).empty()) return fail(why);
            FogStructure s;
            s.side = w[1];
            s.kind = w[2];
            if (!parseTile(w[3], s.at)) return fail("expected the structure's tile as X,Y, found \"" + w[3] + "\"");
            if (w.size() == 5 && (w[4].rfind("vision=", 0) != 0 || !parseWholeNumber(w[4].substr(7), s.vision)))
                return fail("\"" + w[4] + "\": expected vision=N, a whole number, 0 or more");
            if (!(why = game.addStructure(s)).empty()) return fail(why);
        } else if (verb == "turn") {
            if (!(why = arity(1, 1, "turn")).empty()) return fail(why);
            report();
            started = true;
            game.nextTurn();
            heading();
        } else if (verb == "move") {
            if (!(why = arity(3, 3, "move ID X,Y")).empty()) return fail(why);
            Tile to;
            if (!parseTile(w[2], to)) return fail("expected the tile to move to as X,Y, found \"" + w[2] + "\"");
            if (!(why = game.moveUnit(w[1], to)).empty()) return fail(why);
        } else if (verb == "health") {
            int health = 0;
            if (!(why = arity(3, 3, "health ID N")).empty()) return fail(why);
            if (!parseWholeNumber(w[2], health)) return fail("health: expected a whole number, 0 or more, found \"" + w[2] + "\"");
            if (!(why = game.setHealth(w[1], health)).empty()) return fail(why);
        } else if (verb == "remove") {
            if (!(why = arity(2, 2, "remove ID")).empty()) return fail(why);
            if (!(why = game.removeUnit(w[1])).empty()) return fail(why);
        } else if (verb == "target") {
            if (!(why = arity(3, 3, "target SIDE X,Y")).empty()) return fail(why);
            Tile at;
            if (!game.side(w[1])) return fail("no side named " + w[1]);
            if (!parseTile(w[2], at) || !game.map().inside(at.x, at.y))
                return fail("expected a tile on the map as X,Y, found \"" + w[2] + "\"");
            const FogState s = game.state(w[1], at);
            print("target " + w[1] + " " + tileText(at) + ": " +
                  (game.canTarget(w[1], at) ? "yes, visible"
                   : s == FogState::Visible  ? "no, " + game.map().at(at.x, at.y).name + " hides what is in it from here"
                   : s == FogState::Explored ? "no, explored but not visible now"
                                             : "no, unexplored"));
        } else if (verb == "show") {
            if (!(why = arity(1, 1, "show")).empty()) return fail(why);
            report();
        } else if (verb == "observer") {
            if (!(why = arity(2, 2, "observer ID")).empty()) return fail(why);
            const FogUnit* u = game.unit(w[1]);
            if (!u) return fail("no unit " + w[1]);
            int seen = 0, visited = 0;
            for (size_t i = 0; i < u->seen.size(); ++i) {
                seen += u->seen[i];
                visited += u->visited[i];
            }
            print("observer " + u->id + " at " + tileText(u->at) + ", sight range " + std::to_string(game.range(*u)) + ": seen " +
                  std::to_string(seen) + " tiles, visited " + std::to_string(visited) + " (*)");
            printFramed(renderObserver(game, *u), game.map().width, print);
        } else {
            return fail("unknown line \"" + verb +
                        "\" (known: mode, memory, unit-vision, structure-vision, side, unit, structure, turn, move, "
                        "health, remove, target, show, observer)");
        }
    }
    report();
    return true;
}

}  // namespace sl::grid
