#pragma once

#include "Command.h"

#include <QStringList>

namespace engram::cli {

// engram-cli: global options (--db, --user, --json), then one command. Parses the command
// line, dispatches to the command's entry and returns the exit code. Thin on purpose: every
// operation is a MemoryService call.
class CliApp final
{
public:
    CliApp();
    // `arguments` as QCoreApplication::arguments() gives them, the program first.
    int run(const QStringList& arguments);

    static QString defaultUser() { return QStringLiteral("default"); }

private:
    const Command* find(const QString& name) const;
    QString helpText(const QCommandLineParser& global) const;
    int usage(const QString& message);
    int runCommand(const Command& command, const QCommandLineParser& global, const QStringList& arguments);

    Output m_out;
    QList<Command> m_commands;
};

} // namespace engram::cli
