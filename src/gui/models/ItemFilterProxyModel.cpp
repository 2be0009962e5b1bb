#include "models/ItemFilterProxyModel.h"

#include "models/ItemTableModel.h"
#include "models/PagedItemTableModel.h"

namespace engram {

ItemFilterProxyModel::ItemFilterProxyModel(ItemTableModel* source, QObject* parent)
    : QSortFilterProxyModel(parent)
    , m_source(source)
{
    setSourceModel(source);
    setSortRole(ItemTableModel::SortRole);
    setSortLocaleAware(true);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(-1);
}

PagedItemTableModel* ItemFilterProxyModel::pagedModel() const
{
    return qobject_cast<PagedItemTableModel*>(m_source);
}

void ItemFilterProxyModel::setSearchText(const QString& text)
{
    setSearch(text, m_filter);
}

void ItemFilterProxyModel::setSearch(const QString& text, const ItemQuery& filter)
{
    m_search = text;
    m_filter = filter;
    if (auto* paged = pagedModel()) {
        paged->setSearch(text, filter); // the database filters, and only when something changed
        return;
    }
    if (filterRegularExpression().pattern() != QRegularExpression::escape(text))
        setFilterFixedString(text); // filters again
    else
        invalidateFilter();
}

bool ItemFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!pagedModel() && !m_filter.admits(m_source->itemAt(sourceRow)))
        return false;
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

void ItemFilterProxyModel::sort(int column, Qt::SortOrder order)
{
    if (auto* paged = pagedModel()) {
        paged->sort(column, order); // rows arrive from the database in this order
        return;
    }
    QSortFilterProxyModel::sort(column, order);
}

} // namespace engram
