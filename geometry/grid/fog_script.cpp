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

std::vector<std::string> renderLight(const PerceptionWorld& world) {
    std::vector<std::string> rows;
    const TileMap& map = world.map();
    for (int y = 0; y < map.height; ++y) {
        std::string row;
        for (int x = 0; x < map.width; ++x) {
            const LightLevel l = world.light({x, y});
            row += map.at(x, y).opaque ? map.at(x, y).symbol : l == LightLevel::Bright ? '+' : l == LightLevel::Lit ? '-' : ' ';
        }
        rows.push_back(row);
    }
    return rows;
}

std::vector<std::string> renderTiers(const FogGame& game, const std::vector<Tier>& tiers, const std::vector<Perceived>& creatures) {
    std::vector<std::string> rows = renderStates(game.map(), tierStates(tiers));
    for (size_t k = 0; k < creatures.size() && k < game.units().size(); ++k) {
        const FogUnit& u = game.units()[k];
        if (creatures[k].tier == Tier::Seen) markTile(rows[static_cast<size_t>(u.at.y)], u.at.x, u.id[0]);
        else if (creatures[k].tier == Tier::Outline) markTile(rows[static_cast<size_t>(u.at.y)], u.at.x, '%');
    }
    return rows;
}

std::string perceivedText(const FogUnit& u, const Perceived& p) {
    const std::string senses = senseList(p.senses);
    const std::string who = u.id + " " + u.type + " (" + u.side + ") at " + tileText(u.at);
    if (p.tier == Tier::Seen) return "sees " + who + " by " + senses;
    if (p.tier == Tier::Outline) return "senses " + who + " by " + senses + " (outline, not seen)";
    return "does not perceive " + who;
}

void printPerception(const FogGame& game, const std::string& id, const LinePrinter& print) {
    const PerceptionWorld* world = game.perception();
    const FogUnit* u = game.unit(id);
    if (!world || !u) return;
    const int k = static_cast<int>(u - game.units().data());
    std::string words;
    for (const std::string& w : creatureWords(world->creatures()[static_cast<size_t>(k)])) words += " " + w;
    print("perceive " + u->id + " (" + u->side + ") at " + tileText(u->at) + ":" + words);
    std::vector<Perceived> all;
    for (int t = 0; t < static_cast<int>(game.units().size()); ++t) all.push_back(world->perceives(k, t));
    printFramed(renderTiers(game, world->tiles(k), all), game.map().width, print);
    for (int t = 0; t < static_cast<int>(game.units().size()); ++t)
        if (t != k) print("  " + perceivedText(game.units()[static_cast<size_t>(t)], all[static_cast<size_t>(t)]));
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
    for (const auto& [id, senses] : side->sensedNow)
        if (const FogUnit* u = game.unit(id))  // (no health: it is not seen)
            print("  senses " + u->id + " " + u->type + " (" + u->side + ") at " + tileText(u->at) + " by " + senseList(senses) + " (outline, not seen)");
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
                if (!(why = arity(2, 2, "mode radius|los|senses")).empty()) return fail(why);
                if (w[1] == "radius") s.mode = VisionMode::Radius;
                else if (w[1] == "los") s.mode = VisionMode::LineOfSight;
                else if (w[1] == "senses") s.mode = VisionMode::Senses;
                else return fail("unknown mode \"" + w[1] + "\" (available: radius, los, senses)");
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
            if (!(why = arity(5, 40, "unit SIDE ID TYPE X,Y [health=N] [vision=N|terrain] [perception=N] [senses...]")).empty())
                return fail(why);
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
                bool known = false;
                const std::string problem = setCreatureWord(u.body, opt, known);
                if (known && problem.empty()) continue;
                if (known) return fail(problem);
                return fail("unknown property \"" + opt + "\" (known: health=N, vision=N|terrain, perception=N, and the senses: " +
                            creatureWordList() + ")");
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
        } else if (verb == "light") {
            if (!(why = arity(3, 4, "light X,Y RADIUS [bright=N]")).empty()) return fail(why);
            LightSource light;
            if (!parseTile(w[1], light.at)) return fail("expected the light's tile as X,Y, found \"" + w[1] + "\"");
            if (!parseWholeNumber(w[2], light.radius)) return fail("light: the radius must be a whole number, 0 or more, found \"" + w[2] + "\"");
            if (w.size() == 4 && (w[3].rfind("bright=", 0) != 0 || !parseWholeNumber(w[3].substr(7), light.bright)))
                return fail("\"" + w[3] + "\": expected bright=N, a whole number, 0 or more");
            if (!(why = game.addLight(light)).empty()) return fail(why);
        } else if (verb == "perceive") {
            if (!(why = arity(2, 2, "perceive ID")).empty()) return fail(why);
            if (!game.unit(w[1])) return fail("no unit " + w[1]);
            if (game.settings().mode != VisionMode::Senses) return fail("perceive: the game's senses are used under \"mode senses\" only");
            printPerception(game, w[1], print);
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
                        "\" (known: mode, memory, unit-vision, structure-vision, side, unit, structure, light, turn, move, "
                        "health, remove, target, show, observer, perceive)");
        }
    }
    report();
    // Senses and lights given to a game that does not use them: said, not silently ignored.
    if (game.settings().mode != VisionMode::Senses) {
        bool given = !game.lights().empty();
        for (const FogUnit& u : game.units()) given = given || !creatureWords(u.body).empty();
        if (given) print("note: the lights and senses given are used under \"mode senses\" only (this game's mode is " +
                         std::string(game.settings().mode == VisionMode::LineOfSight ? "los" : "radius") + ")");
    }
    return true;
}

}  // namespace sl::grid
