#pragma once

#include <QString>

#include <functional>

namespace engram {
class MemoryService;
}

namespace engram::cli {

class McpServer;

// Adds Engram's memory tools (search_memory, get_profile, remember_fact, forget, forget_fact,
// get_memory) and resources (engram://profile, engram://memory/{id}) to `server`, over one user's
// memory. `client` names the tool that writes, asked at each write (the MCP client's name, known
// after initialize, or --client). `readOnly`: only the tools that read.
void addMemoryTools(McpServer& server, MemoryService& memory, const QString& userId, std::function<QString()> client,
                    bool readOnly = false);

} // namespace engram::cli
