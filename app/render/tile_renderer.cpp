// Painting a tile map with what is seen of it (tile_renderer.h).
#include "tile_renderer.h"

#include "board_renderer.h"
#include "grid/fog.h"
#include "grid/perception.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cctype>
#include <map>

namespace sl::render {

QColor terrainColour(const grid::TerrainType& t) {
    static const std::map<std::string, QColor> byName{
        {"wall", {0x4a, 0x4a, 0x52}},     {"floor", {0xc9, 0xc1, 0xa9}},    {"plains", {0xa8, 0xc8, 0x6a}},
        {"hills", {0x9a, 0xa8, 0x5a}},    {"beach", {0xe8, 0xd8, 0x9a}},    {"desert", {0xe0, 0xbf, 0x7a}},
        {"forest", {0x3f, 0x7a, 0x3a}},   {"swamp", {0x6a, 0x7a, 0x4f}},    {"foothills", {0x9c, 0x8a, 0x60}},
        {"mountain", {0x7a, 0x6a, 0x5a}}, {"water", {0x4a, 0x86, 0xc8}},    {"tower", {0x8a, 0x4a, 0x3a}},
    };
    if (const auto it = byName.find(t.name); it != byName.end()) return it->second;
    if (t.opaque) return {0x4a, 0x4a, 0x52};
    if (t.dark) return {0x2c, 0x2a, 0x40};
    if (t.obscuring) return {0x8f, 0xa0, 0x94};
    if (t.solid) return {0x8a, 0x7f, 0x70};
    return {0xc9, 0xc1, 0xa9};
}

void paintTiles(QPainter& p, const TilePicture& pic, QPointF origin, double tile) {
    const grid::TileMap& map = *pic.map;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    QFont font;
    font.setPixelSize(std::max(6, static_cast<int>(tile * 13 / 24)));
    QFont small = font;
    small.setPixelSize(std::max(6, static_cast<int>(tile * 9 / 24)));
    QFont bold = font;
    bold.setBold(true);
    auto cell = [&](grid::Tile t) { return QRectF(origin.x() + t.x * tile, origin.y() + t.y * tile, tile, tile); };
    auto state = [&](grid::Tile t) {
        if (pic.states.empty()) return grid::FogState::Visible;
        return static_cast<grid::FogState>(pic.states[static_cast<size_t>(t.y) * map.width + t.x]);
    };
    // The terrain: lit where visible, dimmed where only remembered, black where unexplored.
    for (int y = 0; y < map.height; ++y)
        for (int x = 0; x < map.width; ++x) {
            const grid::Tile t{x, y};
            const grid::TerrainType& terrain = map.at(x, y);
            const grid::FogState s = state(t);
            QColor c = terrainColour(terrain);
            if (s == grid::FogState::Unexplored) c = QColor(0x05, 0x05, 0x07);
            else if (s == grid::FogState::Explored) c = QColor::fromHsv(c.hsvHue(), c.hsvSaturation() / 3, c.value() * 45 / 100);
            if (pic.glyphs) {
                p.fillRect(cell(t), s == grid::FogState::Unexplored ? c
                                    : s == grid::FogState::Visible ? QColor(0x2e, 0x32, 0x3a)
                                                                   : QColor(0x16, 0x18, 0x1c));
                if (s != grid::FogState::Unexplored) {
                    p.setPen(c.lighter(s == grid::FogState::Visible ? 130 : 100));
                    p.setFont(font);
                    p.drawText(cell(t), Qt::AlignCenter, QString(QChar::fromLatin1(terrain.symbol)));
                }
            } else {
                p.fillRect(cell(t), c);
            }
        }
    // Light: dark tiles shaded, bright ones warmed (where something is seen of them); tiles
    // seen in outline only hatched.
    if (!pic.light.empty()) {
        for (int y = 0; y < map.height; ++y)
            for (int x = 0; x < map.width; ++x) {
                const grid::Tile t{x, y};
                if (state(t) != grid::FogState::Visible) continue;  // (the light now, where it is seen now)
                const auto level = static_cast<grid::LightLevel>(pic.light[static_cast<size_t>(y) * map.width + x]);
                if (level == grid::LightLevel::Dark) p.fillRect(cell(t), QColor(0, 0, 0x20, 90));
                else if (level == grid::LightLevel::Bright) p.fillRect(cell(t), QColor(0xff, 0xd8, 0x70, 60));
            }
    }
    if (!pic.outlined.empty()) {
        const QBrush hatch(QColor(0xd0, 0xd0, 0xe0, 150), Qt::BDiagPattern);
        for (int y = 0; y < map.height; ++y)
            for (int x = 0; x < map.width; ++x)
                if (pic.outlined[static_cast<size_t>(y) * map.width + x]) p.fillRect(cell({x, y}), hatch);
    }
    // Faint tile edges, so that tiles can be counted.
    p.setPen(QPen(QColor(0, 0, 0, 40), 1));
    for (int x = 0; x <= map.width; ++x)
        p.drawLine(QPointF(origin.x() + x * tile, origin.y()), QPointF(origin.x() + x * tile, origin.y() + map.height * tile));
    for (int y = 0; y <= map.height; ++y)
        p.drawLine(QPointF(origin.x(), origin.y() + y * tile), QPointF(origin.x() + map.width * tile, origin.y() + y * tile));
    // Marked tiles (what a side may target): a light frame inside the tile.
    if (!pic.marked.empty()) {
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(pic.markColour, std::max(1.5, tile / 10.0)));
        for (int y = 0; y < map.height; ++y)
            for (int x = 0; x < map.width; ++x)
                if (pic.marked[static_cast<size_t>(y) * map.width + x]) p.drawRect(cell({x, y}).adjusted(tile * 0.12, tile * 0.12, -tile * 0.12, -tile * 0.12));
    }
    // Outlines (vision ranges), within the map.
    p.save();
    p.setClipRect(QRectF(origin.x(), origin.y(), map.width * tile, map.height * tile), Qt::IntersectClip);
    for (const TilePicture::Outline& o : pic.outlines) {
        QPolygonF poly;
        for (const QPointF& q : o.points) poly << origin + q * tile;
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(o.colour, std::max(1.5, tile / 10.0), Qt::DashLine));
        p.drawPolygon(poly);
    }
    p.restore();
    // The line: green up to where sight stops, red from there on; fire's stop framed.
    bool stopped = false;
    for (const grid::Tile& t : pic.line) {
        stopped = stopped || (pic.sightStop && t == *pic.sightStop);
        const QColor c = stopped ? QColor(0xd6, 0x27, 0x28, 150) : QColor(0x1f, 0xc3, 0x4a, 150);
        p.fillRect(cell(t).adjusted(tile * 0.2, tile * 0.2, -tile * 0.2, -tile * 0.2), c);
    }
    if (pic.line.size() > 1) {
        p.setPen(QPen(QColor(255, 255, 255, 200), std::max(1.0, tile / 12.0)));
        p.drawLine(cell(pic.line.front()).center(), cell(pic.line.back()).center());
    }
    if (pic.fireStop) {
        p.setPen(QPen(QColor(0xff, 0x8c, 0x00), std::max(2.0, tile / 8.0)));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cell(*pic.fireStop).adjusted(2, 2, -2, -2));
    }
    // Units and ghosts.
    for (const TilePicture::Marker& m : pic.markers) {
        const QRectF r = cell(m.at).adjusted(tile * 0.1, tile * 0.1, -tile * 0.1, -tile * 0.1);
        if (m.outline) {  // a silhouette: its shape, not who it is
            p.setPen(QPen(m.colour, std::max(1.5, tile / 12.0)));
            p.setBrush(QBrush(QColor(0x20, 0x20, 0x26, 220)));
            p.drawEllipse(r);
            p.setBrush(QBrush(m.colour, Qt::BDiagPattern));
            p.drawEllipse(r);
        } else if (m.ghost) {
            p.setPen(QPen(m.colour, std::max(1.5, tile / 12.0), Qt::DashLine));
            p.setBrush(QColor(m.colour.red(), m.colour.green(), m.colour.blue(), 50));
            p.drawEllipse(r);
            p.setPen(QColor(0xf0, 0xf0, 0xf0));
            p.setFont(small);
            p.drawText(r, Qt::AlignCenter, m.text + QStringLiteral("\n%1").arg(m.age));
        } else {
            p.setPen(QPen(QColor(255, 255, 255), std::max(1.0, tile / 16.0)));
            p.setBrush(m.colour);
            p.drawEllipse(r);
            p.setPen(QColor(255, 255, 255));
            QFont label = bold;  // (two letters: smaller, within the disc)
            if (m.text.size() > 1) label.setPixelSize(std::max(6, static_cast<int>(tile * 9 / 24)));
            p.setFont(label);
            p.drawText(r, Qt::AlignCenter, m.text);
        }
        if (!m.badge.isEmpty()) {  // the senses, on the top right corner
            QFont f = small;
            f.setBold(true);
            const QFontMetricsF fm(f);
            const QRectF box(cell(m.at).right() - fm.horizontalAdvance(m.badge) - 4, cell(m.at).top() - fm.height() * 0.45,
                             fm.horizontalAdvance(m.badge) + 4, fm.height());
            p.setPen(QPen(QColor(0x10, 0x10, 0x10), 1));
            p.setBrush(QColor(0xff, 0xf2, 0xa8));
            p.drawRoundedRect(box, 2, 2);
            p.setFont(f);
            p.setPen(QColor(0x10, 0x10, 0x10));
            p.drawText(box, Qt::AlignCenter, m.badge);
        }
    }
    p.restore();
}

QString senseLetters(std::uint16_t senses) {
    static const std::pair<grid::Sense, char> letters[] = {
        {grid::kSight, 'S'},      {grid::kShadow, 's'},     {grid::kDarkvision, 'D'}, {grid::kBlind, 'B'},
        {grid::kTremor, 'T'},     {grid::kTelepathy, 'P'},  {grid::kPerception, 'A'}, {grid::kScent, 'N'},
    };
    QString out;
    for (const auto& [sense, letter] : letters)
        if (senses & sense) out += QLatin1Char(letter);
    return out;
}

std::optional<TilePicture> perceptionPicture(const grid::FogGame& g, const std::string& id, std::uint16_t senses) {
    const grid::PerceptionWorld* world = g.perception();
    const grid::FogUnit* unit = g.unit(id);
    if (!world || !unit || g.settings().mode != grid::VisionMode::Senses) return std::nullopt;
    const int k = static_cast<int>(unit - g.units().data());
    TilePicture picture;
    picture.map = &g.map();
    const std::vector<grid::Tier> tiers = world->tiles(k);
    picture.states = grid::tierStates(tiers);
    picture.outlined = grid::outlineFlags(tiers);
    for (grid::LightLevel l : world->lightLevels()) picture.light.push_back(static_cast<std::uint8_t>(l));
    auto letter = [](const std::string& s) { return QString::fromStdString(s.substr(0, 2)); };
    for (int t = 0; t < static_cast<int>(g.units().size()); ++t) {
        const grid::FogUnit& u = g.units()[static_cast<size_t>(t)];
        if (t == k) {
            picture.markers.push_back({u.at, letter(u.id), sideColour(u.side)});
            continue;
        }
        const grid::Perceived p = world->perceives(k, t);
        const std::uint16_t by = p.senses & senses;
        if (!by) continue;
        const bool seen = by & (grid::kSight | grid::kDarkvision | grid::kBlind | grid::kPerception);
        TilePicture::Marker m{u.at, letter(u.id), sideColour(u.side)};
        m.outline = !seen;
        m.badge = senseLetters(by);
        picture.markers.push_back(m);
    }
    return picture;
}

TilePicture fogPicture(const grid::FogGame& g, const std::string& side) {
    TilePicture picture;
    picture.map = &g.map();
    const grid::FogSide* s = side.empty() ? nullptr : g.side(side);
    if (s) picture.states = s->state;  // (everyone: every tile)
    auto letter = [](const std::string& id) { return QString::fromStdString(id.substr(0, 2)); };
    for (const grid::FogStructure& st : g.structures())
        if (!s || st.side == side || g.seesInto(side, st.at))
            picture.markers.push_back({st.at, QString(QChar::fromLatin1(st.kind.empty() ? '?' : static_cast<char>(std::toupper(st.kind[0])))),
                                       sideColour(st.side).darker(130)});
    for (const grid::FogUnit& u : g.units())
        if (!s || u.side == side) picture.markers.push_back({u.at, letter(u.id), sideColour(u.side)});
    if (const grid::PerceptionWorld* world = g.perception(); world && g.settings().mode == grid::VisionMode::Senses) {
        for (grid::LightLevel l : world->lightLevels()) picture.light.push_back(static_cast<std::uint8_t>(l));
        if (s) picture.outlined = grid::outlineFlags(world->sideTiles(side));  // (what the side outlines now, hatched)
    }
    if (s) {
        for (const grid::FogUnit* u : g.visibleEnemies(side)) picture.markers.push_back({u->at, letter(u->id), sideColour(u->side)});
        for (const auto& [id, by] : s->sensedNow)
            if (const grid::FogUnit* u = g.unit(id)) {
                TilePicture::Marker m{u->at, letter(u->id), sideColour(u->side)};
                m.outline = true;
                m.badge = senseLetters(by);
                picture.markers.push_back(m);
            }
        for (const grid::Snapshot& m : g.memories(side))
            picture.markers.push_back({m.at, letter(m.unit), sideColour(m.owner), true, g.turn() - m.turnSeen});
    }
    return picture;
}

QImage paintTiles(const TilePicture& pic, int tile) {
    const grid::TileMap& map = *pic.map;
    const int margin = tile / 2;
    QFont font;
    font.setPixelSize(std::max(8, tile * 13 / 24));
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF fm(font);
    const int titleHeight = pic.title.isEmpty() ? 0 : static_cast<int>(fm.height() * 1.6);
    const int captionHeight = pic.caption.isEmpty() ? 0 : static_cast<int>(fm.height() * 1.6);
    QImage image(map.width * tile + 2 * margin, map.height * tile + 2 * margin + titleHeight + captionHeight,
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(0x16, 0x18, 0x1c));
    QPainter p(&image);
    const QPointF origin(margin, margin + titleHeight);
    if (!pic.title.isEmpty()) {
        p.setPen(QColor(0xee, 0xee, 0xee));
        p.setFont(bold);
        p.drawText(QRectF(margin, 0, image.width() - 2 * margin, titleHeight), Qt::AlignLeft | Qt::AlignVCenter, pic.title);
    }
    paintTiles(p, pic, origin, tile);
    if (!pic.caption.isEmpty()) {
        p.setPen(QColor(0xcc, 0xcc, 0xcc));
        p.setFont(font);
        p.drawText(QRectF(margin, origin.y() + map.height * tile + margin / 2.0, image.width() - 2 * margin, captionHeight),
                   Qt::AlignLeft | Qt::AlignVCenter, pic.caption);
    }
    p.end();
    return image;
}

bool saveTiles(const TilePicture& picture, const QString& path, QString* error, int tile) {
    if (!picture.map || picture.map->width <= 0 || picture.map->height <= 0) {
        if (error) *error = QStringLiteral("%1: no map to draw").arg(path);
        return false;
    }
    if (!paintTiles(picture, tile).save(path, "PNG")) {
        if (error) *error = QStringLiteral("%1: cannot write the image").arg(path);
        return false;
    }
    return true;
}

}  // namespace sl::render
