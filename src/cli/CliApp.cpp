#include "CliApp.h"

#include "Commands.h"
#include "memory/MemoryService.h"
#include "storage/MemoryLocation.h"

#include <QSettings>

namespace engram::cli {
namespace {

QCommandLineOption dbOption()
{
    return {QStringLiteral("db"),
            cliTr("The memory file, or a postgresql:// server URL (default: $ENGRAM_DB, else the server chosen in "
                  "the app's Settings, else the app's own file)."),
            QStringLiteral("PATH")};
}

QCommandLineOption userOption()
{
    return {QStringLiteral("user"), cliTr("The user whose memory to use (default: default)."), QStringLiteral("ID")};
}

QCommandLineOption jsonOption()
{
    return {QStringLiteral("json"), cliTr("Machine-readable JSON output.")};
}

// Global options are accepted after the command too: `engram-cli list --json`.
void addGlobalOptions(QCommandLineParser& parser)
{
    parser.addOptions({dbOption(), userOption(), jsonOption()});
}

QList<Command> allCommands()
{
    QList<Command> all;
    all += infoCommands();
    all += itemCommands();
    all += editCommands();
    all += transferCommands();
    all += chatCommands();
    all += backupCommands();
    all += mcpCommands();
    return all;
}

QString valueOf(const QCommandLineOption& option, const QCommandLineParser& local, const QCommandLineParser& global,
                const QString& fallback)
{
    if (local.isSet(option))
        return local.value(option);
    if (global.isSet(option))
        return global.value(option);
    return fallback;
}

} // namespace

CliApp::CliApp()
    : m_commands(allCommands())
{}

const Command* CliApp::find(const QString& name) const
{
    for (const Command& c : m_commands) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

QString CliApp::helpText(const QCommandLineParser& global) const
{
    Table table({QStringLiteral("  COMMAND"), QStringLiteral("PURPOSE")});
    for (const Command& c : m_commands) {
        const QString synopsis = c.arguments.isEmpty() ? c.name : c.name + QLatin1Char(' ') + c.arguments;
        table.addRow({QStringLiteral("  ") + synopsis, c.summary});
    }
    return global.helpText() + QLatin1Char('\n') + cliTr("Commands:") + QLatin1Char('\n') + table.render() +
           QStringLiteral("\n\n") +
           cliTr("Run engram-cli COMMAND --help for a command's options.\n"
                 "Exit codes: 0 ok, 1 usage, 2 not found, 3 invalid input, 4 database or file error, 5 model endpoint "
                 "error.");
}

int CliApp::usage(const QString& message)
{
    m_out.error(message);
    return ExitUsage;
}

int CliApp::run(const QStringList& arguments)
{
    QCommandLineParser global;
    global.setApplicationDescription(cliTr("Engram's memory from the command line."));
    addGlobalOptions(global);
    const QCommandLineOption help = global.addHelpOption();
    const QCommandLineOption version = global.addVersionOption();
    global.addPositionalArgument(QStringLiteral("command"), cliTr("What to do (see Commands below)."),
                                 QStringLiteral("COMMAND [ARGUMENTS…]"));
    global.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    if (!global.parse(arguments))
        return usage(global.errorText());
    if (global.isSet(version)) {
        m_out.line(QStringLiteral("engram-cli %1").arg(QCoreApplication::applicationVersion()));
        return ExitOk;
    }
    const QStringList positional = global.positionalArguments();
    if (global.isSet(help)) {
        m_out.line(helpText(global));
        return ExitOk;
    }
    if (positional.isEmpty())
        return usage(cliTr("No command given. Run engram-cli --help for the list."));
    const Command* command = find(positional.first());
    if (!command)
        return usage(cliTr("Unknown command \"%1\". Run engram-cli --help for the list.").arg(positional.first()));
    return runCommand(*command, global, positional);
}

int CliApp::runCommand(const Command& command, const QCommandLineParser& global, const QStringList& positional)
{
    QCommandLineParser local;
    local.setApplicationDescription(command.summary);
    addGlobalOptions(local);
    const QCommandLineOption help = local.addHelpOption();
    if (command.addOptions)
        command.addOptions(local);
    if (!command.arguments.isEmpty())
        local.addPositionalArgument(QStringLiteral("arguments"), QString(), command.arguments);
    QStringList arguments = positional;
    arguments[0] = QStringLiteral("engram-cli ") + command.name;
    if (!local.parse(arguments))
        return usage(local.errorText());
    if (local.isSet(help)) {
        m_out.line(local.helpText());
        return ExitOk;
    }
    const qsizetype count = local.positionalArguments().size();
    if (count < command.minArguments || (command.maxArguments >= 0 && count > command.maxArguments))
        return usage(cliTr("Usage: engram-cli %1 %2 (run engram-cli %1 --help)").arg(command.name, command.arguments));
    // The app's memory when none is named: its server if one is chosen in its Settings.
    auto location =
        MemoryLocation::resolve(valueOf(dbOption(), local, global, QString()),
                                QSettings().value(QLatin1String(MemoryLocation::kSavedServerKey)).toString());
    if (!location)
        return usage(location.errorMessage());
    CliContext context(m_out, std::move(location).value(), valueOf(userOption(), local, global, defaultUser()),
                       local.isSet(jsonOption()) || global.isSet(jsonOption()), command.access);
    if (context.userId().trimmed().isEmpty())
        return usage(cliTr("--user needs a non-empty id"));
    if (command.runOwn)
        return command.runOwn(context, local);
    if (command.runOnFile) {
        if (!context.location().isFile())
            return context.fail(Error::invalid(cliTr("engram-cli %1 works on a memory file, and %2 is a server.")
                                                   .arg(command.name, context.location().describe())));
        return command.runOnFile(context, local);
    }
    auto memory = context.memory();
    if (!memory)
        return context.fail(memory.error());
    return command.run(context, **memory, local);
}

} // namespace engram::cli
