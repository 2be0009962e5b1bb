// MemoryService: export, import and clear of one user's memory. Kept apart from
// MemoryService.cpp so each file stays about one thing.
#include "memory/ForgettingPolicy.h"
#include "memory/MemoryContext.h"
#include "memory/MemoryService.h"
#include "storage/Database.h"
#include "storage/JobQueue.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcMemory)

namespace engram {
namespace {

// A rolling backup of the whole file before `what` replaces or erases a memory. A server's
// memory is backed up by its administrator (pg_dump, docs/SERVER.md).
Status backUpBefore(const Database& db, const QString& what)
{
    auto backup = db.backUp();
    if (!backup)
        return Error{backup.error().code, QStringLiteral("The backup of the memory file before %1 failed, so nothing "
                                                         "was changed: %2")
                                              .arg(what, backup.errorMessage())};
    return {};
}

} // namespace

Result<ExportReport> MemoryService::exportMemory(const QString& userId, const QString& path)
{
    return Exporter(*m_ctx).writeFile(userId, path);
}

Result<ExportReport> MemoryService::exportMemory(const QString& userId, QIODevice& device)
{
    return Exporter(*m_ctx).write(userId, device);
}

Result<ImportReport> MemoryService::importMemory(const QString& userId, const QString& path, ImportMode mode)
{
    return importParsed(userId, MemoryDocument::fromFile(path), mode);
}

Result<ImportReport> MemoryService::importDocument(const QString& userId, const QByteArray& document, ImportMode mode)
{
    return importParsed(userId, MemoryDocument::fromBytes(document), mode);
}

Result<ImportReport> MemoryService::importParsed(const QString& userId, Result<MemoryDocument> document,
                                                 ImportMode mode)
{
    if (!document)
        return document.error();
    if (mode == ImportMode::Replace) {
        if (auto st = backUpBefore(*m_db, QStringLiteral("the import")); !st)
            return st.error();
    }
    // A new user is created (and logged) before the import's transaction, like on first use.
    if (auto user = ensureUser(userId, document->user.displayName); !user)
        return user.error();
    auto report = Importer(*m_ctx).run(userId, std::move(document).value(), mode);
    if (!report)
        return report;
    qCInfo(lcMemory) << "imported" << report->added() << "items in" << report->elapsedMs << "ms";
    if (mode == ImportMode::Replace) {
        if (auto st = MemoryEraser(*m_ctx).scrub(); !st)
            qCWarning(lcMemory) << "cannot scrub the replaced memory from the file:" << st.errorMessage();
    }
    m_writesSinceForget.remove(userId);
    if (report->episodes.added > 0) {
        // Imported episodes keep their dates, so they do not count as writes toward the next
        // pass; the import can put the memory over its limits at once, so the pass follows now.
        auto over = m_forgetting->mayForget(userId);
        if (!over)
            qCWarning(lcMemory) << "cannot tell whether the import needs forgetting:" << over.errorMessage();
        else if (*over)
            queueForgetting({userId});
    }
    Q_EMIT usersChanged();
    Q_EMIT memoryReset(userId);
    return report;
}

Result<MigrationReport> MemoryService::copyUserTo(MemoryService& target, const QString& userId) const
{
    auto user = m_ctx->users.find(userId);
    if (!user)
        return user.error();
    auto settings = m_ctx->users.settings(userId);
    if (!settings)
        return settings.error();
    auto document = Exporter(*m_ctx).collect(userId);
    if (!document)
        return document.error();
    auto tools = m_ctx->tools.list(userId);
    if (!tools)
        return tools.error();
    auto jobs = JobQueue(*m_db).pending(userId);
    if (!jobs)
        return jobs.error();

    MemoryContext& to = *target.m_ctx;
    Transaction tx(to.db);
    if (auto st = tx.begin(); !st)
        return st.error();
    // The user as it was made there (its "create" event comes with the history).
    if (auto made = to.users.ensure(userId, user->displayName, user->createdAt); !made)
        return made.error();
    if (auto st = to.users.setSettings(userId, *settings); !st)
        return st.error();
    MigrationReport report;
    auto items = Importer(to).run(userId, std::move(document).value(), ImportMode::Merge);
    if (!items)
        return items.error();
    report.items = *items;
    for (const ToolClient& tool : std::as_const(*tools)) {
        auto adopted = to.tools.adopt(userId, tool);
        if (!adopted)
            return adopted.error();
        report.tools += *adopted ? 1 : 0;
    }
    JobQueue queue(to.db);
    for (const Job& job : std::as_const(*jobs)) {
        auto adopted = queue.adopt(job);
        if (!adopted)
            return adopted.error();
        report.jobs += *adopted ? 1 : 0;
    }
    if (auto st = tx.commit(); !st)
        return st.error();
    Q_EMIT target.usersChanged();
    Q_EMIT target.memoryReset(userId);
    return report;
}

Result<ClearReport> MemoryService::clearMemory(const QString& userId, const QString& backupPath)
{
    if (auto user = m_ctx->users.find(userId); !user)
        return user.error();
    if (auto st = backUpBefore(*m_db, QStringLiteral("clearing the memory")); !st)
        return st.error();
    if (!backupPath.isEmpty()) {
        auto backup = exportMemory(userId, backupPath);
        if (!backup)
            return Error{backup.error().code,
                         QStringLiteral("The backup could not be written, so nothing was cleared: %1")
                             .arg(backup.errorMessage())};
        // Read back from the disk before anything is erased: the backup must hold what it says.
        auto reread = MemoryDocument::fromFile(backupPath);
        if (!reread || reread->messages.size() != backup->messages || reread->episodes.size() != backup->episodes ||
            reread->facts.size() != backup->facts)
            return Error{Error::Code::Io,
                         QStringLiteral("The backup %1 could not be read back whole, so nothing was "
                                        "cleared%2")
                             .arg(backupPath, reread ? QString() : QStringLiteral(": ") + reread.errorMessage())};
    }
    MemoryEraser eraser(*m_ctx);
    Transaction tx(*m_db);
    if (auto st = tx.begin(); !st)
        return st.error();
    auto report = eraser.eraseRows(userId);
    if (!report)
        return report.error();
    report->backupPath = backupPath;
    // The log keeps that the memory was cleared and how much, never what.
    Json after = Json::object();
    after["messages"] = report->messages;
    after["episodes"] = report->episodes;
    after["facts"] = report->facts;
    after["backup"] = !backupPath.isEmpty();
    if (auto st = m_ctx->record(userId, QString(), QStringLiteral("memory"), QStringLiteral("clear"), Actor::User,
                                nullptr, after);
        !st)
        return st.error();
    if (auto st = tx.commit(); !st)
        return st.error();
    m_writesSinceForget.remove(userId);
    Q_EMIT memoryReset(userId);
    if (auto st = eraser.scrub(); !st)
        return Error::database(
            QStringLiteral("The memory was cleared, but its text could not yet be wiped from the file: %1")
                .arg(st.errorMessage()));
    return report;
}

} // namespace engram
