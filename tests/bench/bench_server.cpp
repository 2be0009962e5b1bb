// The PostgreSQL backend beside SQLite, every workload run on both in the same process: a user
// with 100,000 generated episodes (bulk load, search, context build), an import through
// MemoryService::importDocument, turns from 1 and from 8 concurrent clients (each a thread with
// its own MemoryService and connection), and one user among many (1,000 users). The server is
// the one libpq's PG* variables name (scripts/with-postgres.sh starts a throwaway one); each
// memory there is a database of its own, created and dropped by the run.

#include "BenchSupport.h"
#include "CorpusGenerator.h"
#include "Datasets.h"
#include "RetrievalMetrics.h"
#include "TestLocation.h"

#include "core/Clock.h"
#include "memory/ItemJson.h"
#include "memory/MemoryService.h"
#include "memory/QueryAnalyzer.h"
#include "memory/Retriever.h"
#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/Sql.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QThread>
#include <QUuid>

#include <cstdio>
#include <latch>
#include <memory>

using namespace engram;
using namespace engram::bench;

namespace {

const QString kUser = QStringLiteral("bench-user");
constexpr int kFacts = 500;
constexpr int kManyUsers = 1000;

enum class Engine
{
    Postgres,
    Sqlite
};

QString engineName(Engine e)
{
    return e == Engine::Postgres ? QStringLiteral("PostgreSQL") : QStringLiteral("SQLite");
}

// A memory of the run: a file in the work folder, or a fresh database on the server (dropped
// with it unless ENGRAM_BENCH_KEEP is set, for a look with psql afterwards).
class Memory final
{
public:
    Memory(Engine engine, const QString& dir, const QString& name)
        : m_engine(engine)
    {
        // TestLocation makes a database on the server when ENGRAM_TEST_BACKEND=postgres.
        if (engine == Engine::Postgres)
            qputenv("ENGRAM_TEST_BACKEND", "postgres");
        else
            qunsetenv("ENGRAM_TEST_BACKEND");
        m_location = std::make_unique<test::TestLocation>(dir, name + QStringLiteral(".sqlite"));
        qunsetenv("ENGRAM_TEST_BACKEND");
        if (engine == Engine::Sqlite)
            removeDatabase(m_location->text());
    }
    ~Memory()
    {
        if (!qEnvironmentVariableIsEmpty("ENGRAM_BENCH_KEEP")) {
            std::printf("kept %s\n", qPrintable(m_location->text()));
            (void)m_location.release();
        } else if (m_engine == Engine::Sqlite) {
            removeDatabase(m_location->text());
        }
    }
    Memory(const Memory&) = delete;
    Memory& operator=(const Memory&) = delete;

    Engine engine() const { return m_engine; }
    const MemoryLocation& location() const { return m_location->location(); }

    // What the memory takes on disk: the file with its WAL, or the server's database.
    qint64 bytes(Database& db) const
    {
        if (m_engine == Engine::Sqlite) {
            check(db.checkpoint(), "checkpoint");
            return QFileInfo(m_location->text()).size() + QFileInfo(m_location->text() + QStringLiteral("-wal")).size();
        }
        return check(sql::scalar(db.connection(), QStringLiteral("SELECT pg_database_size(current_database())")),
                     "size")
            .toLongLong();
    }

private:
    Engine m_engine;
    std::unique_ptr<test::TestLocation> m_location;
};

std::unique_ptr<MemoryService> openService(const Memory& memory, Clock& clock)
{
    MemoryConfig config;
    config.episodeCapacity = 100000000; // a user who chose to keep everything: no forgetting here
    return check(MemoryService::open(memory.location(), config, clock), "open");
}

void addFacts(MemoryService& service, const CorpusGenerator& gen, const QString& userId)
{
    for (int i = 0; i < kFacts; ++i) {
        const GeneratedFact f = gen.fact(i);
        (void)check(service.addFact(userId, f.subject, f.predicate + QString::number(i), f.object, 0.9), "fact");
    }
}

// Loads episodes [0, n) in one transaction as the importer does (EpisodeStore::beginBulkLoad,
// insertAll a batch at a time, finishBulkLoad), episode i belonging to user i / perUser (or all
// to kUser); episodes per second of the inserts, the finish and the commit.
double load(MemoryService& service, const CorpusGenerator& gen, int n, int perUser = 0)
{
    EpisodeStore episodes(service.database());
    Transaction tx(service.database());
    check(tx.begin(), "begin");
    Stopwatch watch;
    check(episodes.beginBulkLoad(), "bulk load");
    double seconds = watch.wallMs() / 1000;
    const double rate = bulkImport(
        gen, 0, n, service.database(), [&](const QList<GeneratedEpisode>& batch, const QStringList&, qint64 first) {
            QList<Episode> list;
            for (qsizetype i = 0; i < batch.size(); ++i) {
                const QString user =
                    perUser > 0 ? QStringLiteral("user-%1").arg((first + i) / perUser, 4, 10, QLatin1Char('0')) : kUser;
                list.append(storedEpisode(batch.at(i), user));
            }
            return episodes.insertAll(list);
        });
    seconds += n / rate;
    watch.restart();
    check(episodes.finishBulkLoad(), "bulk load");
    check(tx.commit(), "commit");
    seconds += watch.wallMs() / 1000;
    return n / seconds;
}

ContextRequest contextRequest(const QString& userId, const QString& conversationId, const QString& query)
{
    ContextRequest request;
    request.userId = userId;
    request.conversationId = conversationId;
    request.query = query;
    request.systemPrompt = QStringLiteral("You are a helpful assistant. Use memory when relevant.");
    return request;
}

// A conversation with six rounds in its window, for the context builds.
Conversation conversationWithWindow(MemoryService& service, ManualClock& clock, const CorpusGenerator& gen,
                                    const QString& userId, qint64 first)
{
    const Conversation conversation = check(service.createConversation(userId, QStringLiteral("bench")), "conv");
    for (int i = 0; i < 6; ++i) {
        const GeneratedEpisode g = gen.episode(first + i);
        clock.advanceSecs(30);
        (void)check(service.appendMessage(userId, conversation.id, Role::User, g.content), "append");
        (void)check(service.appendMessage(userId, conversation.id, Role::Assistant, g.response), "append");
    }
    return conversation;
}

struct Lookups
{
    Latency search;
    Latency searchCpu;
    Latency bounded; // EpisodeStore::search with the analysed terms, without the Retriever
    Latency context;
    Latency contextCpu;
};

// Search (the Retriever's, top 10), the bounded store search and context builds for `userId`,
// whose episodes are [first, first + n).
Lookups lookUp(MemoryService& service, ManualClock& clock, const CorpusGenerator& gen, const QString& userId,
               qint64 first, int n, bool quick)
{
    Lookups r;
    const QStringList qs = queriesAbout(gen, n, quick ? 100 : 300, first);
    r.search = timeEach(
        qs, static_cast<int>(qs.size()),
        [&](const QString& q) { (void)check(service.retriever().searchEpisodes(userId, q, 10), "search"); },
        &r.searchCpu);
    EpisodeStore episodes(service.database());
    r.bounded = timeEach(qs, static_cast<int>(qs.size()), [&](const QString& q) {
        QList<SearchTerm> terms;
        for (const QueryTerm& t : QueryAnalyzer::analyze(q, clock.now()).terms)
            terms.append({t.text, 1.0});
        (void)check(episodes.search(userId, terms, 10), "bounded search");
    });
    const Conversation conversation = conversationWithWindow(service, clock, gen, userId, 50000000);
    r.context = timeEach(
        qs, quick ? 50 : 200,
        [&](const QString& q) {
            (void)check(service.buildContext(contextRequest(userId, conversation.id, q)), "context");
        },
        &r.contextCpu);
    return r;
}

struct OneUser
{
    double loadRate{};
    Lookups lookups;
    double bytesPerEpisode{};
};

OneUser runOneUser(const Memory& memory, const CorpusGenerator& gen, int n, bool lookups, bool quick)
{
    OneUser r;
    ManualClock clock(gen.episode(n - 1).time.addDays(1));
    auto service = openService(memory, clock);
    (void)check(service->ensureUser(kUser), "user");
    addFacts(*service, gen, kUser);
    const qint64 before = memory.bytes(service->database());
    const Stopwatch watch;
    r.loadRate = load(*service, gen, n);
    r.bytesPerEpisode = static_cast<double>(memory.bytes(service->database()) - before) / n;
    std::printf("%s: %d episodes loaded in %.1f s\n", qPrintable(engineName(memory.engine())), n,
                watch.wallMs() / 1000);
    std::fflush(stdout);
    if (lookups)
        r.lookups = lookUp(*service, clock, gen, kUser, 0, n, quick);
    return r;
}

// MemoryService::importDocument of `n` generated exchanges (an export document) for a new user;
// episodes per second of the write (the report's time), and of parse + write.
struct Import
{
    double writeRate{};
    double totalRate{};
};

Import runImport(const Memory& memory, const CorpusGenerator& gen, int n, const QString& userId)
{
    Json doc = Json::object();
    doc["format"] = "engram-memory";
    doc["version"] = 1;
    doc["episodes"] = Json::array();
    for (int i = 0; i < n; ++i) {
        Episode e = storedEpisode(gen.episode(20000000 + i), userId);
        // An exported conversation is named by a UUID.
        e.conversationId = QUuid::createUuidV5(QUuid(), userId + e.conversationId).toString(QUuid::WithoutBraces);
        doc["episodes"].push_back(itemjson::toJson(e));
    }
    const QByteArray bytes = QByteArray::fromStdString(doc.dump());
    ManualClock clock(gen.start().addYears(10));
    auto service = openService(memory, clock);
    const Stopwatch watch;
    const ImportReport report = check(service->importDocument(userId, bytes), "import");
    const double totalMs = watch.wallMs();
    if (report.episodes.added != n)
        qFatal("imported %d of %d episodes", report.episodes.added, n);
    return Import{n * 1000.0 / std::max<double>(1, static_cast<double>(report.elapsedMs)), n * 1000.0 / totalMs};
}

struct Clients
{
    int clients{};
    double turnsPerSecond{};
    Latency search;
    Latency context;
    Latency turn;
};

// `clients` threads, each with its own MemoryService on the memory and a conversation of kUser
// (whose episodes are [0, n)), each doing `turns` turns: a search (Retriever, top 10), then a turn
// as TurnPipeline stores and reads it: the user's message, the context for it, the reply with its
// exchange. All start together; turns per second over the wall time of the whole.
Clients runClients(const Memory& memory, const CorpusGenerator& gen, int n, int clients, int turns, int round)
{
    Clients r;
    r.clients = clients;
    std::vector<std::vector<double>> search(clients);
    std::vector<std::vector<double>> context(clients);
    std::vector<std::vector<double>> turn(clients);
    const QStringList qs = queriesAbout(gen, n, clients * turns, 7000 + round);
    std::latch opened(clients + 1);
    std::latch go(1);
    std::vector<std::unique_ptr<QThread>> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back(QThread::create([&, c] {
            ManualClock clock(gen.episode(n - 1).time.addDays(2 + round));
            auto service = openService(memory, clock);
            const Conversation conversation = check(
                service->createConversation(kUser, QStringLiteral("client %1 round %2").arg(c).arg(round)), "conv");
            opened.count_down();
            go.wait();
            for (int i = 0; i < turns; ++i) {
                const GeneratedEpisode asked = gen.episode(30000000 + 100000LL * round + 10000LL * c + i);
                clock.advanceSecs(40);
                Stopwatch watch;
                (void)check(service->retriever().searchEpisodes(kUser, qs.at(c * turns + i), 10), "search");
                search[c].push_back(watch.wallMs());
                watch.restart();
                const Message m =
                    check(service->appendMessage(kUser, conversation.id, Role::User, asked.content), "message");
                const Stopwatch built;
                ContextRequest request = contextRequest(kUser, conversation.id, asked.content);
                request.queryMessageId = m.id;
                (void)check(service->buildContext(request), "context");
                context[c].push_back(built.wallMs());
                (void)check(service->appendReply(kUser, conversation.id, m.content, asked.response,
                                                 MessageStatus::Complete, Json{{"reply_to", m.id.toStdString()}},
                                                 Json{{"user_message_id", m.id.toStdString()}}),
                            "reply");
                turn[c].push_back(watch.wallMs());
            }
        }));
        threads.back()->start();
    }
    opened.arrive_and_wait();
    const Stopwatch wall;
    go.count_down();
    for (const auto& t : threads)
        t->wait();
    r.turnsPerSecond = clients * turns / (wall.wallMs() / 1000);
    const auto merged = [](const std::vector<std::vector<double>>& parts) {
        std::vector<double> all;
        for (const auto& p : parts)
            all.insert(all.end(), p.begin(), p.end());
        return latencyOf(all);
    };
    r.search = merged(search);
    r.context = merged(context);
    r.turn = merged(turn);
    return r;
}

struct ManyUsers
{
    int episodes{};
    double loadRate{};
    Lookups lookups;
};

ManyUsers runManyUsers(const Memory& memory, const CorpusGenerator& gen, int n, bool quick)
{
    ManyUsers r;
    r.episodes = n;
    const int perUser = n / kManyUsers;
    ManualClock clock(gen.episode(n - 1).time.addDays(1));
    auto service = openService(memory, clock);
    for (int u = 0; u < kManyUsers; ++u)
        (void)check(service->ensureUser(QStringLiteral("user-%1").arg(u, 4, 10, QLatin1Char('0'))), "user");
    const int measured = kManyUsers / 2;
    const QString userId = QStringLiteral("user-%1").arg(measured, 4, 10, QLatin1Char('0'));
    addFacts(*service, gen, userId);
    const Stopwatch watch;
    r.loadRate = load(*service, gen, perUser * kManyUsers, perUser);
    std::printf("%s: %d episodes of %d users loaded in %.1f s\n", qPrintable(engineName(memory.engine())),
                perUser * kManyUsers, kManyUsers, watch.wallMs() / 1000);
    std::fflush(stdout);
    r.lookups = lookUp(*service, clock, gen, userId, static_cast<qint64>(measured) * perUser, perUser, quick);
    return r;
}

// Recall on the dev sets, the same stores on both engines (recallOf): each store (a MemDaily
// trajectory with its 10x haystack, a REALTALK chat) loaded as bench_quality loads it (one
// episode a message, in its conversation), and each question asked of
// Retriever::searchEpisodes at its own time, top 10.
struct Recall
{
    RankScore memDaily;
    RankScore realtalk;
    int memDailyQuestions{};
    int realtalkQuestions{};
};

// Loads `store` as `user` of `service` and asks it each of the store's questions.
void askStore(MemoryService& service, ManualClock& clock, const BenchStore& store, const QString& user,
              MetricSums& sums)
{
    const QString prefix = user + QLatin1Char(':'); // ids are unique across users
    (void)check(service.ensureUser(user), "user");
    QList<Episode> list;
    for (const BenchItem& item : store.items) {
        Episode e;
        e.id = prefix + item.key;
        e.userId = user;
        e.content = item.text;
        e.conversationId = item.conversation;
        e.createdAt = e.updatedAt = e.lastAccessAt = item.time;
        list.append(e);
    }
    EpisodeStore episodes(service.database());
    Transaction tx(service.database());
    check(tx.begin(), "begin");
    check(episodes.insertAll(list), "insert");
    check(tx.commit(), "commit");
    for (const BenchQuestion& q : store.questions) {
        if (q.time.isValid())
            clock.set(q.time);
        else if (!store.items.isEmpty())
            clock.set(store.items.constLast().time);
        const auto hits = check(service.retriever().searchEpisodes(user, QueryText(q.text), 10), "search");
        QStringList keys;
        for (const EpisodeHit& h : hits)
            keys.append(h.episode.id.mid(prefix.size()));
        sums.add(QStringLiteral("engram"), q.group, scoreRanking(keys, q.keys));
    }
}

// On PostgreSQL every store is a user of one database: its ranking uses that user's own
// statistics, as a memory of its own would. On SQLite every store is a file of its own (as
// bench_quality runs them): its statistics are the whole file's.
RankScore recallOf(Engine engine, const QString& dir, const QList<BenchStore>& stores, int& questions)
{
    MetricSums sums;
    std::unique_ptr<Memory> shared;
    ManualClock clock;
    std::unique_ptr<MemoryService> service;
    for (qsizetype s = 0; s < stores.size(); ++s) {
        std::unique_ptr<Memory> own;
        if (engine == Engine::Sqlite || !shared) {
            service.reset();
            own = std::make_unique<Memory>(engine, dir, QStringLiteral("recall"));
            service = openService(*own, clock);
            MemoryConfig config = service->config();
            config.forgetEveryWrites = 100000000;
            service->setConfig(config);
            if (engine == Engine::Postgres)
                shared = std::move(own);
        }
        askStore(*service, clock, stores.at(s), QStringLiteral("store-%1").arg(s), sums);
        if (own)
            service.reset(); // before its file goes
    }
    questions = sums.count(QStringLiteral("engram"));
    return sums.mean(QStringLiteral("engram"));
}

// The server's fsync, set for the whole (throwaway) cluster: `on` or `off`. False when this
// role may not change it.
bool setServerFsync(const Memory& memory, bool on)
{
    ManualClock clock;
    auto service = openService(memory, clock);
    const QSqlDatabase& db = service->database().connection();
    const auto super = sql::scalar(db, QStringLiteral("SELECT rolsuper FROM pg_roles WHERE rolname = current_user"));
    if (!super || !super->toBool())
        return false;
    check(sql::execute(db,
                       on ? QStringLiteral("ALTER SYSTEM SET fsync = on") : QStringLiteral("ALTER SYSTEM RESET fsync")),
          "fsync");
    check(sql::execute(db, QStringLiteral("SELECT pg_reload_conf()")), "reload");
    QThread::msleep(500);
    return true;
}

QString serverFsync(const Memory& memory)
{
    ManualClock clock;
    auto service = openService(memory, clock);
    return check(sql::scalar(service->database().connection(), QStringLiteral("SHOW fsync")), "fsync").toString();
}

QString pair(const Latency& l)
{
    return num(l.p50) + QStringLiteral(" / ") + num(l.p95);
}

QString count(int n)
{
    return n >= 1000000 && n % 1000000 == 0 ? QStringLiteral("%1M").arg(n / 1000000)
                                            : QStringLiteral("%L1k").arg(n / 1000);
}

class Comparison final
{
public:
    Comparison()
        : m_table(QStringLiteral("PostgreSQL beside SQLite (same run, same workloads)"),
                  {QStringLiteral("workload"), QStringLiteral("PostgreSQL"), QStringLiteral("SQLite"),
                   QStringLiteral("PostgreSQL ÷ SQLite"), QStringLiteral("target (PostgreSQL)"), QStringLiteral("met")})
    {}

    // A rate (higher is better).
    void rate(const QString& what, double pg, double lite, double target = 0)
    {
        m_table.addRow({what, num(pg, 0), num(lite, 0), ratio(pg / lite),
                        target > 0 ? QStringLiteral("≥ %L1").arg(target, 0, 'f', 0) : QStringLiteral("–"),
                        target > 0 ? yes(pg >= target) : QStringLiteral("–")});
    }
    // Latencies: p50 / p95, the ratio and target of p95.
    void latency(const QString& what, const Latency& pg, const Latency& lite, double target = 0)
    {
        m_table.addRow({what, pair(pg), pair(lite), ratio(pg.p95 / lite.p95),
                        target > 0 ? QStringLiteral("p95 ≤ %1").arg(target) : QStringLiteral("–"),
                        target > 0 ? yes(pg.p95 <= target) : QStringLiteral("–")});
    }
    // A recall on both engines: the difference, and whether it is within `tolerance`.
    void recall(const QString& what, double pg, double lite, double tolerance)
    {
        m_table.addRow({what, num(pg, 3), num(lite, 3),
                        (pg >= lite ? QStringLiteral("+") : QString()) + num(pg - lite, 3),
                        QStringLiteral("± %1 of SQLite").arg(tolerance), yes(std::abs(pg - lite) <= tolerance)});
    }
    void plain(const QString& what, const QString& pg, const QString& lite)
    {
        m_table.addRow({what, pg, lite, QStringLiteral("–"), QStringLiteral("–"), QStringLiteral("–")});
    }
    Table& table() { return m_table; }

private:
    static QString yes(bool met) { return met ? QStringLiteral("yes") : QStringLiteral("**no**"); }
    Table m_table;
};

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    BenchOptions options = parseOptions(
        app.arguments(),
        QStringLiteral(
            "Usage: bench_server [options]\n"
            "The PostgreSQL backend beside SQLite, on the server libpq's PG* variables name (run it through\n"
            "scripts/with-postgres.sh). Sections (--only): one-user, import, clients, many-users, fsync, recall.\n"
            "--sizes A,B: A episodes for one user (default 100k), B episodes across 1,000 users (default 200k;\n"
            "1m for the million). --quick: 10k and 100k, fewer searches and turns.\n"
            "fsync: import and clients again with the server's fsync on (ALTER SYSTEM; needs a superuser).\n"
            "recall: Recall@1/@5 of the dev sets (--data DIR, MemDaily every 3rd trajectory with --quick) on both."));
    const int oneUser = options.sizes.value(0, options.quick ? 10000 : 100000);
    const int manyUsers = options.sizes.value(1, options.quick ? 100000 : 200000);
    const int imported = options.quick ? 5000 : 20000;
    const int turns = options.quick ? 25 : 60;
    if (qEnvironmentVariableIsEmpty("PGHOST") && qEnvironmentVariableIsEmpty("PGPORT")) {
        std::fprintf(stderr, "No PostgreSQL server named (PGHOST, PGPORT): run through scripts/with-postgres.sh\n");
        return 77;
    }
    QTemporaryDir temp;
    const QString dir = options.workDir.isEmpty() ? temp.path() : options.workDir;
    QDir().mkpath(dir);
    const CorpusGenerator gen;
    Report out(QStringLiteral("server"));
    Comparison table;
    Json values = Json::object();
    const Stopwatch total;
    const Engine engines[] = {Engine::Postgres, Engine::Sqlite};

    const bool needOneUser = options.wants(QStringLiteral("one-user")) || options.wants(QStringLiteral("import")) ||
                             options.wants(QStringLiteral("clients")) || options.wants(QStringLiteral("fsync"));
    std::vector<std::unique_ptr<Memory>> memories;
    QString fsyncAtStart;
    if (needOneUser) {
        OneUser one[2];
        for (int e = 0; e < 2; ++e) {
            memories.push_back(std::make_unique<Memory>(engines[e], dir, QStringLiteral("one-user")));
            one[e] =
                runOneUser(*memories.back(), gen, oneUser, options.wants(QStringLiteral("one-user")), options.quick);
        }
        fsyncAtStart = serverFsync(*memories[0]);
        const QString size = count(oneUser);
        table.rate(
            QStringLiteral("Bulk load, %1 episodes of one user (insertAll, one transaction), episodes/s").arg(size),
            one[0].loadRate, one[1].loadRate, 10000);
        if (options.wants(QStringLiteral("one-user"))) {
            table.latency(QStringLiteral("Search, %1 episodes of one user (Retriever, top 10), p50 / p95 ms").arg(size),
                          one[0].lookups.search, one[1].lookups.search, 15);
            table.latency(QStringLiteral("– the same, CPU of the client thread, p50 / p95 ms"),
                          one[0].lookups.searchCpu, one[1].lookups.searchCpu);
            table.latency(QStringLiteral("– bounded store search alone (EpisodeStore::search), p50 / p95 ms"),
                          one[0].lookups.bounded, one[1].lookups.bounded);
            table.latency(QStringLiteral("Context build, %1 episodes of one user, p50 / p95 ms").arg(size),
                          one[0].lookups.context, one[1].lookups.context);
        }
        table.plain(QStringLiteral("Bytes per episode on disk, %1 episodes").arg(size), num(one[0].bytesPerEpisode, 0),
                    num(one[1].bytesPerEpisode, 0));
        values["one_user"] = Json{{"episodes", oneUser},
                                  {"postgres_load_per_s", one[0].loadRate},
                                  {"sqlite_load_per_s", one[1].loadRate},
                                  {"postgres_search", one[0].lookups.search.toJson()},
                                  {"sqlite_search", one[1].lookups.search.toJson()},
                                  {"postgres_search_cpu", one[0].lookups.searchCpu.toJson()},
                                  {"sqlite_search_cpu", one[1].lookups.searchCpu.toJson()},
                                  {"postgres_bounded", one[0].lookups.bounded.toJson()},
                                  {"sqlite_bounded", one[1].lookups.bounded.toJson()},
                                  {"postgres_context", one[0].lookups.context.toJson()},
                                  {"sqlite_context", one[1].lookups.context.toJson()},
                                  {"postgres_bytes_per_episode", one[0].bytesPerEpisode},
                                  {"sqlite_bytes_per_episode", one[1].bytesPerEpisode}};
        std::printf("one user: %.0f s so far\n", total.wallMs() / 1000);
        std::fflush(stdout);
    }

    // The import and the clients, with the server as started and then (fsync) with fsync on.
    const auto writes = [&](const QString& label, int round) {
        if (options.wants(QStringLiteral("import")) || round > 0) {
            Import im[2];
            for (int e = 0; e < 2; ++e)
                im[e] = runImport(*memories[e], gen, imported, QStringLiteral("importer-%1").arg(round));
            table.rate(QStringLiteral("Import of %L1 episodes (importDocument, the write), episodes/s%2")
                           .arg(imported)
                           .arg(label),
                       im[0].writeRate, im[1].writeRate, 10000);
            table.rate(QStringLiteral("– parse, check and write, episodes/s%1").arg(label), im[0].totalRate,
                       im[1].totalRate);
            values[QStringLiteral("import%1").arg(round).toStdString()] =
                Json{{"episodes", imported},
                     {"postgres_write_per_s", im[0].writeRate},
                     {"sqlite_write_per_s", im[1].writeRate},
                     {"postgres_total_per_s", im[0].totalRate},
                     {"sqlite_total_per_s", im[1].totalRate}};
        }
        if (options.wants(QStringLiteral("clients")) || round > 0) {
            for (const int clients : {1, 8}) {
                Clients c[2];
                for (int e = 0; e < 2; ++e)
                    c[e] = runClients(*memories[e], gen, oneUser, clients, turns, round * 10 + clients);
                const QString who =
                    clients == 1 ? QStringLiteral("1 client") : QStringLiteral("%1 clients").arg(clients);
                table.rate(QStringLiteral("%1, %2 turns each: turns/s%3").arg(who).arg(turns).arg(label),
                           c[0].turnsPerSecond, c[1].turnsPerSecond);
                table.latency(QStringLiteral("%1: search, p50 / p95 ms%2").arg(who, label), c[0].search, c[1].search,
                              clients == 8 ? 30 : 15);
                table.latency(QStringLiteral("%1: context build, p50 / p95 ms%2").arg(who, label), c[0].context,
                              c[1].context);
                table.latency(QStringLiteral("%1: turn (message, context, reply), p50 / p95 ms%2").arg(who, label),
                              c[0].turn, c[1].turn);
                values[QStringLiteral("clients%1_%2").arg(clients).arg(round).toStdString()] =
                    Json{{"clients", clients},
                         {"turns_each", turns},
                         {"postgres_turns_per_s", c[0].turnsPerSecond},
                         {"sqlite_turns_per_s", c[1].turnsPerSecond},
                         {"postgres_search", c[0].search.toJson()},
                         {"sqlite_search", c[1].search.toJson()},
                         {"postgres_context", c[0].context.toJson()},
                         {"sqlite_context", c[1].context.toJson()},
                         {"postgres_turn", c[0].turn.toJson()},
                         {"sqlite_turn", c[1].turn.toJson()}};
            }
        }
        std::printf("writes%s: %.0f s so far\n", qPrintable(label), total.wallMs() / 1000);
        std::fflush(stdout);
    };
    if (needOneUser)
        writes(QStringLiteral(" (server fsync %1)").arg(fsyncAtStart), 0);
    bool fsyncPass = false;
    if (needOneUser && options.wants(QStringLiteral("fsync")) && fsyncAtStart == QLatin1String("off")) {
        if (setServerFsync(*memories[0], true)) {
            fsyncPass = true;
            writes(QStringLiteral(" (server fsync %1)").arg(serverFsync(*memories[0])), 1);
            setServerFsync(*memories[0], false);
        } else {
            std::printf("fsync pass skipped: this role may not change the server's fsync\n");
        }
    }
    memories.clear();

    if (options.wants(QStringLiteral("many-users"))) {
        ManyUsers many[2];
        for (int e = 0; e < 2; ++e) {
            const Memory memory(engines[e], dir, QStringLiteral("many-users"));
            many[e] = runManyUsers(memory, gen, manyUsers, options.quick);
        }
        const QString size = QStringLiteral("%1 episodes of %L2 users").arg(count(manyUsers)).arg(kManyUsers);
        table.rate(QStringLiteral("Bulk load, %1, episodes/s").arg(size), many[0].loadRate, many[1].loadRate);
        table.latency(QStringLiteral("Search for one user among %1, p50 / p95 ms").arg(size), many[0].lookups.search,
                      many[1].lookups.search, 15);
        table.latency(QStringLiteral("– bounded store search alone, p50 / p95 ms"), many[0].lookups.bounded,
                      many[1].lookups.bounded);
        table.latency(QStringLiteral("Context build for one user among %1, p50 / p95 ms").arg(size),
                      many[0].lookups.context, many[1].lookups.context);
        values["many_users"] = Json{{"episodes", manyUsers},
                                    {"users", kManyUsers},
                                    {"postgres_load_per_s", many[0].loadRate},
                                    {"sqlite_load_per_s", many[1].loadRate},
                                    {"postgres_search", many[0].lookups.search.toJson()},
                                    {"sqlite_search", many[1].lookups.search.toJson()},
                                    {"postgres_bounded", many[0].lookups.bounded.toJson()},
                                    {"sqlite_bounded", many[1].lookups.bounded.toJson()},
                                    {"postgres_context", many[0].lookups.context.toJson()},
                                    {"sqlite_context", many[1].lookups.context.toJson()}};
    }

    if (options.wants(QStringLiteral("recall"))) {
        const QString data = options.dataDir;
        auto memDaily = loadMemDaily(QDir(data).filePath(QStringLiteral("memdaily")), 10, options.quick ? 3 : 1);
        auto realtalk = loadRealtalk(QDir(data).filePath(QStringLiteral("realtalk")));
        if (!memDaily || !realtalk)
            qFatal("recall: no dev sets in %s (--data DIR): %s", qPrintable(data),
                   qPrintable(memDaily ? realtalk.errorMessage() : memDaily.errorMessage()));
        if (options.limit > 0) {
            memDaily->resize(std::min<qsizetype>(memDaily->size(), options.limit));
            realtalk->resize(std::min<qsizetype>(realtalk->size(), options.limit));
        }
        Recall r[2];
        for (int e = 0; e < 2; ++e) {
            r[e].memDaily = recallOf(engines[e], dir, *memDaily, r[e].memDailyQuestions);
            r[e].realtalk = recallOf(engines[e], dir, *realtalk, r[e].realtalkQuestions);
            std::printf("%s: recall done, %.0f s so far\n", qPrintable(engineName(engines[e])), total.wallMs() / 1000);
            std::fflush(stdout);
        }
        const QString memDailyName = QStringLiteral("MemDaily 10×%1 (%L2 questions)")
                                         .arg(options.quick ? QStringLiteral(", every 3rd trajectory") : QString())
                                         .arg(r[0].memDailyQuestions);
        const QString realtalkName = QStringLiteral("REALTALK turns (%L1 questions)").arg(r[0].realtalkQuestions);
        table.recall(QStringLiteral("Recall@5, %1").arg(memDailyName), r[0].memDaily.recall5, r[1].memDaily.recall5,
                     0.01);
        table.recall(QStringLiteral("Recall@1, %1").arg(memDailyName), r[0].memDaily.recall1, r[1].memDaily.recall1,
                     0.01);
        table.recall(QStringLiteral("Recall@5, %1").arg(realtalkName), r[0].realtalk.recall5, r[1].realtalk.recall5,
                     0.01);
        table.recall(QStringLiteral("Recall@1, %1").arg(realtalkName), r[0].realtalk.recall1, r[1].realtalk.recall1,
                     0.01);
        values["recall"] = Json{
            {"memdaily_questions", r[0].memDailyQuestions},       {"realtalk_questions", r[0].realtalkQuestions},
            {"postgres_memdaily_recall5", r[0].memDaily.recall5}, {"sqlite_memdaily_recall5", r[1].memDaily.recall5},
            {"postgres_memdaily_recall1", r[0].memDaily.recall1}, {"sqlite_memdaily_recall1", r[1].memDaily.recall1},
            {"postgres_realtalk_recall5", r[0].realtalk.recall5}, {"sqlite_realtalk_recall5", r[1].realtalk.recall5},
            {"postgres_realtalk_recall1", r[0].realtalk.recall1}, {"sqlite_realtalk_recall1", r[1].realtalk.recall1}};
    }

    table.table().addNote(
        QStringLiteral(
            "PostgreSQL: the server libpq's PG* variables name (scripts/with-postgres.sh: a throwaway local cluster, "
            "started with fsync=%1; it runs on the same cores as the benchmark), over a Unix socket, one database per "
            "memory. SQLite: a file in %2 (WAL, synchronous=FULL). Each workload runs on PostgreSQL first, then on "
            "SQLite, with the same generated mixed Chinese/English episodes and questions. Search: "
            "Retriever::searchEpisodes, top 10 (bench_scale's questions). Context: MemoryService::buildContext with "
            "%3 facts and a 6-round window. A client: a thread with its own MemoryService and connection, all on the "
            "one user; each turn a search, then the user's message, the context for it and the reply with its "
            "exchange (as TurnPipeline stores them); turns/s over the wall time of all clients. Recall rows: "
            "each dev-set store a user of one database on PostgreSQL (ranked by its own statistics), a file of its own "
            "on SQLite, each question asked at its time (Retriever, top "
            "10); their third column is PostgreSQL minus SQLite. %4Load average at "
            "the end: %5; %6 s in all.")
            .arg(fsyncAtStart.isEmpty() ? QStringLiteral("?") : fsyncAtStart, dir)
            .arg(kFacts)
            .arg(fsyncPass ? QStringLiteral("\"fsync on\": the same import and clients after ALTER SYSTEM SET fsync "
                                            "= on (SQLite syncs every commit in both). ")
                           : QString())
            .arg(num(loadAverage(), 1))
            .arg(num(total.wallMs() / 1000, 0)));
    out.add(table.table());
    out.values() = values;
    return out.write(options.jsonPath) ? 0 : 1;
}
