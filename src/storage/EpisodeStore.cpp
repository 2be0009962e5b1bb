#include "storage/EpisodeStore.h"

#include "core/SearchTokenizer.h"
#include "storage/Database.h"
#include "storage/JsonText.h"
#include "storage/Sql.h"

namespace engram {
namespace {

const auto kColumns = QStringLiteral("e.id, e.user_id, e.kind, e.content, e.response, e.topic_key, e.conversation_id, "
                                     "e.status, e.pinned, e.importance, e.access_count, e.last_access_at, "
                                     "e.created_at, e.updated_at, e.archived_at, e.metadata");

Episode fromRow(const QSqlQuery& q)
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
    return e;
}

struct Where
{
    QString clause;
    QVariantList values;
};

Where whereFor(const QString& userId, const EpisodeFilter& f)
{
    Where w{QStringLiteral("e.user_id = ?"), {userId}};
    if (f.status) {
        w.clause += QStringLiteral(" AND e.status = ?");
        w.values.append(enumName(*f.status));
    }
    if (f.kind) {
        w.clause += QStringLiteral(" AND e.kind = ?");
        w.values.append(enumName(*f.kind));
    }
    if (f.pinnedOnly)
        w.clause += QStringLiteral(" AND e.pinned = 1");
    if (!f.contains.isEmpty()) {
        QString pattern = f.contains;
        pattern.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
            .replace(QLatin1Char('%'), QStringLiteral("\\%"))
            .replace(QLatin1Char('_'), QStringLiteral("\\_"));
        pattern = QLatin1Char('%') + pattern + QLatin1Char('%');
        w.clause += QStringLiteral(" AND (e.content LIKE ? ESCAPE '\\' OR e.response LIKE ? ESCAPE '\\' "
                                   "OR e.topic_key LIKE ? ESCAPE '\\')");
        w.values << pattern << pattern << pattern;
    }
    return w;
}

// A fixed SQL expression per order, never text from outside.
QString orderExpression(EpisodeOrder order)
{
    switch (order) {
    case EpisodeOrder::Created:
        break;
    case EpisodeOrder::LastAccess:
        return QStringLiteral("e.last_access_at");
    case EpisodeOrder::Importance:
        return QStringLiteral("e.importance");
    case EpisodeOrder::AccessCount:
        return QStringLiteral("e.access_count");
    case EpisodeOrder::Kind:
        return QStringLiteral("e.kind");
    case EpisodeOrder::Content:
        return QStringLiteral("e.content");
    case EpisodeOrder::Detail:
        return QStringLiteral("CASE e.kind WHEN 'summary' THEN e.topic_key ELSE e.response END");
    case EpisodeOrder::Pinned:
        return QStringLiteral("e.pinned");
    case EpisodeOrder::Archived:
        return QStringLiteral("e.archived_at");
    }
    return QStringLiteral("e.created_at");
}

} // namespace

EpisodeStore::EpisodeStore(Database& db)
    : m_db(db)
{}

Status EpisodeStore::insert(const Episode& e)
{
    const QVariantList values{e.id,
                              e.userId,
                              enumName(e.kind),
                              e.content,
                              e.response,
                              e.topicKey,
                              e.conversationId,
                              enumName(e.status),
                              e.pinned ? 1 : 0,
                              e.importance,
                              e.accessCount,
                              toMsecs(e.lastAccessAt.isValid() ? e.lastAccessAt : e.createdAt),
                              toMsecs(e.createdAt),
                              toMsecs(e.updatedAt.isValid() ? e.updatedAt : e.createdAt),
                              toMsecs(e.archivedAt),
                              jsontext::dump(e.metadata),
                              SearchTokenizer::indexText(e.content),
                              SearchTokenizer::indexText(e.response)};
    return sql::runCached(
        m_insert, m_db.connection(),
        QStringLiteral("INSERT INTO episodes (id, user_id, kind, content, response, topic_key, conversation_id, "
                       "status, pinned, importance, access_count, last_access_at, created_at, updated_at, "
                       "archived_at, metadata, search_body, search_extra) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        values);
}

Status EpisodeStore::update(const Episode& e)
{
    auto q =
        sql::run(m_db.connection(),
                 QStringLiteral("UPDATE episodes SET content = ?, response = ?, topic_key = ?, status = ?, pinned = ?, "
                                "importance = ?, access_count = ?, last_access_at = ?, updated_at = ?, "
                                "archived_at = ?, metadata = ?, search_body = ?, search_extra = ? "
                                "WHERE user_id = ? AND id = ?"),
                 {e.content, e.response, e.topicKey, enumName(e.status), e.pinned ? 1 : 0, e.importance, e.accessCount,
                  toMsecs(e.lastAccessAt), toMsecs(e.updatedAt), toMsecs(e.archivedAt), jsontext::dump(e.metadata),
                  SearchTokenizer::indexText(e.content), SearchTokenizer::indexText(e.response), e.userId, e.id});
    if (!q)
        return q.error();
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no episode %1").arg(e.id));
    return {};
}

Status EpisodeStore::remove(const QString& userId, const QString& id)
{
    auto q =
        sql::run(m_db.connection(), QStringLiteral("DELETE FROM episodes WHERE user_id = ? AND id = ?"), {userId, id});
    if (!q)
        return q.error();
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no episode %1").arg(id));
    return {};
}

Result<int> EpisodeStore::removeAllOf(const QString& userId)
{
    return sql::removeUserRows(m_db.connection(), QStringLiteral("episodes"), userId);
}

Status EpisodeStore::optimizeIndex()
{
    return sql::execute(m_db.connection(), QStringLiteral("INSERT INTO episodes_fts(episodes_fts) VALUES('optimize')"));
}

Result<QHash<QString, QString>> EpisodeStore::owners(const QStringList& ids) const
{
    return sql::owners(m_db.connection(), QStringLiteral("episodes"), ids);
}

Status EpisodeStore::beginBulkLoad()
{
    const QSqlDatabase& db = m_db.connection();
    auto trigger = sql::scalar(
        db, QStringLiteral("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'episodes_fts_insert'"));
    if (!trigger)
        return trigger.error();
    auto last = sql::scalar(db, QStringLiteral("SELECT coalesce(max(seq), 0) FROM episodes"));
    if (!last)
        return last.error();
    if (auto st = sql::execute(db, QStringLiteral("DROP TRIGGER episodes_fts_insert")); !st)
        return st;
    m_bulkTrigger = trigger->toString();
    m_bulkAfterSeq = last->toLongLong();
    return {};
}

Status EpisodeStore::finishBulkLoad()
{
    const QSqlDatabase& db = m_db.connection();
    if (auto st = sql::execute(db,
                               QStringLiteral("INSERT INTO episodes_fts(rowid, search_body, search_extra) "
                                              "SELECT seq, search_body, search_extra FROM episodes WHERE seq > ?"),
                               {m_bulkAfterSeq});
        !st)
        return st;
    if (auto st = sql::execute(db, m_bulkTrigger); !st)
        return st;
    m_bulkTrigger.clear();
    return {};
}

Result<Episode> EpisodeStore::find(const QString& userId, const QString& id) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM episodes e WHERE e.user_id = ? AND e.id = ?").arg(kColumns),
                      {userId, id});
    if (!q)
        return q.error();
    if (!q->next())
        return Error::notFound(QStringLiteral("There is no episode %1").arg(id));
    return fromRow(*q);
}

Result<std::optional<Episode>> EpisodeStore::activeSummaryForTopic(const QString& userId, const QString& topicKey) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM episodes e WHERE e.user_id = ? AND e.topic_key = ? "
                                     "AND e.kind = 'summary' AND e.status = 'active' ORDER BY e.seq DESC LIMIT 1")
                          .arg(kColumns),
                      {userId, topicKey});
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<Episode>();
    return std::optional<Episode>(fromRow(*q));
}

Result<std::optional<Episode>> EpisodeStore::latestExchange(const QString& userId) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM episodes e WHERE e.user_id = ? AND e.kind = 'exchange' "
                                     "AND e.status = 'active' ORDER BY e.created_at DESC, e.seq DESC LIMIT 1")
                          .arg(kColumns),
                      {userId});
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<Episode>();
    return std::optional<Episode>(fromRow(*q));
}

Result<QList<Episode>> EpisodeStore::list(const QString& userId, const EpisodeFilter& f) const
{
    Where w = whereFor(userId, f);
    const QString direction = f.newestFirst ? QStringLiteral("DESC") : QStringLiteral("ASC");
    QString order = QStringLiteral("%1 %2").arg(orderExpression(f.order), direction);
    if (f.order != EpisodeOrder::Created)
        order += QStringLiteral(", e.created_at DESC");
    order += QStringLiteral(", e.seq %1").arg(f.order == EpisodeOrder::Created ? direction : QStringLiteral("DESC"));
    QString statement;
    if (f.order == EpisodeOrder::Created) {
        // The (user_id, status, created_at) index delivers this order without sorting.
        statement = QStringLiteral("SELECT %1 FROM episodes e WHERE %2 ORDER BY %3 LIMIT ? OFFSET ?")
                        .arg(kColumns, w.clause, order);
    } else {
        // Sorting whole rows of 100,000 episodes takes SQLite a third of a second; sorting only
        // the keys and fetching the page's rows afterwards takes a fraction of that.
        statement = QStringLiteral("SELECT %1 FROM episodes e JOIN (SELECT e.seq FROM episodes e WHERE %2 "
                                   "ORDER BY %3 LIMIT ? OFFSET ?) page ON page.seq = e.seq ORDER BY %3")
                        .arg(kColumns, w.clause, order);
    }
    w.values << f.limit << f.offset;
    auto q = sql::runList(m_db.connection(), statement, w.values);
    if (!q)
        return q.error();
    QList<Episode> list;
    while (q->next())
        list.append(fromRow(*q));
    return list;
}

Result<int> EpisodeStore::count(const QString& userId, const EpisodeFilter& f) const
{
    const Where w = whereFor(userId, f);
    auto q = sql::runList(m_db.connection(), QStringLiteral("SELECT count(*) FROM episodes e WHERE %1").arg(w.clause),
                          w.values);
    if (!q)
        return q.error();
    return q->next() ? q->value(0).toInt() : 0;
}

Result<QList<EpisodeHit>> EpisodeStore::search(const QString& userId, const QString& match, int limit,
                                               std::optional<EpisodeKind> kind) const
{
    if (match.isEmpty())
        return QList<EpisodeHit>();
    QString statement = QStringLiteral("SELECT %1, bm25(episodes_fts, 1.0, 0.4) AS rank FROM episodes_fts "
                                       "JOIN episodes e ON e.seq = episodes_fts.rowid "
                                       "WHERE episodes_fts MATCH ? AND e.user_id = ? AND e.status = 'active'")
                            .arg(kColumns);
    QVariantList values{match, userId};
    if (kind) {
        statement += QStringLiteral(" AND e.kind = ?");
        values.append(enumName(*kind));
    }
    statement += QStringLiteral(" ORDER BY rank, e.created_at DESC LIMIT ?");
    values.append(limit);
    auto q = sql::runList(m_db.connection(), statement, values);
    if (!q)
        return q.error();
    QList<EpisodeHit> hits;
    while (q->next())
        hits.append(EpisodeHit{fromRow(*q), -q->value(16).toDouble()});
    return hits;
}

Status EpisodeStore::touch(const QString& userId, const QStringList& ids, const QDateTime& now)
{
    auto q = sql::prepare(m_db.connection(),
                          QStringLiteral("UPDATE episodes SET access_count = access_count + 1, last_access_at = ? "
                                         "WHERE user_id = ? AND id = ?"));
    if (!q)
        return q.error();
    for (const QString& id : ids) {
        sql::bind(*q, 0, toMsecs(now));
        sql::bind(*q, 1, userId);
        sql::bind(*q, 2, id);
        if (auto st = sql::exec(*q); !st)
            return st;
    }
    return {};
}

Result<QStringList> EpisodeStore::archivedBefore(const QString& userId, const QDateTime& cutoff) const
{
    auto q = sql::run(
        m_db.connection(),
        QStringLiteral("SELECT id FROM episodes WHERE user_id = ? AND status = 'archived' AND archived_at < ?"),
        {userId, toMsecs(cutoff)});
    if (!q)
        return q.error();
    QStringList ids;
    while (q->next())
        ids.append(q->value(0).toString());
    return ids;
}

} // namespace engram
