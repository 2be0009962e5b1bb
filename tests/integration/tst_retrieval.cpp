#include "MemoryFixture.h"

#include <QTest>

using namespace engram;

namespace {

QStringList ids(const QList<MemoryItem>& items)
{
    QStringList list;
    for (const MemoryItem& i : items)
        list.append(i.id);
    return list;
}

} // namespace

class TestRetrieval final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chineseWordInsideLongerPhrase()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto hit = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("我们的网关接口限流策略改成每分钟200次"),
                                     QStringLiteral("好的，已记录"));
        auto miss =
            m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("周末去杭州西湖玩"), QStringLiteral("不错"));
        QVERIFY(hit && miss);
        auto found = m->search(QStringLiteral("u"), QStringLiteral("限流怎么配置"));
        QVERIFY(found);
        QVERIFY(!found->isEmpty());
        QCOMPARE(found->first().id, hit->id);
        QVERIFY(!ids(*found).contains(miss->id));
    }

    void englishStemming()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto e = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("I was deploying the service to staging"),
                                   QStringLiteral("ok"));
        QVERIFY(e);
        auto found = m->search(QStringLiteral("u"), QStringLiteral("deploy"));
        QVERIFY(found);
        QCOMPARE(ids(*found), QStringList{e->id});
    }

    void bm25RanksMoreRelevantFirst()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto weak = m->recordExchange(QStringLiteral("u"), {},
                                      QStringLiteral("We talked about lunch, the weather, and briefly about redis"),
                                      QStringLiteral("ok"));
        m.clock().advanceSecs(60);
        auto strong =
            m->recordExchange(QStringLiteral("u"), {},
                              QStringLiteral("Redis cache eviction: redis maxmemory policy for the redis cluster"),
                              QStringLiteral("use allkeys-lru"));
        QVERIFY(weak && strong);
        auto found = m->search(QStringLiteral("u"), QStringLiteral("redis cache eviction policy"));
        QVERIFY(found);
        QCOMPARE(found->size(), 2);
        QCOMPARE(found->at(0).id, strong->id);
        QVERIFY(*found->at(0).score > *found->at(1).score);
    }

    void recencyBreaksTies()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto older =
            m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("kafka topic alpha"), QStringLiteral("a"));
        m.clock().advanceDays(1);
        auto newer =
            m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("kafka topic gamma"), QStringLiteral("a"));
        QVERIFY(older && newer);
        QVERIFY(older->id != newer->id);
        auto found = m->search(QStringLiteral("u"), QStringLiteral("kafka topic"));
        QVERIFY(found);
        QCOMPARE(found->size(), 2);
        QCOMPARE(*found->at(0).score, *found->at(1).score); // same length, same matched terms
        QCOMPARE(found->first().id, newer->id);
    }

    void pinnedBoostAndFactsFound()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto a =
            m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("postgres vacuum settings"), QStringLiteral("x"));
        m.clock().advanceDays(1);
        auto b =
            m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("postgres vacuum tuning"), QStringLiteral("y"));
        QVERIFY(a && b);
        QVERIFY(m->setPinned(QStringLiteral("u"), a->id, true));
        auto found = m->search(QStringLiteral("u"), QStringLiteral("postgres vacuum"));
        QCOMPARE(found->first().id, a->id);

        QVERIFY(m->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("tech_stack"),
                           QStringLiteral("PostgreSQL 15")));
        SearchOptions factsOnly;
        factsOnly.episodes = false;
        auto facts = m->search(QStringLiteral("u"), QStringLiteral("postgresql"), factsOnly);
        QCOMPARE(facts->size(), 1);
        QCOMPARE(facts->first().tier, Tier::Semantic);
    }

    void usersNeverSeeEachOther()
    {
        test::MemoryFixture m;
        const QString ca = m.newConversation(QStringLiteral("alice"));
        const QString cb = m.newConversation(QStringLiteral("bob"));
        QVERIFY(m->recordExchange(QStringLiteral("alice"), ca, QStringLiteral("Alice's kubernetes cluster"),
                                  QStringLiteral("ok")));
        QVERIFY(m->addFact(QStringLiteral("alice"), QStringLiteral("user"), QStringLiteral("employer"),
                           QStringLiteral("Kubernetes Inc")));
        m.addRound(QStringLiteral("alice"), ca, QStringLiteral("kubernetes again"), QStringLiteral("sure"));
        m.addRound(QStringLiteral("bob"), cb, QStringLiteral("hello"), QStringLiteral("hi"));

        QVERIFY(m->search(QStringLiteral("bob"), QStringLiteral("kubernetes"))->isEmpty());
        for (auto tier : {Tier::Working, Tier::Episodic, Tier::Semantic, Tier::Archive}) {
            ItemQuery q;
            q.tier = tier;
            const auto items = m->list(QStringLiteral("bob"), q);
            QVERIFY(items);
            for (const MemoryItem& item : *items)
                QVERIFY2(!item.content.contains(QStringLiteral("ubernetes")), qPrintable(item.content));
        }
        auto bobCounts = m->counts(QStringLiteral("bob"));
        QCOMPARE(bobCounts->semantic, 0);
        QCOMPARE(bobCounts->episodic, 0);
        QCOMPARE(bobCounts->working, 2);

        ContextRequest r;
        r.userId = QStringLiteral("bob");
        r.conversationId = cb;
        r.query = QStringLiteral("kubernetes");
        auto ctx = m->buildContext(r);
        QVERIFY(ctx);
        for (const ChatMessage& msg : ctx->messages)
            QVERIFY2(!msg.content.contains(QStringLiteral("ubernetes Inc")), qPrintable(msg.content));
        // Ids of another user are simply not found.
        const QString aliceFact = m->activeFacts(QStringLiteral("alice"))->first().id;
        QVERIFY(!m->item(QStringLiteral("bob"), aliceFact));
        QVERIFY(!m->remove(QStringLiteral("bob"), aliceFact));
        QVERIFY(!m->setPinned(QStringLiteral("bob"), aliceFact, true));
        QVERIFY(!m->edit(QStringLiteral("bob"), aliceFact, QStringLiteral("x")));
        QVERIFY(!m->history(QStringLiteral("bob"), aliceFact));
        QCOMPARE(m->activeFacts(QStringLiteral("alice"))->size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestRetrieval)
#include "tst_retrieval.moc"
