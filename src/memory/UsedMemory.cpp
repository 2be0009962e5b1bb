#include "memory/UsedMemory.h"

#include "memory/ContextBuilder.h"

#include <optional>

namespace engram {

namespace {

// Which tier a context section's ids belong to; nullopt for sections that hold no memory.
std::optional<Tier> sectionTier(const QString& name)
{
    if (name == QLatin1String("profile"))
        return Tier::Semantic;
    if (name == QLatin1String("summaries") || name == QLatin1String("exchanges"))
        return Tier::Episodic;
    if (name == QLatin1String("window"))
        return Tier::Working;
    return std::nullopt;
}

QString shortLabel(const QString& text)
{
    const QString line = text.simplified();
    if (line.size() <= kUsedMemoryLabelChars)
        return line;
    return line.left(kUsedMemoryLabelChars - 1) + QChar(0x2026);
}

} // namespace

void to_json(Json& j, const UsedMemory& m)
{
    j = Json{{"id", m.id.toStdString()},
             {"tier", enumName(m.tier).toStdString()},
             {"label", m.label.toStdString()},
             {"tokens", m.tokens}};
}

void from_json(const Json& j, UsedMemory& m)
{
    m.id = QString::fromStdString(j.at("id").get<std::string>());
    const auto tier = tierFromString(QString::fromStdString(j.value("tier", std::string())));
    m.tier = tier.value_or(Tier::Semantic);
    m.label = QString::fromStdString(j.value("label", std::string()));
    m.tokens = j.value("tokens", 0);
}

QList<UsedMemory> usedMemories(const ContextResult& context)
{
    QList<UsedMemory> used;
    for (const ContextSection& section : context.sections) {
        const auto tier = sectionTier(section.name);
        if (!tier || section.ids.isEmpty())
            continue;
        const int each = section.tokens / int(section.ids.size());
        for (qsizetype i = 0; i < section.ids.size(); ++i) {
            UsedMemory m;
            m.id = section.ids.at(i);
            m.tier = *tier;
            m.tokens = each;
            m.label = shortLabel(section.labels.value(i)); // the builder's copy of the item's text
            used.append(m);
        }
    }
    return used;
}

QList<UsedMemory> usedMemoriesFromMetadata(const Json& metadata)
{
    QList<UsedMemory> items;
    if (!metadata.is_object() || !metadata.contains(kUsedMemoriesKey) || !metadata[kUsedMemoriesKey].is_array())
        return items;
    for (const Json& entry : metadata[kUsedMemoriesKey]) {
        try {
            items.append(entry.get<UsedMemory>());
        } catch (const nlohmann::json::exception&) {
            // An entry written by an older or newer build: the rest of the list is still useful.
        }
    }
    return items;
}

void storeUsedMemories(Json& metadata, const QList<UsedMemory>& items)
{
    Json list = Json::array();
    for (const UsedMemory& m : items)
        list.push_back(Json(m));
    if (!metadata.is_object())
        metadata = Json::object();
    metadata[kUsedMemoriesKey] = std::move(list);
}

} // namespace engram
