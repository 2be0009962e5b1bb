#include "EpisodeBulk.h"
#include "FakeLlmServer.h"
#include "MemoryFixture.h"
#include "llm/LlmClient.h"
#include "memory/ForgettingPolicy.h"
#include "memory/JobRunner.h"
#include "storage/JobQueue.h"

#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>

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

    // A write never waits on forgetting: the write that reaches the count queues one job, which
    // the job runner carries out; writes meanwhile do not queue a second.
    void everyNWritesQueueOneForgettingJob()
    {
        MemoryConfig config;
        config.episodeCapacity = 2;
        config.forgetEveryWrites = 3;
        test::MemoryFixture m(config);
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        QSignalSpy queued(&m.service(), &MemoryService::jobQueued);
        for (int i = 0; i < 7; ++i)
            QVERIFY(writeExchange(m, i));
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, 7);
        QCOMPARE(m->counts(QStringLiteral("u"))->archive, 0);
        QCOMPARE(queued.size(), 1);
        QCOMPARE(pendingOf(m).size(), 1);
        QCOMPARE(pendingOf(m).first().kind, ForgettingPolicy::kJobKind);

        test::FakeLlmServer server;
        auto runner = runnerFor(m, server);
        QSignalSpy finished(runner.get(), &JobRunner::jobFinished);
        drain(*runner);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().at(1).toString(), ForgettingPolicy::kJobKind);
        QVERIFY2(finished.first().at(2).toBool(), qPrintable(finished.first().at(3).toString()));
        QCOMPARE(finished.first().at(3).toString(), QStringLiteral("5 archived, 0 purged"));
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, 2);
        QCOMPARE(m->counts(QStringLiteral("u"))->archive, 5);
        QVERIFY(server.requests().isEmpty()); // forgetting asks no model
        QVERIFY(pendingOf(m).isEmpty());

        // The next count queues again.
        QVERIFY(writeExchange(m, 7) && writeExchange(m, 8));
        QCOMPARE(queued.size(), 2);
    }

    // The count toward the next pass outlives the process: an app closed after a few turns, or
    // engram-cli (one process a turn), goes on from the writes since the user's last pass.
    void aNewProcessCountsOnFromTheLastPass()
    {
        MemoryConfig config;
        config.forgetEveryWrites = 5;
        test::MemoryFixture m(config);
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        int written = 0;
        QVERIFY(writeExchange(m, ++written) && writeExchange(m, ++written) && writeExchange(m, ++written));
        m.reopen();
        QVERIFY(writeExchange(m, ++written));
        QVERIFY(pendingOf(m).isEmpty());
        QVERIFY(writeExchange(m, ++written)); // the fifth since there was no pass, in a process that wrote two
        QCOMPARE(pendingOf(m).size(), 1);
        const QString jobId = pendingOf(m).first().id;

        m.clock().advanceSecs(30); // the runner takes the job a little later
        test::FakeLlmServer server;
        auto runner = runnerFor(m, server);
        drain(*runner);
        QVERIFY(pendingOf(m).isEmpty());
        runner.reset();
        // Each process writes two: the pass is queued again at the fifth write after it.
        m.reopen();
        QVERIFY(writeExchange(m, ++written) && writeExchange(m, ++written));
        m.reopen();
        QVERIFY(writeExchange(m, ++written) && writeExchange(m, ++written));
        QVERIFY(pendingOf(m).isEmpty());
        m.reopen();
        QVERIFY(writeExchange(m, ++written));
        QCOMPARE(pendingOf(m).size(), 1);
        QCOMPARE(pendingOf(m).first().id, jobId); // the user's one job, queued again
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, written);
    }

    // Imported episodes keep their dates and count as no writes; an import that puts the memory
    // over its capacity queues the pass at once, one that leaves it within queues nothing.
    void anImportOverTheCapacityQueuesForgetting()
    {
        MemoryConfig config;
        config.episodeCapacity = 10;
        test::MemoryFixture m(config);
        const auto document = [](int first, int count) {
            Json doc = {{"format", "engram-memory"}, {"version", 1}, {"episodes", Json::array()}};
            for (int i = first; i < first + count; ++i)
                doc["episodes"].push_back({{"content", QStringLiteral("imported note %1 n%1").arg(i).toStdString()},
                                           {"created_at", "2026-01-01T00:00:00Z"}});
            return QByteArray::fromStdString(doc.dump());
        };
        QSignalSpy queued(&m.service(), &MemoryService::jobQueued);
        QVERIFY(m->importDocument(QStringLiteral("u"), document(0, 8)));
        QVERIFY(pendingOf(m).isEmpty());
        QVERIFY(m->importDocument(QStringLiteral("u"), document(8, 7)));
        QCOMPARE(pendingOf(m).size(), 1);
        QCOMPARE(pendingOf(m).first().kind, ForgettingPolicy::kJobKind);
        QCOMPARE(queued.size(), 1);

        test::FakeLlmServer server;
        auto runner = runnerFor(m, server);
        drain(*runner);
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, 10);
        QCOMPARE(m->counts(QStringLiteral("u"))->archive, 5);
    }

    // A pass after an import or a lowered capacity is long: it is chosen once and carried out a
    // slice at a time, each in its own transaction, and says how far it is after each.
    void aLongPassIsCarriedOutSliceBySlice()
    {
        MemoryConfig config;
        config.episodeCapacity = 1;
        config.forgetEveryWrites = 100000;
        config.forgetBatch = 10;
        test::MemoryFixture m(config);
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        const QStringList ids = test::insertEpisodes(m.service(), QStringLiteral("u"), 25, m.clock().now());
        QSignalSpy removed(&m.service(), &MemoryService::itemsRemoved);
        QList<std::pair<qsizetype, qsizetype>> steps;
        auto report = m->forget(QStringLiteral("u"), false, [&steps](qsizetype done, qsizetype total) {
            steps.append({done, total});
        });
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->archived.size(), 24);
        QVERIFY(!report->archived.contains(ids.last())); // the newest stays
        QCOMPARE(steps, (QList<std::pair<qsizetype, qsizetype>>{{10, 24}, {20, 24}, {24, 24}}));
        QCOMPARE(removed.size(), 3);
        for (const QList<QVariant>& signal : std::as_const(removed))
            QVERIFY(signal.at(2).toStringList().size() <= 10);
        QCOMPARE(m->counts(QStringLiteral("u"))->archive, 24);
        auto history = m->history(QStringLiteral("u"), ids.first());
        QVERIFY(history);
        QVERIFY(std::any_of(history->cbegin(), history->cend(),
                            [](const HistoryEntry& h) { return h.action == QStringLiteral("forget"); }));
    }

    // The app's window stays responsive through a long pass: the job runner lets the events that
    // arrived meanwhile in between two slices.
    void theJobRunnerLetsOtherEventsInBetweenSlices()
    {
        test::MemoryFixture m(passConfig(10, 0)); // slices of 10, however long they take
        QVERIFY(queuePassOver(m, 24));

        test::FakeLlmServer server;
        auto runner = runnerFor(m, server);
        int slices = 0;
        int slicesWhenAnEventRan = -1;
        connect(&m.service(), &MemoryService::itemsRemoved, this, [&] {
            if (++slices == 1)
                QTimer::singleShot(0, this, [&] { slicesWhenAnEventRan = slices; });
        });
        drain(*runner);
        QCOMPARE(slices, 3);
        QCOMPARE(slicesWhenAnEventRan, 1);
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, 1);
    }

    // A slice takes as many as fit in the target time at the pace of the one before: fewer after a
    // slow slice, and more, doubling at most, once they are quick again; the first takes an
    // eighth of the most. The fixture's clock stands still; each of the first three slices here
    // moves it as if archiving took 20 ms an episode, the later ones not at all.
    void aSlowSliceMakesTheNextOneSmaller()
    {
        test::MemoryFixture m(passConfig(40, 50));
        QVERIFY(queuePassOver(m, 100));

        test::FakeLlmServer server;
        auto runner = runnerFor(m, server);
        QList<qsizetype> sizes;
        connect(&m.service(), &MemoryService::itemsRemoved, this, [&](const QString&, Tier, const QStringList& ids) {
            sizes.append(ids.size());
            if (sizes.size() <= 3)
                m.clock().advanceMSecs(20 * ids.size());
        });
        drain(*runner);
        // 5 took 100 ms: 2 fit in 50. The next two took 40 ms each; then the quick ones double.
        QCOMPARE(sizes, (QList<qsizetype>{5, 2, 2, 2, 4, 8, 16, 32, 29}));
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, 1);
    }

    // Without a target every slice holds the most a slice may, however long it takes.
    void withoutATargetEverySliceHoldsTheMost()
    {
        SliceSizer sizer(200, 0);
        sizer.took(200, 900);
        QCOMPARE(sizer.next(), qsizetype(200));
        SliceSizer timed(200, 50);
        QCOMPARE(timed.next(), qsizetype(25));
        timed.took(200, 400);
        QCOMPARE(timed.next(), qsizetype(25));
        timed.took(25, 100000); // never less than one
        QCOMPARE(timed.next(), qsizetype(1));
    }

    // What another client (or the user in the panel) changed between the plan and a slice is left
    // as it is: a deleted episode is not archived, a restored one is not purged.
    void aSliceLeavesWhatChangedSinceThePlan()
    {
        MemoryConfig config;
        config.episodeCapacity = 1;
        config.forgetEveryWrites = 100000;
        test::MemoryFixture m(config);
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        QStringList ids;
        for (int i = 0; i < 3; ++i) {
            auto e = m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("thought %1 t%1").arg(i),
                                       QStringLiteral("x"));
            QVERIFY(e);
            ids.append(e->id);
            m.clock().advanceDays(1);
        }
        auto plan = m->planForgetting(QStringLiteral("u"));
        QVERIFY(plan);
        QCOMPARE(QSet<QString>(plan->archived.cbegin(), plan->archived.cend()), (QSet<QString>{ids[0], ids[1]}));
        QVERIFY(m->remove(QStringLiteral("u"), ids[1]));
        auto applied = m->applyForgetting(QStringLiteral("u"), *plan);
        QVERIFY2(applied, qPrintable(applied.errorMessage()));
        QCOMPARE(applied->archived, QStringList{ids[0]});

        m.clock().advanceDays(config.archiveDays + 1);
        auto purge = m->planForgetting(QStringLiteral("u"));
        QVERIFY(purge);
        QCOMPARE(purge->purged, QStringList{ids[0]});
        QVERIFY(m->restore(QStringLiteral("u"), ids[0]));
        applied = m->applyForgetting(QStringLiteral("u"), ForgetReport{{}, purge->purged});
        QVERIFY2(applied, qPrintable(applied.errorMessage()));
        QVERIFY(applied->isEmpty());
        QCOMPARE(m->item(QStringLiteral("u"), ids[0])->tier, Tier::Episodic);
    }

    // A capacity lowered (or an age limit turned on) in Settings takes effect without waiting for
    // the next writes: every user gets a forgetting job.
    void aStricterLimitQueuesForgettingForEveryUser()
    {
        MemoryConfig config;
        config.forgetEveryWrites = 100000;
        test::MemoryFixture m(config);
        for (const QString& user : {QStringLiteral("u"), QStringLiteral("v")}) {
            QVERIFY(m->ensureUser(user));
            test::insertEpisodes(m.service(), user, 5, m.clock().now());
        }
        QSignalSpy queued(&m.service(), &MemoryService::jobQueued);
        config.episodeCapacity = 5000; // looser: nothing to do
        m->setConfig(config);
        config.maxAgeDays = 0;
        m->setConfig(config);
        QCOMPARE(queued.size(), 0);

        config.episodeCapacity = 3;
        m->setConfig(config);
        QCOMPARE(queued.size(), 1);
        for (const QString& user : {QStringLiteral("u"), QStringLiteral("v")})
            QCOMPARE(JobQueue(m.service().database()).pending(user)->size(), 1);
        m->setConfig(config); // the same again: the jobs wait already
        config.maxAgeDays = 90;
        m->setConfig(config);
        QCOMPARE(queued.size(), 1);

        test::FakeLlmServer server;
        auto runner = runnerFor(m, server);
        drain(*runner);
        QCOMPARE(m->counts(QStringLiteral("u"))->episodic, 3);
        QCOMPARE(m->counts(QStringLiteral("v"))->episodic, 3);
    }

private:
    // User u's exchange number i, a minute after the last write.
    static bool writeExchange(test::MemoryFixture& m, int i)
    {
        m.clock().advanceSecs(60);
        return m
            ->recordExchange(QStringLiteral("u"), {}, QStringLiteral("distinct text %1 w%1").arg(i),
                             QStringLiteral("x"))
            .ok();
    }

    // A capacity of one, a pass queued at every write, slices of at most `batch` aimed at `sliceMs`.
    static MemoryConfig passConfig(int batch, int sliceMs)
    {
        MemoryConfig config;
        config.episodeCapacity = 1;
        config.forgetEveryWrites = 1;
        config.forgetBatch = batch;
        config.forgetSliceMs = sliceMs;
        return config;
    }

    // User u's `older` episodes of yesterday and one written now, which queues a pass that
    // archives the older ones.
    static bool queuePassOver(test::MemoryFixture& m, int older)
    {
        if (!m->ensureUser(QStringLiteral("u")))
            return false;
        test::insertEpisodes(m.service(), QStringLiteral("u"), older, m.clock().now().addDays(-1));
        return m->recordExchange(QStringLiteral("u"), {}, QStringLiteral("the newest"), QStringLiteral("x")).ok();
    }

    // User u's queued and running jobs.
    static QList<Job> pendingOf(test::MemoryFixture& m)
    {
        return JobQueue(m.service().database()).pending(QStringLiteral("u")).value();
    }

    static std::unique_ptr<JobRunner> runnerFor(test::MemoryFixture& m, test::FakeLlmServer& server)
    {
        LlmSettings settings = server.clientSettings();
        settings.embeddingModel.clear();
        m_client = std::make_unique<LlmClient>(settings);
        return std::make_unique<JobRunner>(m.service(), *m_client);
    }

    static void drain(JobRunner& runner)
    {
        QSignalSpy drained(&runner, &JobRunner::drained);
        runner.drainOnce(); // a job that needs no event loop is done when this returns
        QVERIFY(!drained.isEmpty() || drained.wait(15000));
    }

    static inline std::unique_ptr<LlmClient> m_client;
};

QTEST_GUILESS_MAIN(TestForgetting)
#include "tst_forgetting.moc"
