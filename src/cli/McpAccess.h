#pragma once

#include "core/ToolClient.h"

#include <QElapsedTimer>
#include <QString>

#include <functional>

namespace engram {
class MemoryService;
}

namespace engram::cli {

struct McpTool;

// What the user lets the MCP client of one server session do, asked of the memory at every call
// so a change under Settings → Connected tools holds at once: the tool's access (a tool never
// trusted reads, and what it writes waits for the user), --read-only, and the app's "memory off".
// Every allowed call is noted, so the user sees when each tool last read or wrote.
class McpAccess final
{
public:
    // `memoryOn` asks the app's settings whether memory is on (asked at every call).
    McpAccess(MemoryService& memory, QString userId, bool forcedReadOnly, std::function<bool()> memoryOn);

    // Who is calling: the client's name and version from initialize, or --client. Notes the
    // connection, so the tool is listed under Settings → Connected tools.
    void setClient(const QString& name, const QString& version);
    QString clientName() const;
    // "Cursor 0.48": what the memory records as a write's author.
    QString clientLabel() const;

    // May a write go on: the sentence refusing it (for the model to pass on), or empty; and
    // whether the facts it writes wait for the user's confirmation (a tool not trusted yet).
    struct WriteVerdict
    {
        QString refusal;
        bool needsConfirmation{};
    };

    // The sentence refusing a read, or empty when it may go on.
    QString allowRead();
    WriteVerdict allowWrite(bool deletes = false);

    // For tools/list: which tools are offered now, from one look at the access (nothing is noted).
    std::function<bool(const McpTool&)> offeredTools() const;

private:
    ToolClient current() const;
    void note(ToolUse use);
    QString refusal(const ToolClient& client, bool writes, bool deletes) const;

    static constexpr qint64 kReadNoteEveryMs = 60 * 1000;

    MemoryService& m_memory;
    QElapsedTimer m_readNoted;
    QString m_userId;
    bool m_forcedReadOnly{};
    std::function<bool()> m_memoryOn;
    QString m_name;
    QString m_version;
};

} // namespace engram::cli
