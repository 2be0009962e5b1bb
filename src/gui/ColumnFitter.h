#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QTableView;
class QWidget;

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
    // The watched viewport, kept apart from the view: the filter still sees the viewport's events
    // while the view is being destroyed, when no member of the view may be called any more.
    QPointer<QWidget> m_viewport;
    QList<int> m_columns;
    QList<int> m_minimums;
    bool m_fitting{};
    bool m_scheduled{};
    bool m_userSized{};
};

} // namespace engram
