#include "EpisodeBulk.h"
#include "MemoryFixture.h"
#include "StatementWork.h"
#include "TestSupport.h"

#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/Migrations.h"
#include "storage/Sql.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <random>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");
const QString kConversation = QStringLiteral("c1");

} // namespace

// Each exchange is also indexed with the words of its neighbours in the conversation (issue 14,
// schema version 5): a fact said across two turns is found, and every write keeps that context
// true, so the words of a deleted or archived exchange leave its neighbours with it.
class TestNeighbourContext final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_fixture = std::make_unique<test::MemoryFixture>();
        QVERIFY((*m_fixture)->ensureUser(kUser));
        m_at = m_fixture->clock().now().addDays(-1);
    }

    void cleanup() { m_fixture.reset(); }

    void anExchangeIsFoundByWhatWasSaidAroundIt()
    {
        const QString puppy = add(QStringLiteral("I adopted a puppy last week"), 0);
        add(QStringLiteral("His name is Biscuit"), 1);
        add(QStringLiteral("We walk along the river on weekends"), 2);
        add(QStringLiteral("My favourite biscuit recipe uses butter"), 3, QStringLiteral("c2"));

        auto hits = (*m_fixture)->retriever().searchEpisodes(kUser, QStringLiteral("What is my puppy called?"), 5);
        QVERIFY(hits);
        const QStringList found = test::contentsOf(*hits);
        QVERIFY2(found.size() >= 2, qPrintable(found.join(QLatin1String(" | "))));
        // Its own words first; the turn after it is found by what was said before it.
        QCOMPARE(hits->at(0).episode.id, puppy);
        QVERIFY(found.contains(QStringLiteral("His name is Biscuit")));
        QVERIFY(!found.contains(QStringLiteral("My favourite biscuit recipe uses butter")));
    }

    void theContextHoldsTheNeighboursAndFollowsEveryWrite()
    {
        const QString first = add(QStringLiteral("alpha first"), 0);
        const QString middle = add(QStringLiteral("bravo mid"), 1);
        const QString last = add(QStringLiteral("kilo last"), 2);
        QCOMPARE(context(middle), QStringLiteral("alpha first kilo last"));
        QCOMPARE(context(first), QStringLiteral("bravo mid"));
        QCOMPARE(context(last), QStringLiteral("bravo mid"));

        // An edit reaches both neighbours.
        EpisodeStore store((*m_fixture)->database());
        Episode edited = store.find(kUser, middle).value();
        edited.content = QStringLiteral("delta mid");
        QVERIFY(store.update(edited));
        QCOMPARE(context(first), QStringLiteral("delta mid"));
        QCOMPARE(context(last), QStringLiteral("delta mid"));

        // An archived exchange is no one's neighbour.
        Episode archived = store.find(kUser, last).value();
        archived.status = ItemStatus::Archived;
        QVERIFY(store.update(archived));
        QCOMPARE(context(middle), QStringLiteral("alpha first"));

        // A deleted one takes its words with it: nothing finds them any more.
        QVERIFY(store.remove(kUser, first));
        QCOMPARE(context(middle), QString());
        auto hits = (*m_fixture)->retriever().searchEpisodes(kUser, QStringLiteral("alpha"), 5);
        QVERIFY(hits);
        QVERIFY(hits->isEmpty());
        QVERIFY(indexIsIntact());
    }

    void anExchangeSaidBetweenTwoOthersJoinsThem()
    {
        const QString first = add(QStringLiteral("alpha"), 0);
        const QString last = add(QStringLiteral("kilo"), 4);
        QCOMPARE(context(first), QStringLiteral("kilo"));
        const QString middle = add(QStringLiteral("bravo"), 2);
        QCOMPARE(context(first), QStringLiteral("bravo"));
        QCOMPARE(context(middle), QStringLiteral("alpha kilo"));
        QCOMPARE(context(last), QStringLiteral("bravo"));
        QVERIFY(indexIsIntact());
    }

    // A new neighbour that brings only words the context holds already leaves the first exchange's
    // terms as they were but makes it longer: the user's token total (BM25's average length)
    // follows. On a server, before schema version 4 it did not.
    void aNeighbourOfWordsAlreadyHeldStillCountsTheLength()
    {
        const QString first = add(QStringLiteral("alpha bravo"), 0);
        add(QStringLiteral("bravo alpha"), 1);
        QCOMPARE(context(first), QStringLiteral("bravo alpha"));
        QVERIFY(indexIsIntact());
    }

    // Two hundred writes of every kind in a random order (single inserts between others, edits,
    // archiving and restoring, archiving many at once, deletes, clearing a user, bulk loads,
    // batches without bulk mode, access counts) over two users and three conversations: the index
    // stays true (on a server, the statistics equal a recount), every episode holds after every
    // step the context its neighbours make (an archived exchange none), and ends with the context
    // that writing the final exchanges one at a time in time order gives, whatever the path.
    // Before schema version 10 (a server's 6) an archived exchange past the last active one of its
    // conversation kept naming a neighbour archived or deleted after it, and took that back on its
    // restore.
    void anyOrderOfWritesEndsWithTheContextsOfSingleWrites()
    {
        const QString other = QStringLiteral("w");
        QVERIFY((*m_fixture)->ensureUser(other));
        Database& db = (*m_fixture)->database();
        EpisodeStore store(db);
        QRandomGenerator random(20261203);
        const QStringList words{QStringLiteral("alpha"), QStringLiteral("bravo"), QStringLiteral("kilo"),
                                QStringLiteral("oscar"), QStringLiteral("tango"), QStringLiteral("港口"),
                                QStringLiteral("渡轮")};
        QList<int> minutes; // no two exchanges share a minute: their time order is unambiguous
        for (int m = 0; m < 2000; ++m)
            minutes.append(m);
        std::shuffle(minutes.begin(), minutes.end(), std::mt19937(7));
        QList<Episode> live;
        const auto newExchange = [&] {
            QStringList text;
            for (int n = 1 + static_cast<int>(random.bounded(4)); n > 0; --n)
                text.append(words.at(static_cast<int>(random.bounded(words.size()))));
            Episode e = test::newEpisode(random.bounded(3) == 0 ? other : kUser, text.join(QLatin1Char(' ')),
                                         m_at.addSecs(60LL * minutes.takeLast()));
            e.conversationId = QStringLiteral("c%1").arg(random.bounded(3));
            return e;
        };
        const auto batch = [&](bool bulk) {
            QList<Episode> added;
            for (int n = 1 + static_cast<int>(random.bounded(6)); n > 0; --n)
                added.append(newExchange());
            Transaction tx(db);
            if (!tx.begin() || (bulk && !store.beginBulkLoad()) || !store.insertAll(added) ||
                (bulk && !store.finishBulkLoad()) || !tx.commit())
                return false;
            live += added;
            return true;
        };
        for (int step = 0; step < 200; ++step) {
            const int op = static_cast<int>(random.bounded(10));
            const qsizetype pick = live.isEmpty() ? -1 : static_cast<qsizetype>(random.bounded(live.size()));
            if (op <= 3 || pick < 0) {
                live.append(newExchange());
                QVERIFY(store.insert(live.last()));
            } else if (op == 4) {
                live[pick].content = newExchange().content;
                QVERIFY(store.update(live.at(pick)));
            } else if (op == 5 && random.bounded(2) == 0) {
                // The forgetting pass: several of a user's exchanges archived at once.
                const QString user = live.at(pick).userId;
                QStringList ids;
                for (const Episode& e : std::as_const(live)) {
                    if (e.userId == user && e.status == ItemStatus::Active && random.bounded(3) == 0)
                        ids.append(e.id);
                }
                Transaction tx(db);
                QVERIFY(tx.begin());
                const auto archived = store.archiveAll(user, ids, m_at);
                QVERIFY2(archived, qPrintable(archived.errorMessage()));
                QCOMPARE(*archived, ids);
                QVERIFY(tx.commit());
                for (Episode& e : live) {
                    if (ids.contains(e.id)) {
                        e.status = ItemStatus::Archived;
                        e.archivedAt = m_at;
                    }
                }
            } else if (op == 5) {
                const bool archive = live.at(pick).status == ItemStatus::Active;
                live[pick].status = archive ? ItemStatus::Archived : ItemStatus::Active;
                live[pick].archivedAt = archive ? m_at : QDateTime();
                QVERIFY(store.update(live.at(pick)));
            } else if (op == 6) {
                QVERIFY(store.remove(live.at(pick).userId, live.at(pick).id));
                live.removeAt(pick);
            } else if (op == 7 || op == 8) {
                QVERIFY2(batch(op == 7), qPrintable(QStringLiteral("step %1").arg(step)));
            } else if (random.bounded(8) == 0) {
                QVERIFY(store.removeAllOf(other));
                live.removeIf([&](const Episode& e) { return e.userId == other; });
            } else {
                QVERIFY(store.touch(live.at(pick).userId, {live.at(pick).id}, m_at));
            }
            // Every episode holds after every step what its neighbours make now: no word of an
            // archived or deleted exchange stays behind anywhere.
            const auto stale =
                sql::scalar(db.connection(), QStringLiteral("SELECT count(*) FROM episodes WHERE search_context <> %1")
                                                 .arg(episodeContextExpression(QStringLiteral("episodes"))));
            QVERIFY(stale);
            QVERIFY2(
                stale->toInt() == 0,
                qPrintable(
                    QStringLiteral("%1 stale after step %2 (operation %3)").arg(stale->toInt()).arg(step).arg(op)));
            if (step % 10 == 9)
                QVERIFY2(indexIsIntact(), qPrintable(QStringLiteral("after step %1").arg(step)));
        }

        // The same final exchanges written one at a time, oldest first, in a memory of their own.
        std::sort(live.begin(), live.end(),
                  [](const Episode& a, const Episode& b) { return a.createdAt < b.createdAt; });
        test::MemoryFixture replay;
        QVERIFY(replay->ensureUser(kUser) && replay->ensureUser(other));
        EpisodeStore replayed(replay->database());
        for (const Episode& e : std::as_const(live))
            QVERIFY(replayed.insert(e));
        for (const Episode& e : std::as_const(live)) {
            const auto expected =
                sql::scalar(replay->database().connection(),
                            QStringLiteral("SELECT search_context FROM episodes WHERE id = ?"), {e.id});
            QVERIFY(expected);
            QCOMPARE(context(e.id), expected->toString());
        }
    }

    // The forgetting pass archives many exchanges in one statement (EpisodeStore::archiveAll):
    // each exchange left active then holds the words of its nearest active neighbours, as when
    // they are archived one at a time, and the index (on a server, the statistics) stays true.
    void archivingManyAtOnceGivesTheContextsOfSingleWrites()
    {
        QStringList ids;
        for (int i = 0; i < 9; ++i)
            ids.append(add(QStringLiteral("turn%1 word%1").arg(i), i));
        const QStringList chosen{ids.at(1), ids.at(2), ids.at(3), ids.at(6), ids.at(8)};
        Database& db = (*m_fixture)->database();
        EpisodeStore store(db);
        Transaction tx(db);
        QVERIFY(tx.begin());
        // An id that is not there is left alone.
        const auto archived =
            store.archiveAll(kUser, QStringList(chosen) << QStringLiteral("missing"), m_at.addDays(1));
        QVERIFY2(archived, qPrintable(archived.errorMessage()));
        QCOMPARE(*archived, chosen);
        QVERIFY(tx.commit());
        QCOMPARE(context(ids.at(0)), QStringLiteral("turn4 word4"));
        QCOMPARE(context(ids.at(4)), QStringLiteral("turn0 word0 turn5 word5"));
        QCOMPARE(context(ids.at(5)), QStringLiteral("turn4 word4 turn7 word7"));
        QCOMPARE(context(ids.at(7)), QStringLiteral("turn5 word5"));
        for (const QString& id : chosen)
            QCOMPARE(store.find(kUser, id)->status, ItemStatus::Archived);
        QVERIFY(indexIsIntact());
        // Already archived: nothing moves.
        QVERIFY(tx.begin());
        QCOMPARE(store.archiveAll(kUser, chosen, m_at.addDays(2))->size(), 0);
        QVERIFY(tx.commit());
    }

    // Archiving exchanges together writes each of them once, and of the others only those whose
    // context changes. SQLite's context trigger refreshed the neighbours row by row as the
    // statement went: a conversation leaving whole had each next exchange rewritten (and
    // reindexed) before it was archived itself, most of a forgetting slice at 100,000 episodes.
    void archivingTogetherWritesEachExchangeOnce()
    {
        QStringList ids;
        for (int i = 0; i < 10; ++i)
            ids.append(add(QStringLiteral("turn%1").arg(i), i));
        Database& db = (*m_fixture)->database();
        EpisodeStore store(db);
        const auto archive = [&](const QStringList& chosen) {
            return test::rowsUpdatedBy(db, QStringLiteral("episodes"), [&] {
                Transaction tx(db);
                QVERIFY(tx.begin());
                QCOMPARE(store.archiveAll(kUser, chosen, m_at.addDays(1))->size(), chosen.size());
                QVERIFY(tx.commit());
            });
        };
        // The first six, and the seventh, whose neighbour before it is gone.
        QCOMPARE(archive(ids.mid(0, 6)), 7);
        QCOMPARE(context(ids.at(6)), QStringLiteral("turn7"));
        // The rest, and nothing else.
        QCOMPARE(archive(ids.mid(6)), 4);
        for (const QString& id : std::as_const(ids))
            QCOMPARE(context(id), QString());
        QVERIFY(indexIsIntact());

        // Restored together: each is written twice, its status and then its context.
        const qint64 restored = test::rowsUpdatedBy(db, QStringLiteral("episodes"), [&] {
            Transaction tx(db);
            QVERIFY(tx.begin());
            QCOMPARE(*store.restoreAll(kUser, QStringList(ids) << QStringLiteral("missing"), m_at.addDays(2)), ids);
            QVERIFY(tx.commit());
        });
        QCOMPARE(restored, 20);
        QCOMPARE(context(ids.at(0)), QStringLiteral("turn1"));
        QCOMPARE(context(ids.at(5)), QStringLiteral("turn4 turn6"));
        QCOMPARE(context(ids.at(9)), QStringLiteral("turn8"));
        QCOMPARE(store.find(kUser, ids.at(3))->lastAccessAt, m_at.addDays(2));
        QVERIFY(indexIsIntact());
    }

    // An archived exchange is indexed by its own words alone, and takes its neighbours' words
    // back when it is restored. The last exchange of a conversation used to keep naming a
    // neighbour archived or deleted after it: a deleted exchange's words stayed in the index.
    void anArchivedExchangeHoldsNoContextUntilItIsRestored()
    {
        const QString first = add(QStringLiteral("alpha"), 0);
        const QString middle = add(QStringLiteral("bravo"), 1);
        const QString last = add(QStringLiteral("kilo"), 2);
        EpisodeStore store((*m_fixture)->database());
        Episode archived = store.find(kUser, last).value();
        archived.status = ItemStatus::Archived;
        QVERIFY(store.update(archived));
        QCOMPARE(context(last), QString());
        QCOMPARE(context(middle), QStringLiteral("alpha"));

        // Its old neighbour deleted: none of its words is anywhere in the index.
        QVERIFY(store.remove(kUser, middle));
        QCOMPARE(context(last), QString());
        QCOMPARE(context(first), QString());
        const auto holders = sql::scalar((*m_fixture)->database().connection(),
                                         QStringLiteral("SELECT count(*) FROM episodes WHERE search_context LIKE ?"),
                                         {QStringLiteral("%bravo%")});
        QVERIFY(holders);
        QCOMPARE(holders->toInt(), 0);

        // Restored, it holds what its neighbours say now, and they hold its words.
        archived.status = ItemStatus::Active;
        archived.archivedAt = QDateTime();
        QVERIFY(store.update(archived));
        QCOMPARE(context(last), QStringLiteral("alpha"));
        QCOMPARE(context(first), QStringLiteral("kilo"));

        // Archived with others at once, it is emptied too.
        Transaction tx((*m_fixture)->database());
        QVERIFY(tx.begin());
        QCOMPARE(store.archiveAll(kUser, {last}, m_at)->size(), 1);
        QVERIFY(tx.commit());
        QCOMPARE(context(last), QString());
        QCOMPARE(context(first), QString());
        QVERIFY(indexIsIntact());
    }

    // Archiving, restoring, editing or deleting one exchange sweeps the contexts of its own
    // conversation: the work it takes does not grow with the rest of the user's memory. With the
    // sweep's rows chosen by their status too, SQLite (which keeps no statistics) read them
    // through episodes_user, every active episode of the user: 154 ms a change at 100,000.
    void aChangeSweepsItsConversationNotTheWholeMemory()
    {
        const auto workAt = [](int exchanges) {
            test::MemoryFixture m;
            QList<qint64> work;
            if (!m->ensureUser(kUser) || !m->importDocument(kUser, test::chatHistory(exchanges)))
                return work;
            // The sixth turn of the conversation in the middle of the memory.
            auto q = sql::run(m->database().connection(),
                              QStringLiteral("SELECT id FROM episodes WHERE user_id = ? ORDER BY created_at, seq "
                                             "LIMIT 1 OFFSET ?"),
                              {kUser, exchanges / 20 * 10 + 5});
            if (!q || !q->next())
                return work;
            const QString id = q->value(0).toString();
            bool ok = true;
            work << test::workOf(m->database(), [&] {
                ok = ok && m->applyForgetting(kUser, ForgetReport{{id}, {}}).ok();
            });
            work << test::workOf(m->database(), [&] { ok = ok && m->restore(kUser, id).ok(); });
            work << test::workOf(m->database(), [&] {
                ok = ok && m->edit(kUser, id, QStringLiteral("we talked about the garden")).ok();
            });
            work << test::workOf(m->database(), [&] { ok = ok && m->remove(kUser, id).ok(); });
            if (!ok)
                work.clear();
            return work;
        };
        constexpr int kLarge = 8000;
        const QList<qint64> small = workAt(1000);
        const QList<qint64> large = workAt(kLarge);
        QCOMPARE(small.size(), 4);
        QCOMPARE(large.size(), 4);
        const char* const changes[] = {"archive", "restore", "edit", "delete"};
        for (int i = 0; i < 4; ++i) {
            // Less than one unit of work per episode held, and no more among 8,000 than among
            // 1,000 but for noise (the server's planner may read more in the smaller memory).
            QVERIFY2(large[i] < kLarge && large[i] <= 2 * small[i] + 100,
                     qPrintable(QStringLiteral("%1: work %2 among 1,000 exchanges, %3 among 8,000")
                                    .arg(QLatin1String(changes[i]))
                                    .arg(small[i])
                                    .arg(large[i])));
        }
    }

    void summariesAndExchangesOfNoConversationHaveNoContext()
    {
        const QString loose = add(QStringLiteral("alpha"), 0, QString());
        add(QStringLiteral("bravo"), 1, QString());
        Episode summary = test::newEpisode(kUser, QStringLiteral("a summary"), m_at.addSecs(120));
        summary.kind = EpisodeKind::Summary;
        summary.conversationId = kConversation;
        QVERIFY(EpisodeStore((*m_fixture)->database()).insert(summary));
        const QString exchange = add(QStringLiteral("kilo"), 3);
        QCOMPARE(context(loose), QString());
        QCOMPARE(context(summary.id), QString());
        QCOMPARE(context(exchange), QString());
    }

    void aBulkLoadGivesOldAndNewExchangesTheirContext()
    {
        const QString old = add(QStringLiteral("alpha"), 0);
        Database& db = (*m_fixture)->database();
        EpisodeStore store(db);
        Transaction tx(db);
        QVERIFY(tx.begin());
        QVERIFY(store.beginBulkLoad());
        QList<Episode> loaded;
        for (const char* text : {"bravo", "kilo"}) {
            Episode e = test::newEpisode(kUser, QString::fromLatin1(text), m_at.addSecs(60 * (loaded.size() + 1)));
            e.conversationId = kConversation;
            loaded.append(e);
        }
        QVERIFY(store.insertAll(loaded));
        QVERIFY(store.finishBulkLoad());
        QVERIFY(tx.commit());
        QCOMPARE(context(old), QStringLiteral("bravo"));
        QCOMPARE(context(loaded.at(0).id), QStringLiteral("alpha kilo"));
        QCOMPARE(context(loaded.at(1).id), QStringLiteral("bravo"));
        QVERIFY(indexIsIntact());
        // New ones after the load are followed again.
        const QString later = add(QStringLiteral("delta"), 5);
        QCOMPARE(context(loaded.at(1).id), QStringLiteral("bravo delta"));
        QCOMPARE(context(later), QStringLiteral("kilo"));
    }

    // A bulk load in several statements, with two conversations interleaved, equal times, an
    // archived exchange and a summary among them, beside exchanges already there: every episode
    // ends with the context the same rows get when written one at a time.
    void aBulkLoadInBatchesGivesEveryEpisodeTheContextOfSingleWrites()
    {
        const QString old = add(QStringLiteral("alpha"), 0);
        const QString oldOther = add(QStringLiteral("zulu"), 0, QStringLiteral("c2"));
        QList<Episode> loaded;
        for (int i = 0; i < 40; ++i) {
            Episode e = test::newEpisode(kUser, QStringLiteral("word%1 common").arg(i), m_at.addSecs(60 * (1 + i / 2)));
            e.conversationId = i % 3 == 0 ? QStringLiteral("c2") : kConversation;
            if (i == 7 || i == 20)
                e.status = ItemStatus::Archived;
            if (i == 11)
                e.kind = EpisodeKind::Summary;
            loaded.append(e);
        }
        Database& db = (*m_fixture)->database();
        EpisodeStore store(db);
        {
            Transaction tx(db);
            QVERIFY(tx.begin());
            QVERIFY(store.beginBulkLoad());
            QVERIFY(store.insertAll(loaded.mid(0, 13)));
            QVERIFY(store.insertAll(loaded.mid(13, 14)));
            QVERIFY(store.insertAll(loaded.mid(27)));
            QVERIFY(store.finishBulkLoad());
            QVERIFY(tx.commit());
        }
        QVERIFY(indexIsIntact());

        test::MemoryFixture single;
        QVERIFY(single->ensureUser(kUser));
        EpisodeStore singleStore(single->database());
        for (const QString& id : {old, oldOther})
            QVERIFY(singleStore.insert(store.find(kUser, id).value()));
        for (const Episode& e : std::as_const(loaded))
            QVERIFY(singleStore.insert(e));
        QStringList ids{old, oldOther};
        for (const Episode& e : std::as_const(loaded))
            ids.append(e.id);
        for (const QString& id : std::as_const(ids)) {
            const auto expected = sql::scalar(single->database().connection(),
                                              QStringLiteral("SELECT search_context FROM episodes WHERE id = ?"), {id});
            QVERIFY(expected);
            QCOMPARE(context(id), expected->toString());
        }
        QVERIFY(!context(loaded.at(4).id).isEmpty());
    }

    void clearingAUserKeepsTheOthersContextsAndTheTriggers()
    {
        add(QStringLiteral("alpha"), 0);
        add(QStringLiteral("bravo"), 1);
        const QString other = QStringLiteral("someone else");
        QVERIFY((*m_fixture)->ensureUser(other));
        const QString first = add(QStringLiteral("oscar"), 0, kConversation, other);
        const QString middle = add(QStringLiteral("papa"), 1, kConversation, other);
        const QString last = add(QStringLiteral("tango"), 2, kConversation, other);
        EpisodeStore store((*m_fixture)->database());
        QCOMPARE(store.removeAllOf(kUser).value(), 2);
        QCOMPARE(context(middle), QStringLiteral("oscar tango"));
        // The delete trigger is back: the next delete still reaches the neighbours.
        QVERIFY(store.remove(other, middle));
        QCOMPARE(context(first), QStringLiteral("tango"));
        QCOMPARE(context(last), QStringLiteral("oscar"));
        QVERIFY(indexIsIntact());
    }

    void aVersionFourMemoryGetsItsContextsOnUpgrade()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v4.sqlite"));
        QStringList ids;
        {
            auto v4 = olderMemoryOfTheUser(path, 4);
            QVERIFY2(v4, qPrintable(v4.errorMessage()));
            QList<Episode> episodes;
            for (const char* text : {"alpha", "bravo", "kilo"}) {
                Episode e = test::newEpisode(kUser, QString::fromLatin1(text), m_at.addSecs(60 * ids.size()));
                e.conversationId = kConversation;
                episodes.append(e);
                ids.append(e.id);
            }
            QVERIFY(test::insertIntoOlderSchema(**v4, episodes));
        }
        auto latest = Database::open(path);
        QVERIFY2(latest, qPrintable(latest.errorMessage()));
        const QSqlDatabase& c = (*latest)->connection();
        const auto contextOf = [&](const QString& id) {
            return sql::scalar(c, QStringLiteral("SELECT search_context FROM episodes WHERE id = ?"), {id})->toString();
        };
        QCOMPARE(contextOf(ids.at(1)), QStringLiteral("alpha kilo"));
        QCOMPARE(contextOf(ids.at(0)), QStringLiteral("bravo"));
        QVERIFY(sql::execute(c, QStringLiteral("INSERT INTO episodes_fts(episodes_fts) VALUES('integrity-check')")));
        // The rebuilt index finds an exchange by its neighbour's word.
        auto found = sql::scalar(
            c, QStringLiteral("SELECT count(*) FROM episodes_fts WHERE episodes_fts MATCH 'search_context : alpha'"));
        QCOMPARE(found->toInt(), 1);
    }

    // Before version 10 an archived exchange past the last active one of its conversation kept
    // the words of a neighbour deleted after it; the upgrade empties every archived context.
    void aVersionNineMemoryForgetsItsArchivedContextsOnUpgrade()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("v9.sqlite"));
        QStringList ids;
        {
            auto v9 = olderMemoryOfTheUser(path, 9);
            QVERIFY2(v9, qPrintable(v9.errorMessage()));
            const QSqlDatabase& c = (*v9)->connection();
            for (const char* text : {"alpha", "bravo", "kilo"}) {
                Episode e = test::newEpisode(kUser, QString::fromLatin1(text), m_at.addSecs(60 * ids.size()));
                e.conversationId = kConversation;
                QVERIFY(EpisodeStore(**v9).insert(e));
                ids.append(e.id);
            }
            QVERIFY(
                sql::execute(c, QStringLiteral("UPDATE episodes SET status = 'archived' WHERE id = ?"), {ids.at(2)}));
            QVERIFY(sql::execute(c, QStringLiteral("DELETE FROM episodes WHERE id = ?"), {ids.at(1)}));
            QCOMPARE(sql::scalar(c, QStringLiteral("SELECT search_context FROM episodes WHERE id = ?"), {ids.at(2)})
                         ->toString(),
                     QStringLiteral("bravo"));
        }
        auto latest = Database::open(path);
        QVERIFY2(latest, qPrintable(latest.errorMessage()));
        const QSqlDatabase& c = (*latest)->connection();
        QCOMPARE(
            sql::scalar(c, QStringLiteral("SELECT search_context FROM episodes WHERE id = ?"), {ids.at(2)})->toString(),
            QString());
        QVERIFY(sql::execute(c, QStringLiteral("INSERT INTO episodes_fts(episodes_fts) VALUES('integrity-check')")));
        auto found = sql::scalar(
            c, QStringLiteral("SELECT count(*) FROM episodes_fts WHERE episodes_fts MATCH 'search_context : bravo'"));
        QCOMPARE(found->toInt(), 0);
        // The new triggers leave an archived exchange's context empty when its neighbours change.
        EpisodeStore store(**latest);
        Episode e = test::newEpisode(kUser, QStringLiteral("oscar"), m_at.addSecs(600));
        e.conversationId = kConversation;
        QVERIFY(store.insert(e));
        QCOMPARE(
            sql::scalar(c, QStringLiteral("SELECT search_context FROM episodes WHERE id = ?"), {ids.at(2)})->toString(),
            QString());
        QCOMPARE(
            sql::scalar(c, QStringLiteral("SELECT search_context FROM episodes WHERE id = ?"), {ids.at(0)})->toString(),
            QStringLiteral("oscar"));
    }

private:
    // A memory file at the schema `version` of an older Engram, with the user in it.
    static Result<std::unique_ptr<Database>> olderMemoryOfTheUser(const QString& path, int version)
    {
        auto db = Database::openAtVersion(path, version);
        if (!db)
            return db;
        if (auto st = sql::execute(
                (*db)->connection(),
                QStringLiteral("INSERT INTO users (id, display_name, created_at) VALUES (?, 'U', 1)"), {kUser});
            !st)
            return st.error();
        return db;
    }

    QString add(const QString& text, int minute, const QString& conversation = kConversation,
                const QString& user = kUser)
    {
        Episode e = test::newEpisode(user, text, m_at.addSecs(60 * minute));
        e.conversationId = conversation;
        if (!EpisodeStore((*m_fixture)->database()).insert(e))
            qFatal("cannot insert an episode");
        return e.id;
    }

    QString context(const QString& id)
    {
        auto value = sql::scalar((*m_fixture)->database().connection(),
                                 QStringLiteral("SELECT search_context FROM episodes WHERE id = ?"), {id});
        return value ? value->toString() : QStringLiteral("<error>");
    }

    bool indexIsIntact() { return test::indexIsIntact((*m_fixture)->database()); }

    std::unique_ptr<test::MemoryFixture> m_fixture;
    QDateTime m_at;
};

QTEST_GUILESS_MAIN(TestNeighbourContext)
#include "tst_neighbourcontext.moc"
