#pragma once

#include "core/MemoryTypes.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace engram::cli {

// One tool the MCP server offers: its description for tools/list and what a call does.
struct McpTool
{
    QString name;
    QString title;
    QString description;
    Json inputSchema;
    Json outputSchema;
    bool readOnly{};
    bool destructive{};
    // The result's structured content, or a sentence a model can act on (the call then answers
    // isError: true). Arguments arrive checked only for being a JSON object.
    std::function<std::optional<Json>(const Json& arguments, QString& error)> call;
};

// A resource the server offers: a fixed URI or a template (its reader answers any URI starting
// with `prefix`).
struct McpResource
{
    QString uri; // "engram://profile", or a template "engram://memory/{id}"
    QString name;
    QString description;
    QString prefix; // templates only: "engram://memory/"
    // The resource's text (JSON), or an error sentence when there is none.
    std::function<std::optional<QString>(const QString& uri, QString& error)> read;
};

// The Model Context Protocol over newline-delimited JSON-RPC 2.0, without the transport: a line
// in, the line to answer (or none, for a notification) out. Knows the handshake, ping, tools and
// resources; what the tools do is given from outside. Nothing a client sends makes it throw.
class McpServer final
{
public:
    static const QStringList& protocolVersions(); // supported, oldest first

    McpServer(QString name, QString version, QString instructions);

    void addTool(McpTool tool);
    void addResource(McpResource resource);
    // Called after each initialize, once clientName() and clientVersion() are known.
    void setOnInitialize(std::function<void()> handler) { m_onInitialize = std::move(handler); }
    // Asked once per tools/list: which tools it offers now (all without one). A call of a tool
    // left out still reaches the tool, which says why it cannot run.
    using ToolFilter = std::function<bool(const McpTool&)>;
    void setToolOffer(std::function<ToolFilter()> offer) { m_toolOffer = std::move(offer); }

    // One message (a line without its newline) → the answer to write, if any.
    std::optional<QByteArray> handleLine(const QByteArray& line);

    // What the client said of itself in initialize ("" before it).
    const QString& clientName() const { return m_clientName; }
    const QString& clientVersion() const { return m_clientVersion; }
    const QString& protocolVersion() const { return m_protocolVersion; }

    // JSON-RPC error codes.
    static constexpr int kParseError = -32700;
    static constexpr int kInvalidRequest = -32600;
    static constexpr int kMethodNotFound = -32601;
    static constexpr int kInvalidParams = -32602;
    static constexpr int kInternalError = -32603;
    static constexpr int kResourceNotFound = -32002;

private:
    struct Reply
    {
        Reply(Json value = Json::object(), int code = 0, QString message = {})
            : result(std::move(value))
            , errorCode(code)
            , errorMessage(std::move(message))
        {}
        Json result;
        int errorCode{};
        QString errorMessage;
    };

    Reply dispatch(const QString& method, const Json& params);
    Reply initialize(const Json& params);
    Reply listTools() const;
    Reply callTool(const Json& params);
    Reply listResources() const;
    Reply readResource(const Json& params);

    QString m_name;
    QString m_version;
    QString m_instructions;
    QString m_clientName;
    QString m_clientVersion;
    QString m_protocolVersion;
    std::vector<McpTool> m_tools;
    std::vector<McpResource> m_resources;
    std::function<void()> m_onInitialize;
    std::function<ToolFilter()> m_toolOffer;
};

} // namespace engram::cli
