#include "models/ItemFilterProxyModel.h"

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
    if (text == m_search)
        return;
    m_search = text;
    if (auto* paged = pagedModel())
        paged->setSearchText(text);
    else
        setFilterFixedString(text);
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
