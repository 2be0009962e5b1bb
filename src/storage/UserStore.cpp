#include "storage/UserStore.h"

#include "storage/Backend.h"
#include "storage/Database.h"
#include "storage/JsonText.h"
#include "storage/Sql.h"

namespace engram {
namespace {

const auto kUserColumns = QStringLiteral("id, display_name, created_at");
const auto kConversationColumns = QStringLiteral("id, user_id, title, incognito, created_at, updated_at");

User userFromRow(const QSqlQuery& q)
{
    return User{q.value(0).toString(), q.value(1).toString(), fromMsecs(q.value(2).toLongLong())};
}

Conversation conversationFromRow(const QSqlQuery& q)
{
    Conversation c;
    c.id = q.value(0).toString();
    c.userId = q.value(1).toString();
    c.title = q.value(2).toString();
    c.incognito = q.value(3).toBool();
    c.createdAt = fromMsecs(q.value(4).toLongLong());
    c.updatedAt = fromMsecs(q.value(5).toLongLong());
    return c;
}

Status requireChange(const QSqlQuery& q, const QString& what)
{
    if (sql::affected(q) == 0)
        return Error::notFound(what);
    return {};
}

} // namespace

UserStore::UserStore(Database& db)
    : m_db(db)
{}

Result<User> UserStore::ensure(const QString& id, const QString& displayName, const QDateTime& now)
{
    if (id.trimmed().isEmpty())
        return Error::invalid(QStringLiteral("A user id cannot be empty"));
    // A known user is only read: starting a command must not wait for another program's writes.
    if (auto known = find(id); known || known.error().code != Error::Code::NotFound)
        return known;
    auto st = sql::execute(m_db.connection(),
                           QStringLiteral("INSERT INTO users (id, display_name, created_at) VALUES (?, ?, ?) "
                                          "ON CONFLICT DO NOTHING"),
                           {id, displayName.isEmpty() ? id : displayName, toMsecs(now)});
    if (!st)
        return st.error();
    return find(id);
}

Result<User> UserStore::find(const QString& id) const
{
    auto q = sql::run(m_db.connection(), QStringLiteral("SELECT %1 FROM users WHERE id = ?").arg(kUserColumns), {id});
    if (!q)
        return q.error();
    if (!q->next())
        return Error::notFound(QStringLiteral("There is no user \"%1\"").arg(id));
    return userFromRow(*q);
}

Result<QList<User>> UserStore::list() const
{
    auto q =
        sql::run(m_db.connection(), QStringLiteral("SELECT %1 FROM users ORDER BY created_at, id").arg(kUserColumns));
    if (!q)
        return q.error();
    QList<User> users;
    while (q->next())
        users.append(userFromRow(*q));
    return users;
}

Status UserStore::rename(const QString& id, const QString& displayName)
{
    auto q = sql::run(m_db.connection(), QStringLiteral("UPDATE users SET display_name = ? WHERE id = ?"),
                      {displayName, id});
    if (!q)
        return q.error();
    return requireChange(*q, QStringLiteral("There is no user \"%1\"").arg(id));
}

Status UserStore::remove(const QString& id)
{
    auto q = sql::run(m_db.connection(), QStringLiteral("DELETE FROM users WHERE id = ?"), {id});
    if (!q)
        return q.error();
    return requireChange(*q, QStringLiteral("There is no user \"%1\"").arg(id));
}

Result<Json> UserStore::settings(const QString& id) const
{
    return readSettings(id, QString());
}

Result<Json> UserStore::readSettings(const QString& id, const QString& suffix) const
{
    auto value =
        sql::scalar(m_db.connection(), QStringLiteral("SELECT settings FROM users WHERE id = ?") + suffix, {id});
    if (!value)
        return value.error();
    if (!value->isValid())
        return Error::notFound(QStringLiteral("There is no user \"%1\"").arg(id));
    return jsontext::parse(value->toString());
}

Status UserStore::setSettings(const QString& id, const Json& settings)
{
    auto q = sql::run(m_db.connection(), QStringLiteral("UPDATE users SET settings = ? WHERE id = ?"),
                      {jsontext::dump(settings), id});
    if (!q)
        return q.error();
    return requireChange(*q, QStringLiteral("There is no user \"%1\"").arg(id));
}

Status UserStore::updateSettings(const QString& id, const std::function<void(Json&)>& change)
{
    Transaction tx(m_db);
    if (auto st = tx.begin(); !st)
        return st;
    auto settings = readSettings(id, m_db.backend().lockSuffix());
    if (!settings)
        return settings.error();
    change(*settings);
    if (auto st = setSettings(id, *settings); !st)
        return st;
    return tx.commit();
}

Result<Conversation> UserStore::createConversation(const Conversation& c)
{
    auto st = sql::execute(
        m_db.connection(),
        QStringLiteral("INSERT INTO conversations (%1) VALUES (?, ?, ?, ?, ?, ?)").arg(kConversationColumns),
        {c.id, c.userId, c.title, c.incognito ? 1 : 0, toMsecs(c.createdAt), toMsecs(c.updatedAt)});
    if (!st)
        return st.error();
    return c;
}

Result<Conversation> UserStore::conversation(const QString& userId, const QString& id) const
{
    // Every stored message asks for its conversation: the statement is prepared once.
    auto q = sql::selectCached(
        m_conversation, m_db.connection(),
        QStringLiteral("SELECT %1 FROM conversations WHERE user_id = ? AND id = ?").arg(kConversationColumns),
        {userId, id});
    if (!q)
        return q.error();
    if (!(*q)->next()) {
        (*q)->finish();
        return Error::notFound(QStringLiteral("There is no conversation %1").arg(id));
    }
    Conversation c = conversationFromRow(**q);
    (*q)->finish();
    return c;
}

Result<QList<Conversation>> UserStore::conversations(const QString& userId) const
{
    auto q = sql::run(m_db.connection(),
                      QStringLiteral("SELECT %1 FROM conversations WHERE user_id = ? ORDER BY updated_at DESC")
                          .arg(kConversationColumns),
                      {userId});
    if (!q)
        return q.error();
    QList<Conversation> list;
    while (q->next())
        list.append(conversationFromRow(*q));
    return list;
}

Status UserStore::renameConversation(const QString& userId, const QString& id, const QString& title)
{
    auto q =
        sql::run(m_db.connection(), QStringLiteral("UPDATE conversations SET title = ? WHERE user_id = ? AND id = ?"),
                 {title, userId, id});
    if (!q)
        return q.error();
    return requireChange(*q, QStringLiteral("There is no conversation %1").arg(id));
}

Status UserStore::touchConversation(const QString& userId, const QString& id, const QDateTime& now)
{
    return sql::runCached(m_touch, m_db.connection(),
                          QStringLiteral("UPDATE conversations SET updated_at = ? WHERE user_id = ? AND id = ?"),
                          {toMsecs(now), userId, id});
}

Status UserStore::removeConversation(const QString& userId, const QString& id)
{
    auto q = sql::run(m_db.connection(), QStringLiteral("DELETE FROM conversations WHERE user_id = ? AND id = ?"),
                      {userId, id});
    if (!q)
        return q.error();
    return requireChange(*q, QStringLiteral("There is no conversation %1").arg(id));
}

Result<int> UserStore::removeConversationsOf(const QString& userId)
{
    return sql::removeUserRows(m_db.connection(), QStringLiteral("conversations"), userId);
}

Result<QHash<QString, QString>> UserStore::conversationOwners(const QStringList& ids) const
{
    return sql::owners(m_db.connection(), QStringLiteral("conversations"), ids);
}

Result<int> UserStore::removeRowsElsewhere(const QString& userId, const QStringList& handled)
{
    auto q = sql::run(m_db.connection(), m_db.backend().userTablesStatement());
    if (!q)
        return q.error();
    QStringList tables;
    while (q->next())
        tables.append(q->value(0).toString());
    q->finish();
    int removed = 0;
    for (const QString& table : std::as_const(tables)) {
        if (handled.contains(table))
            continue;
        auto n = sql::removeUserRows(m_db.connection(), table, userId);
        if (!n)
            return n.error();
        removed += *n;
    }
    return removed;
}

} // namespace engram
