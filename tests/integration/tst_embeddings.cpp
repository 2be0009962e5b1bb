#include "FakeLlmServer.h"
#include "FakeReply.h"
#include "MemoryFixture.h"
#include "llm/LlmClient.h"
#include "memory/FusionCalibration.h"
#include "memory/JobRunner.h"
#include "memory/MemoryContext.h"
#include "memory/RankFusion.h"
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

// A memory of kTopics conversations of kTurns exchanges, with constructed vectors, asked one
// question per conversation whose evidence is every exchange of it. With `Signal::Words` the
// conversation's own word finds it and the vectors are noise (a model that knows nothing of this
// user's words); with `Signal::Vectors` each conversation's vectors point along an axis of their
// own and its words are shared with other conversations.
enum class Signal
{
    Words,
    Vectors
};

struct ConstructedRecall
{
    double keyword{}; // Recall@5 of the keyword ranking alone (no query vector)
    double vectors{}; // of the vectors alone (a query no word of which is stored)
    double fused{};   // of the search with text and vector, as a chat turn searches
};

// The memory of that description, written into a fixture.
class ConstructedMemory final
{
public:
    static constexpr int kTopics = 8;
    static constexpr int kTurns = 6;
    static constexpr int kDims = 16;
    static constexpr int kTop = 5;

    ConstructedMemory(test::MemoryFixture& m, Signal signal)
        : m_m(m)
        , m_signal(signal)
    {
        for (int c = 0; c < kTopics; ++c) {
            const QString conversation = m.newConversation(kUser, own(c));
            for (int t = 0; t < kTurns; ++t)
                m_evidence[c].insert(add(conversation, c, t));
        }
    }

    static QString model() { return QStringLiteral("constructed"); }
    // The word of conversation `topic` alone.
    static QString own(int topic) { return kOwn.at(topic % kOwn.size()); }
    static QString shared(int i) { return kShared.at(i % kShared.size()); }
    // The words that find `topic`'s conversation when the words know.
    QString words(int topic) const { return m_signal == Signal::Words ? own(topic) : shared(topic); }

    // Adds exchange `turn` of `topic`, with a vector; returns its id.
    QString add(const QString& conversation, int topic, int turn)
    {
        m_m.clock().advanceSecs(60);
        const QString text =
            m_signal == Signal::Words
                ? QStringLiteral("%1 %2 today").arg(own(topic), shared(topic + turn))
                : QStringLiteral("%1 %2 today").arg(shared(topic + turn), shared(2 * topic + turn + 1));
        auto e = m_m->recordExchange(kUser, conversation, text, QStringLiteral("noted"));
        if (!e || !m_m->embeddings().put(kUser, e->id, EmbeddingStore::kEpisode, model(), vectorOf(topic)))
            qFatal("no exchange or vector");
        return e->id;
    }

    // A vector for `topic`: noise, with the topic's own axis when the vectors know.
    QList<float> vectorOf(int topic)
    {
        QList<float> v(kDims);
        for (float& x : v)
            x = noise();
        if (m_signal == Signal::Vectors) {
            for (float& x : v)
                x *= 0.3f;
            v[topic] = 1.0f;
        }
        return v;
    }

    // The ids of the best kTop exchanges for `text` and `vector`.
    QStringList search(const QString& text, const std::optional<QueryVector>& vector)
    {
        SearchOptions options;
        options.facts = false;
        options.kind = EpisodeKind::Exchange;
        options.limit = kTop;
        options.queryVector = vector;
        auto items = m_m->search(kUser, text, options);
        if (!items)
            qFatal("search failed: %s", qPrintable(items.errorMessage()));
        QStringList ids;
        for (const MemoryItem& item : *items)
            ids.append(item.id);
        return ids;
    }

    // Recall@kTop of `ids` for `topic`, as a share of all kTopics questions.
    double recallOf(int topic, const QStringList& ids) const
    {
        int found = 0;
        for (const QString& id : ids)
            found += m_evidence[topic].contains(id) ? 1 : 0;
        return double(found) / double(kTurns) / double(kTopics);
    }

private:
    float noise()
    {
        m_state = m_state * 1664525u + 1013904223u;
        return float(m_state >> 8) / float(1u << 24) - 0.5f;
    }

    static inline const QStringList kOwn{QStringLiteral("amber"),  QStringLiteral("birch"), QStringLiteral("cedar"),
                                         QStringLiteral("dahlia"), QStringLiteral("ember"), QStringLiteral("fjord"),
                                         QStringLiteral("grove"),  QStringLiteral("heron")};
    static inline const QStringList kShared{QStringLiteral("kettle"), QStringLiteral("lantern"),
                                            QStringLiteral("meadow"), QStringLiteral("nickel"),
                                            QStringLiteral("orchard")};

    test::MemoryFixture& m_m;
    Signal m_signal;
    quint32 m_state = 12345;
    QList<QSet<QString>> m_evidence = QList<QSet<QString>>(kTopics);
};

ConstructedRecall constructedRecall(Signal signal)
{
    test::MemoryFixture m;
    ConstructedMemory memory(m, signal);
    ConstructedRecall r;
    for (int c = 0; c < ConstructedMemory::kTopics; ++c) {
        const QueryVector vector{ConstructedMemory::model(), memory.vectorOf(c)};
        r.keyword += memory.recallOf(c, memory.search(memory.words(c), std::nullopt));
        r.vectors += memory.recallOf(c, memory.search(QStringLiteral("zyzzyva"), vector));
        r.fused += memory.recallOf(c, memory.search(memory.words(c), vector));
    }
    return r;
}

} // namespace

Q_DECLARE_METATYPE(Signal)

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

    void reciprocalRankFusionAddsUpRanks()
    {
        const QList<FusedRank> fused =
            RankFusion::fuse({{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")},
                              {QStringLiteral("c"), QStringLiteral("d")}});
        QStringList order;
        for (const FusedRank& r : fused)
            order.append(r.id);
        // c is in both lists; b and d tie at rank 2 and keep their first appearance's order.
        QCOMPARE(order,
                 (QStringList{QStringLiteral("c"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("d")}));
        QCOMPARE(fused[0].score, 1.0 / 63 + 1.0 / 61);
        QCOMPARE(fused[1].score, 1.0 / 61);
        QCOMPARE(fused[3].score, 1.0 / 62);
        QVERIFY(RankFusion::fuse({}).isEmpty());
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

    void weightedFusionScalesEachRankingAndHasItsOwnK()
    {
        const QList<FusedRank> fused =
            RankFusion::fuseWeighted({{{QStringLiteral("a"), QStringLiteral("b")}, 0.25, 10},
                                      {{QStringLiteral("b"), QStringLiteral("c")}, 1.0, 20}});
        QCOMPARE(fused.size(), 3);
        QCOMPARE(fused[0].id, QStringLiteral("b"));
        QCOMPARE(fused[0].score, 0.25 / 12 + 1.0 / 21);
        QCOMPARE(fused[1].id, QStringLiteral("c")); // 1/22 beats a's 0.25/11
        QCOMPARE(fused[2].id, QStringLiteral("a"));
        QCOMPARE(fused[2].score, 0.25 / 11);
        // Equal weights give the paper's fusion.
        const QList<FusedRank> plain = RankFusion::fuse({{QStringLiteral("a")}, {QStringLiteral("b")}}, 10);
        QCOMPARE(plain[0].score, 1.0 / 11);
    }

    // Constructed vectors whose cosine order is known: the item the query means shares no word
    // with it but is its nearest neighbour; five others share its words and are the next
    // neighbours. Fused with the keyword ranking at full weight and k = 60 (the paper's fusion),
    // those five outrank it and push it out of the top five, below where the embedding ranking
    // alone put it (first). With the keyword ranking lighter (the default) it stays in the top
    // five, and the words still order the rest.
    void aLighterKeywordRankingKeepsTheNearestNeighbourInTheTopFive()
    {
        const auto run = [](const MemoryConfig& config) {
            test::MemoryFixture m(config);
            if (!m->ensureUser(kUser))
                qFatal("no user");
            EmbeddingStore& store = m->embeddings();
            const QString model = QStringLiteral("constructed");
            constexpr int kDims = 8;
            const auto axis = [](int i, float along0) {
                QList<float> v(kDims, 0.0f);
                v[0] = along0;
                if (i > 0)
                    v[i] = std::sqrt(1.0f - along0 * along0);
                return v;
            };
            const QString meant =
                m->recordExchange(kUser, {}, QStringLiteral("quince jelly sets overnight"), QStringLiteral("noted"))
                    ->id;
            if (!store.put(kUser, meant, EmbeddingStore::kEpisode, model, axis(0, 1.0f)))
                qFatal("no vector");
            for (int i = 1; i <= 5; ++i) {
                const QString id =
                    m->recordExchange(kUser, {}, QStringLiteral("weekend plans for hiking, number %1").arg(i),
                                      QStringLiteral("fine"))
                        ->id;
                // cos with the query: 0.9, 0.8, … 0.5, all above minVectorSimilarity.
                if (!store.put(kUser, id, EmbeddingStore::kEpisode, model, axis(i, 1.0f - 0.1f * float(i))))
                    qFatal("no vector");
            }
            SearchOptions options;
            options.facts = false;
            options.limit = 5;
            options.queryVector = QueryVector{model, axis(0, 1.0f)};
            auto items = m->search(kUser, QStringLiteral("weekend plans for hiking"), options);
            if (!items)
                qFatal("search failed: %s", qPrintable(items.errorMessage()));
            QStringList ids;
            for (const MemoryItem& item : *items)
                ids.append(item.id);
            return std::pair{meant, ids};
        };

        const auto [meant, fused] = run(MemoryConfig{});
        QCOMPARE(fused.size(), 5);
        QVERIFY2(fused.contains(meant), qPrintable(fused.join(u' ')));

        MemoryConfig equal;
        equal.keywordFusionWeight = 1.0;
        equal.fusionK = RankFusion::kDefaultK;
        const auto [meantToo, paper] = run(equal);
        QCOMPARE(paper.size(), 5);
        QVERIFY(!paper.contains(meantToo));
    }

    // The fused ranking is never below the better of its two inputs, whichever of them knows
    // the user: FusionCalibration tries each pair of weights on the user's own conversations
    // first. With the fixed default weights (keyword 0.25, vectors 1.0) the noise vectors of the
    // first case took most of the top five from the words (fused Recall@5 0.15 against 0.83).
    void theFusedRankingIsNeverBelowTheBetterInput_data()
    {
        QTest::addColumn<Signal>("signal");
        QTest::newRow("the words know, the vectors are noise") << Signal::Words;
        QTest::newRow("the vectors know, the words mislead") << Signal::Vectors;
    }

    void theFusedRankingIsNeverBelowTheBetterInput()
    {
        QFETCH(Signal, signal);
        const ConstructedRecall r = constructedRecall(signal);
        const QString recalls =
            QStringLiteral("keyword %1, vectors %2, fused %3").arg(r.keyword).arg(r.vectors).arg(r.fused);
        QVERIFY2(r.fused >= std::max(r.keyword, r.vectors), qPrintable(recalls));
        // The case is what it says: one input is clearly the better.
        QVERIFY2(std::abs(r.keyword - r.vectors) >= 0.5, qPrintable(recalls));
    }

    // The weights chosen for a user and model are kept with the user, so that the next process
    // (each `engram-cli search` is one) fuses with them without probing again; more vectors, or
    // weights that are no longer among the candidates, make it choose again.
    void theChosenWeightsAreKeptForTheNextProcess()
    {
        test::MemoryFixture m;
        ConstructedMemory memory(m, Signal::Words);
        const std::string model = ConstructedMemory::model().toStdString();
        const auto kept = [&] {
            auto settings = UserStore(m->database()).settings(kUser);
            if (!settings)
                qFatal("no settings");
            return settings->value("fusion_weights", Json::object()).value(model, Json());
        };
        const auto keep = [&](const Json& weights) {
            return UserStore(m->database())
                .updateSettings(kUser, [&](Json& settings) { settings["fusion_weights"][model] = weights; })
                .ok();
        };
        const QueryVector vector{ConstructedMemory::model(), memory.vectorOf(0)};
        const int total = ConstructedMemory::kTopics * ConstructedMemory::kTurns;

        const QStringList calibrated = memory.search(memory.words(0), vector);
        const Json first = kept();
        QVERIFY2(first.is_object(), first.dump().c_str());
        QCOMPARE(first.value("vectors", 0), total);
        QVERIFY2(first.value("keyword", 0.0) > 0.0, first.dump().c_str()); // the words know here

        // Another setting written afterwards leaves the weights where they are.
        QVERIFY(m->setNeverRemember(kUser, {QStringLiteral("my locker code")}));
        QCOMPARE(kept(), first);
        QCOMPARE(*m->neverRemember(kUser), QStringList{QStringLiteral("my locker code")});

        // A new process reads them: kept as "vectors alone", it fuses as the vectors alone rank.
        m.reopen();
        const MemoryConfig config;
        QVERIFY(keep(Json{{"keyword", 0.0}, {"vector", 1.0}, {"k", config.fusionK}, {"vectors", total}}));
        const QStringList vectorsAlone = memory.search(QStringLiteral("zyzzyva"), vector);
        QVERIFY(vectorsAlone != calibrated);
        QCOMPARE(memory.search(memory.words(0), vector), vectorsAlone);

        // A pair that is not a candidate is not used: the weights are chosen again.
        m.reopen();
        QVERIFY(keep(Json{{"keyword", 0.7}, {"vector", 0.3}, {"k", config.fusionK}, {"vectors", total}}));
        QCOMPARE(memory.search(memory.words(0), vector), calibrated);
        QCOMPARE(kept(), first);

        // Vectors grown by a quarter (and at least 20) make the next process choose again.
        m.reopen();
        QVERIFY(keep(Json{{"keyword", 0.0}, {"vector", 1.0}, {"k", config.fusionK}, {"vectors", total}}));
        const QString conversation = m.newConversation(kUser, QStringLiteral("more"));
        for (int t = 0; t < 20; ++t)
            memory.add(conversation, t % ConstructedMemory::kTopics, t);
        memory.search(memory.words(0), vector);
        QCOMPARE(kept().value("vectors", 0), total + 20);
        QVERIFY2(kept().value("keyword", 0.0) > 0.0, kept().dump().c_str());
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

    void calibrationNeedsEnoughProbesAndAClearGainToLeaveTheConfiguredWeights()
    {
        const MemoryConfig config;
        const FusionWeights configured{config.keywordFusionWeight, config.vectorFusionWeight, config.fusionK};
        QCOMPARE(FusionCalibration::candidates(config).constFirst(), configured);
        // The words find every relevant item, the vectors none.
        FusionProbe words;
        words.keyword = {QStringLiteral("a"), QStringLiteral("b")};
        words.vectors = {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z"), QStringLiteral("w"),
                         QStringLiteral("v")};
        words.relevant = {QStringLiteral("a"), QStringLiteral("b")};
        const QList<FusionProbe> few(FusionCalibration::kMinProbes - 1, words);
        QCOMPARE(FusionCalibration::choose(few, config), configured);
        const QList<FusionProbe> enough(FusionCalibration::kMinProbes, words);
        const FusionWeights chosen = FusionCalibration::choose(enough, config);
        QCOMPARE(FusionCalibration::recall(enough, chosen), 1.0);
        QVERIFY(FusionCalibration::recall(enough, configured) < 1.0);
        // Both rankings agree: every pair finds everything, and the configured one stays.
        FusionProbe agree = words;
        agree.vectors = words.keyword;
        QCOMPARE(FusionCalibration::choose(QList<FusionProbe>(FusionCalibration::kMinProbes, agree), config),
                 configured);
        // One probe the words win among many where every pair agrees: a gain under kMargin keeps
        // the configured pair, one over it does not.
        const auto mixed = [&](int agreeing) {
            QList<FusionProbe> probes(agreeing, agree);
            probes.append(words);
            return probes;
        };
        const QList<FusionProbe> slight = mixed(199); // keywords alone gain 1/200 = 0.005
        QVERIFY(FusionCalibration::recall(slight, chosen) - FusionCalibration::recall(slight, configured) <
                FusionCalibration::kMargin);
        QCOMPARE(FusionCalibration::choose(slight, config), configured);
        const QList<FusionProbe> clear = mixed(49); // 1/50 = 0.02
        QVERIFY(FusionCalibration::recall(clear, chosen) - FusionCalibration::recall(clear, configured) >
                FusionCalibration::kMargin);
        QCOMPARE(FusionCalibration::choose(clear, config), chosen);
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
