#include "MemoryFixture.h"
#include "memory/FusionCalibration.h"
#include "memory/MemoryService.h"
#include "memory/RankFusion.h"
#include "storage/EmbeddingStore.h"
#include "storage/UserStore.h"

#include <QTest>

using namespace engram;

// How the keyword and the vector rankings are fused (RankFusion) and with which weights
// (FusionCalibration): on memories whose vectors are constructed, so that which ranking knows
// the answer is known. The embedding jobs and a real endpoint: tst_embeddings.
namespace {

const QString kUser = QStringLiteral("u");

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

class TestFusion final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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
};

QTEST_GUILESS_MAIN(TestFusion)
#include "tst_fusion.moc"
