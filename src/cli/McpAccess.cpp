#include "McpAccess.h"

#include "McpServer.h"

#include "memory/MemoryService.h"

namespace engram::cli {
namespace {

// Said when a client sent no name in initialize.
const QString kUnnamed = QStringLiteral("MCP client");

} // namespace

McpAccess::McpAccess(MemoryService& memory, QString userId, bool forcedReadOnly, std::function<bool()> memoryOn)
    : m_memory(memory)
    , m_userId(std::move(userId))
    , m_forcedReadOnly(forcedReadOnly)
    , m_memoryOn(std::move(memoryOn))
{}

void McpAccess::setClient(const QString& name, const QString& version)
{
    m_name = name.trimmed().left(200);
    m_version = version.trimmed().left(100);
    note(ToolUse::Connect);
}

void McpAccess::note(ToolUse use)
{
    if (auto st = m_memory.noteToolUse(m_userId, clientName(), m_version, use); !st)
        qWarning("cannot note the use of %s: %s", qPrintable(clientName()), qPrintable(st.errorMessage()));
}

QString McpAccess::clientName() const
{
    return m_name.isEmpty() ? kUnnamed : m_name;
}

QString McpAccess::clientLabel() const
{
    return m_version.isEmpty() ? clientName() : clientName() + QLatin1Char(' ') + m_version;
}

ToolClient McpAccess::current() const
{
    auto client = m_memory.toolClient(m_userId, clientName());
    if (client)
        return *client;
    ToolClient unknown; // unreadable: the most careful answer that still reads
    unknown.name = clientName();
    return unknown;
}

QString McpAccess::refusal(const ToolClient& client, bool writes, bool deletes) const
{
    if (m_memoryOn && !m_memoryOn())
        return QStringLiteral("The user has turned Engram's memory off (Settings → Memory), so nothing can be "
                              "read or remembered now.");
    if (!client.mayRead())
        return QStringLiteral("The user has not allowed %1 to use their Engram memory. They can change that in "
                              "Engram under Settings → Connected tools.")
            .arg(client.name);
    if (!writes)
        return {};
    if (m_forcedReadOnly)
        return QStringLiteral("This Engram server was started with --read-only: it only reads the memory.");
    if (!client.mayWrite())
        return QStringLiteral("The user lets %1 only read their Engram memory. They can allow it to write in "
                              "Engram under Settings → Connected tools.")
            .arg(client.name);
    if (deletes && client.needsConfirmation())
        return QStringLiteral("Engram asks its user before %1 takes anything away: the user can delete it in "
                              "Engram, or let %1 change the memory under Settings → Connected tools.")
            .arg(client.name);
    return {};
}

QString McpAccess::allowRead()
{
    const ToolClient client = current();
    QString no = refusal(client, false, false);
    // A read is noted once a minute at most: each note is a commit, and every commit of another
    // process makes the open panel read the memory again.
    if (no.isEmpty() && (!m_readNoted.isValid() || m_readNoted.hasExpired(kReadNoteEveryMs))) {
        note(ToolUse::Read);
        m_readNoted.start();
    }
    return no;
}

McpAccess::WriteVerdict McpAccess::allowWrite(bool deletes)
{
    const ToolClient client = current();
    WriteVerdict verdict{refusal(client, true, deletes), client.needsConfirmation()};
    if (verdict.refusal.isEmpty()) {
        note(ToolUse::Write);
        m_memory.setWritingClient(clientLabel());
    }
    return verdict;
}

std::function<bool(const McpTool&)> McpAccess::offeredTools() const
{
    const ToolClient client = current();
    const bool writes = !m_forcedReadOnly && client.mayWrite();
    return [client, writes](const McpTool& tool) {
        if (tool.readOnly)
            return client.mayRead();
        return writes && !(tool.destructive && client.needsConfirmation());
    };
}

} // namespace engram::cli
