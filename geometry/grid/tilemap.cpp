// Tile maps: the default legend, reading a map file with its own legend (every problem
// named by line and column), and the tiles' transparency for the field of view.
#include "grid/tilemap.h"

#include <sstream>
#include <stdexcept>

namespace sl::grid {
namespace {

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::string line;
    std::istringstream in(text);
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        out.push_back(line);
    }
    return out;
}

std::string trim(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

}  // namespace

bool parseWholeNumber(const std::string& text, int& value) {
    if (text.empty() || text.size() > 9) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    value = std::stoi(text);
    return true;
}

const std::vector<TerrainType>& defaultLegend() {
    static const std::vector<TerrainType> legend = {
        {'#', "wall", true, true, false, false, -1},   {'.', "floor", false, false, false, false, -1},
        {'p', "plains", false, false, false, false, 3}, {'h', "hills", false, false, false, false, 2},
        {'b', "beach", false, false, false, false, 2},  {'d', "desert", false, false, false, false, 2},
        {'f', "forest", false, false, false, true, 1},  {'s', "swamp", false, false, false, false, 1},
        {'F', "foothills", false, false, false, false, 1}, {'M', "mountain", true, false, false, false, 0, 2},
        {'~', "water", false, false, false, false, 2},
    };
    return legend;
}

std::vector<std::uint8_t> TileMap::transparency() const {
    std::vector<std::uint8_t> out(tiles.size());
    for (size_t i = 0; i < tiles.size(); ++i) {
        out[i] = !legend[tiles[i]].blocksSight();
    }
    return out;
}

std::optional<TileMap> parseTileMap(const std::string& text, std::string* problem) {
    auto fail = [&](size_t line, size_t column, const std::string& why) {
        if (problem) *problem = "line " + std::to_string(line) + (column ? ", column " + std::to_string(column) : "") + ": " + why;
        return std::nullopt;
    };
    const std::vector<std::string> all = lines(text);
    TileMap map;
    map.legend = defaultLegend();
    size_t first = 0;
    if (!all.empty() && trim(all[0]) == "legend:") {
        size_t i = 1;
        for (; i < all.size() && trim(all[i]) != "map:"; ++i) {
            const std::string line = trim(all[i]);
            if (line.empty() || line.rfind("//", 0) == 0) continue;
            std::istringstream in(line);
            std::string symbol, name, word;
            in >> symbol >> name;
            if (symbol.size() != 1 || name.empty())
                return fail(i + 1, 0, "a legend line is CHAR NAME [opaque] [solid] [dark] [obscuring] [radius=N] [bonus=N] [lit] "
                                      "[bright] [magic-dark] [magic-light] [silence] [light=N]");
            TerrainType t;
            t.symbol = symbol[0];
            t.name = name;
            while (in >> word) {
                if (word == "opaque") t.opaque = true;
                else if (word == "solid") t.solid = true;
                else if (word == "dark") t.dark = true;
                else if (word == "obscuring") t.obscuring = true;
                else if (word == "lit") t.lit = true;
                else if (word == "bright") t.bright = true;
                else if (word == "magic-dark") t.magicDark = true;
                else if (word == "magic-light") t.magicLight = true;
                else if (word == "silence") t.silence = true;
                else if (word.rfind("light=", 0) == 0) {
                    if (!parseWholeNumber(word.substr(6), t.light))
                        return fail(i + 1, 0, "\"" + word + "\": the light's radius must be a whole number, 0 or more");
                }
                else if (word.rfind("radius=", 0) == 0) {
                    if (!parseWholeNumber(word.substr(7), t.sightRadius))
                        return fail(i + 1, 0, "\"" + word + "\": the radius must be a whole number, 0 or more");
                } else if (word.rfind("bonus=", 0) == 0) {
                    if (!parseWholeNumber(word.substr(6), t.standingBonus))
                        return fail(i + 1, 0, "\"" + word + "\": the bonus must be a whole number, 0 or more");
                } else {
                    return fail(i + 1, 0, "unknown property \"" + word +
                                              "\" (known: opaque, solid, dark, obscuring, radius=N, bonus=N, lit, bright, "
                                              "magic-dark, magic-light, silence, light=N)");
                }
            }
            bool replaced = false;
            for (TerrainType& known : map.legend)
                if (known.symbol == t.symbol) {
                    known = t;
                    replaced = true;
                }
            if (!replaced) map.legend.push_back(t);
        }
        if (i == all.size()) return fail(all.size(), 0, "the legend has no \"map:\" line after it");
        first = i + 1;
    }
    size_t last = all.size();
    while (last > first && trim(all[last - 1]).empty()) --last;  // trailing blank lines
    if (last == first) return fail(first + 1, 0, "the map has no rows");
    map.width = static_cast<int>(all[first].size());
    if (map.width == 0) return fail(first + 1, 0, "the first row is empty");
    for (size_t i = first; i < last; ++i) {
        const std::string& row = all[i];
        if (static_cast<int>(row.size()) != map.width)
            return fail(i + 1, 0, "the row has " + std::to_string(row.size()) + " tiles, the first has " + std::to_string(map.width));
        for (size_t x = 0; x < row.size(); ++x) {
            int index = -1;
            for (size_t k = 0; k < map.legend.size(); ++k)
                if (map.legend[k].symbol == row[x]) index = static_cast<int>(k);
            if (index < 0) return fail(i + 1, x + 1, std::string("unknown tile '") + row[x] + "' (not in the legend)");
            map.tiles.push_back(index);
        }
    }
    map.height = static_cast<int>(last - first);
    return map;
}

}  // namespace sl::grid
