#include "storage/EpisodeRow.h"

#include "storage/JsonText.h"

namespace engram::episoderow {

const QString& columns()
{
    static const QString list =
        QStringLiteral("e.id, e.user_id, e.kind, e.content, e.response, e.topic_key, e.conversation_id, "
                       "e.status, e.pinned, e.importance, e.access_count, e.last_access_at, "
                       "e.created_at, e.updated_at, e.archived_at, e.metadata, e.origin");
    return list;
}

const QString& rankingColumns()
{
    static const QString list = QStringLiteral("e.id, e.user_id, e.kind, NULL, NULL, e.topic_key, e.conversation_id, "
                                               "e.status, e.pinned, e.importance, e.access_count, e.last_access_at, "
                                               "e.created_at, e.updated_at, e.archived_at, NULL, e.origin");
    return list;
}

Episode read(const QSqlQuery& q)
{
    Episode e;
    e.id = q.value(0).toString();
    e.userId = q.value(1).toString();
    e.kind = episodeKindFromString(q.value(2).toString()).value_or(EpisodeKind::Exchange);
    e.content = q.value(3).toString();
    e.response = q.value(4).toString();
    e.topicKey = q.value(5).toString();
    e.conversationId = q.value(6).toString();
    e.status = itemStatusFromString(q.value(7).toString()).value_or(ItemStatus::Active);
    e.pinned = q.value(8).toBool();
    e.importance = q.value(9).toDouble();
    e.accessCount = q.value(10).toInt();
    e.lastAccessAt = fromMsecs(q.value(11).toLongLong());
    e.createdAt = fromMsecs(q.value(12).toLongLong());
    e.updatedAt = fromMsecs(q.value(13).toLongLong());
    e.archivedAt = fromMsecs(q.value(14).toLongLong());
    e.metadata = jsontext::parse(q.value(15).toString());
    e.origin = episodeOriginFromString(q.value(16).toString()).value_or(EpisodeOrigin::Conversation);
    return e;
}

} // namespace engram::episoderow
