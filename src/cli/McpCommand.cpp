// engram-cli mcp: the Model Context Protocol server over stdio (docs/MCP.md).
#include "Commands.h"
#include "Endpoint.h"
#include "Format.h"
#include "McpAccess.h"
#include "McpServer.h"
#include "McpTools.h"
#include "llm/LlmClient.h"
#include "memory/MemoryService.h"

#include <QCoreApplication>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace engram::cli {

namespace {

const QString kClient = QStringLiteral("client");
const QString kReadOnly = QStringLiteral("read-only");

// A message longer than this is refused (and skipped to its end), not buffered without bound.
constexpr qsizetype kMaxMessageBytes = qsizetype{8} << 20;

volatile std::sig_atomic_t g_stop = 0;

void onStopSignal(int)
{
    g_stop = 1;
}

// SIGTERM and SIGINT end the server between messages: the read they interrupt returns, and the
// memory closes normally.
void catchStopSignals()
{
    struct sigaction action = {};
    action.sa_handler = &onStopSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; // no SA_RESTART: the blocked read() returns EINTR
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);
}

void writeLine(const QByteArray& line)
{
    std::fwrite(line.constData(), 1, std::size_t(line.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void addOptions(QCommandLineParser& p)
{
    p.addOption({kClient, cliTr("Record writes as coming from NAME (default: the name the client gives)."),
                 QStringLiteral("NAME")});
    p.addOption({kReadOnly, cliTr("Offer only the tools that read.")});
}

int serve(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    McpServer server(QStringLiteral("engram"), QCoreApplication::applicationVersion(),
                     QStringLiteral("Engram is the user's own long-term memory, which they can see and correct. Search "
                                    "it (search_memory) before answering questions about the user or past work, and "
                                    "remember what the user asks to keep (remember, remember_fact)."));
    const bool readOnly = p.isSet(kReadOnly);
    McpAccess access(memory, ctx.userId(), readOnly, &memoryTurnedOn);
    const QString forcedClient = p.value(kClient).trimmed();
    server.setOnInitialize([&] {
        if (forcedClient.isEmpty())
            access.setClient(server.clientName(), server.clientVersion());
        else
            access.setClient(forcedClient, QString()); // the name given is the whole name
    });
    server.setToolOffer([&access] { return access.offeredTools(); });
    // The model of the app's settings: remember's extraction, and search_memory's query vectors.
    const LlmSettings settings = endpointSettings();
    std::optional<LlmClient> model;
    if (endpointChosen())
        model.emplace(settings);
    QueryEmbedder embedder(settings);
    addMemoryTools(server, {memory, ctx.userId(), access, model ? &*model : nullptr, &embedder}, readOnly);
    catchStopSignals();

    QByteArray pending;
    bool skipping = false; // inside a message too long to keep
    char chunk[64 * 1024];
    while (!g_stop) {
        const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
        if (n == 0)
            break; // the client closed stdin: the session is over
        if (n < 0) {
            if (errno == EINTR)
                continue; // a stop signal ends the loop; anything else reads again
            break;
        }
        pending.append(chunk, n);
        qsizetype start = 0;
        for (qsizetype end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
            const QByteArray line = pending.mid(start, end - start);
            start = end + 1;
            if (skipping) {
                skipping = false;
                continue;
            }
            if (auto answer = server.handleLine(line))
                writeLine(*answer);
        }
        pending.remove(0, start);
        if (pending.size() > kMaxMessageBytes) {
            writeLine(QByteArrayLiteral(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":)"
                                        R"("Parse error: a message longer than 8 MiB was refused."}})"));
            pending.clear();
            skipping = true;
        }
    }
    return ExitOk;
}

// The words of `tool-access` for each ToolAccess, as --help lists them.
const std::array<std::pair<ToolAccess, const char*>, 4> kAccessWords{{
    {ToolAccess::ReadWrite, "read-write"},
    {ToolAccess::Ask, "ask"},
    {ToolAccess::ReadOnly, "read-only"},
    {ToolAccess::Off, "off"},
}};

QString accessWord(ToolAccess access)
{
    for (const auto& [value, word] : kAccessWords) {
        if (value == access)
            return QString::fromLatin1(word);
    }
    return {};
}

int listTools(CliContext& ctx, MemoryService& memory, const QCommandLineParser&)
{
    auto clients = memory.toolClients(ctx.userId());
    if (!clients)
        return ctx.fail(clients.error());
    const auto time = [](const QDateTime& t) { return t.isValid() ? timeText(t) : cliTr("never"); };
    if (ctx.json()) {
        Json array = Json::array();
        for (const ToolClient& c : std::as_const(*clients)) {
            Json j{{"name", utf8(c.name)},
                   {"version", utf8(c.version)},
                   {"access", utf8(accessWord(c.access))},
                   {"first_seen", utf8(toIso(c.firstSeen))}};
            j["last_read"] = c.lastRead.isValid() ? Json(utf8(toIso(c.lastRead))) : Json();
            j["last_write"] = c.lastWrite.isValid() ? Json(utf8(toIso(c.lastWrite))) : Json();
            array.push_back(std::move(j));
        }
        ctx.out().json(array);
        return ExitOk;
    }
    Table table({cliTr("TOOL"), cliTr("ACCESS"), cliTr("LAST READ"), cliTr("LAST WRITE"), cliTr("VERSION")});
    for (const ToolClient& c : std::as_const(*clients))
        table.addRow({c.name, accessWord(c.access), time(c.lastRead), time(c.lastWrite), c.version});
    ctx.out().line(table.render());
    return ExitOk;
}

int setToolAccess(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    const QString name = p.positionalArguments().at(0).trimmed();
    const QString word = p.positionalArguments().at(1);
    std::optional<ToolAccess> access;
    for (const auto& [value, w] : kAccessWords) {
        if (word == QLatin1String(w))
            access = value;
    }
    if (!access)
        return ctx.usage(cliTr("ACCESS is one of read-write, ask, read-only, off."));
    if (auto st = memory.setToolAccess(ctx.userId(), name, *access); !st)
        return ctx.fail(st.error());
    ctx.out().line(cliTr("%1 may now: %2").arg(name, accessWord(*access)));
    return ExitOk;
}

} // namespace

QList<Command> mcpCommands()
{
    return {{QStringLiteral("mcp"),
             {},
             cliTr("Serve the memory to other AI tools (MCP over stdio)"),
             0,
             0,
             &addOptions,
             &serve,
             Access::Create},
            {QStringLiteral("tools"),
             {},
             cliTr("List the AI tools that used the memory, with what each may do"),
             0,
             0,
             {},
             &listTools,
             Access::Read},
            {QStringLiteral("tool-access"),
             QStringLiteral("NAME ACCESS"),
             cliTr("Set what an AI tool may do: read-write, ask (its facts wait for you), read-only or off"),
             2,
             2,
             {},
             &setToolAccess,
             Access::Create}};
}

} // namespace engram::cli
