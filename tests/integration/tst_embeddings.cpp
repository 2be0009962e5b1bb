#include "FakeLlmServer.h"
#include "FakeReply.h"
#include "MemoryFixture.h"
#include "llm/LlmClient.h"
#include "memory/JobRunner.h"
#include "memory/MemoryContext.h"
#include "memory/TurnPipeline.h"
#include "storage/EmbeddingStore.h"
#include "storage/Sql.h"
#include "storage/UserStore.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QtEndian>

using namespace engram;
using engram::test::FakeLlmServer;
using engram::test::FakeReply;
namespace FakeMatch = engram::test::FakeMatch;

namespace {

constexpr int kWaitMs = 15000;
const QString kUser = QStringLiteral("u");

LlmSettings withEmbeddingModel(LlmSettings settings, const QString& model)
{
    settings.embeddingModel = model;
    return settings;
}

// What a finished turn left behind.
struct TurnEnd
{
    Message reply;
    ContextResult context;
    bool failed{};
};

// A MemoryService on a real file, a LlmClient on a real local server, jobs and the pipeline.
struct Harness
{
    explicit Harness(const QString& embeddingModel = QStringLiteral("fake-embed"))
        : client(withEmbeddingModel(server.clientSettings(), embeddingModel))
        , jobs(memory.service(), client)
        , pipeline(memory.service(), client, &jobs)
    {
        QVERIFY(server.isListening());
        server.setEmbeddingSynonyms({{QStringLiteral("automobile"), QStringLiteral("car")}});
        if (!memory->ensureUser(kUser))
            qFatal("no user");
    }

    Conversation conversation(bool incognito = false)
    {
        auto c = memory->createConversation(kUser, QStringLiteral("t"), incognito);
        if (!c)
            qFatal("no conversation");
        return *c;
    }

    TurnEnd say(const Conversation& c, const QString& text)
    {
        auto turn = pipeline.send(kUser, c, text);
        if (!turn)
            qFatal("send failed: %s", qPrintable(turn.errorMessage()));
        TurnEnd end;
        bool done = false;
        QObject::connect(*turn, &Turn::finished, *turn, [&, t = *turn](const Message& m) {
            end.reply = m;
            end.context = t->context;
            done = true;
        });
        QObject::connect(*turn, &Turn::failed, *turn, [&](const LlmError&, const QString&) {
            end.failed = true;
            done = true;
        });
        if (!QTest::qWaitFor([&] { return done; }, kWaitMs))
            qFatal("the turn did not end");
        return end;
    }

    void runJobs()
    {
        QSignalSpy drained(&jobs, &JobRunner::drained);
        jobs.drainOnce();
        if (!drained.wait(kWaitMs) && drained.isEmpty())
            qFatal("jobs did not drain");
    }

    QString exchange(const QString& question, const QString& reply)
    {
        auto e = memory->recordExchange(kUser, {}, question, reply);
        if (!e)
            qFatal("no exchange: %s", qPrintable(e.errorMessage()));
        return e->id;
    }

    int vectorCount(const QString& model) { return *memory->embeddings().count(kUser, model); }

    int rows()
    {
        auto n = sql::scalar(memory->database().connection(), QStringLiteral("SELECT count(*) FROM embeddings"));
        return n ? n->toInt() : -1;
    }

    FakeLlmServer server;
    test::MemoryFixture memory;
    LlmClient client;
    JobRunner jobs;
    TurnPipeline pipeline;
};

QStringList exchangeIds(const ContextResult& context)
{
    const ContextSection* s = context.section(QStringLiteral("exchanges"));
    return s ? s->ids : QStringList();
}

} // namespace

class TestEmbeddings final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<Message>(); }

    void storeKeepsUnitVectorsAsLittleEndianFloats()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        const QString id = m->recordExchange(kUser, {}, QStringLiteral("hello"), QStringLiteral("hi"))->id;
        EmbeddingStore& store = m->embeddings();
        QVERIFY(store.put(kUser, id, EmbeddingStore::kEpisode, QStringLiteral("m1"), {3.0f, 4.0f}));

        auto blob = sql::scalar(m->database().connection(), QStringLiteral("SELECT vector FROM embeddings"));
        QVERIFY(blob);
        const QByteArray bytes = blob->toByteArray();
        QCOMPARE(bytes.size(), 8);
        QCOMPARE(qFromLittleEndian<float>(bytes.constData()), 0.6f);
        QCOMPARE(qFromLittleEndian<float>(bytes.constData() + 4), 0.8f);

        auto vectors = store.vectors(kUser, QStringLiteral("m1"));
        QVERIFY(vectors);
        QCOMPARE(vectors->size(), 1);
        QCOMPARE(vectors->first().itemId, id);
        QCOMPARE(vectors->first().itemType, QString(EmbeddingStore::kEpisode));
        QCOMPARE(vectors->first().vector, (QList<float>{0.6f, 0.8f}));
        QCOMPARE(*store.count(kUser, QStringLiteral("m1")), 1);
        QVERIFY(store.vectors(QStringLiteral("someone else"), QStringLiteral("m1"))->isEmpty());

        // The fact has no vector yet; the episode has one of m1 but not of m2.
        QVERIFY(m->addFact(kUser, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Oslo")));
        QCOMPARE(store.itemsWithoutVector(kUser, QStringLiteral("m1"), 10)->size(), 1);
        QCOMPARE(store.itemsWithoutVector(kUser, QStringLiteral("m1"), 10)->first().text,
                 QStringLiteral("user city: Oslo"));
        QCOMPARE(store.itemsWithoutVector(kUser, QStringLiteral("m2"), 10)->size(), 2);
        QCOMPARE(store.itemsWithoutVector(kUser, QStringLiteral("m2"), 1, id)->first().itemId, id);

        QCOMPARE(*store.removeOtherModels(kUser, QStringLiteral("m2")), 1);
        QCOMPARE(*store.count(kUser, QStringLiteral("m1")), 0);
    }

    void anItemWithoutASharedWordIsFoundOnlyWithEmbeddings()
    {
        Harness h;
        const QString automobile = h.exchange(QStringLiteral("automobile"), QStringLiteral("noted"));
        h.exchange(QStringLiteral("I bake bread on Sundays"), QStringLiteral("lovely"));
        h.runJobs();
        QCOMPARE(h.vectorCount(QStringLiteral("fake-embed")), 2);

        const TurnEnd on = h.say(h.conversation(), QStringLiteral("car"));
        QVERIFY(!on.failed);
        QCOMPARE(exchangeIds(on.context), QStringList{automobile});
        QVERIFY(h.server.requestCount(FakeMatch::embeddings()) >= 2); // the items, then the query

        // The same memory with embeddings off: keyword search cannot find it.
        LlmClient plain(withEmbeddingModel(h.server.clientSettings(), {}));
        TurnPipeline keywordsOnly(h.memory.service(), plain, nullptr);
        auto turn = keywordsOnly.send(kUser, h.conversation(), QStringLiteral("car"));
        QVERIFY(turn);
        QVERIFY((*turn)->hasContext());
        QVERIFY(!exchangeIds((*turn)->context).contains(automobile)); // (the "car" turn above is found)
        QSignalSpy done(*turn, &Turn::finished);
        QVERIFY(done.wait(kWaitMs));
    }

    void hybridSearchStillRanksKeywordMatches()
    {
        Harness h;
        const QString bread = h.exchange(QStringLiteral("I bake bread on Sundays"), QStringLiteral("lovely"));
        h.runJobs();
        SearchOptions options;
        options.facts = false;
        options.queryVector =
            QueryVector{QStringLiteral("fake-embed"), FakeLlmServer::embeddingFor(QStringLiteral("bread"))};
        auto items = h.memory->search(kUser, QStringLiteral("bread"), options);
        QVERIFY(items);
        QCOMPARE(items->size(), 1);
        QCOMPARE(items->first().id, bread);
        // Found by both rankings, at rank 1 in each.
        const MemoryConfig config;
        QCOMPARE(*items->first().score,
                 (config.keywordFusionWeight + config.vectorFusionWeight) / (config.fusionK + 1));
    }

    // The job runner chooses the fusion weights once a user's items have their vectors and keeps
    // them, when drained (engram-cli jobs --run) and when its queue falls idle (the app): then no
    // search has to, not even one of a process that cannot write. Such a process, finding no
    // choice kept, chooses for itself and neither writes nor warns.
    void theRunnerChoosesTheWeightsOnceTheItemsAreEmbedded()
    {
        Harness h;
        const auto kept = [&] {
            auto settings = UserStore(h.memory->database()).settings(kUser);
            return settings ? settings->value("fusion_weights", Json::object()).value("fake-embed", Json()) : Json();
        };
        h.exchange(QStringLiteral("I finally sold my old automobile"), QStringLiteral("noted"));
        h.exchange(QStringLiteral("I bake bread on Sundays"), QStringLiteral("lovely"));
        QVERIFY(kept().is_null());
        h.runJobs();
        QCOMPARE(kept().value("vectors", 0), 2);

        // A quarter more, and at least 20: chosen again once the app's runner has embedded them.
        for (int i = 0; i < 20; ++i)
            h.exchange(QStringLiteral("note %1 about the garden").arg(i), QStringLiteral("ok"));
        h.jobs.start();
        QTRY_COMPARE_WITH_TIMEOUT(kept().value("vectors", 0), 22, kWaitMs);

        QVERIFY(UserStore(h.memory->database()).updateSettings(kUser, [](Json& s) { s.erase("fusion_weights"); }));
        auto reader = MemoryService::open(h.memory.location(), {}, h.memory.clock(), Database::Access::ReadOnly);
        QVERIFY2(reader, qPrintable(reader.errorMessage()));
        auto stored = h.memory->embeddings().vectors(kUser, QStringLiteral("fake-embed"));
        QVERIFY(stored && !stored->isEmpty());
        SearchOptions options;
        options.queryVector = QueryVector{QStringLiteral("fake-embed"), stored->constFirst().vector};
        QTest::failOnWarning(QRegularExpression(QStringLiteral(".")));
        auto found = (*reader)->search(kUser, QStringLiteral("automobile"), options);
        QVERIFY2(found, qPrintable(found.errorMessage()));
        QVERIFY(!found->isEmpty());
        QVERIFY(kept().is_null());
    }

    void aFailingEmbeddingEndpointLeavesTheTurnOnKeywords()
    {
        Harness h;
        const QString bread = h.exchange(QStringLiteral("I bake bread on Sundays"), QStringLiteral("lovely"));
        for (int i = 0; i < 50; ++i) // every attempt of every request fails
            h.server.enqueue(FakeMatch::embeddings(), FakeReply::error(500, "embeddings are down"));
        const TurnEnd end = h.say(h.conversation(), QStringLiteral("what bread do I bake"));
        QVERIFY(!end.failed);
        QCOMPARE(end.reply.status, MessageStatus::Complete);
        QCOMPARE(exchangeIds(end.context), QStringList{bread});
        QVERIFY(h.server.requestCount(FakeMatch::embeddings()) >= 1);
        QCOMPARE(h.server.requestCount(FakeMatch::streaming()), 1);

        // The item's embedding job failed too: it stays queued for a later try, with the error.
        h.runJobs();
        QCOMPARE(h.vectorCount(QStringLiteral("fake-embed")), 0);
        auto pending = h.jobs.pending(kUser);
        QVERIFY(pending);
        bool waiting = false;
        for (const Job& job : *pending)
            waiting = waiting || (job.kind == EmbeddingJobs::kEmbed && !job.lastError.isEmpty());
        QVERIFY(waiting);
    }

    void aSlowEmbeddingEndpointIsNotWaitedFor()
    {
        Harness h;
        const QString bread = h.exchange(QStringLiteral("I bake bread on Sundays"), QStringLiteral("lovely"));
        h.server.enqueue(FakeMatch::embeddings(), FakeReply::stall(kWaitMs));
        const TurnEnd end = h.say(h.conversation(), QStringLiteral("what bread do I bake"));
        QVERIFY(!end.failed);
        QCOMPARE(end.reply.status, MessageStatus::Complete);
        QCOMPARE(exchangeIds(end.context), QStringList{bread});
    }

    void stopWhileTheQueryIsEmbeddedEndsTheTurn()
    {
        Harness h;
        h.server.enqueue(FakeMatch::embeddings(), FakeReply::stall(kWaitMs));
        auto turn = h.pipeline.send(kUser, h.conversation(), QStringLiteral("hello there"));
        QVERIFY(turn);
        QVERIFY(!(*turn)->hasContext());
        QSignalSpy finished(*turn, &Turn::finished);
        QVERIFY(QTest::qWaitFor([&] { return h.server.requestCount(FakeMatch::embeddings()) == 1; }, kWaitMs));
        (*turn)->stop();
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().value<Message>().status, MessageStatus::Stopped);
        QCOMPARE(h.server.requestCount(FakeMatch::streaming()), 0);
    }

    void aNewModelReplacesEveryVector()
    {
        Harness h;
        for (int i = 0; i < 40; ++i)
            h.exchange(QStringLiteral("question number %1 about topic %2").arg(i).arg(i * 7), QStringLiteral("ok"));
        QVERIFY(h.memory->addFact(kUser, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Oslo")));
        h.runJobs();
        QCOMPARE(h.vectorCount(QStringLiteral("fake-embed")), 41);

        h.client.setSettings(withEmbeddingModel(h.server.clientSettings(), QStringLiteral("fake-embed-2")));
        h.server.clearRequests();
        QVERIFY(h.jobs.enqueueEmbeddingRebuild());
        h.runJobs();
        QCOMPARE(h.vectorCount(QStringLiteral("fake-embed-2")), 41);
        QCOMPARE(h.vectorCount(QStringLiteral("fake-embed")), 0);
        QCOMPARE(h.rows(), 41);
        QVERIFY(h.memory->embeddings().itemsWithoutVector(kUser, QStringLiteral("fake-embed-2"), 10)->isEmpty());
        int inputs = 0;
        for (const test::RecordedRequest& r : h.server.requests()) {
            if (!r.isEmbeddings())
                continue;
            QVERIFY(r.embeddingInputs().size() <= EmbeddingJobs::kBatchSize);
            QCOMPARE(QString::fromStdString(r.json.value("model", std::string())), QStringLiteral("fake-embed-2"));
            inputs += int(r.embeddingInputs().size());
        }
        QCOMPARE(inputs, 41); // each item embedded once
        // Nothing left to rebuild: no job, no request.
        QVERIFY(h.jobs.enqueueEmbeddingRebuild());
        h.runJobs();
        QCOMPARE(h.server.requestCount(FakeMatch::embeddings()), 2);
    }

    void withoutAnEmbeddingModelNothingIsEmbedded()
    {
        Harness h{QString()};
        h.exchange(QStringLiteral("I bake bread on Sundays"), QStringLiteral("lovely"));
        QVERIFY(h.memory->addFact(kUser, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Oslo")));
        const TurnEnd end = h.say(h.conversation(), QStringLiteral("what bread do I bake"));
        QVERIFY(!end.failed);
        QVERIFY(h.jobs.enqueueEmbeddingRebuild());
        h.runJobs();
        QCOMPARE(h.server.requestCount(FakeMatch::embeddings()), 0);
        QCOMPARE(h.rows(), 0);
        QVERIFY(h.server.requestCount(FakeMatch::streaming()) == 1);
    }

    void deletingOrEditingAnItemDropsItsVector()
    {
        Harness h;
        const QString bread = h.exchange(QStringLiteral("I bake bread on Sundays"), QStringLiteral("lovely"));
        const QString tea = h.exchange(QStringLiteral("I drink green tea"), QStringLiteral("nice"));
        auto fact = h.memory->addFact(kUser, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Oslo"));
        QVERIFY(fact);
        h.runJobs();
        QCOMPARE(h.rows(), 3);

        QVERIFY(h.memory->remove(kUser, bread));
        QVERIFY(h.memory->remove(kUser, fact->id));
        auto left = h.memory->embeddings().vectors(kUser, QStringLiteral("fake-embed"));
        QVERIFY(left);
        QCOMPARE(left->size(), 1);
        QCOMPARE(left->first().itemId, tea);

        // An edit makes the old vector wrong: it goes, and the next jobs embed the new text.
        h.server.clearRequests();
        QVERIFY(h.memory->edit(kUser, tea, QStringLiteral("I drink black coffee")));
        QCOMPARE(h.rows(), 0);
        h.runJobs();
        QCOMPARE(h.rows(), 1);
        QVERIFY(h.server.lastRequest().embeddingInputs().first().contains(QStringLiteral("coffee")));
    }

    void incognitoTurnsStoreNoVector()
    {
        Harness h;
        const TurnEnd end = h.say(h.conversation(true), QStringLiteral("my automobile is red"));
        QVERIFY(!end.failed);
        QCOMPARE(end.reply.status, MessageStatus::Complete);
        h.runJobs();
        QCOMPARE(h.rows(), 0);
        QVERIFY(h.memory->embeddings().itemsWithoutVector(kUser, QStringLiteral("fake-embed"), 10)->isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestEmbeddings)
#include "tst_embeddings.moc"
