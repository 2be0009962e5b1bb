#include "storage/MessageStore.h"

#include "storage/Backend.h"
#include "storage/Database.h"
#include "storage/JsonText.h"
#include "storage/Sql.h"

namespace engram {
namespace {

const auto kMessageColumns = QStringLiteral("id, user_id, conversation_id, role, content, model_content, window_state, "
                                            "status, pinned, created_at, metadata");
// The same positions with the texts left out.
const auto kRoleColumns = QStringLiteral("id, user_id, conversation_id, role, '', '', window_state, status, pinned, "
                                         "created_at, ''");

Message messageFromRow(const QSqlQuery& q, MessageDetail detail)
{
    Message m;
    m.id = q.value(0).toString();
    m.userId = q.value(1).toString();
    m.conversationId = q.value(2).toString();
    m.role = roleFromString(q.value(3).toString()).value_or(Role::User);
    m.content = q.value(4).toString();
    m.modelContent = q.value(5).toString();
    m.windowState = windowStateFromString(q.value(6).toString()).value_or(WindowState::InWindow);
    m.status = messageStatusFromString(q.value(7).toString()).value_or(MessageStatus::Complete);
    m.pinned = q.value(8).toBool();
    m.createdAt = fromMsecs(q.value(9).toLongLong());
    if (detail == MessageDetail::Full)
        m.metadata = jsontext::parse(q.value(10).toString());
    return m;
}

} // namespace

MessageStore::MessageStore(Database& db)
    : m_db(db)
{}

Status MessageStore::insert(const Message& m)
{
    return sql::runCached(
        m_insert, m_db.connection(),
        QStringLiteral("INSERT INTO messages (%1) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").arg(kMessageColumns),
        {m.id, m.userId, m.conversationId, enumName(m.role), m.content, m.modelContent, enumName(m.windowState),
         enumName(m.status), m.pinned ? 1 : 0, toMsecs(m.createdAt), jsontext::dump(m.metadata)});
}

Result<QList<Message>> MessageStore::select(const QString& where, std::initializer_list<QVariant> values,
                                            MessageDetail detail) const
{
    auto q = sql::run(m_db.connection(), QStringLiteral("SELECT %1 FROM messages WHERE %2").arg(kMessageColumns, where),
                      values);
    if (!q)
        return q.error();
    QList<Message> list;
    while (q->next())
        list.append(messageFromRow(*q, detail));
    return list;
}

Result<Message> MessageStore::find(const QString& userId, const QString& id) const
{
    auto list = select(QStringLiteral("user_id = ? AND id = ?"), {userId, id});
    if (!list)
        return list.error();
    if (list->isEmpty())
        return Error::notFound(QStringLiteral("There is no message %1").arg(id));
    return list->first();
}

Result<QList<Message>> MessageStore::conversation(const QString& userId, const QString& conversationId) const
{
    return select(QStringLiteral("user_id = ? AND conversation_id = ? ORDER BY seq"), {userId, conversationId});
}

Result<QList<Message>> MessageStore::inState(const QString& userId, WindowState state, const QString& conversationId,
                                             MessageDetail detail) const
{
    if (conversationId.isEmpty())
        return select(QStringLiteral("user_id = ? AND window_state = ? ORDER BY seq"), {userId, enumName(state)},
                      detail);
    // A conversation's window is read at every stored message (eviction): prepared once.
    const bool rolesOnly = detail == MessageDetail::RolesOnly;
    auto q = sql::selectCached(
        rolesOnly ? m_rolesInConversationState : m_inConversationState, m_db.connection(),
        QStringLiteral("SELECT %1 FROM messages WHERE user_id = ? AND window_state = ? AND conversation_id = ? "
                       "ORDER BY seq")
            .arg(rolesOnly ? kRoleColumns : kMessageColumns),
        {userId, enumName(state), conversationId});
    if (!q)
        return q.error();
    QList<Message> list;
    while ((*q)->next())
        list.append(messageFromRow(**q, detail));
    (*q)->finish();
    return list;
}

Result<int> MessageStore::countInState(const QString& userId, WindowState state) const
{
    auto n = sql::scalar(m_db.connection(),
                         QStringLiteral("SELECT count(*) FROM messages WHERE user_id = ? AND window_state = ?"),
                         {userId, enumName(state)});
    if (!n)
        return n.error();
    return n->toInt();
}

Status MessageStore::update(const QString& set, const QString& userId, const QString& id,
                            std::initializer_list<QVariant> values)
{
    auto q =
        sql::prepare(m_db.connection(), QStringLiteral("UPDATE messages SET %1 WHERE user_id = ? AND id = ?").arg(set));
    if (!q)
        return q.error();
    int i = 0;
    for (const QVariant& v : values)
        sql::bind(*q, i++, v);
    sql::bind(*q, i++, userId);
    sql::bind(*q, i, id);
    if (auto st = sql::exec(*q); !st)
        return st;
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no message %1").arg(id));
    return {};
}

Status MessageStore::setWindowState(const QString& userId, const QStringList& ids, WindowState state)
{
    for (const QString& id : ids) {
        if (auto st =
                sql::runCached(m_setWindowState, m_db.connection(),
                               QStringLiteral("UPDATE messages SET window_state = ? WHERE user_id = ? AND id = ?"),
                               {enumName(state), userId, id});
            !st)
            return st;
    }
    return {};
}

Status MessageStore::setPinned(const QString& userId, const QString& id, bool pinned)
{
    return update(QStringLiteral("pinned = ?"), userId, id, {pinned ? 1 : 0});
}

Status MessageStore::setModelContent(const QString& userId, const QString& id, const QString& text)
{
    return update(QStringLiteral("model_content = ?"), userId, id, {text});
}

Status MessageStore::setContent(const QString& userId, const QString& id, const QString& text, MessageStatus status)
{
    return update(QStringLiteral("content = ?, status = ?"), userId, id, {text, enumName(status)});
}

Status MessageStore::remove(const QString& userId, const QString& id)
{
    auto q =
        sql::run(m_db.connection(), QStringLiteral("DELETE FROM messages WHERE user_id = ? AND id = ?"), {userId, id});
    if (!q)
        return q.error();
    if (sql::affected(*q) == 0)
        return Error::notFound(QStringLiteral("There is no message %1").arg(id));
    return {};
}

Result<int> MessageStore::removeAllOf(const QString& userId)
{
    return sql::removeUserRows(m_db.connection(), QStringLiteral("messages"), userId);
}

Result<QHash<QString, QString>> MessageStore::owners(const QStringList& ids) const
{
    return sql::owners(m_db.connection(), QStringLiteral("messages"), ids);
}

Result<qint64> MessageStore::lastSeq(const QString& userId) const
{
    return sql::newestSeq(m_db.connection(), QStringLiteral("messages"), userId);
}

Result<QHash<qsizetype, QString>> MessageStore::held(const QString& userId, const QList<Message>& messages,
                                                     qint64 upToSeq) const
{
    if (upToSeq <= 0 || messages.isEmpty())
        return QHash<qsizetype, QString>{};
    return sql::heldRows(
        m_db.connection(),
        QStringLiteral("SELECT CAST(value->>0 AS BIGINT), min(m.id) FROM %1 JOIN messages m ON m.user_id = ? "
                       "AND m.created_at = CAST(value->>1 AS BIGINT) AND m.seq <= ? AND m.role = value->>2 "
                       "AND m.content = value->>3 GROUP BY 1")
            .arg(m_db.backend().jsonRows()),
        messages.size(),
        [&](qsizetype i) {
            const Message& m = messages.at(i);
            return Json::array({toMsecs(m.createdAt), enumName(m.role).toStdString(), jsontext::utf8(m.content)})
                .dump();
        },
        {userId, upToSeq});
}

} // namespace engram
