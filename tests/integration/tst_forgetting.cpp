#include "MemoryFixture.h"
#include "memory/ForgettingPolicy.h"

#include <QTest>

using namespace engram;

class TestForgetting final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void retentionFormula()
    {
        const QDateTime now(QDate(2026, 3, 1), QTime(0, 0), Qt::UTC);
        QCOMPARE(ForgettingPolicy::retention(1.0, now, now), 1.0);
        QCOMPARE(ForgettingPolicy::retention(0.5, now.addDays(-30), now), 0.6 * 0.5 + 0.4 * 0.5);
        QVERIFY(qFuzzyCompare(ForgettingPolicy::retention(0.0, now.addDays(-60), now), 0.4 * 0.25));
    }

    void overCapacityForgetsLowestRetentionKeepsPinned()
    {
        MemoryConfig config;
        config.episodeCapacity = 3;
        config.forgetEveryWrites = 1000; // only explicit runs in this test
        test::MemoryFixture m(config);
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        QStringList ids;
        for (int i = 0; i < 5; ++i) {
            auto e = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("topic number %1 alpha%1").arg(i),
                                       QStringLiteral("ok"));
            QVERIFY(e);
            ids.append(e->id);
            m.clock().advanceDays(10); // older items have lower recency
        }
        // The oldest is pinned: immune.
        QVERIFY(m->setPinned(QStringLiteral("u"), ids[0], true));
        auto edited =
            m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("unrelated newest"), QStringLiteral("x"));
        QVERIFY(edited);
        ids.append(edited->id);

        auto dry = m->forget(QStringLiteral("u"), true);
        QVERIFY(dry);
        QCOMPARE(dry->archived.size(), 3);                     // 6 active, capacity 3
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, 6); // dry run changed nothing

        auto report = m->forget(QStringLiteral("u"));
        QVERIFY(report);
        QCOMPARE(report->archived, dry->archived);
        QVERIFY(!report->archived.contains(ids[0])); // pinned
        // Lowest retention = oldest unpinned: ids[1], ids[2], ids[3].
        QCOMPARE(QSet<QString>(report->archived.cbegin(), report->archived.cend()),
                 (QSet<QString>{ids[1], ids[2], ids[3]}));
        auto counts = m->counts(QStringLiteral("u"));
        QCOMPARE(counts->episodic, 3);
        QCOMPARE(counts->archive, 3);
        // Archived items are out of search.
        QVERIFY(m->search(QStringLiteral("u"), QStringLiteral("alpha1"))->isEmpty());

        QVERIFY(m->restore(QStringLiteral("u"), ids[1]));
        QCOMPARE(m->search(QStringLiteral("u"), QStringLiteral("alpha1"))->size(), 1);
        QCOMPARE(m->counts(QStringLiteral("u"))->archive, 2);
    }

    void importanceOutweighsAge()
    {
        MemoryConfig config;
        config.episodeCapacity = 1;
        config.forgetEveryWrites = 1000;
        test::MemoryFixture m(config);
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto old = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("old but important"), QStringLiteral("x"));
        // Pinning raises importance; unpinning keeps the raised importance.
        QVERIFY(m->setPinned(QStringLiteral("u"), old->id, true));
        QVERIFY(m->setPinned(QStringLiteral("u"), old->id, false));
        m.clock().advanceDays(1);
        auto fresh = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("fresh chit chat"), QStringLiteral("y"));
        auto report = m->forget(QStringLiteral("u"));
        QVERIFY(report);
        QCOMPARE(report->archived, QStringList{fresh->id});
    }

    void ageLimitAndPurge()
    {
        MemoryConfig config;
        config.maxAgeDays = 90;
        config.forgetEveryWrites = 1000;
        test::MemoryFixture m(config);
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto old = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("ancient history"), QStringLiteral("x"));
        auto pinned =
            m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("ancient but pinned"), QStringLiteral("x"));
        QVERIFY(m->setPinned(QStringLiteral("u"), pinned->id, true));
        m.clock().advanceDays(91);
        auto recent = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("recent talk"), QStringLiteral("x"));
        auto report = m->forget(QStringLiteral("u"));
        QCOMPARE(report->archived, QStringList{old->id});
        m.clock().advanceDays(31);
        auto later = m->forget(QStringLiteral("u"));
        QCOMPARE(later->purged, QStringList{old->id});
        QVERIFY(!m->item(QStringLiteral("u"), old->id));
        QVERIFY(m->item(QStringLiteral("u"), pinned->id));
        QVERIFY(m->item(QStringLiteral("u"), recent->id));
    }

    void runsAutomaticallyEveryNWrites()
    {
        MemoryConfig config;
        config.episodeCapacity = 2;
        config.forgetEveryWrites = 3;
        test::MemoryFixture m(config);
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        for (int i = 0; i < 3; ++i) {
            QVERIFY(m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("distinct text %1 w%1").arg(i),
                                      QStringLiteral("x")));
            m.clock().advanceDays(1);
        }
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, 2);
        QCOMPARE(m->counts(QStringLiteral("u"))->archive, 1);
    }
};

QTEST_GUILESS_MAIN(TestForgetting)
#include "tst_forgetting.moc"
