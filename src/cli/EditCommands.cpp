#include "Commands.h"
#include "Format.h"
#include "memory/MemoryService.h"

namespace engram::cli {
namespace {

const QString kConfidence = QStringLiteral("confidence");
const QString kDryRun = QStringLiteral("dry-run");

int addFact(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    double confidence = 1.0;
    if (p.isSet(kConfidence)) {
        bool ok = false;
        confidence = p.value(kConfidence).toDouble(&ok);
        if (!ok)
            return ctx.usage(cliTr("--confidence needs a number between 0 and 1"));
    }
    const QStringList args = p.positionalArguments();
    auto fact = memory.addFact(ctx.userId(), args.at(0), args.at(1), args.at(2), confidence);
    if (!fact)
        return ctx.fail(fact.error());
    const MemoryItem item = MemoryItem::fromFact(*fact);
    printChanged(ctx, item, cliTr("Remembered %1 (%2)").arg(item.id, item.status));
    return ExitOk;
}

int edit(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    const QStringList args = p.positionalArguments();
    auto item = memory.edit(ctx.userId(), args.first(), args.mid(1).join(QLatin1Char(' ')));
    if (!item)
        return ctx.fail(item.error());
    printChanged(ctx, *item, cliTr("Edited %1").arg(item->id));
    return ExitOk;
}

int setPinned(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p, bool pinned)
{
    auto item = memory.setPinned(ctx.userId(), p.positionalArguments().first(), pinned);
    if (!item)
        return ctx.fail(item.error());
    printChanged(ctx, *item, (pinned ? cliTr("Pinned %1") : cliTr("Unpinned %1")).arg(item->id));
    return ExitOk;
}

int remove(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    const QString id = p.positionalArguments().first();
    auto item = memory.item(ctx.userId(), id);
    if (!item)
        return ctx.fail(item.error());
    if (auto st = memory.remove(ctx.userId(), id); !st)
        return ctx.fail(st.error());
    if (ctx.json()) {
        Json j = Json::object();
        j["deleted"] = utf8(id);
        j["tier"] = utf8(enumName(item->tier));
        ctx.out().json(j);
    } else {
        ctx.out().line(cliTr("Deleted %1 (%2). Undo with: engram-cli undo").arg(id, enumName(item->tier)));
    }
    return ExitOk;
}

int undo(CliContext& ctx, MemoryService& memory, const QCommandLineParser&)
{
    auto done = memory.undo(ctx.userId());
    if (!done)
        return ctx.fail(done.error());
    if (ctx.json()) {
        Json j = Json::object();
        j["undone"] = utf8(*done);
        ctx.out().json(j);
    } else {
        ctx.out().line(*done);
    }
    return ExitOk;
}

int forget(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    const bool dryRun = p.isSet(kDryRun);
    // A long pass (after an import) says how far it is on stderr, about every tenth.
    qsizetype shown = 0;
    const auto progress = [&ctx, &shown](qsizetype done, qsizetype total) {
        if (done == total && shown == 0)
            return; // one slice: the result line says it all
        if (done < total && (done - shown) * 10 < total)
            return;
        shown = done;
        ctx.out().error(cliTr("Forgetting: %1 of %2 item(s) done").arg(done).arg(total));
    };
    auto report = memory.forget(ctx.userId(), dryRun, progress);
    if (!report)
        return ctx.fail(report.error());
    if (ctx.json()) {
        Json j = Json::object();
        j["dry_run"] = dryRun;
        j["archived"] = Json::array();
        for (const QString& id : report->archived)
            j["archived"].push_back(utf8(id));
        j["purged"] = Json::array();
        for (const QString& id : report->purged)
            j["purged"].push_back(utf8(id));
        ctx.out().json(j);
        return ExitOk;
    }
    const auto archived = static_cast<int>(report->archived.size());
    const auto purged = static_cast<int>(report->purged.size());
    ctx.out().line(
        dryRun ? cliTr("Would move %1 episode(s) to the archive and purge %2 from it.").arg(archived).arg(purged)
               : cliTr("Moved %1 episode(s) to the archive and purged %2 from it.").arg(archived).arg(purged));
    return ExitOk;
}

} // namespace

QList<Command> editCommands()
{
    const auto idOnly = [](bool pinned) {
        return [pinned](CliContext& ctx, MemoryService& memory, const QCommandLineParser& p) {
            return setPinned(ctx, memory, p, pinned);
        };
    };
    return {
        {QStringLiteral("add-fact"), QStringLiteral("SUBJECT PREDICATE OBJECT"), cliTr("Remember a fact"), 3, 3,
         [](QCommandLineParser& p) {
             p.addOption({kConfidence, cliTr("How sure, 0 to 1 (default 1)."), QStringLiteral("C")});
         },
         &addFact},
        {QStringLiteral("edit"),
         QStringLiteral("ID TEXT…"),
         cliTr("Change an item (a fact's value, an episode's text, what the model sees of a message)"),
         2,
         -1,
         {},
         &edit,
         Access::Change},
        {QStringLiteral("pin"),
         QStringLiteral("ID"),
         cliTr("Pin an item: never forgotten, always in context"),
         1,
         1,
         {},
         idOnly(true),
         Access::Change},
        {QStringLiteral("unpin"),
         QStringLiteral("ID"),
         cliTr("Unpin an item"),
         1,
         1,
         {},
         idOnly(false),
         Access::Change},
        {QStringLiteral("delete"),
         QStringLiteral("ID"),
         cliTr("Delete an item (undoable for a while)"),
         1,
         1,
         {},
         &remove,
         Access::Change},
        {QStringLiteral("undo"),
         {},
         cliTr("Undo your most recent edit, pin, unpin or delete"),
         0,
         0,
         {},
         &undo,
         Access::Change},
        {QStringLiteral("forget"),
         {},
         cliTr("Run forgetting now: archive the least worth keeping"),
         0,
         0,
         [](QCommandLineParser& p) {
             p.addOption({kDryRun, cliTr("Only say what would be forgotten.")});
         },
         &forget,
         Access::Change},
    };
}

} // namespace engram::cli
