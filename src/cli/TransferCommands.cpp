#include "Commands.h"
#include "memory/MemoryService.h"

namespace engram::cli {
namespace {

const QString kOut = QStringLiteral("out");
const QString kMode = QStringLiteral("mode");
const QString kYes = QStringLiteral("yes");
const QString kBackup = QStringLiteral("backup");

Json countsJson(const ImportCounts& c)
{
    Json j = Json::object();
    j["added"] = c.added;
    j["skipped"] = c.skipped;
    return j;
}

int exportMemory(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    if (!p.isSet(kOut) || p.value(kOut) == QLatin1String("-")) {
        // The document itself is the output: JSON either way.
        auto written = memory.exportMemory(ctx.userId(), ctx.out().device());
        if (!written)
            return ctx.fail(written.error());
        if (!ctx.out().flush())
            return ctx.fail(Error{Error::Code::Io, cliTr("The export could not be written to standard output")});
        return ExitOk;
    }
    auto report = memory.exportMemory(ctx.userId(), p.value(kOut));
    if (!report)
        return ctx.fail(report.error());
    if (ctx.json()) {
        Json j = Json::object();
        j["file"] = utf8(report->path);
        j["conversations"] = report->conversations;
        j["messages"] = report->messages;
        j["episodes"] = report->episodes;
        j["facts"] = report->facts;
        j["events"] = report->events;
        j["bytes"] = report->bytes;
        ctx.out().json(j);
    } else {
        ctx.out().line(cliTr("Exported %1 item(s) (%2 messages, %3 episodes, %4 facts) and %5 history events to %6")
                           .arg(report->items())
                           .arg(report->messages)
                           .arg(report->episodes)
                           .arg(report->facts)
                           .arg(report->events)
                           .arg(report->path));
    }
    return ExitOk;
}

int importMemory(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    const auto mode = importModeFromString(p.isSet(kMode) ? p.value(kMode) : QStringLiteral("merge"));
    if (!mode)
        return ctx.usage(cliTr("--mode is merge or replace, not \"%1\"").arg(p.value(kMode)));
    const QString file = p.positionalArguments().first();
    auto report = memory.importMemory(ctx.userId(), file, *mode);
    if (!report)
        return ctx.fail(
            Error{report.error().code, cliTr("Nothing was imported from %1: %2").arg(file, report.errorMessage())});
    const qint64 rate = report->elapsedMs > 0 ? report->added() * 1000LL / report->elapsedMs : 0;
    if (ctx.json()) {
        Json j = Json::object();
        j["mode"] = utf8(enumName(report->mode));
        j["added"] = report->added();
        j["skipped"] = report->skipped();
        j["conversations"] = countsJson(report->conversations);
        j["messages"] = countsJson(report->messages);
        j["episodes"] = countsJson(report->episodes);
        j["facts"] = countsJson(report->facts);
        j["events"] = countsJson(report->events);
        j["renumbered"] = report->renumbered;
        j["made_pending"] = report->madePending;
        j["elapsed_ms"] = report->elapsedMs;
        ctx.out().json(j);
        return ExitOk;
    }
    ctx.out().line(cliTr("Imported %1 (%2): added %3 item(s) (%4 messages, %5 episodes, %6 facts), skipped %7 "
                         "already known, in %8 ms (%9 items/s).")
                       .arg(file, enumName(report->mode))
                       .arg(report->added())
                       .arg(report->messages.added)
                       .arg(report->episodes.added)
                       .arg(report->facts.added)
                       .arg(report->skipped())
                       .arg(report->elapsedMs)
                       .arg(rate));
    if (report->madePending > 0)
        ctx.out().line(cliTr("%1 imported fact(s) disagree with a current value and wait as pending for you to "
                             "confirm (engram-cli list --status pending).")
                           .arg(report->madePending));
    return ExitOk;
}

int clear(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    if (!p.isSet(kYes))
        return ctx.usage(cliTr("clear erases every memory of user \"%1\" (all tiers, its history too). "
                               "Add --yes to do it; add --backup FILE to keep an export first.")
                             .arg(ctx.userId()));
    auto report = memory.clearMemory(ctx.userId(), p.value(kBackup));
    if (!report)
        return ctx.fail(report.error());
    if (ctx.json()) {
        Json j = Json::object();
        j["user"] = utf8(ctx.userId());
        j["conversations"] = report->conversations;
        j["messages"] = report->messages;
        j["episodes"] = report->episodes;
        j["facts"] = report->facts;
        j["events"] = report->events;
        j["other"] = report->other;
        j["backup"] = report->backupPath.isEmpty() ? Json() : Json(utf8(report->backupPath));
        ctx.out().json(j);
        return ExitOk;
    }
    ctx.out().line(cliTr("Cleared the memory of user \"%1\": %2 messages, %3 episodes, %4 facts.")
                       .arg(ctx.userId())
                       .arg(report->messages)
                       .arg(report->episodes)
                       .arg(report->facts));
    if (!report->backupPath.isEmpty())
        ctx.out().line(cliTr("A backup was written to %1").arg(report->backupPath));
    return ExitOk;
}

} // namespace

QList<Command> transferCommands()
{
    return {
        {QStringLiteral("export"),
         {},
         cliTr("Write the user's memory as JSON (to stdout, or --out FILE)"),
         0,
         0,
         [](QCommandLineParser& p) {
             p.addOption({kOut, cliTr("Write to FILE instead (- for standard output)."), QStringLiteral("FILE")});
         },
         &exportMemory,
         Access::Read},
        {QStringLiteral("import"), QStringLiteral("FILE"), cliTr("Load an export (or any engram-memory file)"), 1, 1,
         [](QCommandLineParser& p) {
             p.addOption({kMode, cliTr("merge (default: skip known items) or replace (swap the memory)."),
                          QStringLiteral("MODE")});
         },
         &importMemory},
        {QStringLiteral("clear"),
         {},
         cliTr("Erase the user's memory of every tier (needs --yes)"),
         0,
         0,
         [](QCommandLineParser& p) {
             p.addOption({kYes, cliTr("Really erase.")});
             p.addOption({kBackup, cliTr("Write an export to FILE first; nothing is erased if that fails."),
                          QStringLiteral("FILE")});
         },
         &clear,
         Access::Change},
    };
}

} // namespace engram::cli
