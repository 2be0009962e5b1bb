#include "storage/EventLog.h"

#include "storage/Database.h"
#include "storage/JsonText.h"
#include "storage/Sql.h"

namespace engram {
namespace {

const auto kEventColumns = QStringLiteral(
    "id, user_id, item_id, item_type, action, actor, before, after, created_at, undone, action_group, client");

Event eventFromRow(const QSqlQuery& q)
{
    Event e;
    e.id = q.value(0).toString();
    e.userId = q.value(1).toString();
    e.itemId = q.value(2).toString();
    e.itemType = q.value(3).toString();
    e.action = q.value(4).toString();
    e.actor = actorFromString(q.value(5).toString()).value_or(Actor::System);
    e.before = q.value(6).isNull() ? Json() : jsontext::parse(q.value(6).toString(), Json());
    e.after = q.value(7).isNull() ? Json() : jsontext::parse(q.value(7).toString(), Json());
    e.createdAt = fromMsecs(q.value(8).toLongLong());
    e.undone = q.value(9).toBool();
    e.group = q.value(10).toString();
    e.client = q.value(11).toString();
    return e;
}

QVariant jsonOrNull(const Json& j)
{
    return j.is_null() ? QVariant() : QVariant(jsontext::dump(j));
}

} // namespace

EventLog::EventLog(Database& db)
    : m_db(db)
{}

Status EventLog::append(const Event& e)
{
    return sql::runCached(
        m_insert, m_db.connection(),
        QStringLiteral("INSERT INTO events (%1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").arg(kEventColumns),
        {e.id.isEmpty() ? newId() : e.id, e.userId, e.itemId, e.itemType, e.action, enumName(e.actor),
         jsonOrNull(e.before), jsonOrNull(e.after), toMsecs(e.createdAt), e.undone ? 1 : 0, e.group, e.client});
}

Result<int> EventLog::removeAllOf(const QString& userId)
{
    auto trash = sql::removeUserRows(m_db.connection(), QStringLiteral("trash"), userId);
    if (!trash)
        return trash.error();
    return sql::removeUserRows(m_db.connection(), QStringLiteral("events"), userId);
}

Result<QHash<QString, QString>> EventLog::owners(const QStringList& ids) const
{
    return sql::owners(m_db.connection(), QStringLiteral("events"), ids);
}

Result<QList<Event>> EventLog::forItem(const QString& userId, const QString& itemId) const
{
    return forItems(userId, {itemId});
}

Result<QList<Event>> EventLog::forItems(const QString& userId, const QStringList& itemIds) const
{
    QStringList marks;
    QVariantList values{userId};
    for (const QString& id : itemIds) {
        marks.append(QStringLiteral("?"));
        values.append(id);
    }
    auto q = sql::runList(m_db.connection(),
                          QStringLiteral("SELECT %1 FROM events WHERE user_id = ? AND item_id IN (%2) ORDER BY seq")
                              .arg(kEventColumns, marks.join(QLatin1Char(','))),
                          values);
    if (!q)
        return q.error();
    QList<Event> list;
    while (q->next())
        list.append(eventFromRow(*q));
    return list;
}

Status EventLog::scrub(const QString& userId, const QString& itemId)
{
    return sql::execute(
        m_db.connection(),
        QStringLiteral("UPDATE events SET before = NULL, after = NULL WHERE user_id = ? AND item_id = ?"),
        {userId, itemId});
}

Result<QList<Event>> EventLog::forUser(const QString& userId, int limit) const
{
    auto q = sql::run(
        m_db.connection(),
        QStringLiteral("SELECT %1 FROM (SELECT * FROM events WHERE user_id = ? ORDER BY seq DESC LIMIT ?) recent "
                       "ORDER BY seq")
            .arg(kEventColumns),
        {userId, sql::limit(limit)});
    if (!q)
        return q.error();
    QList<Event> list;
    while (q->next())
        list.append(eventFromRow(*q));
    return list;
}

Result<QList<Event>> EventLog::undoCandidates(const QString& userId, const QStringList& actions, int limit) const
{
    return userEvents(userId, actions, {}, limit);
}

Result<QList<Event>> EventLog::inGroup(const QString& userId, const QString& group, const QStringList& actions) const
{
    return userEvents(userId, actions, group, -1);
}

Result<QList<Event>> EventLog::userEvents(const QString& userId, const QStringList& actions, const QString& group,
                                          int limit) const
{
    QStringList marks;
    QVariantList values{userId};
    for (const QString& a : actions) {
        marks.append(QStringLiteral("?"));
        values.append(a);
    }
    // "!= ''" lets SQLite use the partial index events_group.
    const QString inGroup =
        group.isEmpty() ? QString() : QStringLiteral("AND action_group != '' AND action_group = ? ");
    if (!group.isEmpty())
        values.append(group);
    values.append(sql::limit(limit));
    auto q = sql::runList(m_db.connection(),
                          QStringLiteral("SELECT %1 FROM events WHERE user_id = ? AND actor = 'user' AND undone = 0 "
                                         "AND action IN (%2) %3ORDER BY seq DESC LIMIT ?")
                              .arg(kEventColumns, marks.join(QLatin1Char(',')), inGroup),
                          values);
    if (!q)
        return q.error();
    QList<Event> list;
    while (q->next())
        list.append(eventFromRow(*q));
    return list;
}

Status EventLog::markUndone(const QString& userId, const QString& eventId)
{
    return sql::execute(m_db.connection(), QStringLiteral("UPDATE events SET undone = 1 WHERE user_id = ? AND id = ?"),
                        {userId, eventId});
}

Status EventLog::putInTrash(const QString& userId, const QString& itemId, const QString& itemType,
                            const QString& eventId, const Json& payload, const QDateTime& now)
{
    return sql::execute(m_db.connection(),
                        QStringLiteral("INSERT INTO trash (user_id, item_id, item_type, event_id, payload, deleted_at) "
                                       "VALUES (?, ?, ?, ?, ?, ?)"),
                        {userId, itemId, itemType, eventId, jsontext::dump(payload), toMsecs(now)});
}

Result<std::optional<Json>> EventLog::takeFromTrash(const QString& userId, const QString& eventId)
{
    auto payload =
        sql::scalar(m_db.connection(), QStringLiteral("SELECT payload FROM trash WHERE user_id = ? AND event_id = ?"),
                    {userId, eventId});
    if (!payload)
        return payload.error();
    if (!payload->isValid())
        return std::optional<Json>();
    if (auto st =
            sql::execute(m_db.connection(), QStringLiteral("DELETE FROM trash WHERE user_id = ? AND event_id = ?"),
                         {userId, eventId});
        !st)
        return st.error();
    return std::optional<Json>(jsontext::parse(payload->toString(), Json()));
}

Result<int> EventLog::purgeTrash(const QDateTime& cutoff)
{
    const QString which = cutoff.isValid() ? QStringLiteral("WHERE deleted_at < ?") : QString();
    const QVariantList values = cutoff.isValid() ? QVariantList{toMsecs(cutoff)} : QVariantList{};
    // Most starts find nothing to purge: a read, so a start never waits for another writer.
    auto due =
        sql::runList(m_db.connection(), QStringLiteral("SELECT EXISTS (SELECT 1 FROM trash %1)").arg(which), values);
    if (!due)
        return due.error();
    if (!due->next() || !due->value(0).toBool())
        return 0;
    due->finish();
    // Once a delete can no longer be undone, the item's text leaves the earlier events of its
    // history too: the log keeps that it was created, edited and deleted, not what it said.
    auto scrubbed = sql::runList(m_db.connection(),
                                 QStringLiteral("UPDATE events SET before = NULL, after = NULL "
                                                "WHERE (user_id, item_id) IN (SELECT user_id, item_id FROM trash %1)")
                                     .arg(which),
                                 values);
    if (!scrubbed)
        return scrubbed.error();
    auto q = sql::runList(m_db.connection(), QStringLiteral("DELETE FROM trash %1").arg(which), values);
    if (!q)
        return q.error();
    return sql::affected(*q);
}

} // namespace engram
