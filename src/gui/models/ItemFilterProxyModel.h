#pragma once

#include "memory/MemoryService.h"

#include <QSortFilterProxyModel>

namespace engram {

class ItemTableModel;
class PagedItemTableModel;

// Sorts and filters one tab. For a paged model it hands the search text and the sort order to
// the database instead, since a proxy only ever sees the rows fetched so far.
class ItemFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit ItemFilterProxyModel(ItemTableModel* source, QObject* parent = nullptr);

    ItemTableModel* itemModel() const { return m_source; }
    // The paged source model, or nullptr when the whole tier is loaded.
    PagedItemTableModel* pagedModel() const;

    // Shows rows whose text contains `text`, case-insensitively.
    void setSearchText(const QString& text);
    QString searchText() const { return m_search; }
    // The same, and only items `filter` admits (ItemQuery::admits).
    void setSearch(const QString& text, const ItemQuery& filter);

    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    ItemTableModel* m_source{};
    QString m_search;
    ItemQuery m_filter;
};

} // namespace engram
