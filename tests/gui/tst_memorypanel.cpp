#include "AddFactDialog.h"
#include "CliRunner.h"
#include "EditItemDialog.h"
#include "EpisodeBulk.h"
#include "HistoryDialog.h"
#include "MemoryFilterBar.h"
#include "MemoryFixture.h"
#include "MemoryPanel.h"
#include "MessageBoxes.h"
#include "models/ArchiveTableModel.h"
#include "models/EpisodeTableModel.h"
#include "models/FactTableModel.h"
#include "models/HistoryTableModel.h"
#include "models/WorkingTableModel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QInputMethodEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

using namespace engram;

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");

// A shown MemoryPanel over a fresh database, every tab's model watched by QAbstractItemModelTester.
struct Panel
{
    explicit Panel(MemoryConfig config = {})
        : m(config)
        , panel(m.service())
        , status(&panel, &MemoryPanel::statusMessage)
    {
        (void)m->ensureUser(kAlice);
        (void)m->ensureUser(kBob);
        panel.resize(900, 500);
        panel.show();
        panel.activateWindow();
        if (!QTest::qWaitForWindowActive(&panel))
            qFatal("the panel's window did not become active"); // shortcuts need it
        for (const char* name : {"factsTableView", "episodesTableView", "workingTableView", "archiveTableView"})
            testers.emplace_back(std::make_unique<QAbstractItemModelTester>(
                view(name)->model(), QAbstractItemModelTester::FailureReportingMode::QtTest));
    }

    QTableView* view(const char* name) const { return panel.findChild<QTableView*>(QLatin1String(name)); }
    QTableView* facts() const { return view("factsTableView"); }
    QTableView* episodes() const { return view("episodesTableView"); }
    QTableView* working() const { return view("workingTableView"); }
    QTableView* archive() const { return view("archiveTableView"); }
    QAction* action(const char* name) const { return panel.findChild<QAction*>(QLatin1String(name)); }
    QLineEdit* search() const { return panel.findChild<QLineEdit*>(QStringLiteral("searchLineEdit")); }
    QTabWidget* tabs() const { return panel.findChild<QTabWidget*>(QStringLiteral("tabWidget")); }
    QString lastStatus() const { return status.isEmpty() ? QString() : status.last().first().toString(); }

    // Clicks the action's button on the panel's toolbar, as a user would.
    void click(const char* name) const
    {
        QAction* a = action(name);
        QVERIFY2(a && a->isVisible() && a->isEnabled(), name);
        auto* toolBar = panel.findChild<QToolBar*>(QStringLiteral("panelToolBar"));
        QWidget* button = toolBar->widgetForAction(a);
        if (button && button->isVisible())
            QTest::mouseClick(button, Qt::LeftButton);
        else
            a->trigger(); // folded into the toolbar's overflow menu
    }

    test::MemoryFixture m;
    MemoryPanel panel;
    QSignalSpy status;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
};

int rowWith(const QTableView* view, int column, const QString& text)
{
    const QAbstractItemModel* model = view->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, column).data().toString() == text)
            return row;
    }
    return -1;
}

int rowOfId(const QTableView* view, const QString& id)
{
    const QAbstractItemModel* model = view->model();
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(ItemTableModel::IdRole).toString() == id)
            return row;
    }
    return -1;
}

QString cell(const QTableView* view, int row, int column)
{
    return view->model()->index(row, column).data().toString();
}

// Types text as an input method commits it: QTest::keyClicks knows only ASCII keys.
void typeText(QWidget* widget, const QString& text)
{
    QInputMethodEvent event;
    event.setCommitString(text);
    QApplication::sendEvent(widget, &event);
}

void clickRow(QTableView* view, int row, Qt::KeyboardModifiers modifiers = {})
{
    const QModelIndex index = view->model()->index(row, 0);
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, modifiers, view->visualRect(index).center());
}

void clickOk(QDialog* dialog)
{
    auto* box = dialog->findChild<QDialogButtonBox*>(QStringLiteral("buttonBox"));
    QPushButton* ok = box->button(QDialogButtonBox::Ok);
    QVERIFY(ok->isEnabled());
    QTest::mouseClick(ok, Qt::LeftButton);
}

template <typename Dialog>
Dialog* openDialog(const Panel& p)
{
    Dialog* dialog = nullptr;
    // A closed dialog is deleted later; wait for the visible one.
    [&] { QTRY_VERIFY((dialog = p.panel.findChild<Dialog*>()) && dialog->isVisible()); }();
    return dialog;
}

Fact addFact(Panel& p, const QString& predicate, const QString& object, const QString& user = kAlice)
{
    auto fact = p.m->addFact(user, QStringLiteral("user"), predicate, object);
    if (!fact)
        qFatal("cannot add fact: %s", qPrintable(fact.errorMessage()));
    return *fact;
}

Fact pendingFact(Panel& p, const QString& predicate, const QString& object)
{
    FactInput in;
    in.predicate = predicate;
    in.object = object;
    in.confidence = 0.4;
    in.source = FactSource::LlmExtract;
    auto change = p.m->rememberFact(kAlice, in);
    if (!change)
        qFatal("cannot remember fact");
    return change->fact;
}

} // namespace

class TestMemoryPanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // No box may block a test; an unexpected one shows up in lastText().
        MessageBoxes::setDefaultAnswer(QMessageBox::Cancel);
    }

    void init() { MessageBoxes::clearLastText(); }

    void factsAppearInProfile()
    {
        Panel p;
        addFact(p, QStringLiteral("employer"), QStringLiteral("Acme"));
        addFact(p, QStringLiteral("城市"), QStringLiteral("杭州"));
        p.panel.setUser(kAlice);
        QCOMPARE(p.panel.currentTab(), MemoryPanel::Tab::Profile);
        QCOMPARE(p.facts()->model()->rowCount(), 2);
        QVERIFY(rowWith(p.facts(), FactTableModel::ValueColumn, QStringLiteral("Acme")) >= 0);
        QVERIFY(rowWith(p.facts(), FactTableModel::ValueColumn, QStringLiteral("杭州")) >= 0);
        QCOMPARE(p.tabs()->tabText(0), QStringLiteral("Profile (2)"));
    }

    void pinShowsPinnedAndTellsTheService()
    {
        Panel p;
        const Fact fact = addFact(p, QStringLiteral("employer"), QStringLiteral("Acme"));
        p.panel.setUser(kAlice);
        clickRow(p.facts(), 0);
        QCOMPARE(p.action("pinAction")->text(), QStringLiteral("Pin"));
        p.click("pinAction");
        QCOMPARE(cell(p.facts(), 0, FactTableModel::PinnedColumn), QStringLiteral("★"));
        QVERIFY(p.m->item(kAlice, fact.id)->pinned);
        QCOMPARE(p.action("pinAction")->text(), QStringLiteral("Unpin"));
        QVERIFY(p.lastStatus().contains(QStringLiteral("Pinned 1 item")));
        p.click("pinAction");
        QVERIFY(!p.m->item(kAlice, fact.id)->pinned);
        QCOMPARE(cell(p.facts(), 0, FactTableModel::PinnedColumn), QString());
    }

    void editChangesTheValue()
    {
        Panel p;
        const Fact fact = addFact(p, QStringLiteral("employer"), QStringLiteral("Acme"));
        p.panel.setUser(kAlice);
        clickRow(p.facts(), 0);
        p.click("editAction");
        auto* dialog = openDialog<EditItemDialog>(p);
        auto* edit = dialog->findChild<QLineEdit*>(QStringLiteral("valueLineEdit"));
        QVERIFY(edit->isVisible());
        QCOMPARE(edit->text(), QStringLiteral("Acme"));
        auto* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled()); // unchanged
        edit->clear();
        QVERIFY(!ok->isEnabled()); // empty
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("errorLabel"))->isVisible());
        QTest::keyClicks(edit, QStringLiteral("Globex"));
        clickOk(dialog);
        QTRY_COMPARE(cell(p.facts(), 0, FactTableModel::ValueColumn), QStringLiteral("Globex"));
        QCOMPARE(p.m->item(kAlice, fact.id)->object, QStringLiteral("Globex"));
        QCOMPARE(cell(p.facts(), 0, FactTableModel::SourceColumn), QStringLiteral("Added by you"));
    }

    void deleteThenUndoBringsItBackWithIdAndPin()
    {
        Panel p;
        const Fact keep = addFact(p, QStringLiteral("name"), QStringLiteral("Alice"));
        const Fact fact = addFact(p, QStringLiteral("employer"), QStringLiteral("Acme"));
        QVERIFY(p.m->setPinned(kAlice, fact.id, true));
        p.panel.setUser(kAlice);
        clickRow(p.facts(), rowOfId(p.facts(), fact.id));
        QTest::keyClicks(p.search(), QStringLiteral("x"));
        QTest::keyClick(p.search(), Qt::Key_Backspace);
        QTest::keyClick(p.search(), Qt::Key_Delete); // edits the search text, deletes nothing
        QTest::keyClick(p.search(), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(rowOfId(p.facts(), fact.id) >= 0);
        QVERIFY(p.m->item(kAlice, fact.id)->pinned); // neither deleted nor its pin undone
        QVERIFY(p.status.isEmpty());
        p.facts()->setFocus();
        QTest::keyClick(p.facts(), Qt::Key_Delete);
        QCOMPARE(rowOfId(p.facts(), fact.id), -1);
        QVERIFY(rowOfId(p.facts(), keep.id) >= 0);
        QVERIFY(!p.m->item(kAlice, fact.id));
        QVERIFY2(p.lastStatus().contains(QStringLiteral("Undo")), qPrintable(p.lastStatus()));
        QVERIFY(MessageBoxes::lastText().isEmpty()); // one item: no question

        QTest::keyClick(p.facts(), Qt::Key_Z, Qt::ControlModifier);
        const int row = rowOfId(p.facts(), fact.id);
        QVERIFY(row >= 0);
        QCOMPARE(cell(p.facts(), row, FactTableModel::PinnedColumn), QStringLiteral("★"));
        QCOMPARE(cell(p.facts(), row, FactTableModel::ValueColumn), QStringLiteral("Acme"));
        QCOMPARE(p.lastStatus(), QStringLiteral("Undid your last change."));
    }

    void deletingSeveralAsksFirst()
    {
        Panel p;
        addFact(p, QStringLiteral("a"), QStringLiteral("1"));
        addFact(p, QStringLiteral("b"), QStringLiteral("2"));
        p.panel.setUser(kAlice);
        p.facts()->selectAll();
        MessageBoxes::setNextAnswer(QMessageBox::No);
        p.click("deleteAction");
        QVERIFY(MessageBoxes::lastText().contains(QStringLiteral("Delete 2 item")));
        QCOMPARE(p.facts()->model()->rowCount(), 2);
        MessageBoxes::setNextAnswer(QMessageBox::Yes);
        p.click("deleteAction");
        QCOMPARE(p.facts()->model()->rowCount(), 0);
        QCOMPARE(p.m->activeFacts(kAlice)->size(), 0);
    }

    // A delete or pin of several selected items is one action: one Undo takes all of it back, and
    // the Undo after that reaches the change made before it (issue 15).
    void oneUndoBringsBackAMultiSelectDelete()
    {
        Panel p;
        const Fact earlier = addFact(p, QStringLiteral("name"), QStringLiteral("Alice"));
        QVERIFY(p.m->setPinned(kAlice, earlier.id, true)); // the change before the action
        QStringList ids;
        for (const char* value : {"Acme", "Rust", "Lisbon"})
            ids.append(
                addFact(p, QString::fromLatin1(value).toLower() + QStringLiteral("_key"), QString::fromLatin1(value))
                    .id);
        p.panel.setUser(kAlice);
        p.facts()->clearSelection();
        for (const QString& id : std::as_const(ids))
            p.facts()->selectionModel()->select(p.facts()->model()->index(rowOfId(p.facts(), id), 0),
                                                QItemSelectionModel::Select | QItemSelectionModel::Rows);
        MessageBoxes::setNextAnswer(QMessageBox::Yes);
        p.click("deleteAction");
        QVERIFY(MessageBoxes::lastText().contains(QStringLiteral("One Undo brings them all back")));
        QCOMPARE(p.m->activeFacts(kAlice)->size(), 1);

        p.click("undoAction");
        QCOMPARE(p.m->activeFacts(kAlice)->size(), 4);
        for (const QString& id : std::as_const(ids))
            QTRY_VERIFY(rowOfId(p.facts(), id) >= 0);
        QVERIFY(p.m->item(kAlice, earlier.id)->pinned); // not part of it

        // Pinning the three is one action too.
        p.facts()->clearSelection();
        for (const QString& id : std::as_const(ids))
            p.facts()->selectionModel()->select(p.facts()->model()->index(rowOfId(p.facts(), id), 0),
                                                QItemSelectionModel::Select | QItemSelectionModel::Rows);
        p.click("pinAction");
        for (const QString& id : std::as_const(ids))
            QVERIFY(p.m->item(kAlice, id)->pinned);
        p.click("undoAction");
        for (const QString& id : std::as_const(ids))
            QVERIFY(!p.m->item(kAlice, id)->pinned);

        p.click("undoAction"); // then the pin made before both
        QVERIFY(!p.m->item(kAlice, earlier.id)->pinned);
    }

    void pendingFactsAreMarkedAndConfirmedOrRejected()
    {
        Panel p;
        addFact(p, QStringLiteral("name"), QStringLiteral("Alice"));
        const Fact city = pendingFact(p, QStringLiteral("city"), QStringLiteral("杭州"));
        const Fact language = pendingFact(p, QStringLiteral("language"), QStringLiteral("Rust"));
        p.panel.setUser(kAlice);
        auto* pendingLabel = p.panel.findChild<QLabel*>(QStringLiteral("pendingLabel"));
        QVERIFY(pendingLabel->isVisible());
        QVERIFY(pendingLabel->text().startsWith(QStringLiteral("2 fact")));
        int row = rowOfId(p.facts(), city.id);
        QCOMPARE(cell(p.facts(), row, FactTableModel::StatusColumn), QStringLiteral("Pending"));
        QVERIFY(p.facts()->model()->index(row, 0).data(Qt::FontRole).value<QFont>().italic());

        clickRow(p.facts(), rowWith(p.facts(), FactTableModel::ValueColumn, QStringLiteral("Alice")));
        QVERIFY(!p.action("confirmAction")->isEnabled()); // an active fact needs no confirmation
        clickRow(p.facts(), row);
        p.click("confirmAction");
        QCOMPARE(cell(p.facts(), rowOfId(p.facts(), city.id), FactTableModel::StatusColumn), QStringLiteral("Active"));
        QCOMPARE(p.m->item(kAlice, city.id)->status, QStringLiteral("active"));
        QVERIFY(pendingLabel->text().startsWith(QStringLiteral("1 fact")));

        clickRow(p.facts(), rowOfId(p.facts(), language.id));
        p.click("rejectAction");
        QCOMPARE(rowOfId(p.facts(), language.id), -1);
        QCOMPARE(p.m->item(kAlice, language.id)->status, QStringLiteral("rejected"));
        QVERIFY2(!pendingLabel->isVisible(), qPrintable(pendingLabel->text()));
    }

    void addFactValidatesThenAdds()
    {
        Panel p;
        p.panel.setUser(kAlice);
        p.click("addFactAction");
        auto* dialog = openDialog<AddFactDialog>(p);
        auto* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled());
        QTest::keyClicks(dialog->findChild<QLineEdit*>(QStringLiteral("predicateLineEdit")), QStringLiteral("city"));
        QVERIFY(!ok->isEnabled()); // no value yet
        typeText(dialog->findChild<QLineEdit*>(QStringLiteral("objectLineEdit")), QStringLiteral("杭州"));
        auto* confidence = dialog->findChild<QSpinBox*>(QStringLiteral("confidenceSpinBox"));
        confidence->setValue(50);
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("hintLabel"))->isVisible()); // will be pending
        confidence->setValue(90);
        clickOk(dialog);

        QTRY_COMPARE(p.facts()->model()->rowCount(), 1);
        QCOMPARE(cell(p.facts(), 0, FactTableModel::ValueColumn), QStringLiteral("杭州"));
        QCOMPARE(cell(p.facts(), 0, FactTableModel::ConfidenceColumn), QStringLiteral("90%"));
        // Keys stay inside: "city" is stored as the key "location", and reads "Me" / "Lives in".
        QCOMPARE(cell(p.facts(), 0, FactTableModel::SubjectColumn), QStringLiteral("Me"));
        QCOMPARE(cell(p.facts(), 0, FactTableModel::PredicateColumn), QStringLiteral("Lives in"));
        QVERIFY(p.facts()->selectionModel()->isRowSelected(0, {}));
        auto active = p.m->activeFacts(kAlice);
        QCOMPARE(active->size(), 1);
        QCOMPARE(active->first().source, FactSource::Manual);
        QCOMPARE(active->first().subject, QStringLiteral("user"));
        QCOMPARE(active->first().predicate, QStringLiteral("location"));
    }

    void historyListsTheVersionsAfterASupersede()
    {
        Panel p;
        addFact(p, QStringLiteral("project"), QStringLiteral("电商"));
        p.m.clock().advanceDays(30);
        const Fact now = addFact(p, QStringLiteral("project"), QStringLiteral("短视频"));
        p.panel.setUser(kAlice);
        QCOMPARE(p.facts()->model()->rowCount(), 1);
        clickRow(p.facts(), 0);
        p.click("historyAction");
        auto* dialog = openDialog<HistoryDialog>(p);
        // The fact in plain words, not "user project 短视频".
        QCOMPARE(dialog->findChild<QLabel*>(QStringLiteral("itemLabel"))->text(),
                 QStringLiteral("What happened to “Project → 短视频”, oldest first:"));
        QAbstractItemModel* history = dialog->findChild<QTableView*>(QStringLiteral("historyTableView"))->model();
        QAbstractItemModelTester tester(history, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QStringList lines;
        for (int row = 0; row < history->rowCount(); ++row) {
            QStringList cells;
            for (int column = 0; column < history->columnCount(); ++column)
                cells.append(history->index(row, column).data().toString());
            lines.append(cells.join(QLatin1String(" | ")));
        }
        const QString all = lines.join(QLatin1Char('\n'));
        QVERIFY2(history->rowCount() >= 3, qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("Replaced | You | 电商 (Active) → 电商 (Superseded)")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("Created | You | 短视频 (Active)")), qPrintable(all));
        QVERIFY2(lines.first().contains(QStringLiteral("电商")), qPrintable(all)); // oldest first
        QCOMPARE(now.status, ItemStatus::Active);
    }

    void searchBoxFiltersTheCurrentTab()
    {
        Panel p;
        addFact(p, QStringLiteral("employer"), QStringLiteral("Acme"));
        addFact(p, QStringLiteral("city"), QStringLiteral("杭州"));
        const QString c = p.m.newConversation(kAlice);
        QVERIFY(p.m->recordExchange(kAlice, c, QStringLiteral("How do I deploy?"), QStringLiteral("With make")));
        QVERIFY(p.m->recordExchange(kAlice, c, QStringLiteral("API 限流改成多少"), QStringLiteral("200 次/分钟")));
        p.panel.setUser(kAlice);

        QTest::keyClicks(p.search(), QStringLiteral("ACME"));
        QTRY_COMPARE(p.facts()->model()->rowCount(), 1);
        QCOMPARE(cell(p.facts(), 0, FactTableModel::ValueColumn), QStringLiteral("Acme"));

        p.panel.setCurrentTab(MemoryPanel::Tab::Episodes); // the search follows the visible tab
        QCOMPARE(p.episodes()->model()->rowCount(), 0);
        p.search()->clear();
        typeText(p.search(), QStringLiteral("限流"));
        QTRY_COMPARE(p.episodes()->model()->rowCount(), 1);
        QCOMPARE(cell(p.episodes(), 0, EpisodeTableModel::ContentColumn), QStringLiteral("API 限流改成多少"));
        p.search()->clear();
        QTRY_COMPARE(p.episodes()->model()->rowCount(), 2);
    }

    void episodeSearchReachesRowsNotFetchedYet()
    {
        Panel p;
        const QDateTime now = p.m.clock().now();
        test::insertEpisodes(p.m.service(), kAlice, 1, now.addDays(-30), QStringLiteral("很久以前的部署记录 %1"));
        test::insertEpisodes(p.m.service(), kAlice, 1500, now);
        p.panel.setUser(kAlice);
        p.panel.setCurrentTab(MemoryPanel::Tab::Episodes);
        QVERIFY(p.episodes()->model()->rowCount() < 1501);
        QCOMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (200+)")); // the first page, counted next
        QTRY_COMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (1,501)"));

        typeText(p.search(), QStringLiteral("部署"));
        QTRY_COMPARE(p.episodes()->model()->rowCount(), 1);
        QCOMPARE(cell(p.episodes(), 0, EpisodeTableModel::ContentColumn), QStringLiteral("很久以前的部署记录 000000"));
        QCOMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (1)"));

        // A search matching more than a page shows its rows first and its count a moment later.
        p.search()->clear();
        typeText(p.search(), QStringLiteral("episode"));
        QTRY_COMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (1,500)"));
        QVERIFY(p.episodes()->model()->rowCount() < 1500);
        QCOMPARE(cell(p.episodes(), 0, EpisodeTableModel::ContentColumn), QStringLiteral("episode 001499"));
    }

    void sortingByAHeaderClickOrdersEveryRow()
    {
        Panel p;
        test::insertEpisodes(p.m.service(), kAlice, 1200, p.m.clock().now());
        p.panel.setUser(kAlice);
        p.panel.setCurrentTab(MemoryPanel::Tab::Episodes);
        QCOMPARE(cell(p.episodes(), 0, EpisodeTableModel::ContentColumn), QStringLiteral("episode 001199"));
        QHeaderView* header = p.episodes()->horizontalHeader();
        const QPoint created(header->sectionViewportPosition(EpisodeTableModel::CreatedColumn) + 10,
                             header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, created);
        QCOMPARE(header->sortIndicatorSection(), int(EpisodeTableModel::CreatedColumn));
        QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
        QCOMPARE(cell(p.episodes(), 0, EpisodeTableModel::ContentColumn), QStringLiteral("episode 000000"));
    }

    void scrollingToTheEndFetchesTheNextPage()
    {
        Panel p;
        test::insertEpisodes(p.m.service(), kAlice, 1200, p.m.clock().now());
        p.panel.setUser(kAlice);
        p.panel.setCurrentTab(MemoryPanel::Tab::Episodes);
        const int fetched = p.episodes()->model()->rowCount();
        QVERIFY(fetched < 1200);
        QTRY_VERIFY(p.episodes()->verticalScrollBar()->maximum() > 0);
        p.episodes()->verticalScrollBar()->setValue(p.episodes()->verticalScrollBar()->maximum());
        QTRY_VERIFY(p.episodes()->model()->rowCount() > fetched);
        QTRY_COMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (1,200)"));
    }

    void changesMadeElsewhereAppearLive()
    {
        Panel p;
        const QString c = p.m.newConversation(kAlice);
        p.panel.setUser(kAlice);
        p.panel.setConversation(c);
        QCOMPARE(p.facts()->model()->rowCount(), 0);

        // The chat, the extractor and the CLI all change memory through the same service.
        addFact(p, QStringLiteral("employer"), QStringLiteral("Acme"));
        QCOMPARE(p.facts()->model()->rowCount(), 1);
        QCOMPARE(p.tabs()->tabText(0), QStringLiteral("Profile (1)"));
        auto episode = p.m->recordExchange(kAlice, c, QStringLiteral("new question"), QStringLiteral("reply"));
        QVERIFY(episode);
        QCOMPARE(rowOfId(p.episodes(), episode->id), 0);
        p.m.addRound(kAlice, c, QStringLiteral("你好"), QStringLiteral("你好！"));
        QCOMPARE(p.working()->model()->rowCount(), 2);
        QCOMPARE(p.tabs()->tabText(2), QStringLiteral("Working (2)"));
        QVERIFY(p.m->remove(kAlice, episode->id));
        QCOMPARE(rowOfId(p.episodes(), episode->id), -1);
    }

    void memoryResetReloads()
    {
        Panel p;
        p.panel.setUser(kAlice);
        QCOMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (0)"));
        // An import writes behind the models' back and then says so once.
        test::insertEpisodes(p.m.service(), kAlice, 700, p.m.clock().now());
        QCOMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (0)"));
        Q_EMIT p.m->memoryReset(kAlice);
        QTRY_COMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (700)"));
        QVERIFY(p.episodes()->model()->rowCount() > 0);
    }

    void archiveRestoreBringsAnEpisodeBack()
    {
        MemoryConfig config;
        config.episodeCapacity = 1;
        Panel p(config);
        const QString c = p.m.newConversation(kAlice);
        auto old = p.m->recordExchange(kAlice, c, QStringLiteral("old question"), QStringLiteral("old reply"));
        p.m.clock().advanceDays(10);
        QVERIFY(old && p.m->recordExchange(kAlice, c, QStringLiteral("new question"), QStringLiteral("new reply")));
        p.panel.setUser(kAlice);
        QVERIFY(p.m->forget(kAlice));
        p.panel.setCurrentTab(MemoryPanel::Tab::Archive);
        QCOMPARE(p.archive()->model()->rowCount(), 1);
        QCOMPARE(p.tabs()->tabText(3), QStringLiteral("Archive (1)"));
        QVERIFY(!p.action("editAction")->isVisible());
        clickRow(p.archive(), 0);
        p.click("restoreAction");
        QCOMPARE(p.archive()->model()->rowCount(), 0);
        QVERIFY(rowOfId(p.episodes(), old->id) >= 0);
        QCOMPARE(p.m->item(kAlice, old->id)->tier, Tier::Episodic);
        QVERIFY(p.lastStatus().contains(QStringLiteral("Restored 1 episode")));
    }

    // Restoring a selection is one change: one transaction, one signal, every row back in the
    // Episodes tab. Item by item, a thousand rows held the window for seconds.
    // Deleting a selection larger than a page, and its Undo, each reach the tables as one change:
    // one removal, one recount (item by item, a thousand rows held the window for two seconds).
    void deletingALargeSelectionIsOneChange()
    {
        Panel p;
        const QStringList ids = test::insertEpisodes(p.m.service(), kAlice, 250, p.m.clock().now());
        p.panel.setUser(kAlice);
        p.panel.setCurrentTab(MemoryPanel::Tab::Episodes);
        QAbstractItemModel* shown = p.episodes()->model();
        while (shown->canFetchMore({}))
            shown->fetchMore({});
        QCOMPARE(shown->rowCount(), 250);
        p.episodes()->selectAll();
        QSignalSpy removed(&p.m.service(), &MemoryService::itemsRemoved);
        QSignalSpy changed(&p.m.service(), &MemoryService::itemsChanged);
        MessageBoxes::setNextAnswer(QMessageBox::Yes);
        p.click("deleteAction");
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.first().at(2).toStringList().size(), 250);
        QCOMPARE(shown->rowCount(), 0);
        QCOMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (0)"));
        QVERIFY2(p.lastStatus().startsWith(QStringLiteral("Deleted 250 item")), qPrintable(p.lastStatus()));

        p.click("undoAction");
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(2).toStringList().size(), 250);
        QCOMPARE(p.tabs()->tabText(1), QStringLiteral("Episodes (250)"));
        for (const QString& id : std::as_const(ids))
            QVERIFY(p.m->item(kAlice, id));
    }

    void restoringASelectionIsOneChange()
    {
        MemoryConfig config;
        config.episodeCapacity = 2;
        Panel p(config);
        const QString c = p.m.newConversation(kAlice);
        QStringList ids;
        for (int i = 0; i < 12; ++i) {
            auto e = p.m->recordExchange(kAlice, c, QStringLiteral("question %1").arg(i), QStringLiteral("reply"));
            QVERIFY(e);
            ids.append(e->id);
            p.m.clock().advanceDays(1);
        }
        p.panel.setUser(kAlice);
        QVERIFY(p.m->forget(kAlice));
        p.panel.setCurrentTab(MemoryPanel::Tab::Archive);
        QCOMPARE(p.archive()->model()->rowCount(), 10);
        QSignalSpy changed(&p.m.service(), &MemoryService::itemsChanged);
        p.archive()->selectAll();
        p.click("restoreAction");
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(2).toStringList().size(), 10);
        QCOMPARE(p.archive()->model()->rowCount(), 0);
        QCOMPARE(p.tabs()->tabText(3), QStringLiteral("Archive (0)"));
        for (const QString& id : std::as_const(ids))
            QVERIFY(rowOfId(p.episodes(), id) >= 0);
        QVERIFY(p.lastStatus().startsWith(QStringLiteral("Restored 10 episode")));
        // Restored again (another window did it first): nothing moves, no signal is sent, and a
        // single restore says the episode is not in the archive.
        QCOMPARE(p.m->restoreAll(kAlice, ids)->size(), 0);
        QCOMPARE(changed.size(), 1);
        const Status again = p.m->restore(kAlice, ids.first());
        QVERIFY(!again);
        QCOMPARE(again.error().code, Error::Code::Conflict);
    }

    void workingMessagesEditAndLeaveTheWindow()
    {
        Panel p;
        const QString c = p.m.newConversation(kAlice);
        p.m.addRound(kAlice, c, QStringLiteral("Here is my whole script with the log pasted in, fix it"),
                     QStringLiteral("Sure"));
        p.panel.setUser(kAlice);
        p.panel.setConversation(c);
        p.panel.setCurrentTab(MemoryPanel::Tab::Working);
        QCOMPARE(p.working()->model()->rowCount(), 2);
        const int row = rowWith(p.working(), WorkingTableModel::RoleColumn, QStringLiteral("You"));
        const QString id = p.working()->model()->index(row, 0).data(ItemTableModel::IdRole).toString();
        clickRow(p.working(), row);
        p.click("editAction");
        auto* dialog = openDialog<EditItemDialog>(p);
        auto* text = dialog->findChild<QPlainTextEdit*>(QStringLiteral("textPlainTextEdit"));
        QVERIFY(text->isVisible());
        text->selectAll();
        QTest::keyClicks(text, QStringLiteral("Fix my script"));
        clickOk(dialog);
        QTRY_COMPARE(cell(p.working(), rowOfId(p.working(), id), WorkingTableModel::ModelSeesColumn),
                     QStringLiteral("Fix my script"));
        QCOMPARE(cell(p.working(), rowOfId(p.working(), id), WorkingTableModel::ContentColumn),
                 QStringLiteral("Here is my whole script with the log pasted in, fix it"));

        clickRow(p.working(), rowOfId(p.working(), id));
        p.click("deleteAction");
        QCOMPARE(rowOfId(p.working(), id), -1);
        QVERIFY(p.lastStatus().contains(QStringLiteral("no longer sees 1 message")));
        QCOMPARE(p.m->transcript(kAlice, c)->size(), 2); // the chat keeps it
    }

    void selectItemSwitchesTabAndSelects()
    {
        MemoryConfig config;
        config.episodeCapacity = 1;
        Panel p(config);
        const QString c = p.m.newConversation(kAlice);
        const Fact fact = addFact(p, QStringLiteral("employer"), QStringLiteral("Acme"));
        const QStringList bulk = test::insertEpisodes(p.m.service(), kAlice, 1200, p.m.clock().now());
        p.m.addRound(kAlice, c, QStringLiteral("question"), QStringLiteral("answer"));
        p.panel.setUser(kAlice);
        p.panel.setConversation(c);
        p.panel.setCurrentTab(MemoryPanel::Tab::Working);

        const QString oldest = bulk.first(); // not among the fetched rows
        QVERIFY(p.panel.selectItem(oldest));
        QCOMPARE(p.panel.currentTab(), MemoryPanel::Tab::Episodes);
        QCOMPARE(p.episodes()->currentIndex().data(ItemTableModel::IdRole).toString(), oldest);
        QCOMPARE(p.episodes()->selectionModel()->selectedRows().size(), 1);
        QVERIFY(p.episodes()->viewport()->rect().intersects(p.episodes()->visualRect(p.episodes()->currentIndex())));

        QTest::keyClicks(p.search(), QStringLiteral("employer"));
        QVERIFY(p.panel.selectItem(fact.id));
        QCOMPARE(p.panel.currentTab(), MemoryPanel::Tab::Profile);
        QCOMPARE(p.facts()->currentIndex().data(ItemTableModel::IdRole).toString(), fact.id);

        p.panel.setCurrentTab(MemoryPanel::Tab::Archive);
        QTest::keyClicks(p.search(), QStringLiteral("no such text"));
        // The search applies to every tab: the Working tab hides the message too.
        const QString message = p.m->window(kAlice, c)->first().id;
        QVERIFY(p.panel.selectItem(message)); // clears the search that would hide it
        QCOMPARE(p.panel.currentTab(), MemoryPanel::Tab::Working);
        QVERIFY(p.search()->text().isEmpty());

        QVERIFY(!p.panel.selectItem(QStringLiteral("no-such-id")));
        const QString other = p.m.newConversation(kAlice);
        p.m.addRound(kAlice, other, QStringLiteral("elsewhere"), QStringLiteral("reply"));
        auto elsewhere = p.m->window(kAlice, other);
        p.panel.setCurrentTab(MemoryPanel::Tab::Profile);
        QVERIFY(!p.panel.selectItem(elsewhere->first().id)); // not the conversation on screen
        QCOMPARE(p.panel.currentTab(), MemoryPanel::Tab::Profile);
    }

    void oneUsersItemsNeverShowForAnother()
    {
        Panel p;
        const Fact alices = addFact(p, QStringLiteral("name"), QStringLiteral("Alice"));
        addFact(p, QStringLiteral("name"), QStringLiteral("Bob"), kBob);
        const QString c = p.m.newConversation(kAlice);
        p.panel.setUser(kBob);
        p.panel.setConversation(c); // even when handed Alice's conversation
        QCOMPARE(p.facts()->model()->rowCount(), 1);
        QCOMPARE(cell(p.facts(), 0, FactTableModel::ValueColumn), QStringLiteral("Bob"));

        addFact(p, QStringLiteral("city"), QStringLiteral("Paris"));
        QVERIFY(p.m->recordExchange(kAlice, c, QStringLiteral("alice asks"), QStringLiteral("reply")));
        p.m.addRound(kAlice, c, QStringLiteral("alice says"), QStringLiteral("reply"));
        Q_EMIT p.m->memoryReset(kAlice);
        QCOMPARE(p.facts()->model()->rowCount(), 1);
        QCOMPARE(p.episodes()->model()->rowCount(), 0);
        QCOMPARE(p.working()->model()->rowCount(), 0);
        QVERIFY(!p.panel.selectItem(alices.id));

        p.panel.setUser(kAlice);
        QCOMPARE(p.facts()->model()->rowCount(), 2);
    }

    // One search reaches every tab, and each tab's title counts its matches; the filters (source,
    // conversation, time, pinned) narrow every tab too, in SQL for the paged ones (issue 15).
    void searchAndFiltersCoverEveryTab()
    {
        Panel p;
        const QString home = p.m.newConversation(kAlice, QStringLiteral("Holidays"));
        const auto round = [&p](const QString& conversation, const QString& question) {
            p.m.addRound(kAlice, conversation, question, QStringLiteral("Noted"));
            QVERIFY(p.m->recordExchange(kAlice, conversation, question, QStringLiteral("Noted")));
        };
        round(home, QStringLiteral("A Lyon trip in May"));
        p.m.clock().advanceDays(40);
        const QString work = p.m.newConversation(kAlice, QStringLiteral("Office"));
        round(work, QStringLiteral("The Lyon office budget"));
        const Fact city = addFact(p, QStringLiteral("city"), QStringLiteral("Lyon"));
        Json imported = Json::parse(R"({"format": "engram-memory", "version": 1,
            "episodes": [{"content": "An imported Lyon note", "created_at": "2026-01-15T10:00:00Z"}]})");
        QVERIFY(p.m->importDocument(kAlice, QByteArray::fromStdString(imported.dump())));
        p.panel.setUser(kAlice);
        p.panel.setConversation(work);
        const auto titles = [&p] {
            QStringList t;
            for (int i = 0; i < p.tabs()->count(); ++i)
                t.append(p.tabs()->tabText(i));
            return t.join(QStringLiteral(" | "));
        };

        typeText(p.search(), QStringLiteral("Lyon"));
        QTRY_COMPARE(titles(), QStringLiteral("Profile (1) | Episodes (3) | Working (1) | Archive (0)"));

        // The Filters button shows the bar; each choice narrows every tab.
        auto* button = p.panel.findChild<QToolButton*>(QStringLiteral("filterButton"));
        QTest::mouseClick(button, Qt::LeftButton);
        MemoryFilterBar* filters = p.panel.filterBar();
        QVERIFY(filters->isVisible());
        auto* conversation = filters->findChild<QComboBox*>(QStringLiteral("conversationFilterComboBox"));
        QCOMPARE(conversation->count(), 3); // any, and the two conversations
        filters->setOrigin(ItemOrigin::Said);
        QTRY_COMPARE(titles(), QStringLiteral("Profile (0) | Episodes (2) | Working (1) | Archive (0)"));
        QCOMPARE(button->text(), QStringLiteral("Filters (1)"));
        filters->setConversation(home);
        QTRY_COMPARE(titles(), QStringLiteral("Profile (0) | Episodes (1) | Working (0) | Archive (0)"));
        QTRY_COMPARE(cell(p.episodes(), 0, EpisodeTableModel::ContentColumn), QStringLiteral("A Lyon trip in May"));
        filters->setConversation(QString());
        filters->setOrigin(ItemOrigin::Imported);
        QTRY_COMPARE(titles(), QStringLiteral("Profile (0) | Episodes (1) | Working (0) | Archive (0)"));
        QTRY_COMPARE(cell(p.episodes(), 0, EpisodeTableModel::ContentColumn), QStringLiteral("An imported Lyon note"));
        filters->setOrigin(ItemOrigin::ByHand);
        QTRY_COMPARE(titles(), QStringLiteral("Profile (1) | Episodes (0) | Working (0) | Archive (0)"));
        filters->setOrigin(ItemOrigin::Tool); // nothing came from another tool yet
        QTRY_COMPARE(titles(), QStringLiteral("Profile (0) | Episodes (0) | Working (0) | Archive (0)"));

        // Time: the clock is 40 days past the first round.
        filters->setOrigin(std::nullopt);
        filters->setPeriod(MemoryFilterBar::Period::Month);
        QTRY_COMPARE(titles(), QStringLiteral("Profile (1) | Episodes (1) | Working (1) | Archive (0)"));
        QTRY_COMPARE(cell(p.episodes(), 0, EpisodeTableModel::ContentColumn), QStringLiteral("The Lyon office budget"));
        filters->setPeriod(MemoryFilterBar::Period::AnyTime);

        // Pinned only.
        QVERIFY(p.m->setPinned(kAlice, city.id, true));
        filters->setPinnedOnly(true);
        QTRY_COMPARE(titles(), QStringLiteral("Profile (1) | Episodes (0) | Working (0) | Archive (0)"));
        QCOMPARE(button->text(), QStringLiteral("Filters (1)"));

        // Clear Filters brings everything back; the search stays.
        QTest::mouseClick(filters->findChild<QToolButton*>(QStringLiteral("clearFiltersButton")), Qt::LeftButton);
        QTRY_COMPARE(titles(), QStringLiteral("Profile (1) | Episodes (3) | Working (1) | Archive (0)"));
        QCOMPARE(button->text(), QStringLiteral("Filters"));
        QCOMPARE(p.search()->text(), QStringLiteral("Lyon"));
    }

    // A multi-selection under a filter: pinned and unpinned as one action, one Undo for all.
    void aFilteredMultiSelectionPinsAsOneAction()
    {
        Panel p;
        const QString c = p.m.newConversation(kAlice, QStringLiteral("Plans"));
        for (const char* text : {"plan one", "plan two", "plan three"})
            QVERIFY(p.m->recordExchange(kAlice, c, QString::fromLatin1(text), QStringLiteral("ok")));
        addFact(p, QStringLiteral("plan"), QStringLiteral("by hand"));
        p.panel.setUser(kAlice);
        p.panel.setCurrentTab(MemoryPanel::Tab::Episodes);
        p.panel.filterBar()->setOrigin(ItemOrigin::Said);
        QTRY_COMPARE(p.episodes()->model()->rowCount(), 3);
        p.episodes()->selectAll();
        p.click("pinAction");
        ItemQuery pinnedEpisodes;
        pinnedEpisodes.tier = Tier::Episodic;
        pinnedEpisodes.pinnedOnly = true;
        QCOMPARE(p.m->list(kAlice, pinnedEpisodes)->size(), 3);
        p.click("undoAction");
        QCOMPARE(p.m->list(kAlice, pinnedEpisodes)->size(), 0);
    }

    // An MCP server (another process) remembers a fact: the open panel shows it within 2 s, marked
    // with the tool that wrote it (issue 16).
    void aFactRememberedThroughMcpShowsInTheOpenPanel()
    {
        Panel p;
        addFact(p, QStringLiteral("employer"), QStringLiteral("Acme"));
        p.panel.setUser(kAlice);
        // The user is in the middle of something: the row they picked stays picked.
        clickRow(p.facts(), rowWith(p.facts(), FactTableModel::ValueColumn, QStringLiteral("Acme")));
        const QByteArray session =
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"Cursor\",\"version\":\"0.9\"}}}\n"
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"remember_fact\","
            "\"arguments\":{\"predicate\":\"city\",\"object\":\"Lyon\"}}}\n";
        const test::CliRun run = test::CliRunner(p.m.path()).runAs(kAlice, {QStringLiteral("mcp")}, session);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.outText().contains(QStringLiteral("\"isError\":false")), qPrintable(run.outText()));
        QTRY_VERIFY_WITH_TIMEOUT(rowWith(p.facts(), FactTableModel::ValueColumn, QStringLiteral("Lyon")) >= 0, 2000);
        const int row = rowWith(p.facts(), FactTableModel::ValueColumn, QStringLiteral("Lyon"));
        QCOMPARE(cell(p.facts(), row, FactTableModel::SourceColumn), QStringLiteral("From Cursor 0.9"));
        const QModelIndexList picked = p.facts()->selectionModel()->selectedRows();
        QCOMPARE(picked.size(), 1);
        QCOMPARE(picked.first().row(), rowWith(p.facts(), FactTableModel::ValueColumn, QStringLiteral("Acme")));
        QCOMPARE(p.facts()->currentIndex().row(), picked.first().row());
    }

    // Two windows on one memory (the app on two machines on one server, or two processes on one
    // file): a fact added, edited or deleted in one appears in the other's panel within 2 s.
    void twoWindowsOnOneMemorySeeEachOthersChanges()
    {
        Panel first;
        first.panel.setUser(kAlice);
        auto opened = MemoryService::open(first.m.location(), MemoryConfig{}, first.m.clock());
        QVERIFY2(opened, qPrintable(opened.errorMessage()));
        MemoryService& other = **opened;
        MemoryPanel second(other);
        second.setUser(kAlice);
        second.resize(900, 500);
        second.show();
        auto* secondFacts = second.findChild<QTableView*>(QStringLiteral("factsTableView"));
        QVERIFY(secondFacts);

        const Fact city = addFact(first, QStringLiteral("city"), QStringLiteral("Lyon"));
        QTRY_VERIFY_WITH_TIMEOUT(rowWith(secondFacts, FactTableModel::ValueColumn, QStringLiteral("Lyon")) >= 0, 2000);
        QVERIFY(other.edit(kAlice, city.id, QStringLiteral("Nantes")));
        QTRY_VERIFY_WITH_TIMEOUT(rowWith(first.facts(), FactTableModel::ValueColumn, QStringLiteral("Nantes")) >= 0,
                                 2000);
        QCOMPARE(rowWith(first.facts(), FactTableModel::ValueColumn, QStringLiteral("Lyon")), -1);
        QVERIFY(first.m->remove(kAlice, city.id));
        QTRY_VERIFY_WITH_TIMEOUT(rowWith(secondFacts, FactTableModel::ValueColumn, QStringLiteral("Nantes")) < 0, 2000);
    }

    void screenshot()
    {
        const QString dir = qEnvironmentVariable("ENGRAM_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("Set ENGRAM_SCREENSHOT_DIR to save screenshots of the panel.");
        Panel p;
        const QString c = p.m.newConversation(kAlice);
        const Fact name = addFact(p, QStringLiteral("名字"), QStringLiteral("张伟"));
        addFact(p, QStringLiteral("employer"), QStringLiteral("Acme Robotics"));
        addFact(p, QStringLiteral("项目"), QStringLiteral("短视频"));
        addFact(p, QStringLiteral("tech stack"), QStringLiteral("C++20, Qt 6, SQLite"));
        pendingFact(p, QStringLiteral("city"), QStringLiteral("杭州"));
        QVERIFY(p.m->setPinned(kAlice, name.id, true));
        QVERIFY(p.m->recordExchange(kAlice, c, QStringLiteral("API 限流改成 200 次/分钟了吗？"),
                                    QStringLiteral("改了，网关配置已更新")));
        QVERIFY(p.m->recordExchange(kAlice, c, QStringLiteral("How do I run the tests offscreen?"),
                                    QStringLiteral("Set QT_QPA_PLATFORM=offscreen")));
        QVERIFY(p.m->upsertSummary(kAlice, QStringLiteral("deploy"), QStringLiteral("部署流程：周五冻结，周一发布")));
        p.m.addRound(kAlice, c, QStringLiteral("帮我看看这个脚本"), QStringLiteral("好的，请贴出来。"));
        p.panel.setUser(kAlice);
        p.panel.setConversation(c);
        p.panel.resize(760, 360);
        for (auto tab : {MemoryPanel::Tab::Profile, MemoryPanel::Tab::Episodes, MemoryPanel::Tab::Working}) {
            p.panel.setCurrentTab(tab);
            QApplication::processEvents();
            const QString file = QStringLiteral("%1/memorypanel-%2.png").arg(dir).arg(static_cast<int>(tab));
            QVERIFY(p.panel.grab().save(file));
        }
        p.panel.setCurrentTab(MemoryPanel::Tab::Profile);
        p.panel.resize(420, 360); // a docked panel
        QApplication::processEvents();
        QVERIFY(p.panel.grab().save(dir + QStringLiteral("/memorypanel-narrow.png")));
        clickRow(p.facts(), 0);
        p.click("historyAction");
        auto* history = openDialog<HistoryDialog>(p);
        QVERIFY(history->grab().save(dir + QStringLiteral("/memorypanel-history.png")));
        history->close();
        p.click("addFactAction");
        auto* add = openDialog<AddFactDialog>(p);
        QTest::keyClicks(add->findChild<QLineEdit*>(QStringLiteral("predicateLineEdit")), QStringLiteral("city"));
        add->findChild<QSpinBox*>(QStringLiteral("confidenceSpinBox"))->setValue(50);
        QVERIFY(add->grab().save(dir + QStringLiteral("/memorypanel-addfact.png")));
    }
};

QTEST_MAIN(TestMemoryPanel)
#include "tst_memorypanel.moc"
