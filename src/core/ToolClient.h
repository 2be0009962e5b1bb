#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace engram {

// What the user lets another AI tool (an MCP client) do with their memory.
enum class ToolAccess
{
    Ask,       // reads; what it writes waits for the user's confirmation (a client never trusted yet)
    ReadWrite, // trusted: reads and writes like the assistant itself
    ReadOnly,  // reads only
    Off        // nothing
};

// What a tool did, for the times Settings → Connected tools shows.
enum class ToolUse
{
    Connect, // initialize: the tool is listed from now on
    Read,
    Write
};

QString enumName(ToolAccess v);
std::optional<ToolAccess> toolAccessFromString(const QString& s);

// An AI tool that used the memory through the MCP server, as the user sees it under
// Settings → Connected tools. Known by its name (the client's clientInfo.name, or --client).
struct ToolClient
{
    QString name;
    QString version; // as it last gave it
    ToolAccess access{ToolAccess::Ask};
    QDateTime firstSeen;
    QDateTime lastRead;  // invalid: never
    QDateTime lastWrite; // invalid: never

    bool mayRead() const { return access != ToolAccess::Off; }
    bool mayWrite() const { return access == ToolAccess::Ask || access == ToolAccess::ReadWrite; }
    // Facts it writes are pending until the user confirms them; it may not delete.
    bool needsConfirmation() const { return access == ToolAccess::Ask; }
};

} // namespace engram
