#include "EpisodeBulk.h"
#include "MemoryFixture.h"
#include "StatementWork.h"
#include "TestLocation.h"
#include "storage/Sql.h"

#include <QTest>

using namespace engram;

namespace {

const QString kUser = QStringLiteral("u");
const QString kOther = QStringLiteral("v");
// The user of the app and of engram-cli unless told otherwise.
const QString kDefaultUser = QStringLiteral("default");

const QStringList kTables{QStringLiteral("episodes"), QStringLiteral("facts"), QStringLiteral("messages")};

} // namespace

// The hot statements of a turn and of the panel use an index on PostgreSQL, never a scan of a
// whole table: checked on the statements Engram really runs (those of triggers included), by the
// server's own counters (pg_stat_user_tables), in a memory of two users large enough for the
// planner to care. Counting rather than EXPLAIN: an EXPLAIN needs a copy of each statement in the
// test, which would drift from the code. When it fails, auto_explain names the statement
// (docs/SERVER.md, "Checking plans").
class TestServerPlans final : public QObject
{
    Q_OBJECT

    static test::TableScans scans(MemoryService& m) { return test::serverScans(m.database().connection()); }

    // No table of kTables was read whole between `before` and `after`, and `used` were read by index.
    static bool onlyIndexes(const test::TableScans& before, const test::TableScans& after, const QStringList& used)
    {
        bool ok = true;
        for (const QString& table : kTables) {
            if (after.sequential.value(table) != before.sequential.value(table)) {
                qWarning("%s was scanned whole %lld times", qPrintable(table),
                         after.sequential.value(table) - before.sequential.value(table));
                ok = false;
            }
        }
        for (const QString& table : used) {
            if (after.byIndex.value(table) <= before.byIndex.value(table)) {
                qWarning("no index of %s was used", qPrintable(table));
                ok = false;
            }
        }
        return ok;
    }

    // Two users with 4,000 episodes each, and three of the first that hold "zanzibar ferry".
    static bool addTwoUsersEpisodes(test::MemoryFixture& m)
    {
        if (!m->ensureUser(kUser) || !m->ensureUser(kOther))
            return false;
        const QDateTime now = m.clock().now();
        test::insertEpisodes(m.service(), kUser, 4000, now, QStringLiteral("deploy pipeline note %1"));
        test::insertEpisodes(m.service(), kOther, 4000, now, QStringLiteral("grafana dashboard note %1"));
        test::insertEpisodes(m.service(), kUser, 3, now, QStringLiteral("zanzibar ferry %1"));
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!test::onServer())
            QFAIL("The plans of the PostgreSQL backend: run with ENGRAM_TEST_BACKEND=postgres beside a server "
                  "(scripts/with-postgres.sh, as scripts/test.sh does).");
    }

    void searchAndListingUseIndexes()
    {
        test::MemoryFixture m;
        QVERIFY(addTwoUsersEpisodes(m));
        QVERIFY(sql::execute(m->database().connection(), QStringLiteral("ANALYZE")));

        EpisodeStore episodes(m->database());
        const test::TableScans before = scans(m.service());
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
        const test::TableScans after = scans(m.service());
        QVERIFY(onlyIndexes(before, after, {QStringLiteral("episodes")}));
    }

    // A turn's whole context: the window, the profile and the memories it recalls.
    void contextBuildUsesIndexes()
    {
        test::MemoryFixture m;
        QVERIFY(addTwoUsersEpisodes(m));
        // One person among others on a team server: most facts are someone else's.
        for (int i = 0; i < 3000; ++i) {
            if (i < 100)
                QVERIFY(m->addFact(kUser, QStringLiteral("user"), QStringLiteral("likes %1").arg(i),
                                   QStringLiteral("thing %1").arg(i), 0.9));
            QVERIFY(m->addFact(kOther, QStringLiteral("user"), QStringLiteral("owns %1").arg(i),
                               QStringLiteral("item %1").arg(i), 0.9));
        }
        const auto conversation = m->createConversation(kUser, QStringLiteral("plans"));
        QVERIFY(conversation);
        for (int i = 0; i < 300; ++i)
            QVERIFY(m->appendMessage(kUser, conversation->id, i % 2 ? Role::Assistant : Role::User,
                                     QStringLiteral("message %1").arg(i)));
        QVERIFY(sql::execute(m->database().connection(), QStringLiteral("ANALYZE")));

        ContextRequest request;
        request.userId = kUser;
        request.conversationId = conversation->id;
        request.query = QStringLiteral("when is the zanzibar ferry, and what about thing 7?");
        const test::TableScans before = scans(m.service());
        auto built = m->buildContext(request);
        QVERIFY2(built, qPrintable(built.errorMessage()));
        const test::TableScans after = scans(m.service());
        QVERIFY(onlyIndexes(before, after,
                            {QStringLiteral("episodes"), QStringLiteral("facts"), QStringLiteral("messages")}));
    }

    // A first import into an empty memory on a server (no planner statistics yet) finds each
    // exchange's neighbours through its conversation: the episodes read stay a few per episode
    // imported. Planned as for an empty table, the finish of the bulk load read every earlier
    // episode of the user for each one (200 million rows for 10,000; 90 s instead of 4). Which
    // plan the planner took without statistics turned on near ties of cost: it did so for the
    // user "default" and not for "u". Whole scans are right here: of the empty table before the
    // load, and of the load, which is all of the table.
    void aFirstImportFindsNeighboursByTheirConversation()
    {
        constexpr int kEpisodes = 10000;
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kDefaultUser));
        const QByteArray history = test::chatHistory(kEpisodes);
        const test::TableScans before = scans(m.service());
        auto report = m->importDocument(kDefaultUser, history);
        QVERIFY2(report, qPrintable(report.errorMessage()));
        QCOMPARE(report->episodes.added, kEpisodes);
        const test::TableScans after = scans(m.service());
        const QString episodes = QStringLiteral("episodes");
        const qint64 read = after.rowsRead.value(episodes) - before.rowsRead.value(episodes);
        QVERIFY2(read <= 20 * kEpisodes, qPrintable(QStringLiteral("%L1 episodes read").arg(read)));
    }
};

QTEST_GUILESS_MAIN(TestServerPlans)
#include "tst_serverplans.moc"
