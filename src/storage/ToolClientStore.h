#pragma once

#include "core/Result.h"
#include "core/ToolClient.h"

#include <QList>

#include <optional>

namespace engram {

class Database;

// The AI tools that used a user's memory through the MCP server, with what the user lets each
// do and when it last read or wrote (table tool_clients). Several server processes write here at
// once, so every change is one upsert, never read-modify-write.
class ToolClientStore final
{
public:
    explicit ToolClientStore(Database& db);

    // Every client of the user, most recently used first.
    Result<QList<ToolClient>> list(const QString& userId) const;
    Result<std::optional<ToolClient>> find(const QString& userId, const QString& name) const;
    // Notes a use now: adds the client (access Ask) when it is new, else updates its version and
    // its last read or write.
    Status noteUse(const QString& userId, const QString& name, const QString& version, ToolUse use,
                   const QDateTime& now);
    // Sets what the client may do; adds it when the user names one that has not connected yet.
    Status setAccess(const QString& userId, const QString& name, ToolAccess access, const QDateTime& now);
    // Returns false when there was no such client.
    Result<bool> remove(const QString& userId, const QString& name);
    // Stores `client` as it is (a memory moved from another database); one already known stays.
    Result<bool> adopt(const QString& userId, const ToolClient& client);

private:
    Database& m_db;
};

} // namespace engram
