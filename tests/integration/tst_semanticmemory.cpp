#include "MemoryFixture.h"
#include "memory/ContextBuilder.h"
#include "storage/Sql.h"

#include <QMutex>
#include <QTest>

#include <algorithm>
#include <functional>
#include <thread>
#include <vector>

using namespace engram;

namespace {

FactInput fact(const QString& predicate, const QString& object, double confidence = 0.9,
               FactSource source = FactSource::UserInput)
{
    FactInput in;
    in.predicate = predicate;
    in.object = object;
    in.confidence = confidence;
    in.source = source;
    return in;
}

// Runs `work(client, memory)` `times` times on each of `clients` threads, each thread with a
// MemoryService of its own on `location` (as the apps of several machines on one server);
// returns the errors of every call that failed, and of every memory that did not open.
QStringList onClients(const MemoryLocation& location, int clients, int times,
                      const std::function<Status(int client, int time, MemoryService& memory)>& work)
{
    QMutex mutex;
    QStringList failures;
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
        threads.emplace_back([&, c] {
            QStringList own;
            auto memory = MemoryService::open(location);
            if (!memory)
                own.append(memory.errorMessage());
            for (int i = 0; memory && i < times; ++i) {
                if (auto st = work(c, i, **memory); !st)
                    own.append(st.errorMessage());
            }
            QMutexLocker lock(&mutex);
            failures += own;
        });
    }
    for (std::thread& t : threads)
        t.join();
    return failures;
}

QStringList objects(const QList<Fact>& facts)
{
    QStringList list;
    for (const Fact& f : facts)
        list.append(f.object);
    return list;
}

} // namespace

class TestSemanticMemory final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void projectIsUpdatedNotAppended()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto first = m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("project"), QStringLiteral("电商")));
        QVERIFY2(first, qPrintable(first.errorMessage()));
        QCOMPARE(first->outcome, SemanticMemory::Outcome::Created);
        m.clock().advanceDays(90);
        auto second = m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("project"), QStringLiteral("短视频")));
        QVERIFY(second);
        QCOMPARE(second->outcome, SemanticMemory::Outcome::Superseded);

        auto active = m->activeFacts(QStringLiteral("u"));
        QVERIFY(active);
        QCOMPARE(objects(*active), QStringList{QStringLiteral("短视频")});

        auto history = m->history(QStringLiteral("u"), second->fact.id);
        QVERIFY(history);
        QStringList actions;
        bool oldValueInHistory = false;
        for (const HistoryEntry& h : *history) {
            actions.append(h.action);
            if (h.before.is_object() && h.before.value("object", std::string()) == "电商")
                oldValueInHistory = true;
        }
        QVERIFY2(oldValueInHistory, qPrintable(actions.join(QLatin1Char(','))));
        QVERIFY(actions.contains(QStringLiteral("supersede")));

        ItemQuery superseded;
        superseded.tier = Tier::Semantic;
        superseded.status = QStringLiteral("superseded");
        auto old = m->list(QStringLiteral("u"), superseded);
        QVERIFY(old);
        QCOMPARE(old->size(), 1);
        QCOMPARE(old->first().object, QStringLiteral("电商"));
        auto oldFact = m->item(QStringLiteral("u"), old->first().id);
        QVERIFY(oldFact);
    }

    void keyIsCaseAndWidthInsensitive()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        QVERIFY(m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("Employer"), QStringLiteral("Acme"))));
        FactInput in = fact(QStringLiteral("ＥＭＰＬＯＹＥＲ "), QStringLiteral("Globex"));
        in.subject = QStringLiteral("USER");
        QVERIFY(m->rememberFact(QStringLiteral("u"), in));
        auto active = m->activeFacts(QStringLiteral("u"));
        QCOMPARE(objects(*active), QStringList{QStringLiteral("Globex")});
    }

    void sameValueReinforces()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto a =
            m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("job"), QStringLiteral("Java developer"), 0.7));
        auto b =
            m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("job"), QStringLiteral("java  developer"), 0.7));
        QVERIFY(a && b);
        QCOMPARE(b->outcome, SemanticMemory::Outcome::Reinforced);
        QCOMPARE(b->fact.id, a->fact.id);
        QVERIFY(b->fact.confidence > a->fact.confidence);
        QCOMPARE(m->activeFacts(QStringLiteral("u"))->size(), 1);
    }

    void lowConfidenceIsPendingUntilConfirmed()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto p = m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("location"), QStringLiteral("杭州"), 0.4));
        QVERIFY(p);
        QCOMPARE(p->outcome, SemanticMemory::Outcome::Pending);
        QVERIFY(m->activeFacts(QStringLiteral("u"))->isEmpty());

        auto confirmed = m->confirmFact(QStringLiteral("u"), p->fact.id);
        QVERIFY2(confirmed, qPrintable(confirmed.errorMessage()));
        QCOMPARE(confirmed->status, ItemStatus::Active);
        QVERIFY(confirmed->confidence >= 0.9);
        QCOMPARE(objects(*m->activeFacts(QStringLiteral("u"))), QStringList{QStringLiteral("杭州")});
    }

    void confirmingAnActiveFactRaisesItsConfidence()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto f = m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("employer"), QStringLiteral("Initech"), 0.7));
        QVERIFY(f);
        auto confirmed = m->confirmFact(QStringLiteral("u"), f->fact.id);
        QVERIFY2(confirmed, qPrintable(confirmed.errorMessage()));
        QCOMPARE(confirmed->status, ItemStatus::Active);
        QCOMPARE(confirmed->confidence, 0.95);
        QCOMPARE(m->activeFacts(QStringLiteral("u"))->first().confidence, 0.95);
    }

    void rejectedPendingNeverBecomesActive()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto p = m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("likes"), QStringLiteral("jazz"), 0.3));
        QVERIFY(m->rejectFact(QStringLiteral("u"), p->fact.id));
        QVERIFY(m->activeFacts(QStringLiteral("u"))->isEmpty());
        QCOMPARE(m->item(QStringLiteral("u"), p->fact.id)->status, QStringLiteral("rejected"));
        QVERIFY(!m->confirmFact(QStringLiteral("u"), p->fact.id));
    }

    void manualValueWinsOverAutomatic()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto manual =
            m->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("name"), QStringLiteral("李雷"));
        QVERIFY(manual);
        QCOMPARE(manual->source, FactSource::Manual);
        auto automatic = m->rememberFact(
            QStringLiteral("u"), fact(QStringLiteral("name"), QStringLiteral("韩梅梅"), 0.95, FactSource::LlmExtract));
        QVERIFY(automatic);
        QCOMPARE(automatic->outcome, SemanticMemory::Outcome::Pending);
        QCOMPARE(objects(*m->activeFacts(QStringLiteral("u"))), QStringList{QStringLiteral("李雷")});
        // The user may still change it by hand.
        QVERIFY(
            m->addFact(QStringLiteral("u"), QStringLiteral("user"), QStringLiteral("name"), QStringLiteral("Li Lei")));
        QCOMPARE(objects(*m->activeFacts(QStringLiteral("u"))), QStringList{QStringLiteral("Li Lei")});
    }

    void editKeepsIdAndBecomesManual()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto f = m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("employer"), QStringLiteral("Acme")));
        auto edited = m->edit(QStringLiteral("u"), f->fact.id, QStringLiteral("Initech"));
        QVERIFY2(edited, qPrintable(edited.errorMessage()));
        QCOMPARE(edited->id, f->fact.id);
        QCOMPARE(edited->object, QStringLiteral("Initech"));
        QCOMPARE(edited->source, QStringLiteral("manual"));
        QVERIFY(!m->edit(QStringLiteral("u"), f->fact.id, QStringLiteral("   ")));
    }

    void weakenedFactLeavesContext()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        auto f = m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("job"), QStringLiteral("doctor"), 0.8));
        auto weak = m->weakenFact(QStringLiteral("u"), f->fact.id, 0.3);
        QVERIFY(weak);
        QCOMPARE(weak->status, ItemStatus::Pending);
        QVERIFY(m->activeFacts(QStringLiteral("u"))->isEmpty());
    }

    // Several clients (the app on two machines and a tool, on one server) write the same fact at
    // once: every write is kept in the history, exactly one value is current, none fails.
    void concurrentWritersLeaveOneCurrentValue()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        constexpr int kWriters = 3;
        constexpr int kWrites = 8;
        const QStringList failures =
            onClients(m.location(), kWriters, kWrites, [](int w, int i, MemoryService& memory) -> Status {
                auto change = memory.rememberFact(
                    QStringLiteral("u"), fact(QStringLiteral("city"), QStringLiteral("city %1.%2").arg(w).arg(i)));
                if (!change)
                    return change.error();
                return {};
            });
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        const QList<Fact> active = *m->activeFacts(QStringLiteral("u"));
        QCOMPARE(active.size(), 1);
        auto versions =
            sql::scalar(m->database().connection(),
                        QStringLiteral("SELECT count(*) FROM facts WHERE user_id = 'u' AND predicate = 'city'"));
        QVERIFY(versions);
        QCOMPARE(versions->toInt(), kWriters * kWrites);
    }

    // Several clients build contexts from the same profile at once, each listing its facts in
    // another order: every access is counted and none fails (on a server, two clients that
    // locked the same facts in two orders deadlocked, and one lost its whole count).
    void concurrentContextsCountEveryAccess()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        QStringList ids;
        for (int i = 0; i < 30; ++i) {
            auto f = m->rememberFact(QStringLiteral("u"),
                                     fact(QStringLiteral("likes %1").arg(i), QStringLiteral("thing %1").arg(i)));
            QVERIFY2(f, qPrintable(f.errorMessage()));
            ids.append(f->fact.id);
        }
        constexpr int kClients = 3;
        constexpr int kContexts = 10;
        const QStringList failures =
            onClients(m.location(), kClients, kContexts, [&](int c, int i, MemoryService& memory) {
                QStringList order = ids;
                std::rotate(order.begin(), order.begin() + (c * 11 + i * 7) % order.size(), order.end());
                if (c % 2 == 1)
                    std::reverse(order.begin(), order.end());
                ContextSection profile;
                profile.name = QStringLiteral("profile");
                profile.ids = order;
                ContextResult context;
                context.sections.append(profile);
                return memory.countAccess(QStringLiteral("u"), context);
            });
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        const auto active = m->activeFacts(QStringLiteral("u"));
        QVERIFY(active);
        QCOMPARE(active->size(), ids.size());
        for (const Fact& f : *active)
            QCOMPARE(f.accessCount, kClients * kContexts);
    }

    void invalidInputIsRefused()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(QStringLiteral("u")));
        QVERIFY(!m->rememberFact(QStringLiteral("u"), fact(QString(), QStringLiteral("x"))));
        QVERIFY(!m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("p"), QString(600, QLatin1Char('x')))));
        QVERIFY(!m->rememberFact(QStringLiteral("u"), fact(QStringLiteral("p"), QStringLiteral("x"), 1.5)));
        QCOMPARE(m->counts(QStringLiteral("u"))->semantic, 0);
    }
};

QTEST_GUILESS_MAIN(TestSemanticMemory)
#include "tst_semanticmemory.moc"
