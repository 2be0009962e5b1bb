#include "McpServer.h"

namespace engram::cli {

namespace {

std::string s(const QString& text)
{
    return text.toStdString();
}

QString q(const Json& object, const char* key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

Json error(int code, const QString& message)
{
    return {{"code", code}, {"message", s(message)}};
}

} // namespace

const QStringList& McpServer::protocolVersions()
{
    static const QStringList versions{QStringLiteral("2024-11-05"), QStringLiteral("2025-03-26"),
                                      QStringLiteral("2025-06-18"), QStringLiteral("2025-11-25")};
    return versions;
}

McpServer::McpServer(QString name, QString version, QString instructions)
    : m_name(std::move(name))
    , m_version(std::move(version))
    , m_instructions(std::move(instructions))
{}

void McpServer::addTool(McpTool tool)
{
    m_tools.push_back(std::move(tool));
}

void McpServer::addResource(McpResource resource)
{
    m_resources.push_back(std::move(resource));
}

std::optional<QByteArray> McpServer::handleLine(const QByteArray& line)
{
    if (line.trimmed().isEmpty())
        return std::nullopt; // a blank line between messages is not a message
    const Json message = Json::parse(line.constBegin(), line.constEnd(), nullptr, false);
    Json answer{{"jsonrpc", "2.0"}, {"id", nullptr}};
    if (message.is_discarded()) {
        answer["error"] = error(kParseError, QStringLiteral("Parse error: the line is not JSON."));
        return QByteArray::fromStdString(answer.dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    const bool hasId = message.is_object() && message.contains("id");
    if (hasId && (message["id"].is_string() || message["id"].is_number_integer()))
        answer["id"] = message["id"];
    const auto method = message.is_object() ? message.find("method") : message.end();
    if (!message.is_object() || method == message.end() || !method->is_string() ||
        message.value("jsonrpc", Json()) != Json("2.0") ||
        (hasId && !message["id"].is_string() && !message["id"].is_number_integer())) {
        if (message.is_object() && !hasId && (message.contains("result") || message.contains("error")))
            return std::nullopt; // a response to a request of ours: this server sends none
        answer["error"] = error(kInvalidRequest, QStringLiteral("Invalid request: a JSON-RPC 2.0 object with a "
                                                                "method is expected."));
        return QByteArray::fromStdString(answer.dump(-1, ' ', false, Json::error_handler_t::replace));
    }
    const Json params = message.contains("params") ? message["params"] : Json::object();
    Reply reply = dispatch(QString::fromStdString(method->get<std::string>()), params);
    if (!hasId)
        return std::nullopt; // a notification is never answered, not even with an error
    if (reply.errorCode != 0)
        answer["error"] = error(reply.errorCode, reply.errorMessage);
    else
        answer["result"] = std::move(reply.result);
    return QByteArray::fromStdString(answer.dump(-1, ' ', false, Json::error_handler_t::replace));
}

McpServer::Reply McpServer::dispatch(const QString& method, const Json& params)
{
    if (!params.is_object())
        return {{}, kInvalidParams, QStringLiteral("Invalid params: an object is expected.")};
    if (method == QLatin1String("initialize"))
        return initialize(params);
    if (method == QLatin1String("ping"))
        return {Json::object()};
    if (method.startsWith(QLatin1String("notifications/")))
        return {Json::object()}; // initialized, cancelled, progress: nothing to do
    if (method == QLatin1String("tools/list"))
        return listTools();
    if (method == QLatin1String("tools/call"))
        return callTool(params);
    if (method == QLatin1String("resources/list"))
        return listResources();
    if (method == QLatin1String("resources/templates/list")) {
        Json templates = Json::array();
        for (const McpResource& r : m_resources) {
            if (!r.prefix.isEmpty())
                templates.push_back({{"uriTemplate", s(r.uri)},
                                     {"name", s(r.name)},
                                     {"description", s(r.description)},
                                     {"mimeType", "application/json"}});
        }
        return {{{"resourceTemplates", templates}}};
    }
    if (method == QLatin1String("resources/read"))
        return readResource(params);
    return {{}, kMethodNotFound, QStringLiteral("Method not found: %1").arg(method)};
}

McpServer::Reply McpServer::initialize(const Json& params)
{
    const QString asked = q(params, "protocolVersion");
    // The client's version when this server speaks it, else the newest this server knows.
    m_protocolVersion = protocolVersions().contains(asked) ? asked : protocolVersions().constLast();
    if (const auto info = params.find("clientInfo"); info != params.end() && info->is_object()) {
        m_clientName = q(*info, "name");
        m_clientVersion = q(*info, "version");
    }
    Json capabilities{{"tools", {{"listChanged", false}}}, {"resources", {{"listChanged", false}}}};
    Json result{{"protocolVersion", s(m_protocolVersion)},
                {"capabilities", capabilities},
                {"serverInfo", {{"name", s(m_name)}, {"version", s(m_version)}}}};
    if (!m_instructions.isEmpty())
        result["instructions"] = s(m_instructions);
    if (m_onInitialize)
        m_onInitialize();
    return {result};
}

McpServer::Reply McpServer::listTools() const
{
    Json tools = Json::array();
    const ToolFilter offered = m_toolOffer ? m_toolOffer() : ToolFilter();
    for (const McpTool& t : m_tools) {
        if (offered && !offered(t))
            continue;
        tools.push_back({{"name", s(t.name)},
                         {"title", s(t.title)},
                         {"description", s(t.description)},
                         {"inputSchema", t.inputSchema},
                         {"outputSchema", t.outputSchema},
                         {"annotations",
                          {{"title", s(t.title)},
                           {"readOnlyHint", t.readOnly},
                           {"destructiveHint", t.destructive},
                           {"openWorldHint", false}}}});
    }
    return {{{"tools", tools}}};
}

McpServer::Reply McpServer::callTool(const Json& params)
{
    const QString name = q(params, "name");
    const auto tool = std::find_if(m_tools.cbegin(), m_tools.cend(), [&](const McpTool& t) { return t.name == name; });
    if (tool == m_tools.cend())
        return {{}, kInvalidParams, QStringLiteral("Unknown tool: \"%1\". tools/list names the tools.").arg(name)};
    const Json arguments = params.contains("arguments") ? params["arguments"] : Json::object();
    if (!arguments.is_object())
        return {{}, kInvalidParams, QStringLiteral("The arguments of %1 must be an object.").arg(name)};
    QString failure;
    std::optional<Json> structured;
    try {
        structured = tool->call(arguments, failure);
    } catch (const std::exception& e) { // a JSON type surprise in a tool is its failure, not the server's
        failure = QStringLiteral("The call failed: %1").arg(QString::fromUtf8(e.what()));
    }
    if (!structured) {
        return {{{"content", Json::array({{{"type", "text"}, {"text", s(failure)}}})}, {"isError", true}}};
    }
    const std::string text = structured->dump(-1, ' ', false, Json::error_handler_t::replace);
    return {{{"content", Json::array({{{"type", "text"}, {"text", text}}})},
             {"structuredContent", *structured},
             {"isError", false}}};
}

McpServer::Reply McpServer::listResources() const
{
    Json resources = Json::array();
    for (const McpResource& r : m_resources) {
        if (r.prefix.isEmpty())
            resources.push_back({{"uri", s(r.uri)},
                                 {"name", s(r.name)},
                                 {"description", s(r.description)},
                                 {"mimeType", "application/json"}});
    }
    return {{{"resources", resources}}};
}

McpServer::Reply McpServer::readResource(const Json& params)
{
    const QString uri = q(params, "uri");
    for (const McpResource& r : m_resources) {
        const bool matches = r.prefix.isEmpty() ? uri == r.uri : uri.startsWith(r.prefix);
        if (!matches)
            continue;
        QString failure;
        const std::optional<QString> text = r.read(uri, failure);
        if (!text)
            return {{}, kResourceNotFound, failure};
        return {{{"contents", Json::array({{{"uri", s(uri)}, {"mimeType", "application/json"}, {"text", s(*text)}}})}}};
    }
    return {{}, kResourceNotFound, QStringLiteral("Resource not found: %1").arg(uri)};
}

} // namespace engram::cli
