#include "Commands.h"
#include "memory/MemoryService.h"

#include <QFileInfo>

namespace engram::cli {
namespace {

const QString kOut = QStringLiteral("out");
const QString kMode = QStringLiteral("mode");
const QString kYes = QStringLiteral("yes");
const QString kBackup = QStringLiteral("backup");
const QString kFrom = QStringLiteral("from");
const QString kTo = QStringLiteral("to");

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

Result<std::unique_ptr<MemoryService>> openNamed(const QString& text, Database::Access access)
{
    auto location = MemoryLocation::parse(text);
    if (!location)
        return location.error();
    if (location->isFile() && access == Database::Access::ReadWrite &&
        !QFileInfo(QFileInfo(location->filePath()).absolutePath()).isDir())
        return Error{Error::Code::Io, cliTr("The folder of %1 does not exist; create it first").arg(text)};
    return MemoryService::open(*location, {}, Clock::system(), access);
}

// Every user's memory from one database into another, a file or a server either way: one
// transaction per user in the target, a progress line per user on stderr; what the target
// already has is skipped, so a second run adds nothing.
int migrate(CliContext& ctx, const QCommandLineParser& p)
{
    if (p.value(kFrom).isEmpty() || p.value(kTo).isEmpty())
        return ctx.usage(cliTr("Usage: engram-cli migrate --from FILE_OR_URL --to FILE_OR_URL"));
    auto source = openNamed(p.value(kFrom), Database::Access::ReadOnly);
    if (!source)
        return ctx.fail(source.error());
    auto target = openNamed(p.value(kTo), Database::Access::ReadWrite);
    if (!target)
        return ctx.fail(target.error());
    if ((*source)->database().path() == (*target)->database().path())
        return ctx.usage(cliTr("--from and --to name the same memory"));
    auto users = (*source)->users();
    if (!users)
        return ctx.fail(users.error());
    Json all = Json::array();
    for (qsizetype i = 0; i < users->size(); ++i) {
        const User& user = users->at(i);
        auto report = (*source)->copyUserTo(**target, user.id);
        if (!report)
            return ctx.fail(Error{report.error().code, cliTr("User \"%1\" was not copied (%2 of %3 were): %4")
                                                           .arg(user.id)
                                                           .arg(i)
                                                           .arg(users->size())
                                                           .arg(report.errorMessage())});
        const ImportReport& items = report->items;
        ctx.out().error(cliTr("[%1/%2] %3: %4 item(s) added, %5 already there; %6 history events, %7 tool(s), "
                              "%8 job(s)")
                            .arg(i + 1)
                            .arg(users->size())
                            .arg(user.id)
                            .arg(items.added())
                            .arg(items.skipped())
                            .arg(items.events.added)
                            .arg(report->tools)
                            .arg(report->jobs));
        Json j = Json::object();
        j["user"] = utf8(user.id);
        j["added"] = items.added();
        j["skipped"] = items.skipped();
        j["events"] = countsJson(items.events);
        j["tools"] = report->tools;
        j["jobs"] = report->jobs;
        all.push_back(j);
    }
    if (ctx.json()) {
        Json j = Json::object();
        j["from"] = utf8((*source)->database().path());
        j["to"] = utf8((*target)->database().path());
        j["users"] = all;
        ctx.out().json(j);
    } else {
        ctx.out().line(cliTr("Copied the memory of %n user(s) from %1 to %2.", nullptr, static_cast<int>(users->size()))
                           .arg((*source)->database().path(), (*target)->database().path()));
    }
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
        {QStringLiteral("migrate"),
         {},
         cliTr("Copy every user's memory from one database to another (a file or a postgresql:// server)"),
         0,
         0,
         [](QCommandLineParser& p) {
             p.addOption({kFrom, cliTr("The memory to copy (a file or a server URL); it is only read."),
                          QStringLiteral("FILE_OR_URL")});
             p.addOption({kTo, cliTr("Where to copy it (a file, created when missing, or a server URL)."),
                          QStringLiteral("FILE_OR_URL")});
         },
         {},
         Access::ReadAll,
         {},
         &migrate},
    };
}

} // namespace engram::cli
