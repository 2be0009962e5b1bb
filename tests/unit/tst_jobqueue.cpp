#include "TestSupport.h"
#include "storage/JobQueue.h"
#include "storage/UserStore.h"

#include <QMutex>
#include <QSet>
#include <QTest>

#include <thread>
#include <vector>

using namespace engram;

class TestJobQueue final : public QObject
{
    Q_OBJECT

    const QDateTime t0{QDate(2026, 3, 1), QTime(9, 0), Qt::UTC};

    static Json payload(int n)
    {
        Json j = Json::object();
        j["n"] = n;
        return j;
    }

private Q_SLOTS:
    void sameTurnIsNeverQueuedTwice()
    {
        test::TempDatabase t;
        QVERIFY(UserStore(t.db()).ensure(QStringLiteral("u"), {}, t0));
        JobQueue q(t.db());
        QCOMPARE(
            *q.enqueue(QStringLiteral("u"), QStringLiteral("extract"), QStringLiteral("extract:m1"), payload(1), t0),
            true);
        QCOMPARE(
            *q.enqueue(QStringLiteral("u"), QStringLiteral("extract"), QStringLiteral("extract:m1"), payload(2), t0),
            false);
        auto job = q.claimNext(t0);
        QVERIFY(job && *job);
        QVERIFY(q.complete((*job)->id, t0));
        // Even after it is done, the same key is not queued again.
        QCOMPARE(
            *q.enqueue(QStringLiteral("u"), QStringLiteral("extract"), QStringLiteral("extract:m1"), payload(3), t0),
            false);
        QVERIFY(!*q.claimNext(t0));
    }

    // A recurring job (forgetting) keeps one row, queued again only once its last run is over,
    // with its attempts and error reset; the row says when that was.
    void aRecurringJobIsQueuedAgainOnceItsRunIsOver()
    {
        test::TempDatabase t;
        QVERIFY(UserStore(t.db()).ensure(QStringLiteral("u"), {}, t0));
        JobQueue q(t.db());
        const QString u = QStringLiteral("u");
        const QString kind = QStringLiteral("forget");
        const QString key = QStringLiteral("forget:u");
        QVERIFY(!*q.findKey(key));
        QCOMPARE(*q.requeue(u, kind, key, t0), true);
        QCOMPARE(*q.requeue(u, kind, key, t0.addSecs(1)), false); // it waits
        auto job = *q.claimNext(t0.addSecs(2));
        QVERIFY(job);
        QCOMPARE(*q.requeue(u, kind, key, t0.addSecs(3)), false); // it runs
        QVERIFY(q.fail(job->id, QStringLiteral("disk full"), t0.addSecs(4)));
        QCOMPARE((*q.findKey(key))->updatedAt, t0.addSecs(4));

        QCOMPARE(*q.requeue(u, kind, key, t0.addSecs(5)), true);
        const auto again = *q.findKey(key);
        QVERIFY(again);
        QCOMPARE(again->id, job->id);
        QCOMPARE(again->status, Job::Status::Queued);
        QCOMPARE(again->attempts, 0);
        QCOMPARE(again->lastError, QString());
        QCOMPARE(again->updatedAt, t0.addSecs(5));
        QCOMPARE((*q.claimNext(t0.addSecs(5)))->attempts, 1);
        QVERIFY(q.complete(job->id, t0.addSecs(6)));
        QCOMPARE(*q.requeue(u, kind, key, t0.addSecs(7)), true);
        QCOMPARE(q.pending(u)->size(), 1);
    }

    void claimsInOrderAndHonoursDueTime()
    {
        test::TempDatabase t;
        QVERIFY(UserStore(t.db()).ensure(QStringLiteral("u"), {}, t0));
        JobQueue q(t.db());
        QVERIFY(q.enqueue(QStringLiteral("u"), QStringLiteral("extract"), QStringLiteral("a"), payload(1), t0));
        QVERIFY(q.enqueue(QStringLiteral("u"), QStringLiteral("summarize"), QStringLiteral("b"), payload(2), t0));
        auto first = *q.claimNext(t0);
        QCOMPARE(first->dedupeKey, QStringLiteral("a"));
        QCOMPARE(first->attempts, 1);
        QCOMPARE(first->status, Job::Status::Running);
        // A failed attempt waits for its retry time.
        QVERIFY(q.retryAt(first->id, QStringLiteral("endpoint down"), t0.addSecs(30), t0));
        auto second = *q.claimNext(t0);
        QCOMPARE(second->dedupeKey, QStringLiteral("b"));
        QVERIFY(q.complete(second->id, t0));
        QVERIFY(!*q.claimNext(t0.addSecs(10)));
        QCOMPARE(**q.nextDue(), t0.addSecs(30));
        auto again = *q.claimNext(t0.addSecs(31));
        QCOMPARE(again->id, first->id);
        QCOMPARE(again->attempts, 2);
        QCOMPARE(again->lastError, QStringLiteral("endpoint down"));
    }

    void interruptedJobRunsAgainAfterRestart()
    {
        test::TempDatabase t;
        QVERIFY(UserStore(t.db()).ensure(QStringLiteral("u"), {}, t0));
        QString id;
        {
            JobQueue q(t.db());
            QVERIFY(q.enqueue(QStringLiteral("u"), QStringLiteral("extract"), QStringLiteral("k"), payload(7), t0));
            auto job = *q.claimNext(t0);
            id = job->id;
            // The process dies here: the job is left "running".
        }
        t.reopen();
        JobQueue q(t.db());
        QVERIFY(!*q.claimNext(t0)); // running jobs are not claimed twice while the process lives
        QCOMPARE(*q.recoverInterrupted(t0), 1);
        auto job = *q.claimNext(t0);
        QVERIFY(job);
        QCOMPARE(job->id, id);
        QCOMPARE(job->payload.value("n", 0), 7);
        QVERIFY(q.complete(id, t0));
        QVERIFY(q.pending()->isEmpty());
        QCOMPARE(*q.recoverInterrupted(t0), 0);
    }

    void pendingIsPerUser()
    {
        test::TempDatabase t;
        UserStore users(t.db());
        QVERIFY(users.ensure(QStringLiteral("a"), {}, t0));
        QVERIFY(users.ensure(QStringLiteral("b"), {}, t0));
        JobQueue q(t.db());
        QVERIFY(q.enqueue(QStringLiteral("a"), QStringLiteral("extract"), QStringLiteral("1"), payload(1), t0));
        QVERIFY(q.enqueue(QStringLiteral("b"), QStringLiteral("extract"), QStringLiteral("2"), payload(2), t0));
        QCOMPARE(q.pending(QStringLiteral("a"))->size(), 1);
        QCOMPARE(q.pending()->size(), 2);
        auto failed = *q.claimNext(t0);
        QVERIFY(q.fail(failed->id, QStringLiteral("no such message"), t0));
        QCOMPARE(q.pending()->size(), 1);
    }

    // Several workers (apps and tools on one server, or processes on one file) take jobs at once:
    // each job runs exactly once.
    void eachJobIsClaimedByOneWorker()
    {
        test::TempDatabase t;
        QVERIFY(UserStore(t.db()).ensure(QStringLiteral("u"), {}, t0));
        JobQueue q(t.db());
        constexpr int kJobs = 40;
        for (int i = 0; i < kJobs; ++i)
            QVERIFY(q.enqueue(QStringLiteral("u"), QStringLiteral("extract"), QStringLiteral("k%1").arg(i), payload(i),
                              t0));
        QMutex mutex;
        QStringList claimed;
        QStringList failures;
        std::vector<std::thread> workers;
        for (int w = 0; w < 3; ++w) {
            workers.emplace_back([&] {
                auto db = Database::open(t.location());
                if (!db) {
                    QMutexLocker lock(&mutex);
                    failures.append(db.errorMessage());
                    return;
                }
                JobQueue queue(**db);
                for (;;) {
                    auto job = queue.claimNext(t0);
                    if (!job || !*job || !queue.complete((*job)->id, t0)) {
                        if (!job) {
                            QMutexLocker lock(&mutex);
                            failures.append(job.errorMessage());
                        }
                        return;
                    }
                    QMutexLocker lock(&mutex);
                    claimed.append((*job)->id);
                }
            });
        }
        for (std::thread& worker : workers)
            worker.join();
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        QCOMPARE(claimed.size(), kJobs);
        QCOMPARE(QSet<QString>(claimed.cbegin(), claimed.cend()).size(), kJobs);
        QVERIFY(q.pending()->isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestJobQueue)
#include "tst_jobqueue.moc"
