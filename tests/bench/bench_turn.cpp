// One turn through the real TurnPipeline over a user with 10,000 episodes and 500 facts: the
// memory work done before the request leaves (redact, store the message, explicit facts, build
// the context) and the work after the reply (store it, record the exchange, queue the jobs).
// The model is an in-process backend that answers at once, so only Engram's own work is timed.
// Beside it, in the same run, the original design's work before a request: keyword containment
// over the 50 most recent memories.
#include "Baselines.h"
#include "BenchSupport.h"
#include "CorpusGenerator.h"

#include "core/Clock.h"
#include "llm/ChatBackend.h"
#include "memory/JobRunner.h"
#include "memory/MemoryService.h"
#include "memory/TurnPipeline.h"
#include "storage/Database.h"
#include "storage/EpisodeStore.h"

#include <QCoreApplication>
#include <QTemporaryDir>

using namespace engram;
using namespace engram::bench;

namespace {

const QString kUser = QStringLiteral("bench");
constexpr int kFacts = 500;
constexpr int kBatch = 5000;

// A model that is never waited for: the stream is opened at once, and the bench ends it.
class InstantBackend final : public ChatBackend
{
public:
    ChatReply* streamChat(const ChatRequest&) override
    {
        requestAt = watch.wallMs();
        requestCpu = watch.cpuMs();
        last = new ChatReply(true);
        return last;
    }
    ChatReply* complete(const ChatRequest&) override { return new ChatReply(false); }
    EmbeddingReply* embed(const QStringList&, const QString&) override { return new EmbeddingReply(); }
    bool canEmbed() const override { return false; }
    QString embeddingModel() const override { return {}; }

    Stopwatch watch;
    double requestAt{};
    double requestCpu{}; // the thread's CPU time until the request
    ChatReply* last{};
};

void fill(MemoryService& service, OriginalDesignStore& original, const CorpusGenerator& gen, int n)
{
    EpisodeStore episodes(service.database());
    Transaction tx(service.database());
    check(tx.begin(), "begin");
    for (int from = 0; from < n; from += kBatch) {
        QList<Episode> batch;
        for (int i = from; i < std::min(n, from + kBatch); ++i) {
            const GeneratedEpisode g = gen.episode(i);
            const Episode e = storedEpisode(g, kUser);
            batch.append(e);
            check(original.insert(e.id, kUser, g.content + QLatin1Char(' ') + g.response, g.time), "original");
        }
        check(episodes.insertAll(batch), "insert");
    }
    check(tx.commit(), "commit");
    for (int i = 0; i < kFacts; ++i) {
        const GeneratedFact f = gen.fact(i);
        (void)check(service.addFact(kUser, f.subject, f.predicate + QString::number(i), f.object), "fact");
    }
}

// What the summary job does once enough turns left the window (here without a model, between
// turns): otherwise the evicted messages would pile up and every turn would read them all.
void summarizeEvicted(MemoryService& service, const MemoryConfig& config, int turn)
{
    const QList<Message> buffer = check(service.summaryBuffer(kUser), "buffer");
    if (buffer.size() < 2 * config.summaryBufferThreshold)
        return;
    QStringList ids;
    for (const Message& m : buffer)
        ids.append(m.id);
    (void)check(service.upsertSummary(kUser, QStringLiteral("topic-%1").arg(turn % 20), buffer.first().content),
                "summary");
    check(service.markSummarized(kUser, ids), "summarized");
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const BenchOptions options =
        parseOptions(app.arguments(), QStringLiteral("bench_turn [--quick] [--sizes N] [--json FILE]\n"
                                                     "--quick: 100 turns instead of 400."));
    const int n = options.sizes.isEmpty() ? 10000 : options.sizes.constFirst();
    const int turns = options.quick ? 100 : 400;
    QTemporaryDir work(options.workDir.isEmpty() ? QDir::tempPath() + QStringLiteral("/bench_turn-XXXXXX")
                                                 : options.workDir + QStringLiteral("/bench_turn-XXXXXX"));
    const CorpusGenerator gen;
    ManualClock clock(gen.start().addDays(400));
    MemoryConfig config;
    config.episodeCapacity = 10 * n; // the steady state of a user within capacity
    auto service = check(MemoryService::open(work.filePath(QStringLiteral("engram.sqlite")), config, clock), "open");
    check(service->ensureUser(kUser), "user");
    OriginalDesignStore original(service->database());
    check(original.create(), "original");
    fill(*service, original, gen, n);

    InstantBackend backend;
    JobRunner jobs(*service, backend); // queues jobs; never started, so they stay queued
    TurnPipeline pipeline(*service, backend, &jobs);
    const Conversation conversation = check(service->createConversation(kUser, QStringLiteral("bench")), "conv");

    std::vector<double> before;
    std::vector<double> beforeCpu;
    std::vector<double> after;
    for (int i = 0; i < turns; ++i) {
        const GeneratedEpisode asked = gen.episode(n + i);
        clock.advanceSecs(40);
        backend.watch.restart();
        Turn* turn = check(pipeline.send(kUser, conversation, asked.content), "send");
        if (backend.requestAt <= 0)
            qFatal("no request was sent");
        before.push_back(backend.requestAt);
        beforeCpu.push_back(backend.requestCpu);
        backend.requestAt = 0;
        bool finished = false;
        QObject::connect(turn, &Turn::finished, turn, [&finished] { finished = true; });
        const Stopwatch commit;
        backend.last->appendDelta(asked.response);
        ChatResult result;
        result.text = asked.response;
        backend.last->finish(result);
        if (!finished)
            qFatal("the turn did not finish");
        after.push_back(commit.wallMs());
        QCoreApplication::processEvents(); // the replies' deferred deletes
        summarizeEvicted(*service, config, i);
    }

    std::vector<double> originalMs;
    for (int i = 0; i < turns; ++i) {
        const QString q = gen.episode(n + i).content;
        const Stopwatch watch;
        (void)check(original.search(kUser, q, 3, false), "original search");
        originalMs.push_back(watch.wallMs());
    }

    const Latency b = latencyOf(before);
    const Latency bc = latencyOf(beforeCpu);
    const Latency a = latencyOf(after);
    const Latency o = latencyOf(originalMs);
    Report report(QStringLiteral("turn"));
    Table table(QStringLiteral("One turn over %L1 episodes and %2 facts (%3 turns)").arg(n).arg(kFacts).arg(turns),
                {QStringLiteral("Work"), QStringLiteral("p50 ms"), QStringLiteral("p95 ms"), QStringLiteral("p99 ms"),
                 QStringLiteral("CPU p50 ms"), QStringLiteral("CPU p95 ms"), QStringLiteral("Original design p95 ms"),
                 QStringLiteral("Target")});
    table.addRow({QStringLiteral("Before the request (redact, store, explicit facts, context)"), num(b.p50), num(b.p95),
                  num(b.p99), num(bc.p50), num(bc.p95), num(o.p95), QStringLiteral("p95 < 5")});
    table.addRow({QStringLiteral("After the reply (store, record the exchange, queue jobs)"), num(a.p50), num(a.p95),
                  num(a.p99), QStringLiteral("–"), QStringLiteral("–"), QStringLiteral("–"), QStringLiteral("–")});
    table.addNote(QStringLiteral("TurnPipeline::send until the backend is asked to stream, over a real SQLite file "
                                 "(WAL); the context holds the profile, related episodes and a 6-round window. "
                                 "Between turns, evicted messages are folded into a summary as the summary job "
                                 "would (without a model). "
                                 "Original design: keyword containment over the 50 most recent memories, which is "
                                 "all the original did before a request. Load average %1.")
                      .arg(num(loadAverage())));
    report.add(table);
    report.values()["episodes"] = n;
    report.values()["before_request"] = b.toJson();
    report.values()["before_request_cpu"] = bc.toJson();
    report.values()["after_reply"] = a.toJson();
    report.values()["original_before_request"] = o.toJson();
    return report.write(options.jsonPath) ? 0 : 1;
}
