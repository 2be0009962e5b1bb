// engram-cli mcp: the Model Context Protocol server over stdio (docs/MCP.md).
#include "Commands.h"
#include "McpServer.h"
#include "McpTools.h"
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
                                    "remember stable facts the user states (remember_fact)."));
    const QString forcedClient = p.value(kClient).trimmed();
    const auto client = [&server, forcedClient] {
        if (!forcedClient.isEmpty())
            return forcedClient;
        return server.clientVersion().isEmpty() ? server.clientName()
                                                : server.clientName() + QLatin1Char(' ') + server.clientVersion();
    };
    addMemoryTools(server, memory, ctx.userId(), client, p.isSet(kReadOnly));
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
             Access::Create}};
}

} // namespace engram::cli
