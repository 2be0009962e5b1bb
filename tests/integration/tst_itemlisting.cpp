#include "MemoryFixture.h"

#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");

QStringList contents(const QList<MemoryItem>& items)
{
    QStringList list;
    for (const MemoryItem& item : items)
        list.append(item.content);
    return list;
}

} // namespace

// Listing with a text filter and a sort column, as the memory panel pages through episodes.
class TestItemListing final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void episodesFilterByEveryWordInSql()
    {
        test::MemoryFixture m;
        const QString c = m.newConversation(kUser);
        QVERIFY(m->recordExchange(kUser, c, QStringLiteral("API 限流改成 200 次/分钟"), QStringLiteral("好的")));
        m.clock().advanceSecs(60);
        QVERIFY(m->recordExchange(kUser, c, QStringLiteral("What is 100% coverage?"), QStringLiteral("All lines")));
        m.clock().advanceSecs(60);
        QVERIFY(m->upsertSummary(kUser, QStringLiteral("deploy_rate"), QStringLiteral("Deploys go out on Fridays")));

        ItemQuery q;
        q.tier = Tier::Episodic;
        q.contains = QStringLiteral("限流");
        auto found = m->list(kUser, q);
        QVERIFY2(found, qPrintable(found.errorMessage()));
        QCOMPARE(contents(*found), QStringList{QStringLiteral("API 限流改成 200 次/分钟")});
        QCOMPARE(*m->count(kUser, q), 1);

        q.contains = QStringLiteral("ALL LINES"); // the reply gist, any case
        QCOMPARE(contents(*m->list(kUser, q)), QStringList{QStringLiteral("What is 100% coverage?")});
        q.contains = QStringLiteral("cover"); // a word still being typed
        QCOMPARE(contents(*m->list(kUser, q)), QStringList{QStringLiteral("What is 100% coverage?")});
        q.contains = QStringLiteral("cover "); // a finished word is a word, not a prefix
        QCOMPARE(*m->count(kUser, q), 0);
        q.contains = QStringLiteral("100 lines"); // every word, in the message or the reply
        QCOMPARE(contents(*m->list(kUser, q)), QStringList{QStringLiteral("What is 100% coverage?")});
        q.contains = QStringLiteral("100 限流");
        QCOMPARE(contents(*m->list(kUser, q)), QStringList{});
        q.contains = QStringLiteral("%"); // no word: only the topic's text, where % is literal
        QCOMPARE(*m->count(kUser, q), 0);
        q.contains = QStringLiteral("deploy_"); // the topic; _ is literal too
        QCOMPARE(contents(*m->list(kUser, q)), QStringList{QStringLiteral("Deploys go out on Fridays")});
        q.contains = QStringLiteral("deployXrate");
        QCOMPARE(*m->count(kUser, q), 0);
    }

    void episodesSortByColumnAndPageWithoutOverlap()
    {
        test::MemoryFixture m;
        const QString c = m.newConversation(kUser);
        for (const QString& text :
             {QStringLiteral("b"), QStringLiteral("d"), QStringLiteral("a"), QStringLiteral("c")}) {
            QVERIFY(m->recordExchange(kUser, c, text, QStringLiteral("reply ") + text));
            m.clock().advanceSecs(60);
        }
        ItemQuery q;
        q.tier = Tier::Episodic;
        q.order = EpisodeOrder::Content;
        q.descending = false;
        q.limit = 2;
        QCOMPARE(contents(*m->list(kUser, q)), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        q.offset = 2;
        QCOMPARE(contents(*m->list(kUser, q)), (QStringList{QStringLiteral("c"), QStringLiteral("d")}));

        q = ItemQuery{};
        q.tier = Tier::Episodic;
        QCOMPARE(contents(*m->list(kUser, q)),
                 (QStringList{QStringLiteral("c"), QStringLiteral("a"), QStringLiteral("d"), QStringLiteral("b")}));
    }

    void smallTiersFilterByTextToo()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        QVERIFY(m->addFact(kUser, QStringLiteral("user"), QStringLiteral("employer"), QStringLiteral("Acme")));
        QVERIFY(m->addFact(kUser, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("杭州")));
        ItemQuery q;
        q.tier = Tier::Semantic;
        q.contains = QStringLiteral("acme");
        auto facts = m->list(kUser, q);
        QVERIFY(facts);
        QCOMPARE(facts->size(), 1);
        QCOMPARE(facts->first().object, QStringLiteral("Acme"));
    }

    void archivedItemsCarryTheirArchiveTime()
    {
        MemoryConfig config;
        config.episodeCapacity = 1;
        test::MemoryFixture m(config);
        const QString c = m.newConversation(kUser);
        QVERIFY(m->recordExchange(kUser, c, QStringLiteral("old question"), QStringLiteral("old reply")));
        m.clock().advanceDays(10);
        QVERIFY(m->recordExchange(kUser, c, QStringLiteral("new question"), QStringLiteral("new reply")));
        auto report = m->forget(kUser);
        QVERIFY2(report, qPrintable(report.errorMessage()));
        ItemQuery q;
        q.tier = Tier::Archive;
        auto archived = m->list(kUser, q);
        QVERIFY(archived);
        QCOMPARE(archived->size(), 1);
        QCOMPARE(archived->first().archivedAt, m.clock().now());
    }
};

QTEST_GUILESS_MAIN(TestItemListing)
#include "tst_itemlisting.moc"
