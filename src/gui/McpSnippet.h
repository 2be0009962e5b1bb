#pragma once

#include <QList>
#include <QString>

namespace engram {

// The configuration that connects another AI tool to Engram's MCP server (engram-cli mcp), with
// this machine's real paths filled in: what Help → Connect Other AI Tools shows and copies.
class McpSnippet final
{
public:
    enum class Client
    {
        ClaudeDesktop,
        Cursor,
        VsCode,
        ClaudeCode,
        CherryStudio
    };

    static QList<Client> clients();
    static QString name(Client client);
    // Where the text goes, in words ("~/.cursor/mcp.json").
    static QString whereItGoes(Client client);

    // `program`: engram-cli's absolute path; `database`: the memory file; `userId`: the profile
    // (left out when it is the default one).
    McpSnippet(QString program, QString database, QString userId);

    QString text(Client client) const;

    // $ENGRAM_CLI, else engram-cli beside this program (installed side by side, or the build
    // tree's src/cli), else the one on PATH, else the installed place.
    static QString findProgram();

private:
    QStringList arguments() const;

    QString m_program;
    QString m_database;
    QString m_userId;
};

} // namespace engram
