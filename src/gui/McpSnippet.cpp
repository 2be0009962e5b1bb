#include "McpSnippet.h"

#include "core/MemoryTypes.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

namespace engram {
namespace {

const QString kDefaultUser = QStringLiteral("default");

std::string utf8(const QString& s)
{
    return s.toStdString();
}

QString shellQuoted(const QString& word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./=:@%+-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

} // namespace

QList<McpSnippet::Client> McpSnippet::clients()
{
    return {Client::ClaudeDesktop, Client::Cursor, Client::VsCode, Client::ClaudeCode, Client::CherryStudio};
}

QString McpSnippet::name(Client client)
{
    switch (client) {
    case Client::ClaudeDesktop:
        return QStringLiteral("Claude Desktop");
    case Client::Cursor:
        return QStringLiteral("Cursor");
    case Client::VsCode:
        return QStringLiteral("VS Code");
    case Client::ClaudeCode:
        return QStringLiteral("Claude Code");
    case Client::CherryStudio:
        return QStringLiteral("Cherry Studio");
    }
    return {};
}

QString McpSnippet::whereItGoes(Client client)
{
    switch (client) {
    case Client::ClaudeDesktop:
        return QCoreApplication::translate("McpSnippet", "Settings → Developer → Edit Config "
                                                         "(claude_desktop_config.json), then restart Claude Desktop.");
    case Client::Cursor:
        return QCoreApplication::translate("McpSnippet", "~/.cursor/mcp.json (or .cursor/mcp.json in a project).");
    case Client::VsCode:
        return QCoreApplication::translate("McpSnippet", ".vscode/mcp.json in your workspace.");
    case Client::ClaudeCode:
        return QCoreApplication::translate("McpSnippet", "Run this command in a terminal.");
    case Client::CherryStudio:
        return QCoreApplication::translate("McpSnippet",
                                           "Settings → MCP Servers → Add Server, type STDIO: enter the command, "
                                           "arguments and environment below (versions that import JSON take it "
                                           "whole).");
    }
    return {};
}

McpSnippet::McpSnippet(QString program, QString database, QString userId)
    : m_program(std::move(program))
    , m_database(std::move(database))
    , m_userId(std::move(userId))
{}

QStringList McpSnippet::arguments() const
{
    QStringList args;
    if (!m_userId.isEmpty() && m_userId != kDefaultUser)
        args << QStringLiteral("--user") << m_userId;
    args << QStringLiteral("mcp");
    return args;
}

QString McpSnippet::text(Client client) const
{
    if (client == Client::ClaudeCode) {
        QStringList words{QStringLiteral("claude"), QStringLiteral("mcp"),
                          QStringLiteral("add"),    QStringLiteral("engram"),
                          QStringLiteral("--env"),  shellQuoted(QStringLiteral("ENGRAM_DB=") + m_database),
                          QStringLiteral("--"),     shellQuoted(m_program)};
        for (const QString& a : arguments())
            words << shellQuoted(a);
        return words.join(QLatin1Char(' '));
    }
    // Ordered: type (VS Code), command, args, env, as every client's documentation writes it.
    using Ordered = nlohmann::ordered_json;
    Ordered args = Ordered::array();
    for (const QString& a : arguments())
        args.push_back(utf8(a));
    Ordered server = Ordered::object();
    if (client == Client::VsCode)
        server["type"] = "stdio";
    server["command"] = utf8(m_program);
    server["args"] = args;
    server["env"] = {{"ENGRAM_DB", utf8(m_database)}};
    const char* key = client == Client::VsCode ? "servers" : "mcpServers";
    Ordered document = Ordered::object();
    document[key] = {{"engram", server}};
    return QString::fromStdString(document.dump(2));
}

QString McpSnippet::findProgram()
{
    // A package whose engram-cli lives elsewhere (a wrapper, a sandbox) names it here.
    if (const QString given = qEnvironmentVariable("ENGRAM_CLI"); !given.isEmpty())
        return given;
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString& candidate :
         {here.filePath(QStringLiteral("engram-cli")), here.filePath(QStringLiteral("../cli/engram-cli"))}) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("engram-cli"));
    return onPath.isEmpty() ? QStringLiteral("/usr/bin/engram-cli") : onPath;
}

} // namespace engram
