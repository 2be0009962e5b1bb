#include "storage/ToolClientStore.h"

#include "core/MemoryTypes.h"
#include "storage/Database.h"
#include "storage/Sql.h"

namespace engram {
namespace {

const auto kToolClientColumns = QStringLiteral("name, version, access, first_seen, last_read, last_write");

QDateTime timeOrNone(const QVariant& value)
{
    return value.isNull() ? QDateTime() : fromMsecs(value.toLongLong());
}

ToolClient fromRow(const QSqlQuery& q)
{
    ToolClient c;
    c.name = q.value(0).toString();
    c.version = q.value(1).toString();
    c.access = toolAccessFromString(q.value(2).toString()).value_or(ToolAccess::Ask);
    c.firstSeen = fromMsecs(q.value(3).toLongLong());
    c.lastRead = timeOrNone(q.value(4));
    c.lastWrite = timeOrNone(q.value(5));
    return c;
}

} // namespace

ToolClientStore::ToolClientStore(Database& db)
    : m_db(db)
{}

Result<QList<ToolClient>> ToolClientStore::list(const QString& userId) const
{
    auto q =
        sql::run(m_db.connection(),
                 QStringLiteral("SELECT %1 FROM tool_clients WHERE user_id = ? "
                                "ORDER BY greatest(coalesce(last_read, 0), coalesce(last_write, 0), first_seen) DESC, "
                                "name")
                     .arg(kToolClientColumns),
                 {userId});
    if (!q)
        return q.error();
    QList<ToolClient> clients;
    while (q->next())
        clients.append(fromRow(*q));
    return clients;
}

Result<std::optional<ToolClient>> ToolClientStore::find(const QString& userId, const QString& name) const
{
    auto q =
        sql::run(m_db.connection(),
                 QStringLiteral("SELECT %1 FROM tool_clients WHERE user_id = ? AND name = ?").arg(kToolClientColumns),
                 {userId, name});
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<ToolClient>();
    return std::optional<ToolClient>(fromRow(*q));
}

Status ToolClientStore::noteUse(const QString& userId, const QString& name, const QString& version, ToolUse use,
                                const QDateTime& now)
{
    const QVariant read = use == ToolUse::Read ? QVariant(toMsecs(now)) : QVariant();
    const QVariant wrote = use == ToolUse::Write ? QVariant(toMsecs(now)) : QVariant();
    return sql::execute(m_db.connection(),
                        QStringLiteral("INSERT INTO tool_clients (user_id, name, version, access, first_seen, "
                                       "last_read, last_write) VALUES (?, ?, ?, 'ask', ?, ?, ?) "
                                       "ON CONFLICT (user_id, name) DO UPDATE SET version = excluded.version, "
                                       "last_read = coalesce(excluded.last_read, last_read), "
                                       "last_write = coalesce(excluded.last_write, last_write)"),
                        {userId, name, version, toMsecs(now), read, wrote});
}

Status ToolClientStore::setAccess(const QString& userId, const QString& name, ToolAccess access, const QDateTime& now)
{
    return sql::execute(
        m_db.connection(),
        QStringLiteral("INSERT INTO tool_clients (user_id, name, access, first_seen) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (user_id, name) DO UPDATE SET access = excluded.access"),
        {userId, name, enumName(access), toMsecs(now)});
}

Result<bool> ToolClientStore::adopt(const QString& userId, const ToolClient& client)
{
    const auto timeOrNull = [](const QDateTime& t) { return t.isValid() ? QVariant(toMsecs(t)) : QVariant(); };
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("INSERT INTO tool_clients (user_id, name, version, access, first_seen, last_read, "
                                     "last_write) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"),
                      {userId, client.name, client.version, enumName(client.access), toMsecs(client.firstSeen),
                       timeOrNull(client.lastRead), timeOrNull(client.lastWrite)});
    if (!q)
        return q.error();
    return sql::affected(*q) > 0;
}

Result<bool> ToolClientStore::remove(const QString& userId, const QString& name)
{
    auto q = sql::run(m_db.connection(), QStringLiteral("DELETE FROM tool_clients WHERE user_id = ? AND name = ?"),
                      {userId, name});
    if (!q)
        return q.error();
    return sql::affected(*q) > 0;
}

} // namespace engram
