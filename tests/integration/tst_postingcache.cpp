#include "EpisodeBulk.h"
#include "MemoryFixture.h"

#include "core/SearchTokenizer.h"
#include "storage/Database.h"
#include "storage/EpisodeStore.h"
#include "storage/Sql.h"

#include <QTest>

#include <cmath>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");

Episode episode(const QString& text, const QString& reply = {})
{
    Episode e = test::newEpisode(kUser, text, QDateTime(QDate(2026, 1, 1), QTime(9, 0), Qt::UTC));
    e.response = reply;
    return e;
}

QList<SearchTerm> terms(const QStringList& words)
{
    QList<SearchTerm> list;
    for (const QString& w : words) {
        for (const QString& token : SearchTokenizer::tokenize(w))
            list.append(SearchTerm{token, 1.0});
    }
    return list;
}

QStringList contents(const QList<EpisodeHit>& hits)
{
    return test::contentsOf(hits);
}

} // namespace

// The ranking of a turn scores the postings of its terms in memory (PostingCache), kept in step
// with the episode index: the same scores as FTS5's bm25(), and nothing stale after an edit, a
// delete, an added episode, another connection's write or a rolled-back transaction.
class TestPostingCache final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_fixture = std::make_unique<test::MemoryFixture>();
        QVERIFY((*m_fixture)->ensureUser(kUser));
        m_store = std::make_unique<EpisodeStore>((*m_fixture)->database());
    }

    void cleanup()
    {
        m_store.reset();
        m_fixture.reset();
    }

    void theScoresAreThoseOfFts5Bm25()
    {
        QList<Episode> all{
            episode(QStringLiteral("deploy the grafana dashboard on monday"), QStringLiteral("grafana is ready")),
            episode(QStringLiteral("grafana"), {}),
            episode(QStringLiteral("a long note about the weekend hike and the weather and a grafana alert"), {}),
            episode(QStringLiteral("dashboard colours"), QStringLiteral("deploy later")),
            episode(QStringLiteral("nothing relevant here at all"), {}),
            episode(QStringLiteral("周末 部署 grafana 看板"), QStringLiteral("好的")),
        };
        // One conversation: each exchange is also indexed with its neighbours' words (the third
        // column, search_context), which must be scored as FTS5 scores them too.
        for (Episode& e : all) {
            e.conversationId = QStringLiteral("c1");
            QVERIFY(m_store->insert(e));
        }
        const QStringList words{QStringLiteral("grafana"), QStringLiteral("deploy"), QStringLiteral("dashboard")};
        // Three times: the second from the cache, the third after a new exchange rewrote its
        // neighbour's context (the cache follows the change).
        for (int round = 0; round < 3; ++round) {
            if (round == 2) {
                Episode added = episode(QStringLiteral("dashboard deploy checklist"));
                added.conversationId = QStringLiteral("c1");
                QVERIFY(m_store->insert(added));
            }
            auto cached = m_store->search(kUser, terms(words), 10);
            auto fts = m_store->searchAll(kUser, terms(words), 10);
            QVERIFY(cached && fts);
            QCOMPARE(contents(*cached), contents(*fts));
            // Found by its neighbours' words alone.
            QVERIFY(contents(*cached).contains(QStringLiteral("nothing relevant here at all")));
            for (qsizetype i = 0; i < cached->size(); ++i)
                QVERIFY2(std::abs(cached->at(i).score - fts->at(i).score) < 1e-5 * std::abs(fts->at(i).score),
                         qPrintable(QStringLiteral("%1 vs %2").arg(cached->at(i).score).arg(fts->at(i).score)));
        }
    }

    void anEditedEpisodeIsFoundByItsNewWordsOnly()
    {
        Episode e = episode(QStringLiteral("my laptop is a thinkpad"));
        QVERIFY(m_store->insert(e));
        QVERIFY(m_store->insert(episode(QStringLiteral("the weather is fine"))));
        QCOMPARE(contents(m_store->search(kUser, terms({QStringLiteral("thinkpad")}), 5).value()),
                 QStringList{e.content});
        QVERIFY(m_store->search(kUser, terms({QStringLiteral("macbook")}), 5).value().isEmpty());

        e.content = QStringLiteral("my laptop is a macbook");
        QVERIFY(m_store->update(e));
        QVERIFY(m_store->search(kUser, terms({QStringLiteral("thinkpad")}), 5).value().isEmpty());
        QCOMPARE(contents(m_store->search(kUser, terms({QStringLiteral("macbook")}), 5).value()),
                 QStringList{e.content});
    }

    void aDeletedEpisodeLeavesTheRanking()
    {
        const Episode gone = episode(QStringLiteral("kafka cluster upgrade"));
        const Episode kept = episode(QStringLiteral("kafka consumer lag on the cluster"));
        QVERIFY(m_store->insert(gone));
        QVERIFY(m_store->insert(kept));
        QCOMPARE(m_store->search(kUser, terms({QStringLiteral("kafka")}), 5).value().size(), 2);
        QVERIFY(m_store->remove(kUser, gone.id));
        QCOMPARE(contents(m_store->search(kUser, terms({QStringLiteral("kafka")}), 5).value()),
                 QStringList{kept.content});
        // Another episode takes the deleted one's place at the end of the table.
        const Episode next = episode(QStringLiteral("postgres vacuum"));
        QVERIFY(m_store->insert(next));
        QVERIFY(m_store->search(kUser, terms({QStringLiteral("upgrade")}), 5).value().isEmpty());
        QCOMPARE(contents(m_store->search(kUser, terms({QStringLiteral("postgres")}), 5).value()),
                 QStringList{next.content});
    }

    void anEpisodeAddedAfterASearchIsFound()
    {
        QVERIFY(m_store->insert(episode(QStringLiteral("redis cache eviction"))));
        QCOMPARE(m_store->search(kUser, terms({QStringLiteral("redis")}), 5).value().size(), 1);
        const Episode added = episode(QStringLiteral("redis sentinel failover"), QStringLiteral("redis again"));
        QVERIFY(m_store->insert(added));
        auto hits = m_store->search(kUser, terms({QStringLiteral("redis")}), 5);
        QVERIFY(hits);
        QCOMPARE(hits->size(), 2);
        // Its reply counts too, as FTS5 counts it.
        auto fts = m_store->searchAll(kUser, terms({QStringLiteral("redis")}), 5);
        QVERIFY(fts);
        QCOMPARE(contents(*hits), contents(*fts));
        QVERIFY(std::abs(hits->first().score - fts->first().score) < 1e-5 * std::abs(fts->first().score));
    }

    void anArchivedSummaryLeavesTheSummariesOfTheSearch()
    {
        Episode summary = episode(QStringLiteral("the kafka migration finished in may"));
        summary.kind = EpisodeKind::Summary;
        summary.topicKey = QStringLiteral("kafka");
        const Episode exchange = episode(QStringLiteral("how do I watch kafka lag"));
        Episode theirs = episode(QStringLiteral("kafka summary of somebody else"));
        theirs.userId = QStringLiteral("other");
        theirs.kind = EpisodeKind::Summary;
        QVERIFY((*m_fixture)->ensureUser(theirs.userId));
        for (const Episode& e : {summary, exchange, theirs})
            QVERIFY(m_store->insert(e));
        const QList<EpisodeQuota> quotas{EpisodeQuota{EpisodeKind::Summary, 3}, EpisodeQuota{EpisodeKind::Exchange, 3}};
        auto lists = m_store->search(kUser, terms({QStringLiteral("kafka")}), quotas);
        QVERIFY(lists);
        QCOMPARE(contents(lists->at(0)), QStringList{summary.content});
        QCOMPARE(contents(lists->at(1)), QStringList{exchange.content});

        summary.status = ItemStatus::Archived;
        summary.archivedAt = summary.createdAt;
        QVERIFY(m_store->update(summary));
        lists = m_store->search(kUser, terms({QStringLiteral("kafka")}), quotas);
        QVERIFY(lists);
        QVERIFY(lists->at(0).isEmpty());
        QCOMPARE(contents(lists->at(1)), QStringList{exchange.content});
    }

    void anotherConnectionsWriteIsSeen()
    {
        QVERIFY(m_store->insert(episode(QStringLiteral("sqlite wal mode"))));
        QCOMPARE(m_store->search(kUser, terms({QStringLiteral("wal")}), 5).value().size(), 1);
        {
            auto other = Database::open(m_fixture->location());
            QVERIFY(other);
            EpisodeStore theirs(**other);
            Episode e = episode(QStringLiteral("wal checkpoint tuning"));
            QVERIFY(theirs.insert(e));
            // An edit of an older row too, which appending alone would miss.
            QVERIFY(
                sql::execute((*other)->connection(),
                             QStringLiteral("UPDATE episodes SET content = 'sqlite journal mode', "
                                            "search_body = 'sqlite journal mode' WHERE content = 'sqlite wal mode'")));
        }
        QCOMPARE(contents(m_store->search(kUser, terms({QStringLiteral("wal")}), 5).value()),
                 QStringList{QStringLiteral("wal checkpoint tuning")});
    }

    void aSearchInARolledBackTransactionBreaksNothing()
    {
        QVERIFY(m_store->insert(episode(QStringLiteral("nginx reverse proxy"))));
        Database& db = (*m_fixture)->database();
        {
            Transaction tx(db);
            QVERIFY(tx.begin());
            QVERIFY(m_store->insert(episode(QStringLiteral("nginx rate limit"))));
            QCOMPARE(m_store->search(kUser, terms({QStringLiteral("nginx")}), 5).value().size(), 2);
            // Not committed: rolled back when it goes out of scope.
        }
        QCOMPARE(contents(m_store->search(kUser, terms({QStringLiteral("nginx")}), 5).value()),
                 QStringList{QStringLiteral("nginx reverse proxy")});
        const Episode later = episode(QStringLiteral("nginx gzip"));
        QVERIFY(m_store->insert(later));
        QCOMPARE(m_store->search(kUser, terms({QStringLiteral("gzip")}), 5).value().size(), 1);
        QCOMPARE(m_store->search(kUser, terms({QStringLiteral("nginx")}), 5).value().size(), 2);
    }

private:
    std::unique_ptr<test::MemoryFixture> m_fixture;
    std::unique_ptr<EpisodeStore> m_store;
};

QTEST_GUILESS_MAIN(TestPostingCache)
#include "tst_postingcache.moc"
