#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QHash>
#include <QList>
#include <QSqlQuery>

#include <functional>
#include <optional>

namespace engram {

class Database;

// Users (profiles) and their conversations. Every other store is keyed by a user id from here.
class UserStore final
{
public:
    explicit UserStore(Database& db);

    // Creates the user when absent; returns it either way.
    Result<User> ensure(const QString& id, const QString& displayName, const QDateTime& now);
    Result<User> find(const QString& id) const;
    Result<QList<User>> list() const;
    Status rename(const QString& id, const QString& displayName);
    Status remove(const QString& id);
    // Per-user preferences kept with the user (e.g. the "never remember" phrases).
    Result<Json> settings(const QString& id) const;
    Status setSettings(const QString& id, const Json& settings);
    // Changes the settings in one write transaction, the user's row locked from the read to the
    // write: two clients changing different keys at once both keep their change.
    Status updateSettings(const QString& id, const std::function<void(Json&)>& change);

    Result<Conversation> createConversation(const Conversation& conversation);
    Result<Conversation> conversation(const QString& userId, const QString& id) const;
    Result<QList<Conversation>> conversations(const QString& userId) const;
    Status renameConversation(const QString& userId, const QString& id, const QString& title);
    Status touchConversation(const QString& userId, const QString& id, const QDateTime& now);
    Status removeConversation(const QString& userId, const QString& id);
    // Deletes every conversation of the user; returns how many.
    Result<int> removeConversationsOf(const QString& userId);
    // Which of the conversation ids exist (for any user), mapped to their owner.
    Result<QHash<QString, QString>> conversationOwners(const QStringList& ids) const;

    // Deletes the user's rows from every table with a user_id column that is not in `handled`
    // (jobs, embeddings, and any table a later migration adds), so clearing a user's memory
    // cannot miss one. Returns how many rows went.
    Result<int> removeRowsElsewhere(const QString& userId, const QStringList& handled);

private:
    // The settings as stored; `suffix` ends the SELECT (the backend's lockSuffix to lock the row).
    Result<Json> readSettings(const QString& id, const QString& suffix) const;

    Database& m_db;
    mutable std::optional<QSqlQuery> m_conversation;
    std::optional<QSqlQuery> m_touch;
};

} // namespace engram
