#include "ColumnFitter.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>

#include <numeric>

namespace engram {

ColumnFitter::ColumnFitter(QTableView* view, const QList<int>& textColumns, const QList<int>& minimumWidths)
    : QObject(view)
    , m_view(view)
    , m_viewport(view->viewport())
    , m_columns(textColumns)
    , m_minimums(minimumWidths)
{
    Q_ASSERT(textColumns.size() == minimumWidths.size());
    QHeaderView* header = view->horizontalHeader();
    header->setStretchLastSection(false);
    for (qsizetype i = 0; i < m_columns.size(); ++i) {
        header->setSectionResizeMode(m_columns.at(i), QHeaderView::Interactive);
        header->resizeSection(m_columns.at(i), m_minimums.at(i));
    }
    m_viewport->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, &ColumnFitter::onSectionResized);
    connect(header, &QHeaderView::geometriesChanged, this, &ColumnFitter::scheduleFit);
}

void ColumnFitter::scheduleFit()
{
    // Content-sized columns settle after layout and data changes; fit once they have.
    if (m_scheduled || m_userSized)
        return;
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &ColumnFitter::fit, Qt::QueuedConnection);
}

bool ColumnFitter::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_viewport.data() && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        scheduleFit();
    return QObject::eventFilter(watched, event);
}

void ColumnFitter::onSectionResized(int column)
{
    if (m_fitting)
        return;
    if (m_columns.contains(column))
        m_userSized = true; // the user dragged it: their width stands
    else
        scheduleFit(); // a short column grew or shrank with its content
}

void ColumnFitter::fit()
{
    m_scheduled = false;
    if (m_userSized)
        return;
    QHeaderView* header = m_view->horizontalHeader();
    int others = 0;
    for (int column = 0; column < header->count(); ++column) {
        if (!m_columns.contains(column) && !header->isSectionHidden(column))
            others += header->sectionSize(column);
    }
    const int minimum = std::accumulate(m_minimums.cbegin(), m_minimums.cend(), 0);
    const int free = std::max(minimum, m_view->viewport()->width() - others);
    m_fitting = true;
    int given = 0;
    for (qsizetype i = 0; i < m_columns.size(); ++i) {
        const bool last = i + 1 == m_columns.size();
        const int width = last ? free - given : free * m_minimums.at(i) / minimum;
        header->resizeSection(m_columns.at(i), width);
        given += width;
    }
    m_fitting = false;
}

} // namespace engram
