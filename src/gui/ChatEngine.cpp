#include "ChatEngine.h"

namespace engram {

ChatEngine::ChatEngine(QObject* parent)
    : QObject(parent)
{}

ChatEngine::~ChatEngine() = default;

void to_json(Json& j, const UsedMemory& m)
{
    j = Json{{"id", m.id.toStdString()},
             {"tier", enumName(m.tier).toStdString()},
             {"text", m.text.toStdString()},
             {"tokens", m.tokens}};
}

void from_json(const Json& j, UsedMemory& m)
{
    m.id = QString::fromStdString(j.at("id").get<std::string>());
    const auto tier = tierFromString(QString::fromStdString(j.value("tier", std::string())));
    m.tier = tier.value_or(Tier::Semantic);
    m.text = QString::fromStdString(j.value("text", std::string()));
    m.tokens = j.value("tokens", 0);
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
