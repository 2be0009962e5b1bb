#include "EpisodeBulk.h"
#include "MemoryFixture.h"
#include "models/ArchiveTableModel.h"
#include "models/EpisodeTableModel.h"
#include "models/FactTableModel.h"
#include "models/ItemFilterProxyModel.h"
#include "models/WorkingTableModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace engram;

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");

QString cell(const QAbstractItemModel& model, int row, int column)
{
    return model.data(model.index(row, column)).toString();
}

QStringList column(const QAbstractItemModel& model, int col)
{
    QStringList values;
    for (int row = 0; row < model.rowCount(); ++row)
        values.append(cell(model, row, col));
    return values;
}

} // namespace

// The panel's table models on their own: what rows they hold, how they follow MemoryService's
// signals, and how the episodic ones page through a large memory.
class TestMemoryModels final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void factsFollowEveryChange()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kAlice));
        FactTableModel model(m.service());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setUser(kAlice);
        QCOMPARE(model.rowCount(), 0);

        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

        auto employer = m->addFact(kAlice, QStringLiteral("user"), QStringLiteral("employer"), QStringLiteral("Acme"));
        QVERIFY(employer);
        QCOMPARE(inserted.count(), 1);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model, 0, FactTableModel::ValueColumn), QStringLiteral("Acme"));
        QCOMPARE(cell(model, 0, FactTableModel::StatusColumn), QStringLiteral("Active"));
        QCOMPARE(cell(model, 0, FactTableModel::SourceColumn), QStringLiteral("Added by you"));

        auto guess = m->rememberFact(kAlice, test::automaticFact(QStringLiteral("city"), QStringLiteral("杭州"), 0.4));
        QVERIFY(guess);
        const int pendingRow = model.rowOf(guess->fact.id);
        QVERIFY(pendingRow >= 0);
        QCOMPARE(model.pendingCount(), 1);
        const QModelIndex status = model.index(pendingRow, FactTableModel::StatusColumn);
        QCOMPARE(status.data().toString(), QStringLiteral("Pending"));
        QVERIFY(status.data(ItemTableModel::PendingRole).toBool());
        QVERIFY(status.data(Qt::FontRole).value<QFont>().italic());

        changed.clear();
        QVERIFY(m->confirmFact(kAlice, guess->fact.id));
        QVERIFY(!changed.isEmpty());
        QCOMPARE(model.pendingCount(), 0);
        QCOMPARE(cell(model, model.rowOf(guess->fact.id), FactTableModel::StatusColumn), QStringLiteral("Active"));

        QVERIFY(m->setPinned(kAlice, employer->id, true));
        QCOMPARE(cell(model, model.rowOf(employer->id), FactTableModel::PinnedColumn), QStringLiteral("★"));
        QVERIFY(model.index(model.rowOf(employer->id), 0).data(ItemTableModel::PinnedRole).toBool());

        // A new value supersedes the old: the old row leaves, the new one arrives.
        auto moved = m->addFact(kAlice, QStringLiteral("user"), QStringLiteral("employer"), QStringLiteral("Globex"));
        QVERIFY(moved);
        QCOMPARE(column(model, FactTableModel::ValueColumn).count(QStringLiteral("Acme")), 0);
        QCOMPARE(column(model, FactTableModel::ValueColumn).count(QStringLiteral("Globex")), 1);

        auto doubt =
            m->rememberFact(kAlice, test::automaticFact(QStringLiteral("language"), QStringLiteral("Rust"), 0.3));
        QVERIFY(doubt);
        removed.clear();
        QVERIFY(m->rejectFact(kAlice, doubt->fact.id));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(model.rowOf(doubt->fact.id), -1);

        QVERIFY(m->remove(kAlice, moved->id));
        QCOMPARE(model.rowOf(moved->id), -1);
        QVERIFY(m->undo(kAlice));
        QVERIFY(model.rowOf(moved->id) >= 0);
    }

    void otherUsersNeverShow()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kAlice));
        QVERIFY(m->ensureUser(kBob));
        QVERIFY(m->addFact(kAlice, QStringLiteral("user"), QStringLiteral("name"), QStringLiteral("Alice")));
        FactTableModel facts(m.service());
        EpisodeTableModel episodes(m.service());
        facts.setUser(kBob);
        episodes.setUser(kBob);
        QSignalSpy factRows(&facts, &QAbstractItemModel::rowsInserted);
        QSignalSpy episodeRows(&episodes, &QAbstractItemModel::rowsInserted);

        QVERIFY(m->addFact(kAlice, QStringLiteral("user"), QStringLiteral("city"), QStringLiteral("Paris")));
        const QString c = m.newConversation(kAlice);
        QVERIFY(m->recordExchange(kAlice, c, QStringLiteral("alice's question"), QStringLiteral("reply")));
        Q_EMIT m->memoryReset(kAlice);
        QCOMPARE(facts.rowCount(), 0);
        QCOMPARE(episodes.rowCount(), 0);
        QCOMPARE(factRows.count(), 0);
        QCOMPARE(episodeRows.count(), 0);

        facts.setUser(kAlice);
        QCOMPARE(facts.rowCount(), 2);
    }

    void episodesFetchLazilyFromAHundredThousand()
    {
        test::MemoryFixture m;
        test::insertEpisodes(m.service(), kAlice, 100000, m.clock().now());
        EpisodeTableModel model(m.service());
        model.setUser(kAlice);

        // The first page shows at once; the matches are counted a moment later.
        QCOMPARE(model.rowCount(), PagedItemTableModel::kPageSize);
        QVERIFY(!model.isCounted());
        QCOMPARE(model.totalCount(), PagedItemTableModel::kPageSize); // at least the rows loaded
        QSignalSpy counted(&model, &PagedItemTableModel::totalCountChanged);
        QTRY_VERIFY(model.isCounted());
        QCOMPARE(model.totalCount(), 100000);
        QCOMPARE(counted.count(), 1);
        QCOMPARE(counted.constLast().constFirst().toInt(), 100000);
        QVERIFY(model.canFetchMore({}));
        QCOMPARE(cell(model, 0, EpisodeTableModel::ContentColumn), QStringLiteral("episode 099999")); // newest
        model.fetchMore({});
        QCOMPARE(model.rowCount(), 2 * PagedItemTableModel::kPageSize);
        const int last = 2 * PagedItemTableModel::kPageSize - 1; // the last row of the second page
        QCOMPARE(cell(model, last, EpisodeTableModel::ContentColumn),
                 QStringLiteral("episode %1").arg(99999 - last, 6, 10, QLatin1Char('0')));

        // Sorting and searching happen in the database, over every row, not just the fetched ones.
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.sort(EpisodeTableModel::ContentColumn, Qt::AscendingOrder);
        QCOMPARE(reset.count(), 1);
        QCOMPARE(model.rowCount(), PagedItemTableModel::kPageSize);
        QCOMPARE(cell(model, 0, EpisodeTableModel::ContentColumn), QStringLiteral("episode 000000"));
        model.setSearchText(QStringLiteral("episode 00012"));
        QVERIFY(model.isCounted()); // fewer matches than a page: the page is all of them
        QCOMPARE(model.totalCount(), 10);
        QCOMPARE(model.rowCount(), 10);
        QVERIFY(!model.canFetchMore({}));
        QCOMPARE(cell(model, 9, EpisodeTableModel::ContentColumn), QStringLiteral("episode 000129"));
        model.setSearchText({});
        QVERIFY(!model.isCounted());
        model.countNow();
        QVERIFY(model.isCounted());
        QCOMPARE(model.totalCount(), 100000);
    }

    void aSearchShowsItsFirstPageBeforeCountingTheMatches()
    {
        test::MemoryFixture m;
        test::insertEpisodes(m.service(), kAlice, 450, m.clock().now());
        test::insertEpisodes(m.service(), kAlice, 650, m.clock().now().addDays(-1), QStringLiteral("部署记录 %1"));
        EpisodeTableModel model(m.service());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setUser(kAlice);
        QTRY_VERIFY(model.isCounted());
        QCOMPARE(model.totalCount(), 1100);

        model.setSearchText(QStringLiteral("episode"));
        QVERIFY(model.rowCount() < 450); // a page, or two when the tester fetched one
        QVERIFY(!model.isCounted());
        QCOMPARE(model.totalCount(), model.rowCount()); // at least the rows loaded
        QTRY_COMPARE(model.totalCount(), 450);
        QVERIFY(model.isCounted());
        QVERIFY(model.canFetchMore({}));

        // Scrolling to the last page before the count comes makes the count exact too.
        model.setSearchText(QStringLiteral("episode 0"));
        QVERIFY(!model.isCounted());
        while (model.canFetchMore({}))
            model.fetchMore({});
        QCOMPARE(model.rowCount(), 450);
        QVERIFY(model.isCounted());
        QCOMPARE(model.totalCount(), 450);

        // Typing on before the count comes: only the last search is counted.
        QSignalSpy counts(&model, &PagedItemTableModel::totalCountChanged);
        model.setSearchText(QStringLiteral("episode"));
        model.setSearchText(QStringLiteral("部署"));
        QVERIFY(!model.isCounted());
        QTRY_VERIFY(model.isCounted());
        QCOMPARE(model.totalCount(), 650);
        for (const QList<QVariant>& emitted : std::as_const(counts))
            QVERIFY(emitted.constFirst().toInt() != 450);
    }

    void episodesStayLiveWhilePartlyFetched()
    {
        test::MemoryFixture m;
        test::insertEpisodes(m.service(), kAlice, 5000, m.clock().now());
        EpisodeTableModel model(m.service());
        model.setUser(kAlice);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model.rowCount() < 5000); // the tester fetches a page or two itself

        // An episode recorded before the reload's count comes is counted with the others.
        const QString c = m.newConversation(kAlice);
        m.clock().advanceSecs(60);
        QVERIFY(!model.isCounted());
        auto fresh = m->recordExchange(kAlice, c, QStringLiteral("最新的问题"), QStringLiteral("回答"));
        QVERIFY(fresh);
        QCOMPARE(model.rowOf(fresh->id), 0); // newest first
        QTRY_VERIFY(model.isCounted());
        QCOMPARE(model.totalCount(), 5001);

        // In content order, "aaa" lands among the fetched rows and "zzz" in a page not fetched yet.
        model.sort(EpisodeTableModel::ContentColumn, Qt::AscendingOrder);
        model.countNow();
        const int before = model.rowCount();
        auto first = m->recordExchange(kAlice, c, QStringLiteral("aaa first"), QStringLiteral("r"));
        auto last = m->recordExchange(kAlice, c, QStringLiteral("zzz last"), QStringLiteral("r"));
        QVERIFY(first && last);
        QCOMPARE(model.rowOf(first->id), 0);
        QCOMPARE(model.rowOf(last->id), -1);
        QCOMPARE(model.rowCount(), before + 1);
        QCOMPARE(model.totalCount(), 5003);
        QVERIFY(model.fetchUntil(last->id));
        QCOMPARE(model.rowCount(), 5003);
        QCOMPARE(model.rowOf(fresh->id), 5002); // CJK sorts after Latin, as in SQLite
        QCOMPARE(model.rowOf(last->id), 5001);

        // An edit that moves a row in the sort order moves it in the model.
        QVERIFY(m->edit(kAlice, first->id, QStringLiteral("zzzz renamed")));
        QCOMPARE(model.rowOf(first->id), 5001);
        QCOMPARE(model.rowOf(last->id), 5000);
        QVERIFY(m->remove(kAlice, first->id));
        QCOMPARE(model.rowOf(first->id), -1);
        QCOMPARE(model.totalCount(), 5002);
    }

    void archiveShowsForgottenAndLosesRestored()
    {
        MemoryConfig config;
        config.episodeCapacity = 2;
        test::MemoryFixture m(config);
        const QString c = m.newConversation(kAlice);
        QStringList ids;
        for (int i = 0; i < 4; ++i) {
            m.clock().advanceDays(1);
            auto e = m->recordExchange(kAlice, c, QStringLiteral("question %1").arg(i), QStringLiteral("reply"));
            QVERIFY(e);
            ids.append(e->id);
        }
        ArchiveTableModel archive(m.service());
        EpisodeTableModel episodes(m.service());
        QAbstractItemModelTester archiveTester(&archive, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester episodeTester(&episodes, QAbstractItemModelTester::FailureReportingMode::QtTest);
        archive.setUser(kAlice);
        episodes.setUser(kAlice);
        QCOMPARE(archive.rowCount(), 0);
        QCOMPARE(episodes.rowCount(), 4);

        m.clock().advanceDays(1);
        auto report = m->forget(kAlice);
        QVERIFY(report);
        QCOMPARE(report->archived.size(), 2);
        QCOMPARE(archive.rowCount(), 2);
        QCOMPARE(episodes.rowCount(), 2);
        const int row = archive.rowOf(ids.first());
        QVERIFY(row >= 0);
        QVERIFY(!cell(archive, row, ArchiveTableModel::ArchivedColumn).isEmpty());

        QVERIFY(m->restore(kAlice, ids.first()));
        QCOMPARE(archive.rowOf(ids.first()), -1);
        QVERIFY(episodes.rowOf(ids.first()) >= 0);
    }

    // A pass that archives thousands, a slice at a time, leaves the archive's model a page or two
    // long: the rows pushed past the fetched ones go and are fetched again as the view scrolls,
    // in the order a reload gives. Before, it kept every row archived since the panel opened, and
    // each new one was looked for among them all.
    void aLongForgettingPassKeepsTheArchiveShort()
    {
        MemoryConfig config;
        config.episodeCapacity = 1;
        config.forgetBatch = 50;
        test::MemoryFixture m(config);
        const QStringList ids = test::insertEpisodes(m.service(), kAlice, 1001, m.clock().now());
        ArchiveTableModel archive(m.service());
        QAbstractItemModelTester tester(&archive, QAbstractItemModelTester::FailureReportingMode::QtTest);
        archive.setUser(kAlice);
        QCOMPARE(archive.rowCount(), 0);

        m.clock().advanceDays(1);
        QSignalSpy slices(&m.service(), &MemoryService::itemsRemoved);
        auto report = m->forget(kAlice);
        QVERIFY(report);
        QCOMPARE(report->archived.size(), 1000);
        QCOMPARE(slices.size(), 20);
        QVERIFY2(archive.rowCount() <= 2 * ArchiveTableModel::kPageSize,
                 qPrintable(QString::number(archive.rowCount())));
        QCOMPARE(archive.totalCount(), 1000);

        QVERIFY(archive.fetchUntil(ids.first()));
        QCOMPARE(archive.rowCount(), 1000);
        ArchiveTableModel reloaded(m.service());
        reloaded.setUser(kAlice);
        QVERIFY(reloaded.fetchUntil(ids.first()));
        for (int row = 0; row < 1000; ++row)
            QCOMPARE(archive.itemAt(row).id, reloaded.itemAt(row).id);
    }

    void workingShowsOneConversationsWindow()
    {
        MemoryConfig config;
        config.windowRounds = 2;
        test::MemoryFixture m(config);
        const QString c1 = m.newConversation(kAlice);
        const QString c2 = m.newConversation(kAlice);
        WorkingTableModel model(m.service());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setUser(kAlice);
        model.setConversation(c1);
        m.addRound(kAlice, c1, QStringLiteral("first question"), QStringLiteral("first answer"));
        m.addRound(kAlice, c2, QStringLiteral("elsewhere"), QStringLiteral("not here"));
        QCOMPARE(column(model, WorkingTableModel::ContentColumn),
                 (QStringList{QStringLiteral("first question"), QStringLiteral("first answer")}));
        QCOMPARE(cell(model, 0, WorkingTableModel::RoleColumn), QStringLiteral("You"));

        m.addRound(kAlice, c1, QStringLiteral("second"), QStringLiteral("2"));
        m.addRound(kAlice, c1, QStringLiteral("third"), QStringLiteral("3"));
        QCOMPARE(model.rowCount(), 4); // two rounds: the first left the window
        QVERIFY(!column(model, WorkingTableModel::ContentColumn).contains(QStringLiteral("first question")));

        const QString id = model.itemAt(0).id;
        QVERIFY(m->edit(kAlice, id, QStringLiteral("what the model sees now")));
        QCOMPARE(cell(model, 0, WorkingTableModel::ModelSeesColumn), QStringLiteral("what the model sees now"));
        QCOMPARE(cell(model, 0, WorkingTableModel::ContentColumn), QStringLiteral("second"));

        model.setConversation(c2);
        QCOMPARE(column(model, WorkingTableModel::ContentColumn),
                 (QStringList{QStringLiteral("elsewhere"), QStringLiteral("not here")}));
    }

    void proxySortsSmallTiersItself()
    {
        test::MemoryFixture m;
        QVERIFY(m->ensureUser(kAlice));
        auto a = m->addFact(kAlice, QStringLiteral("user"), QStringLiteral("a"), QStringLiteral("Acme"));
        m.clock().advanceSecs(60);
        auto b = m->addFact(kAlice, QStringLiteral("user"), QStringLiteral("b"), QStringLiteral("Globex"));
        QVERIFY(a && b);
        QVERIFY(m->setPinned(kAlice, a->id, true));
        FactTableModel model(m.service());
        // The Predicate column reads in words: the keys "a" and "b" show as "A" and "B".
        model.setUser(kAlice);
        ItemFilterProxyModel proxy(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

        proxy.sort(FactTableModel::PinnedColumn, Qt::DescendingOrder);
        QCOMPARE(cell(proxy, 0, FactTableModel::PredicateColumn), QStringLiteral("A"));
        proxy.sort(FactTableModel::UpdatedColumn, Qt::DescendingOrder);
        QCOMPARE(cell(proxy, 0, FactTableModel::PredicateColumn), QStringLiteral("B"));
        proxy.sort(FactTableModel::UpdatedColumn, Qt::AscendingOrder);
        QCOMPARE(cell(proxy, 0, FactTableModel::PredicateColumn), QStringLiteral("A"));
        proxy.sort(FactTableModel::PredicateColumn, Qt::DescendingOrder);
        QCOMPARE(cell(proxy, 0, FactTableModel::PredicateColumn), QStringLiteral("B"));

        proxy.setSearchText(QStringLiteral("GLOB"));
        QCOMPARE(proxy.rowCount(), 1);
        QCOMPARE(cell(proxy, 0, FactTableModel::ValueColumn), QStringLiteral("Globex"));
        proxy.setSearchText({});
        QCOMPARE(proxy.rowCount(), 2);
    }

    void proxyHandsPagedSortAndSearchToTheDatabase()
    {
        test::MemoryFixture m;
        test::insertEpisodes(m.service(), kAlice, 1500, m.clock().now());
        EpisodeTableModel model(m.service());
        model.setUser(kAlice);
        ItemFilterProxyModel proxy(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

        proxy.sort(EpisodeTableModel::CreatedColumn, Qt::AscendingOrder);
        QCOMPARE(cell(proxy, 0, EpisodeTableModel::ContentColumn), QStringLiteral("episode 000000"));
        proxy.setSearchText(QStringLiteral("episode 0014"));
        QCOMPARE(model.totalCount(), 100);
        QCOMPARE(proxy.rowCount(), 100);
        QCOMPARE(cell(proxy, 0, EpisodeTableModel::ContentColumn), QStringLiteral("episode 001400"));
    }
};

QTEST_MAIN(TestMemoryModels)
#include "tst_memorymodels.moc"
