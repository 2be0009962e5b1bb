#include "memory/MemoryItem.h"

#include "core/EnumNames.h"

#include <array>

namespace engram {
namespace {

std::string s(const QString& text)
{
    return text.toStdString();
}

QString sourceMessageOf(const Episode& e)
{
    if (!e.metadata.is_object())
        return {};
    if (const auto id = e.metadata.find("user_message_id"); id != e.metadata.end() && id->is_string())
        return QString::fromStdString(id->get<std::string>());
    if (const auto ids = e.metadata.find("source_message_ids");
        ids != e.metadata.end() && ids->is_array() && !ids->empty() && ids->front().is_string())
        return QString::fromStdString(ids->front().get<std::string>());
    return {};
}

} // namespace

namespace {

constexpr std::array<std::pair<ItemOrigin, const char*>, 5> kOrigins{{
    {ItemOrigin::Said, "said"},
    {ItemOrigin::Inferred, "inferred"},
    {ItemOrigin::ByHand, "manual"},
    {ItemOrigin::Imported, "imported"},
    {ItemOrigin::Tool, "tool"},
}};

} // namespace

QString enumName(ItemOrigin origin)
{
    return enumnames::nameOf(kOrigins, origin);
}

std::optional<ItemOrigin> itemOriginFromString(const QString& name)
{
    return enumnames::valueOf(kOrigins, name);
}

ItemOrigin MemoryItem::origin() const
{
    switch (tier) {
    case Tier::Working:
        return kind == enumName(Role::User) ? ItemOrigin::Said : ItemOrigin::Inferred;
    case Tier::Episodic:
    case Tier::Archive:
        if (source == enumName(EpisodeOrigin::Import))
            return ItemOrigin::Imported;
        if (source == enumName(EpisodeOrigin::Tool))
            return ItemOrigin::Tool;
        return kind == enumName(EpisodeKind::Summary) ? ItemOrigin::Inferred : ItemOrigin::Said;
    case Tier::Semantic:
        break;
    }
    if (const auto client = metadata.is_object() ? metadata.find("client") : metadata.end();
        client != metadata.end() && client->is_string())
        return ItemOrigin::Tool; // through the MCP server
    if (source == enumName(FactSource::LlmExtract))
        return ItemOrigin::Inferred;
    if (source == enumName(FactSource::Manual))
        return ItemOrigin::ByHand;
    if (source == enumName(FactSource::Import))
        return ItemOrigin::Imported;
    return ItemOrigin::Said;
}

MemoryItem MemoryItem::fromMessage(const Message& m)
{
    MemoryItem item;
    item.id = m.id;
    item.tier = Tier::Working;
    item.kind = enumName(m.role);
    item.content = m.content;
    item.detail = m.modelContent;
    item.status = enumName(m.windowState);
    item.conversationId = m.conversationId;
    item.sourceMessageId = m.id;
    item.pinned = m.pinned;
    item.createdAt = m.createdAt;
    item.updatedAt = m.createdAt;
    item.lastAccessAt = m.createdAt;
    item.metadata = m.metadata;
    return item;
}

MemoryItem MemoryItem::fromEpisode(const Episode& e)
{
    MemoryItem item;
    item.id = e.id;
    item.tier = e.status == ItemStatus::Archived ? Tier::Archive : Tier::Episodic;
    item.kind = enumName(e.kind);
    item.content = e.content;
    item.detail = e.response;
    item.status = enumName(e.status);
    item.conversationId = e.conversationId;
    item.source = enumName(e.origin);
    item.sourceMessageId = sourceMessageOf(e);
    item.topicKey = e.topicKey;
    item.pinned = e.pinned;
    item.importance = e.importance;
    item.createdAt = e.createdAt;
    item.updatedAt = e.updatedAt;
    item.lastAccessAt = e.lastAccessAt;
    item.archivedAt = e.archivedAt;
    item.accessCount = e.accessCount;
    item.metadata = e.metadata;
    return item;
}

MemoryItem MemoryItem::fromFact(const Fact& f)
{
    MemoryItem item;
    item.id = f.id;
    item.tier = Tier::Semantic;
    item.kind = QStringLiteral("fact");
    item.content = f.text();
    item.subject = f.subject;
    item.predicate = f.predicate;
    item.object = f.object;
    item.status = enumName(f.status);
    item.source = enumName(f.source);
    item.conversationId = f.conversationId;
    item.sourceMessageId = f.messageId;
    item.pinned = f.pinned;
    item.confidence = f.confidence;
    item.importance = f.importance;
    item.createdAt = f.createdAt;
    item.updatedAt = f.updatedAt;
    item.lastAccessAt = f.lastAccessAt;
    item.accessCount = f.accessCount;
    item.metadata = f.metadata;
    return item;
}

Json MemoryItem::toJson() const
{
    Json j = Json::object();
    j["id"] = s(id);
    j["tier"] = s(enumName(tier));
    j["kind"] = s(kind);
    j["content"] = s(content);
    if (!detail.isEmpty())
        j["detail"] = s(detail);
    if (tier == Tier::Semantic) {
        j["subject"] = s(subject);
        j["predicate"] = s(predicate);
        j["object"] = s(object);
        j["source"] = s(source);
    }
    if (!topicKey.isEmpty())
        j["topic"] = s(topicKey);
    if (!conversationId.isEmpty())
        j["conversation_id"] = s(conversationId);
    j["status"] = s(status);
    j["pinned"] = pinned;
    j["confidence"] = confidence;
    j["importance"] = importance;
    j["created_at"] = s(toIso(createdAt));
    j["updated_at"] = s(toIso(updatedAt));
    j["last_access_at"] = s(toIso(lastAccessAt));
    j["access_count"] = accessCount;
    j["metadata"] = metadata;
    if (score)
        j["score"] = *score;
    return j;
}

} // namespace engram
