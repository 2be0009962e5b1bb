// Retrieval quality on public data: MemDaily (Chinese, 10x haystack) and REALTALK (English, turn
// and session level), Engram beside plain BM25 and the original design's keyword method, plus
// the token economy of Engram's assembled context on REALTALK.

#include "BenchSupport.h"
#include "Datasets.h"
#include "FusionSimulation.h"
#include "QualityRun.h"
#include "RetrievalMetrics.h"

#include "core/TokenEstimator.h"
#include "storage/Database.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>
#include <map>

using namespace engram;
using namespace engram::bench;

namespace {

constexpr int kTopK = 10;

struct Latencies
{
    std::map<Method, std::vector<double>> millis;
};

// Creates an empty, migrated database once; every store starts as a copy of it.
QString createTemplate(const QString& dir)
{
    const QString path = QDir(dir).filePath(QStringLiteral("template.sqlite"));
    auto db = Database::open(path);
    if (!db)
        qFatal("cannot create the template database: %s", qPrintable(db.errorMessage()));
    return path;
}

void addQualityRows(Table& table, const MetricSums& sums, const Latencies* latencies)
{
    for (const Method m : allMethods()) {
        const RankScore s = sums.mean(methodName(m));
        QStringList row{methodName(m),      num(s.recall1, 3), num(s.recall5, 3),
                        num(s.recall10, 3), num(s.hit5, 3),    num(s.ndcg10, 3)};
        if (latencies) {
            const Latency l = latencyOf(latencies->millis.at(m));
            row << num(l.p50, 2) << num(l.p95, 2);
        }
        table.addRow(row);
    }
}

Table groupTable(const QString& title, const MetricSums& sums, const QStringList& groups)
{
    QStringList columns{QStringLiteral("method")};
    columns += groups;
    columns << QStringLiteral("all");
    Table table(title, columns);
    for (const Method m : allMethods()) {
        QStringList row{methodName(m)};
        for (const QString& g : groups)
            row << num(sums.mean(methodName(m), g).recall5, 3);
        row << num(sums.mean(methodName(m)).recall5, 3);
        table.addRow(row);
    }
    QStringList counts;
    for (const QString& g : groups)
        counts << QStringLiteral("%1 %2").arg(g).arg(sums.count(methodName(Method::Engram), g));
    table.addNote(QStringLiteral("Questions per group: ") + counts.join(QStringLiteral(", ")) + QLatin1Char('.'));
    return table;
}

Json sumsJson(const MetricSums& sums, const QStringList& groups)
{
    Json out = Json::object();
    for (const Method m : allMethods()) {
        Json byGroup = Json::object();
        for (const QString& g : groups + QStringList{QStringLiteral("all")}) {
            const RankScore s = sums.mean(methodName(m), g);
            byGroup[g.toStdString()] =
                Json{{"recall@1", s.recall1}, {"recall@5", s.recall5}, {"recall@10", s.recall10},
                     {"hit@5", s.hit5},       {"ndcg@10", s.ndcg10},   {"questions", sums.count(methodName(m), g)}};
        }
        out[methodName(m).toStdString()] = byGroup;
    }
    return out;
}

QStringList qualityColumns(bool withLatency)
{
    QStringList c{QStringLiteral("method"), QStringLiteral("R@1"),   QStringLiteral("R@5"),
                  QStringLiteral("R@10"),   QStringLiteral("hit@5"), QStringLiteral("NDCG@10")};
    if (withLatency)
        c << QStringLiteral("p50 ms") << QStringLiteral("p95 ms");
    return c;
}

// Every method ranks every question of every store, each store in a fresh database; returns the
// number of items stored.
qsizetype rankStores(const QList<BenchStore>& stores, const QString& templatePath, const QString& dir, MetricSums& sums,
                     Latencies& latencies)
{
    qsizetype items = 0;
    for (const BenchStore& store : stores) {
        QualityRun run(store, templatePath, dir);
        if (auto st = run.open(); !st)
            qFatal("cannot load %s: %s", qPrintable(store.name), qPrintable(st.errorMessage()));
        items += store.items.size();
        for (const BenchQuestion& q : store.questions) {
            for (const Method m : allMethods()) {
                double ms = 0;
                auto ranked = run.rank(m, q, kTopK, ms);
                if (!ranked)
                    qFatal("search failed: %s", qPrintable(ranked.errorMessage()));
                latencies.millis[m].push_back(ms);
                sums.add(methodName(m), q.group, scoreRanking(*ranked, q.keys));
            }
        }
    }
    return items;
}

void runMemDaily(const BenchOptions& o, const QString& templatePath, const QString& dir, Report& report)
{
    QElapsedTimer timer;
    timer.start();
    const int sampleEvery = o.quick ? 3 : 1;
    auto stores = loadMemDaily(QDir(o.dataDir).filePath(QStringLiteral("memdaily")), 10, sampleEvery);
    if (!stores) {
        std::fprintf(stderr, "MemDaily skipped: %s\n", qPrintable(stores.errorMessage()));
        return;
    }
    if (o.limit > 0 && stores->size() > o.limit)
        stores->resize(o.limit);
    MetricSums sums;
    Latencies latencies;
    const qsizetype items = rankStores(*stores, templatePath, dir, sums, latencies);
    const int questions = sums.count(methodName(Method::Engram));
    Table overall(QStringLiteral("MemDaily, 10× haystack: retrieval quality (%1 questions)").arg(questions),
                  qualityColumns(true));
    addQualityRows(overall, sums, &latencies);
    overall.addNote(QStringLiteral("%1 stores (one per trajectory, each its own database), %2 items in all; "
                                   "%3 s.%4")
                        .arg(stores->size())
                        .arg(items)
                        .arg(num(timer.elapsed() / 1000.0, 1))
                        .arg(o.quick ? QStringLiteral(" Quick run: every 3rd trajectory.") : QString()));
    report.add(overall);
    report.add(groupTable(QStringLiteral("MemDaily, 10× haystack: Recall@5 by question type"), sums, memDailyTypes()));
    report.values()["memdaily"] = sumsJson(sums, memDailyTypes());
    report.values()["memdaily_latency"] = Json{{"engram", latencyOf(latencies.millis[Method::Engram]).toJson()},
                                               {"plain_bm25", latencyOf(latencies.millis[Method::PlainBm25]).toJson()}};
}

// The conversational sets (issue 14): the query is the running dialogue around the evidence, not
// a question (Datasets.h, conversationalStores).
constexpr int kDialogueTurns = 3;

void runConversational(const BenchOptions& o, const QString& templatePath, const QString& dir, Report& report)
{
    QElapsedTimer timer;
    timer.start();
    const int sampleEvery = o.quick ? 3 : 1;
    auto memdaily = loadMemDaily(QDir(o.dataDir).filePath(QStringLiteral("memdaily")), 10, sampleEvery);
    auto realtalk = loadRealtalk(QDir(o.dataDir).filePath(QStringLiteral("realtalk")));
    if (!memdaily || !realtalk)
        qFatal("conversational sets: %s", qPrintable(memdaily ? realtalk.errorMessage() : memdaily.errorMessage()));
    const struct
    {
        const char* key;
        QString title;
        const QList<BenchStore>& stores;
        QStringList groups;
        int questionEvery; // MemDaily's trajectories are sampled by the loader already
    } sets[] = {{"memdaily_conversational", QStringLiteral("MemDaily, 10× haystack"), *memdaily, memDailyTypes(), 1},
                {"realtalk_conversational", QStringLiteral("REALTALK, turn level"), *realtalk, {}, sampleEvery}};
    for (const auto& set : sets) {
        QList<BenchStore> stores;
        for (const BenchStore& store : set.stores) {
            const QList<BenchStore> one = conversationalStores(store, kDialogueTurns);
            for (qsizetype i = 0; i < one.size(); i += set.questionEvery)
                stores.append(one.at(i));
        }
        if (o.limit > 0 && stores.size() > o.limit)
            stores.resize(o.limit);
        MetricSums sums;
        Latencies latencies;
        rankStores(stores, templatePath, dir, sums, latencies);
        QStringList groups = set.groups;
        if (groups.isEmpty()) {
            for (const BenchStore& s : std::as_const(stores)) {
                if (!groups.contains(s.questions.constFirst().group))
                    groups.append(s.questions.constFirst().group);
            }
            groups.sort();
        }
        Table table(QStringLiteral("%1, conversational queries: retrieval quality (%2 questions)")
                        .arg(set.title)
                        .arg(sums.count(methodName(Method::Engram))),
                    qualityColumns(true));
        addQualityRows(table, sums, &latencies);
        table.addNote(QStringLiteral("Query: up to %1 messages of the evidence's conversation said just before it "
                                     "(after it when none precede), not the question; they are left out of the "
                                     "store. One database per question.")
                          .arg(kDialogueTurns));
        report.add(table);
        report.add(
            groupTable(QStringLiteral("%1, conversational queries: Recall@5 by group").arg(set.title), sums, groups));
        report.values()[set.key] = sumsJson(sums, groups);
    }
    std::printf("Conversational sets: %s s.\n", qPrintable(num(timer.elapsed() / 1000.0, 1)));
}

// Token economy of one chat at one number of related exchanges in the context.
struct TokenRow
{
    QString chat;
    int turns{};
    int history{};
    std::vector<double> context; // memory tokens per question
    std::vector<double> millis;
    double turnRecall{}; // sums over questions: evidence turns, sessions in the context
    double sessionRecall{};
    int questions{};
};

constexpr int kDefaultExchanges = 3;
constexpr int kWideExchanges = 10;

void addContext(QualityRun& run, const BenchQuestion& q, int exchanges, TokenRow& row)
{
    double ms = 0;
    auto context = run.context(q, exchanges, ms);
    if (!context)
        qFatal("context failed: %s", qPrintable(context.errorMessage()));
    int memoryTokens = 0;
    QSet<QString> keys;
    QSet<QString> sessions;
    for (const ContextSection& s : context->sections) {
        if (s.name == QLatin1String("system") || s.name == QLatin1String("message"))
            continue;
        memoryTokens += s.tokens;
        for (const QString& id : s.ids) {
            keys.insert(run.keyOfEpisode(id));
            sessions.insert(run.conversationOf(run.keyOfEpisode(id)));
        }
    }
    row.context.push_back(memoryTokens);
    row.millis.push_back(ms);
    row.turnRecall += static_cast<double>((keys & q.keys).size()) / static_cast<double>(q.keys.size());
    row.sessionRecall += static_cast<double>((sessions & q.groups).size()) / static_cast<double>(q.groups.size());
    ++row.questions;
}

QStringList economyCells(const QString& label, const QList<TokenRow>& rows, bool perChat)
{
    double share = 0;
    double turns = 0;
    double sessions = 0;
    int questions = 0;
    int history = 0;
    std::vector<double> tokens;
    std::vector<double> millis;
    for (const TokenRow& r : rows) {
        const double mean = latencyOf(r.context).mean;
        share += mean / r.history * r.questions;
        turns += r.turnRecall;
        sessions += r.sessionRecall;
        questions += r.questions;
        history += r.history;
        tokens.insert(tokens.end(), r.context.begin(), r.context.end());
        millis.insert(millis.end(), r.millis.begin(), r.millis.end());
    }
    const Latency build = latencyOf(millis);
    return {label,
            perChat ? QString::number(rows.first().turns) : QString(),
            perChat ? QString::number(history) : QString(),
            num(latencyOf(tokens).mean, 0),
            num(share / questions * 100, 1) + QLatin1Char('%'),
            num(turns / questions, 3),
            num(sessions / questions, 3),
            num(build.p50, 2),
            num(build.p95, 2)};
}

void runRealtalk(const BenchOptions& o, const QString& templatePath, const QString& dir, Report& report)
{
    QElapsedTimer timer;
    timer.start();
    auto stores = loadRealtalk(QDir(o.dataDir).filePath(QStringLiteral("realtalk")));
    if (!stores) {
        std::fprintf(stderr, "REALTALK skipped: %s\n", qPrintable(stores.errorMessage()));
        return;
    }
    if (o.limit > 0 && stores->size() > o.limit)
        stores->resize(o.limit);
    MetricSums turns;
    MetricSums sessions;
    Latencies latencies;
    QList<TokenRow> tokenRows;
    QList<TokenRow> wideRows;
    QStringList categories;
    for (const BenchStore& store : *stores) {
        QualityRun run(store, templatePath, dir);
        if (auto st = run.open(); !st)
            qFatal("cannot load %s: %s", qPrintable(store.name), qPrintable(st.errorMessage()));
        TokenRow standard{store.name, static_cast<int>(store.items.size()), 0, {}, {}, 0, 0, 0};
        for (const BenchItem& item : store.items)
            standard.history += TokenEstimator::estimate(item.text) + 1;
        TokenRow wide = standard;
        for (const BenchQuestion& q : store.questions) {
            if (!categories.contains(q.group))
                categories.append(q.group);
            for (const Method m : allMethods()) {
                double ms = 0;
                auto ranked = run.rank(m, q, kTopK, ms);
                if (!ranked)
                    qFatal("search failed: %s", qPrintable(ranked.errorMessage()));
                latencies.millis[m].push_back(ms);
                turns.add(methodName(m), q.group, scoreRanking(*ranked, q.keys));
            }
            addContext(run, q, kDefaultExchanges, standard);
            addContext(run, q, kWideExchanges, wide);
        }
        tokenRows.append(standard);
        wideRows.append(wide);
        const BenchStore whole = sessionsOf(store);
        QualityRun sessionRun(whole, templatePath, dir);
        if (auto st = sessionRun.open(); !st)
            qFatal("cannot load %s: %s", qPrintable(store.name), qPrintable(st.errorMessage()));
        for (const BenchQuestion& q : whole.questions) {
            for (const Method m : allMethods()) {
                double ms = 0;
                auto ranked = sessionRun.rank(m, q, kTopK, ms);
                if (!ranked)
                    qFatal("search failed: %s", qPrintable(ranked.errorMessage()));
                sessions.add(methodName(m), q.group, scoreRanking(*ranked, q.keys));
            }
        }
    }
    categories.sort();
    const int questions = turns.count(methodName(Method::Engram));
    Table turnTable(QStringLiteral("REALTALK, turn level: retrieval quality (%1 questions)").arg(questions),
                    qualityColumns(true));
    addQualityRows(turnTable, turns, &latencies);
    turnTable.addNote(QStringLiteral("%1 chats, each its own database; %2 s.")
                          .arg(stores->size())
                          .arg(num(timer.elapsed() / 1000.0, 1)));
    report.add(turnTable);
    report.add(groupTable(QStringLiteral("REALTALK, turn level: Recall@5 by category"), turns, categories));
    Table sessionTable(QStringLiteral("REALTALK, session level: retrieval quality"), qualityColumns(false));
    addQualityRows(sessionTable, sessions, nullptr);
    sessionTable.addNote(QStringLiteral("Each session stored as one episode (its turns, one per line); a question's "
                                        "evidence is the sessions of its evidence turns."));
    report.add(sessionTable);
    report.add(groupTable(QStringLiteral("REALTALK, session level: Recall@5 by category"), sessions, categories));
    report.values()["realtalk_turn"] = sumsJson(turns, categories);
    report.values()["realtalk_session"] = sumsJson(sessions, categories);

    Table economy(QStringLiteral("Token economy on REALTALK: Engram's assembled context against the whole history"),
                  {QStringLiteral("chat"), QStringLiteral("turns"), QStringLiteral("history tokens"),
                   QStringLiteral("context tokens (mean)"), QStringLiteral("context / history"),
                   QStringLiteral("evidence turns in context"), QStringLiteral("evidence sessions in context"),
                   QStringLiteral("build p50 ms"), QStringLiteral("build p95 ms")});
    Json economyJson = Json::array();
    for (const TokenRow& r : std::as_const(tokenRows)) {
        economy.addRow(economyCells(r.chat, {r}, true));
        economyJson.push_back(Json{{"chat", r.chat.toStdString()},
                                   {"history_tokens", r.history},
                                   {"context_tokens_mean", latencyOf(r.context).mean},
                                   {"evidence_turn_recall", r.turnRecall / r.questions},
                                   {"evidence_session_recall", r.sessionRecall / r.questions}});
    }
    economy.addRow(
        economyCells(QStringLiteral("all, %1 related exchanges (default)").arg(kDefaultExchanges), tokenRows, false));
    economy.addRow(economyCells(QStringLiteral("all, %1 related exchanges").arg(kWideExchanges), wideRows, false));
    economy.addNote(QStringLiteral("History: every turn as one line. Context: the memory sections MemoryService::"
                                   "buildContext assembles for the question (default budgets: 1000 tokens of "
                                   "episodes), without the system prompt and the question itself. Shares are "
                                   "averaged per question."));
    report.add(economy);
    report.values()["token_economy"] = economyJson;
}

} // namespace

// The exit code when the data sets are missing; CTest reports the smoke run as skipped.
constexpr int kNoData = 77;

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const BenchOptions options =
        parseOptions(app.arguments(), QStringLiteral("Usage: bench_quality [options]\n"
                                                     "Retrieval quality on MemDaily and REALTALK, Engram beside "
                                                     "plain BM25 and the original keyword method.\n"
                                                     "Sections: memdaily, realtalk, conversational, fusion\n"
                                                     "--quick: MemDaily on every 3rd trajectory; all of REALTALK."));
    if (!QFileInfo::exists(QDir(options.dataDir).filePath(QStringLiteral("memdaily")))) {
        std::fprintf(stderr, "No benchmark data in %s (give --data DIR)\n", qPrintable(options.dataDir));
        return kNoData;
    }
    QTemporaryDir temp;
    const QString dir = options.workDir.isEmpty() ? temp.path() : options.workDir;
    QDir().mkpath(dir);
    const QString templatePath = createTemplate(dir);
    std::printf("Data: %s\n", qPrintable(options.dataDir));
    Report report(QStringLiteral("quality"));
    report.values()["quick"] = options.quick;
    if (options.wants(QStringLiteral("memdaily")))
        runMemDaily(options, templatePath, dir, report);
    if (options.wants(QStringLiteral("realtalk")))
        runRealtalk(options, templatePath, dir, report);
    if (options.wants(QStringLiteral("conversational")))
        runConversational(options, templatePath, dir, report);
    if (options.wants(QStringLiteral("fusion")))
        runFusionSimulation(options, templatePath, dir, report);
    return report.write(options.jsonPath) ? 0 : 1;
}
