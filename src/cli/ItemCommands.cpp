#include "Commands.h"
#include "Format.h"
#include "memory/MemoryService.h"

#include <QFile>

namespace engram::cli {
namespace {

const QString kTier = QStringLiteral("tier");
const QString kStatus = QStringLiteral("status");
const QString kPinned = QStringLiteral("pinned");
const QString kLimit = QStringLiteral("limit");

void addListOptions(QCommandLineParser& p)
{
    p.addOption({kTier, cliTr("Only this tier: working, episodic, semantic or archive."), QStringLiteral("TIER")});
    p.addOption({kStatus,
                 cliTr("Only this status (facts: active, pending, superseded, rejected; messages: window, "
                       "buffered, summarized, removed)."),
                 QStringLiteral("STATUS")});
    p.addOption({kPinned, cliTr("Only pinned items.")});
}

void addSearchOptions(QCommandLineParser& p)
{
    p.addOption({kTier, cliTr("Only this tier: episodic or semantic."), QStringLiteral("TIER")});
    p.addOption({kLimit, cliTr("At most N results (default 10)."), QStringLiteral("N")});
}

bool knownStatus(const QString& s)
{
    return itemStatusFromString(s).has_value() || windowStateFromString(s).has_value();
}

int list(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    ItemQuery query;
    if (p.isSet(kTier)) {
        query.tier = tierFromString(p.value(kTier));
        if (!query.tier)
            return ctx.usage(
                cliTr("Unknown tier \"%1\"; use working, episodic, semantic or archive.").arg(p.value(kTier)));
    }
    if (p.isSet(kStatus)) {
        query.status = p.value(kStatus);
        if (!knownStatus(query.status))
            return ctx.usage(cliTr("Unknown status \"%1\"").arg(query.status));
    }
    query.pinnedOnly = p.isSet(kPinned);
    auto items = memory.list(ctx.userId(), query);
    if (!items)
        return ctx.fail(items.error());
    printItems(ctx, *items);
    return ExitOk;
}

int show(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    auto item = memory.item(ctx.userId(), p.positionalArguments().first());
    if (!item)
        return ctx.fail(item.error());
    printItem(ctx, *item);
    return ExitOk;
}

int history(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    const QString id = p.positionalArguments().first();
    auto entries = memory.history(ctx.userId(), id);
    if (!entries)
        return ctx.fail(entries.error());
    if (ctx.json()) {
        Json array = Json::array();
        for (const HistoryEntry& e : *entries)
            array.push_back(historyJson(e));
        ctx.out().json(array);
        return ExitOk;
    }
    Table table({cliTr("TIME"), cliTr("ACTOR"), cliTr("ACTION"), cliTr("ITEM"), cliTr("CHANGE")});
    for (const HistoryEntry& e : *entries)
        table.addRow({timeText(e.time), enumName(e.actor), e.action, e.itemId == id ? cliTr("this") : e.itemId.left(8),
                      changeText(e)});
    ctx.out().line(table.render());
    return ExitOk;
}

Json searchLine(const QString& query, const Result<QList<MemoryItem>>& results)
{
    Json line = Json::object();
    line["query"] = utf8(query);
    if (results)
        line["results"] = itemsJson(*results);
    else
        line["error"] = utf8(results.errorMessage());
    return line;
}

// Answers one query per line of standard input with one JSON line each, in order, in one process.
int batchSearch(CliContext& ctx, MemoryService& memory, const SearchOptions& options)
{
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly))
        return ctx.fail(Error{Error::Code::Io, cliTr("Cannot read standard input")});
    int code = ExitOk;
    // readLine() gives an empty array only at the end: an empty input line still holds its '\n'.
    for (QByteArray raw = in.readLine(); !raw.isEmpty(); raw = in.readLine()) {
        while (raw.endsWith('\n') || raw.endsWith('\r'))
            raw.chop(1);
        const QString query = QString::fromUtf8(raw);
        auto results = memory.search(ctx.userId(), query, options);
        if (!results)
            code = ExitDatabase;
        ctx.out().jsonLine(searchLine(query, results));
    }
    return code;
}

int search(CliContext& ctx, MemoryService& memory, const QCommandLineParser& p)
{
    SearchOptions options;
    if (p.isSet(kTier)) {
        const auto tier = tierFromString(p.value(kTier));
        if (tier != Tier::Episodic && tier != Tier::Semantic)
            return ctx.usage(
                cliTr("search looks in the episodic or the semantic tier, not \"%1\"").arg(p.value(kTier)));
        options.episodes = *tier == Tier::Episodic;
        options.facts = *tier == Tier::Semantic;
    }
    if (p.isSet(kLimit)) {
        bool ok = false;
        options.limit = p.value(kLimit).toInt(&ok);
        if (!ok || options.limit < 1)
            return ctx.usage(cliTr("--limit needs a positive number"));
    }
    if (p.positionalArguments().isEmpty())
        return batchSearch(ctx, memory, options);
    const QString query = p.positionalArguments().join(QLatin1Char(' '));
    auto results = memory.search(ctx.userId(), query, options);
    if (!results)
        return ctx.fail(results.error());
    if (ctx.json())
        ctx.out().json(searchLine(query, results));
    else
        printItems(ctx, *results, true);
    return ExitOk;
}

} // namespace

QList<Command> itemCommands()
{
    return {
        {QStringLiteral("list"), {}, cliTr("List remembered items"), 0, 0, &addListOptions, &list},
        {QStringLiteral("show"), QStringLiteral("ID"), cliTr("Show one item"), 1, 1, {}, &show},
        {QStringLiteral("history"),
         QStringLiteral("ID"),
         cliTr("Show an item's history (a fact's whole lineage)"),
         1,
         1,
         {},
         &history},
        {QStringLiteral("search"), QStringLiteral("[QUERY…]"),
         cliTr("Search the memory; without QUERY, answer one query per line of stdin as JSON lines"), 0, -1,
         &addSearchOptions, &search},
    };
}

} // namespace engram::cli
