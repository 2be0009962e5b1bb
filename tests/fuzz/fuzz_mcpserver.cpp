// Fuzzes the MCP server's framing and dispatch (engram-cli mcp): the input is a session, one
// message per line. Every answer must be one JSON-RPC 2.0 object with the request's id (or null)
// and exactly one of result and error; a notification (no id) is never answered; nothing throws.
#include "FuzzSupport.h"
#include "McpServer.h"

using namespace engram;
using engram::cli::McpServer;

namespace {

McpServer& server()
{
    static McpServer s(QStringLiteral("engram"), QStringLiteral("0"), QStringLiteral("fuzz"));
    static const bool ready = [] {
        // A tool that reads its arguments the way the memory tools do, and fails on some.
        s.addTool({QStringLiteral("echo"), QStringLiteral("Echo"), QStringLiteral("Echoes"),
                   Json{{"type", "object"}}, Json{{"type", "object"}}, true, false,
                   [](const Json& arguments, QString& error) -> std::optional<Json> {
                       if (arguments.contains("fail")) {
                           error = QStringLiteral("asked to fail");
                           return std::nullopt;
                       }
                       return Json{{"text", arguments.value("text", std::string())}}; // throws on a non-string
                   }});
        s.addResource({QStringLiteral("engram://memory/{id}"), QStringLiteral("memory"), QString(),
                       QStringLiteral("engram://memory/"),
                       [](const QString& uri, QString& error) -> std::optional<QString> {
                           if (uri.endsWith(QLatin1Char('x'))) {
                               error = QStringLiteral("none");
                               return std::nullopt;
                           }
                           return uri;
                       }});
        return true;
    }();
    (void)ready;
    return s;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::initQt();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QByteArray session(reinterpret_cast<const char*>(data), qsizetype(size));
    for (const QByteArray& line : session.split('\n')) {
        const std::optional<QByteArray> answer = server().handleLine(line);
        const Json asked = Json::parse(line.constBegin(), line.constEnd(), nullptr, false);
        const bool notification = asked.is_object() && !asked.contains("id") && asked.contains("method") &&
                                  asked["method"].is_string() && asked.value("jsonrpc", Json()) == Json("2.0");
        if (notification && answer)
            fuzz::fail("a notification is never answered", QString::fromUtf8(line));
        if (!answer)
            continue;
        const Json j = Json::parse(answer->constBegin(), answer->constEnd(), nullptr, false);
        if (!j.is_object() || j.value("jsonrpc", Json()) != Json("2.0") || !j.contains("id"))
            fuzz::fail("an answer is a JSON-RPC 2.0 object with an id", QString::fromUtf8(*answer));
        if (j.contains("result") == j.contains("error"))
            fuzz::fail("an answer has a result or an error", QString::fromUtf8(*answer));
        if (!j["id"].is_null() && (!asked.is_object() || !asked.contains("id") || asked["id"] != j["id"]))
            fuzz::fail("an answer carries its request's id", QString::fromUtf8(*answer));
    }
    return 0;
}
