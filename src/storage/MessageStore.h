#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>

#include <optional>

namespace engram {

class Database;

// How much of a message a read fills in. An assistant reply's metadata lists every memory of its
// context (the "Memories used" disclosure); the turn's own reads of the window need none of it.
enum class MessageDetail
{
    Full,
    WithoutMetadata,
    // Ids, roles, states and pins only, the texts left empty: what eviction needs.
    RolesOnly,
};

// The transcript: every message of every conversation, with its place in the working window.
class MessageStore final
{
public:
    explicit MessageStore(Database& db);

    Status insert(const Message& message);
    Result<Message> find(const QString& userId, const QString& id) const;
    // A conversation's messages in order.
    Result<QList<Message>> conversation(const QString& userId, const QString& conversationId) const;
    // A user's messages in a window state, oldest first; empty conversationId = every conversation.
    Result<QList<Message>> inState(const QString& userId, WindowState state, const QString& conversationId = {},
                                   MessageDetail detail = MessageDetail::Full) const;
    Result<int> countInState(const QString& userId, WindowState state) const;

    Status setWindowState(const QString& userId, const QStringList& ids, WindowState state);
    Status setPinned(const QString& userId, const QString& id, bool pinned);
    Status setModelContent(const QString& userId, const QString& id, const QString& text);
    Status setContent(const QString& userId, const QString& id, const QString& text, MessageStatus status);
    Status remove(const QString& userId, const QString& id);
    // Deletes every message of the user (the whole transcript); returns how many.
    Result<int> removeAllOf(const QString& userId);
    // Which of `ids` exist (for any user), mapped to their owner.
    Result<QHash<QString, QString>> owners(const QStringList& ids) const;
    // The seq of the user's newest message, 0 when there is none.
    Result<qint64> lastSeq(const QString& userId) const;
    // Which of `messages` the user holds already among those up to `upToSeq`, whatever their ids
    // and conversations: a message of the same role, time and text. Their places in `messages`,
    // each mapped to the id of the message held.
    Result<QHash<qsizetype, QString>> held(const QString& userId, const QList<Message>& messages, qint64 upToSeq) const;

private:
    Result<QList<Message>> select(const QString& where, std::initializer_list<QVariant> values,
                                  MessageDetail detail = MessageDetail::Full) const;
    Status update(const QString& set, const QString& userId, const QString& id, std::initializer_list<QVariant> values);

    Database& m_db;
    std::optional<QSqlQuery> m_insert;
    std::optional<QSqlQuery> m_setWindowState;
    mutable std::optional<QSqlQuery> m_inConversationState;
    mutable std::optional<QSqlQuery> m_rolesInConversationState;
};

} // namespace engram
