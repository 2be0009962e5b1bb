#pragma once

#include <QList>
#include <QObject>

class QTableView;

namespace engram {

// Gives a table's text columns the width its short columns leave free, never less than a
// readable minimum: the table fills a wide dock and scrolls sideways in a narrow one. Once the
// user resizes a text column by hand, the fitter leaves the widths alone.
class ColumnFitter final : public QObject
{
    Q_OBJECT

public:
    // `minimumWidths[i]` belongs to `textColumns[i]`; free space is shared in that proportion.
    ColumnFitter(QTableView* view, const QList<int>& textColumns, const QList<int>& minimumWidths);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scheduleFit();
    void fit();
    void onSectionResized(int column);

    QTableView* m_view{};
    QList<int> m_columns;
    QList<int> m_minimums;
    bool m_fitting{};
    bool m_scheduled{};
    bool m_userSized{};
};

} // namespace engram
