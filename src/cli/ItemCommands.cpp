#include "Commands.h"
#include "Endpoint.h"
#include "Format.h"
#include "memory/MemoryService.h"

#include <QDateTime>
#include <QFile>

#include <cerrno>
#include <unistd.h>

namespace engram::cli {
namespace {

const QString kTier = QStringLiteral("tier");
const QString kStatus = QStringLiteral("status");
const QString kPinned = QStringLiteral("pinned");
const QString kSource = QStringLiteral("source");
const QString kConversation = QStringLiteral("conversation");
const QString kSince = QStringLiteral("since");
const QString kLimit = QStringLiteral("limit");
const QString kLexicalOnly = QStringLiteral("lexical-only");

void addListOptions(QCommandLineParser& p)
{
    p.addOption({kTier, cliTr("Only this tier: working, episodic, semantic or archive."), QStringLiteral("TIER")});
    p.addOption({kStatus,
                 cliTr("Only this status (facts: active, pending, superseded, rejected; messages: window, "
                       "buffered, summarized, removed)."),
                 QStringLiteral("STATUS")});
    p.addOption({kPinned, cliTr("Only pinned items.")});
    p.addOption({kSource,
                 cliTr("Only items from this source: said (by you), inferred (by the model), manual, imported "
                       "or tool."),
                 QStringLiteral("SOURCE")});
    p.addOption({kConversation, cliTr("Only items learned in this conversation."), QStringLiteral("ID")});
    p.addOption({kSince, cliTr("Only items made at or after this date or time (ISO 8601, e.g. 2026-11-01)."),
                 QStringLiteral("WHEN")});
}

void addSearchOptions(QCommandLineParser& p)
{
    p.addOption({kTier, cliTr("Only this tier: episodic or semantic."), QStringLiteral("TIER")});
    p.addOption({kLimit, cliTr("At most N results (default 10)."), QStringLiteral("N")});
    p.addOption({kLexicalOnly, cliTr("Rank by keywords alone, even when an embedding model is set.")});
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
    if (p.isSet(kSource)) {
        query.origin = itemOriginFromString(p.value(kSource));
        if (!query.origin)
            return ctx.usage(
                cliTr("Unknown source \"%1\"; use said, inferred, manual, imported or tool.").arg(p.value(kSource)));
    }
    query.conversationId = p.value(kConversation);
    if (p.isSet(kSince)) {
        query.createdFrom = QDateTime::fromString(p.value(kSince), Qt::ISODate);
        if (!query.createdFrom.isValid()) // a date alone: from its start, local time
            query.createdFrom = QDate::fromString(p.value(kSince), Qt::ISODate).startOfDay();
        if (!query.createdFrom.isValid())
            return ctx.usage(cliTr("\"%1\" is not a date or time; write it like 2026-11-01 or "
                                   "2026-11-01T09:30:00Z.")
                                 .arg(p.value(kSince)));
    }
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
        table.addRow({timeText(e.time), e.client.isEmpty() ? enumName(e.actor) : e.client, e.action,
                      e.itemId == id ? cliTr("this") : e.itemId.left(8), changeText(e)});
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

// Standard input, line by line, read with read(2): a line may hold any byte (a NUL included,
// which stdio's line reading takes for the end), and each line is answered as soon as it
// arrives, so a script can talk to one process.
class StdinLines final
{
public:
    // A line longer than this is skipped to its end and reported, never buffered whole.
    static constexpr qsizetype kMaxLine = 4 * 1024 * 1024;

    struct Line
    {
        QByteArray text;
        bool tooLong{};
    };

    bool next(Line& line)
    {
        line = {};
        for (;;) {
            const qsizetype end = m_buffer.indexOf('\n');
            if (end >= 0) {
                line.text = m_buffer.left(end);
                line.tooLong = std::exchange(m_skipping, false);
                m_buffer.remove(0, end + 1);
                return true;
            }
            if (m_buffer.size() > kMaxLine) {
                m_skipping = true;
                m_buffer.clear();
            }
            if (m_eof) {
                if (m_buffer.isEmpty() && !m_skipping)
                    return false;
                line.text = std::exchange(m_buffer, {});
                line.tooLong = std::exchange(m_skipping, false);
                return true;
            }
            char chunk[64 * 1024];
            const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                m_eof = true;
            else
                m_buffer.append(chunk, n);
        }
    }

private:
    QByteArray m_buffer;
    bool m_eof{};
    bool m_skipping{};
};

// Answers one query per line of standard input with one JSON line each, in order, in one process.
// A line that cannot be a query (a NUL byte, longer than StdinLines::kMaxLine) gets an error line
// of its own, the batch goes on, and the exit code says so.
// The options of one query: with its vector when the embedder gives one, so the ranking is the
// hybrid one a chat turn uses. Without, the search goes on by keywords and says so once.
SearchOptions withQueryVector(CliContext& ctx, QueryEmbedder* embedder, SearchOptions options, const QString& query)
{
    if (!embedder || !embedder->enabled() || query.trimmed().isEmpty())
        return options;
    QString why;
    options.queryVector = embedder->embed(query, &why);
    if (!options.queryVector && embedder->failures() == 1) // said once, not on every line of a batch
        ctx.out().error(cliTr("The query could not be embedded (%1); searching by keywords only.").arg(why));
    return options;
}

int batchSearch(CliContext& ctx, MemoryService& memory, const SearchOptions& options, QueryEmbedder* embedder)
{
    int code = ExitOk;
    StdinLines in;
    StdinLines::Line raw;
    while (in.next(raw)) {
        while (raw.text.endsWith('\r'))
            raw.text.chop(1);
        const QString query = QString::fromUtf8(raw.text);
        Result<QList<MemoryItem>> results = QList<MemoryItem>();
        if (raw.tooLong) {
            results = Error::invalid(
                cliTr("The line is longer than %1 MB; it was skipped").arg(StdinLines::kMaxLine / (1024 * 1024)));
        } else if (raw.text.contains('\0')) {
            results = Error::invalid(cliTr("The line holds a NUL byte, which no query can contain; it was skipped"));
        } else {
            results = memory.search(ctx.userId(), query, withQueryVector(ctx, embedder, options, query));
        }
        if (!results)
            code = results.error().code == Error::Code::InvalidInput ? std::max(code, int(ExitInvalidInput))
                                                                     : ExitDatabase;
        ctx.out().jsonLine(searchLine(raw.tooLong ? QString() : query, results));
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
    // With an embedding model set, the same hybrid ranking as a chat turn (--lexical-only: keywords).
    std::optional<QueryEmbedder> embedder;
    if (!p.isSet(kLexicalOnly))
        embedder.emplace(endpointSettings());
    QueryEmbedder* const vectors = embedder ? &*embedder : nullptr;
    if (p.positionalArguments().isEmpty())
        return batchSearch(ctx, memory, options, vectors);
    const QString query = p.positionalArguments().join(QLatin1Char(' '));
    auto results = memory.search(ctx.userId(), query, withQueryVector(ctx, vectors, options, query));
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
        {QStringLiteral("list"), {}, cliTr("List remembered items"), 0, 0, &addListOptions, &list, Access::Read},
        {QStringLiteral("show"), QStringLiteral("ID"), cliTr("Show one item"), 1, 1, {}, &show, Access::Read},
        {QStringLiteral("history"),
         QStringLiteral("ID"),
         cliTr("Show an item's history (a fact's whole lineage)"),
         1,
         1,
         {},
         &history,
         Access::Read},
        {QStringLiteral("search"), QStringLiteral("[QUERY…]"),
         cliTr("Search the memory; without QUERY, answer one query per line of stdin as JSON lines"), 0, -1,
         &addSearchOptions, &search, Access::Read},
    };
}

} // namespace engram::cli
