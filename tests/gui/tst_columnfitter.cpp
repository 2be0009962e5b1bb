// ColumnFitter: the text columns of a table share the width its short columns leave free. Its event
// filter sees the viewport's events until the viewport is gone, which is after the view itself has
// stopped being a QTableView; the destruction case fails under the sanitizer build
// (scripts/check-sanitizers.sh) if the filter calls into the view.
#include "ColumnFitter.h"

#include <QHeaderView>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

#include <memory>

using namespace engram;

namespace {

constexpr int kShortColumn = 0;
constexpr int kTextColumn = 1;
constexpr int kMinimumWidth = 120;

// A shown table with one short column and one text column under a ColumnFitter.
std::unique_ptr<QTableView> fittedView(QStandardItemModel* model, int width)
{
    auto view = std::make_unique<QTableView>();
    view->setModel(model);
    view->horizontalHeader()->resizeSection(kShortColumn, 60);
    new ColumnFitter(view.get(), {kTextColumn}, {kMinimumWidth});
    view->resize(width, 200);
    view->show();
    return view;
}

} // namespace

class TestColumnFitter final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theTextColumnTakesTheFreeWidth()
    {
        QStandardItemModel model(3, 2);
        const auto view = fittedView(&model, 700);
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        const QHeaderView* header = view->horizontalHeader();
        const int free = view->viewport()->width() - header->sectionSize(kShortColumn);
        QVERIFY(free > kMinimumWidth);
        QTRY_COMPARE(header->sectionSize(kTextColumn), free);
    }

    void aNarrowViewKeepsTheMinimum()
    {
        QStandardItemModel model(3, 2);
        const auto view = fittedView(&model, 150);
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QTest::qWait(0); // let a queued fit run
        QCoreApplication::processEvents();
        QCOMPARE(view->horizontalHeader()->sectionSize(kTextColumn), kMinimumWidth);
    }

    void destroyingAShownViewIsClean()
    {
        QStandardItemModel model(3, 2);
        auto view = fittedView(&model, 500);
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QCoreApplication::processEvents();
        view.reset(); // the viewport's last events reach the filter while the view is half destroyed
        QCoreApplication::processEvents();
    }
};

QTEST_MAIN(TestColumnFitter)
#include "tst_columnfitter.moc"
