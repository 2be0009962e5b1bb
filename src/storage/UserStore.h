#pragma once

#include "core/MemoryTypes.h"
#include "core/Result.h"

#include <QList>

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

    Result<Conversation> createConversation(const Conversation& conversation);
    Result<Conversation> conversation(const QString& userId, const QString& id) const;
    Result<QList<Conversation>> conversations(const QString& userId) const;
    Status renameConversation(const QString& userId, const QString& id, const QString& title);
    Status touchConversation(const QString& userId, const QString& id, const QDateTime& now);
    Status removeConversation(const QString& userId, const QString& id);

private:
    Database& m_db;
};

} // namespace engram
