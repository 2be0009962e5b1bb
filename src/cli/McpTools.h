#pragma once

#include <QString>

namespace engram {
class ChatBackend;
class MemoryService;
} // namespace engram

namespace engram::cli {

class McpAccess;
class McpServer;
class QueryEmbedder;

// One user's memory as the MCP tools reach it.
struct McpMemory
{
    MemoryService& memory;
    QString userId;
    McpAccess& access;         // what the user lets the client do, asked at every call
    ChatBackend* model{};      // extracts facts for remember; null: no model set in Engram
    QueryEmbedder* embedder{}; // query vectors for search_memory; null: keywords only
};

// Adds Engram's memory tools (search_memory, get_profile, remember, remember_fact, forget,
// forget_fact, get_memory) and resources (engram://profile, engram://memory/{id}) to `server`.
// `readOnly` (--read-only): only the tools that read.
void addMemoryTools(McpServer& server, const McpMemory& memory, bool readOnly = false);

} // namespace engram::cli
