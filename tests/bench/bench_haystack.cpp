// Recall in a large memory (issue 14): the dev sets' stores planted among generated distractors
// (100k and 1M episodes of the scale generator's mixed Chinese/English user), one store at a
// time, and their questions asked. Three rankings of the same store side by side: Engram's retrieval as a
// chat turn runs it, the bounded index search it rests on (EpisodeIndex: the rarest terms within
// a budget of postings), and exact BM25 (FTS5 ranking every posting of the same terms). The
// bounded search is what makes a million episodes fast; this measures what it costs in recall.

#include "BenchSupport.h"
#include "CorpusGenerator.h"
#include "Datasets.h"
#include "RetrievalMetrics.h"

#include "core/SearchTokenizer.h"
#include "memory/MemoryService.h"
#include "memory/QueryAnalyzer.h"
#include "storage/Database.h"
#include "storage/EpisodeStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>

#include <cstdio>
#include <map>

using namespace engram;
using namespace engram::bench;

namespace {

const QString kUser = QStringLiteral("haystack-user");
constexpr int kBatch = 5000;
constexpr int kTopK = 10;

const QString kEngram = QStringLiteral("Engram (as a turn)");
const QString kBounded = QStringLiteral("bounded index search");
const QString kExact = QStringLiteral("exact BM25 (every posting)");

// A dev set: its stores, each the memory of one user in bench_quality, and their questions.
struct DevSet
{
    QString name;
    QList<BenchStore> stores;

    qsizetype questions() const
    {
        qsizetype n = 0;
        for (const BenchStore& s : stores)
            n += s.questions.size();
        return n;
    }
};

// MemDaily's 10× stores (every `sampleEvery`-th trajectory of each file), as bench_quality reads them.
DevSet memDaily(const QString& dataDir, int sampleEvery)
{
    auto stores = loadMemDaily(QDir(dataDir).filePath(QStringLiteral("memdaily")), 10, sampleEvery);
    if (!stores)
        qFatal("MemDaily: %s", qPrintable(stores.errorMessage()));
    return DevSet{QStringLiteral("MemDaily 10×"), *stores};
}

// REALTALK's chats, turn level, every `questionEvery`-th question of each.
DevSet realtalk(const QString& dataDir, int questionEvery)
{
    auto stores = loadRealtalk(QDir(dataDir).filePath(QStringLiteral("realtalk")));
    if (!stores)
        qFatal("REALTALK: %s", qPrintable(stores.errorMessage()));
    DevSet set{QStringLiteral("REALTALK turns"), {}};
    for (BenchStore s : std::as_const(*stores)) {
        QList<BenchQuestion> kept;
        for (qsizetype i = 0; i < s.questions.size(); i += questionEvery)
            kept.append(s.questions.at(i));
        s.questions = kept;
        set.stores.append(s);
    }
    return set;
}

Episode itemEpisode(const BenchItem& item)
{
    Episode e;
    e.id = item.key; // a hit's id is its item's key
    e.userId = kUser;
    e.content = item.text;
    e.conversationId = item.conversation;
    e.createdAt = e.updatedAt = e.lastAccessAt = item.time;
    return e;
}

struct MethodResult
{
    MetricSums sums;
    std::map<QString, std::vector<double>> millis;
};

struct SizeResult
{
    int distractors{};
    double loadSeconds{};
    std::map<QString, MethodResult> sets; // by set name
};

QStringList idsOf(const QList<EpisodeHit>& hits)
{
    QStringList ids;
    for (const EpisodeHit& h : hits)
        ids.append(h.episode.id);
    return ids;
}

MemoryConfig keepEverything()
{
    MemoryConfig config;
    config.episodeCapacity = 100000000; // a user who keeps everything: nothing is forgotten here
    config.forgetEveryWrites = 100000000;
    return config;
}

// The user's memory of `distractors` generated episodes, bulk loaded; the seconds it took.
double createHaystack(const CorpusGenerator& gen, int distractors, const QString& path)
{
    removeDatabase(path);
    ManualClock clock(gen.start());
    auto service = check(MemoryService::open(path, keepEverything(), clock), "open");
    (void)check(service->ensureUser(kUser), "user");
    EpisodeStore episodes(service->database());
    const Stopwatch load;
    Transaction tx(service->database());
    check(tx.begin(), "begin");
    check(episodes.beginBulkLoad(), "bulk load");
    for (int from = 0; from < distractors; from += kBatch) {
        QList<Episode> batch;
        for (int i = from; i < std::min(distractors, from + kBatch); ++i)
            batch.append(storedEpisode(gen.episode(i), kUser));
        check(episodes.insertAll(batch), "insert distractors");
    }
    check(episodes.finishBulkLoad(), "index");
    check(tx.commit(), "commit");
    check(service->database().checkpoint(), "checkpoint");
    return load.wallMs() / 1000.0;
}

// Each store of the set in turn joins the haystack in a transaction that is rolled back after its
// questions, so every store meets the same distractors and nothing else. The memory is opened
// afresh for each store: nothing a previous store's searches cached survives the rollback.
void askSet(const DevSet& set, const QString& path, MethodResult& m)
{
    for (const BenchStore& store : set.stores) {
        ManualClock clock(store.items.isEmpty() ? QDateTime::currentDateTimeUtc() : store.items.constLast().time);
        auto service = check(MemoryService::open(path, keepEverything(), clock), "open");
        EpisodeStore episodes(service->database());
        Transaction tx(service->database());
        check(tx.begin(), "begin");
        QList<Episode> planted;
        for (const BenchItem& item : store.items)
            planted.append(itemEpisode(item));
        check(episodes.insertAll(planted), "plant");
        (void)check(service->retriever().searchEpisodes(kUser, QStringLiteral("warm up"), 1), "warm up");
        for (const BenchQuestion& q : store.questions) {
            if (q.time.isValid())
                clock.set(q.time);
            Stopwatch watch;
            const auto engram = check(service->retriever().searchEpisodes(kUser, q.text, kTopK), "Engram");
            m.millis[kEngram].push_back(watch.wallMs());
            QList<SearchTerm> terms;
            QStringList texts;
            for (const QueryTerm& t : QueryAnalyzer::analyze(q.text, clock.now()).terms) {
                terms.append({t.text, 1.0});
                texts.append(t.text);
            }
            watch.restart();
            const auto bounded = check(episodes.search(kUser, terms, kTopK), "bounded search");
            m.millis[kBounded].push_back(watch.wallMs());
            watch.restart();
            const auto exact = check(episodes.searchAll(kUser, searchTerms(texts), kTopK), "exact");
            m.millis[kExact].push_back(watch.wallMs());
            m.sums.add(kEngram, q.group, scoreRanking(idsOf(engram), q.keys));
            m.sums.add(kBounded, q.group, scoreRanking(idsOf(bounded), q.keys));
            m.sums.add(kExact, q.group, scoreRanking(idsOf(exact), q.keys));
        }
        // Leaving the scope rolls the planted store back.
    }
}

SizeResult runSize(const CorpusGenerator& gen, int distractors, const QList<DevSet>& sets, const QString& dir)
{
    SizeResult r;
    r.distractors = distractors;
    const QString path = QDir(dir).filePath(QStringLiteral("haystack-%1.sqlite").arg(distractors));
    r.loadSeconds = createHaystack(gen, distractors, path);
    for (const DevSet& set : sets)
        askSet(set, path, r.sets[set.name]);
    if (qEnvironmentVariableIsEmpty("ENGRAM_BENCH_KEEP"))
        removeDatabase(path);
    return r;
}

QString sizeName(int n)
{
    if (n == 0)
        return QStringLiteral("alone");
    if (n % 1000000 == 0)
        return QStringLiteral("+%1M").arg(n / 1000000);
    if (n % 1000 == 0)
        return QStringLiteral("+%1k").arg(n / 1000);
    return QStringLiteral("+%1").arg(n);
}

void report(const QList<SizeResult>& results, const QList<DevSet>& sets, Report& out)
{
    const QStringList methods{kEngram, kBounded, kExact};
    Json values = Json::array();
    for (const DevSet& set : sets) {
        QStringList columns{QStringLiteral("method")};
        for (const SizeResult& r : results)
            columns.append(QStringLiteral("%1 R@5 (R@1)").arg(sizeName(r.distractors)));
        Table recall(QStringLiteral("%1 planted among generated episodes: Recall@5 (Recall@1), %2 questions")
                         .arg(set.name)
                         .arg(set.questions()),
                     columns);
        QStringList latencyColumns{QStringLiteral("method")};
        for (const SizeResult& r : results)
            latencyColumns.append(QStringLiteral("%1 p50 / p95 ms").arg(sizeName(r.distractors)));
        Table latency(QStringLiteral("%1 planted: search latency").arg(set.name), latencyColumns);
        for (const QString& method : methods) {
            QStringList row{method};
            QStringList latencyRow{method};
            for (const SizeResult& r : results) {
                const MethodResult& m = r.sets.at(set.name);
                const RankScore s = m.sums.mean(method);
                row.append(num(s.recall5, 3) + QStringLiteral(" (") + num(s.recall1, 3) + QLatin1Char(')'));
                const Latency l = latencyOf(m.millis.at(method));
                latencyRow.append(num(l.p50) + QStringLiteral(" / ") + num(l.p95));
                values.push_back(Json{{"set", set.name.toStdString()},
                                      {"distractors", r.distractors},
                                      {"method", method.toStdString()},
                                      {"recall1", s.recall1},
                                      {"recall5", s.recall5},
                                      {"recall10", s.recall10},
                                      {"latency_ms", l.toJson()}});
            }
            recall.addRow(row);
            latency.addRow(latencyRow);
        }
        recall.addNote(
            QStringLiteral(
                "%1 stores, each planted in turn among the distractors (\"alone\": none, as in bench_quality). Bounded "
                "and exact rank the same analysed terms, each of weight 1, with no re-ranking; Engram is "
                "Retriever::searchEpisodes, the search of a chat turn.")
                .arg(set.stores.size()));
        out.add(recall);
        out.add(latency);
    }
    QStringList loadRow;
    for (const SizeResult& r : results)
        loadRow.append(QStringLiteral("%1: %2 s").arg(sizeName(r.distractors), num(r.loadSeconds, 1)));
    std::printf("Bulk load of the distractors (indexed): %s\n\n", qPrintable(loadRow.join(QLatin1String(", "))));
    out.values()["results"] = values;
}

} // namespace

// The exit code when the data sets are missing; CTest reports the smoke run as skipped.
constexpr int kNoData = 77;

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    BenchOptions options = parseOptions(
        app.arguments(), QStringLiteral("Usage: bench_haystack [options]\n"
                                        "The dev sets planted among generated episodes: Recall@5 of Engram, of the "
                                        "bounded index search and of exact BM25.\n"
                                        "--sizes: distractor counts (0 is always measured); default 100000,1000000.\n"
                                        "--quick: 10,000 distractors, every 15th MemDaily trajectory and every "
                                        "10th REALTALK question (else every 3rd and every 2nd)."));
    if (options.sizes.isEmpty())
        options.sizes = options.quick ? QList<int>{10000} : QList<int>{100000, 1000000};
    if (!options.sizes.contains(0))
        options.sizes.prepend(0);
    const QString dataDir = options.dataDir;
    if (!QFileInfo::exists(QDir(dataDir).filePath(QStringLiteral("memdaily")))) {
        std::fprintf(stderr, "No benchmark data in %s (give --data DIR)\n", qPrintable(dataDir));
        return kNoData;
    }
    std::printf("Data: %s\n\n", qPrintable(dataDir));
    QList<DevSet> sets{memDaily(dataDir, options.quick ? 15 : 3), realtalk(dataDir, options.quick ? 10 : 2)};
    if (options.limit > 0) {
        for (DevSet& set : sets)
            set.stores = set.stores.mid(0, options.limit);
    }
    QTemporaryDir temp;
    const QString dir = options.workDir.isEmpty() ? temp.path() : options.workDir;
    QDir().mkpath(dir);
    const CorpusGenerator gen;
    Report out(QStringLiteral("haystack"));
    out.values()["quick"] = options.quick;
    QList<SizeResult> results;
    for (const int n : std::as_const(options.sizes)) {
        const Stopwatch watch;
        results.append(runSize(gen, n, sets, dir));
        std::printf("%d distractors measured in %.1f s\n", n, watch.wallMs() / 1000.0);
        std::fflush(stdout);
    }
    report(results, sets, out);
    return out.write(options.jsonPath) ? 0 : 1;
}
