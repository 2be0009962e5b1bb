#include "Commands.h"
#include "storage/Backups.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

namespace engram::cli {
namespace {

const QString kOut = QStringLiteral("out");

Json countsJson(const BackupInfo::Counts& c)
{
    Json j = Json::object();
    j["messages"] = c.messages;
    j["episodes"] = c.episodes;
    j["facts"] = c.facts;
    return j;
}

Json backupJson(const BackupInfo& info)
{
    Json j = countsJson(info.total);
    j["file"] = utf8(info.path);
    j["created_at"] = utf8(info.createdAt.toString(Qt::ISODateWithMs));
    j["bytes"] = info.bytes;
    j["schema"] = info.schemaVersion;
    Json users = Json::object();
    for (auto it = info.users.cbegin(); it != info.users.cend(); ++it)
        users[utf8(it.key())] = countsJson(it.value());
    j["users"] = users;
    j["problem"] = info.problem.isEmpty() ? Json() : Json(utf8(info.problem));
    return j;
}

QString when(const QDateTime& utc)
{
    return utc.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
}

int backup(CliContext& ctx, const QCommandLineParser& p)
{
    Backups backups(ctx.databasePath());
    auto made = p.isSet(kOut) ? backups.createAt(p.value(kOut)) : backups.create();
    if (!made)
        return ctx.fail(Error{made.error().code, cliTr("No backup was written: %1").arg(made.errorMessage())});
    if (ctx.json()) {
        ctx.out().json(backupJson(*made));
        return ExitOk;
    }
    ctx.out().line(cliTr("Backed up and checked the memory (%1 messages, %2 episodes, %3 facts; %4) to %5")
                       .arg(made->total.messages)
                       .arg(made->total.episodes)
                       .arg(made->total.facts)
                       .arg(QLocale::c().formattedDataSize(made->bytes), QDir::toNativeSeparators(made->path)));
    return ExitOk;
}

int listBackups(CliContext& ctx, const QCommandLineParser&)
{
    Backups backups(ctx.databasePath());
    const QList<BackupInfo> all = backups.list();
    if (ctx.json()) {
        Json list = Json::array();
        for (const BackupInfo& info : all)
            list.push_back(backupJson(info));
        Json j = Json::object();
        j["folder"] = utf8(backups.folder());
        j["backups"] = list;
        ctx.out().json(j);
        return ExitOk;
    }
    if (all.isEmpty()) {
        ctx.out().line(cliTr("No backups in %1 yet (engram-cli backup takes one).")
                           .arg(QDir::toNativeSeparators(backups.folder())));
        return ExitOk;
    }
    Table table({cliTr("TAKEN"), cliTr("SIZE"), cliTr("SCHEMA"), cliTr("MESSAGES"), cliTr("EPISODES"), cliTr("FACTS"),
                 cliTr("FILE")});
    for (const BackupInfo& info : all) {
        const QString file = QDir::toNativeSeparators(info.path);
        if (!info.problem.isEmpty()) {
            table.addRow({when(info.createdAt), QLocale::c().formattedDataSize(info.bytes), QStringLiteral("-"),
                          QStringLiteral("-"), QStringLiteral("-"), QStringLiteral("-"),
                          cliTr("%1 (unreadable: %2)").arg(file, info.problem)});
            continue;
        }
        table.addRow({when(info.createdAt), QLocale::c().formattedDataSize(info.bytes),
                      QString::number(info.schemaVersion), QString::number(info.total.messages),
                      QString::number(info.total.episodes), QString::number(info.total.facts), file});
    }
    ctx.out().line(table.render());
    return ExitOk;
}

int restore(CliContext& ctx, const QCommandLineParser& p)
{
    const QString file = p.positionalArguments().first();
    auto restored = Backups(ctx.databasePath()).restore(file);
    if (!restored)
        return ctx.fail(restored.error());
    if (ctx.json()) {
        Json j = backupJson(restored->restored);
        j["from"] = utf8(QFileInfo(file).absoluteFilePath());
        j["kept_aside"] = restored->keptAside.isEmpty() ? Json() : Json(utf8(restored->keptAside));
        ctx.out().json(j);
        return ExitOk;
    }
    ctx.out().line(cliTr("Restored %1 (%2 messages, %3 episodes, %4 facts) into %5.")
                       .arg(QDir::toNativeSeparators(QFileInfo(file).absoluteFilePath()))
                       .arg(restored->restored.total.messages)
                       .arg(restored->restored.total.episodes)
                       .arg(restored->restored.total.facts)
                       .arg(QDir::toNativeSeparators(QFileInfo(ctx.databasePath()).absoluteFilePath())));
    if (!restored->keptAside.isEmpty())
        ctx.out().line(cliTr("The memory file it replaced was kept as %1 (with its -wal and -shm, if any).")
                           .arg(QDir::toNativeSeparators(restored->keptAside)));
    return ExitOk;
}

} // namespace

QList<Command> backupCommands()
{
    return {
        {QStringLiteral("backup"),
         {},
         cliTr("Write a checked copy of the whole memory file (to its backups folder, or --out FILE)"),
         0,
         0,
         [](QCommandLineParser& p) {
             p.addOption({kOut, cliTr("Write the backup to FILE instead."), QStringLiteral("FILE")});
         },
         {},
         Access::ReadAll,
         &backup},
        {QStringLiteral("backups"),
         {},
         cliTr("List the backups with their dates and item counts"),
         0,
         0,
         {},
         {},
         Access::ReadAll,
         &listBackups},
        {QStringLiteral("restore"),
         QStringLiteral("FILE"),
         cliTr("Replace the memory file with a checked backup (the current file is kept aside)"),
         1,
         1,
         {},
         {},
         Access::Change,
         &restore},
    };
}

} // namespace engram::cli
