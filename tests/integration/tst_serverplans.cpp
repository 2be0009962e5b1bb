#include "EpisodeBulk.h"
#include "MemoryFixture.h"
#include "TestLocation.h"
#include "storage/Sql.h"

#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");
const QString kOther = QStringLiteral("v");

// How often PostgreSQL read the episodes table whole, and how often it used an index of it.
struct Scans
{
    qint64 sequential{};
    qint64 byIndex{};
};

} // namespace

// The hot statements of a turn and of the panel use an index on PostgreSQL, never a scan of the
// whole episodes table: checked on the statements Engram really runs, by the server's own
// counters (pg_stat_user_tables), in a memory large enough for the planner to care.
class TestServerPlans final : public QObject
{
    Q_OBJECT

    Scans scans(MemoryService& m)
    {
        const QSqlDatabase& db = m.database().connection();
        // The counters of this session reach the shared statistics at the next flush.
        if (!sql::execute(db, QStringLiteral("SELECT pg_stat_force_next_flush()")) ||
            !sql::execute(db, QStringLiteral("SELECT pg_stat_clear_snapshot()")))
            qFatal("cannot read the statistics");
        auto q = sql::run(db, QStringLiteral("SELECT seq_scan, coalesce(idx_scan, 0) FROM pg_stat_user_tables "
                                             "WHERE relname = 'episodes'"));
        if (!q || !q->next())
            qFatal("no statistics of episodes");
        return Scans{q->value(0).toLongLong(), q->value(1).toLongLong()};
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!test::onServer())
            QSKIP("The plans of the PostgreSQL backend: this suite runs as tst_serverplans_pg.");
    }

    void searchAndListingUseIndexes()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kUser));
        QVERIFY(m->ensureUser(kOther));
        const QDateTime now = m.clock().now();
        test::insertEpisodes(m.service(), kUser, 4000, now, QStringLiteral("deploy pipeline note %1"));
        test::insertEpisodes(m.service(), kOther, 4000, now, QStringLiteral("grafana dashboard note %1"));
        test::insertEpisodes(m.service(), kUser, 3, now, QStringLiteral("zanzibar ferry %1"));
        QVERIFY(sql::execute(m->database().connection(), QStringLiteral("ANALYZE")));

        EpisodeStore episodes(m->database());
        const Scans before = scans(m.service());
        auto hits = episodes.search(kUser, QList<SearchTerm>{{QStringLiteral("zanzibar")}}, 5);
        QVERIFY2(hits, qPrintable(hits.errorMessage()));
        QCOMPARE(hits->size(), 3);
        EpisodeFilter page;
        page.limit = 50;
        auto listed = episodes.list(kUser, page);
        QVERIFY(listed);
        QCOMPARE(listed->size(), 50);
        EpisodeFilter typed;
        typed.contains = QStringLiteral("zanzibar fer");
        typed.limit = 50;
        auto filtered = episodes.list(kUser, typed);
        QVERIFY(filtered);
        QCOMPARE(filtered->size(), 3);
        const Scans after = scans(m.service());
        QCOMPARE(after.sequential, before.sequential);
        QVERIFY2(after.byIndex > before.byIndex, "the statements used no index of episodes");
    }
};

QTEST_GUILESS_MAIN(TestServerPlans)
#include "tst_serverplans.moc"
