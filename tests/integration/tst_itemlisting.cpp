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

    // The panel's filters as a listing asks them: where an item came from, the conversation it
    // was learned in, and when. Episodes answer in SQL (list and count agree), facts in memory.
    void filtersBySourceConversationAndTime()
    {
        test::MemoryFixture m;
        const QString home = m.newConversation(kUser);
        const QString work = m.newConversation(kUser);
        const QDateTime start = m.clock().now();
        QVERIFY(m->recordExchange(kUser, home, QStringLiteral("home question"), QStringLiteral("ok")));
        m.clock().advanceDays(3);
        QVERIFY(m->recordExchange(kUser, work, QStringLiteral("work question"), QStringLiteral("ok")));
        QVERIFY(m->upsertSummary(kUser, QStringLiteral("work_topic"), QStringLiteral("work summary")));
        QVERIFY(m->addFact(kUser, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Lyon")));
        const Json doc = Json::parse(R"({"format": "engram-memory", "version": 1,
            "episodes": [{"content": "imported note", "created_at": "2026-01-15T10:00:00Z"}],
            "facts": [{"subject": "user", "predicate": "pet", "object": "cat"}]})");
        QVERIFY(m->importDocument(kUser, QByteArray::fromStdString(doc.dump())));

        const auto listed = [&](ItemQuery q) {
            auto items = m->list(kUser, q);
            if (!items)
                return QStringList{items.errorMessage()};
            QStringList found = contents(*items);
            if (q.tier == Tier::Episodic && *m->count(kUser, q) != found.size())
                found.append(QStringLiteral("(count differs)"));
            found.sort();
            return found;
        };
        ItemQuery episodes;
        episodes.tier = Tier::Episodic;
        ItemQuery q = episodes;
        q.origin = ItemOrigin::Said;
        QCOMPARE(listed(q), QStringList({QStringLiteral("home question"), QStringLiteral("work question")}));
        q.origin = ItemOrigin::Inferred;
        QCOMPARE(listed(q), QStringList{QStringLiteral("work summary")});
        q.origin = ItemOrigin::Imported;
        QCOMPARE(listed(q), QStringList{QStringLiteral("imported note")});
        QCOMPARE(m->list(kUser, q)->first().origin(), ItemOrigin::Imported);
        q.origin = ItemOrigin::ByHand;
        QCOMPARE(listed(q), QStringList{});

        q = episodes;
        q.conversationId = home;
        QCOMPARE(listed(q), QStringList{QStringLiteral("home question")});
        q = episodes;
        q.createdFrom = start.addDays(1);
        QCOMPARE(listed(q), QStringList({QStringLiteral("work question"), QStringLiteral("work summary")}));
        q.createdFrom = QDateTime();
        q.createdBefore = start.addDays(1);
        QCOMPARE(listed(q), QStringList({QStringLiteral("home question"), QStringLiteral("imported note")}));

        ItemQuery facts;
        facts.tier = Tier::Semantic;
        facts.origin = ItemOrigin::ByHand;
        QCOMPARE(m->list(kUser, facts)->size(), 1);
        QCOMPARE(m->list(kUser, facts)->first().object, QStringLiteral("Lyon"));
        facts.origin = ItemOrigin::Imported;
        QCOMPARE(m->list(kUser, facts)->first().object, QStringLiteral("cat"));
        facts.origin = ItemOrigin::Said;
        QCOMPARE(m->list(kUser, facts)->size(), 0);
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
