// MemoryService: the other AI tools that use the memory through the MCP server — what the user
// lets each do, and when each last read or wrote. Kept apart from MemoryService.cpp so each file
// stays about one thing.
#include "memory/MemoryContext.h"
#include "memory/MemoryService.h"

namespace engram {

Result<QList<ToolClient>> MemoryService::toolClients(const QString& userId) const
{
    return m_ctx->tools.list(userId);
}

Result<ToolClient> MemoryService::toolClient(const QString& userId, const QString& name) const
{
    auto found = m_ctx->tools.find(userId, name);
    if (!found)
        return found.error();
    if (*found)
        return **found;
    ToolClient unknown;
    unknown.name = name;
    return unknown;
}

Status MemoryService::noteToolUse(const QString& userId, const QString& name, const QString& version, ToolUse use)
{
    return m_ctx->tools.noteUse(userId, name, version, use, m_ctx->clock.now());
}

Status MemoryService::setToolAccess(const QString& userId, const QString& name, ToolAccess access)
{
    if (name.trimmed().isEmpty())
        return Error::invalid(QStringLiteral("A tool needs a name"));
    if (auto st = m_ctx->tools.setAccess(userId, name.trimmed(), access, m_ctx->clock.now()); !st)
        return st;
    Q_EMIT toolClientsChanged(userId);
    return {};
}

Result<bool> MemoryService::removeToolClient(const QString& userId, const QString& name)
{
    auto removed = m_ctx->tools.remove(userId, name);
    if (removed && *removed)
        Q_EMIT toolClientsChanged(userId);
    return removed;
}

void MemoryService::setWritingClient(const QString& client)
{
    m_ctx->client = client;
}

QString MemoryService::writingClient() const
{
    return m_ctx->client;
}

} // namespace engram
