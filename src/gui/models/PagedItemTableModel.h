#pragma once

#include "memory/MemoryService.h"
#include "models/ItemTableModel.h"

#include <QTimer>

#include <optional>

namespace engram {

// An ItemTableModel for tiers too large to load at once (100,000 episodes): rows come in pages
// through canFetchMore()/fetchMore(), and because a proxy model only sees fetched rows, the
// search text and the sort order are applied by the database, not by the proxy. A reload reads
// one page and shows it; the matching items are counted afterwards, a moment later.
class PagedItemTableModel : public ItemTableModel
{
    Q_OBJECT

public:
    static constexpr int kPageSize = 200; // several screens; more arrive as the view scrolls

    PagedItemTableModel(MemoryService& service, Tier tier, int columnCount, QObject* parent = nullptr);

    // Shows only items whose text contains `text` (asked of the database). Reloads.
    void setSearchText(const QString& text);
    QString searchText() const { return m_search; }
    // The same, and only items that pass the pin, conversation, origin and date conditions of
    // `filter` (its other fields are ignored). Reloads once, when anything changed.
    void setSearch(const QString& text, const ItemQuery& filter);
    // How many items match in the database, fetched or not; until they are counted, at least
    // this many (the rows loaded).
    int totalCount() const { return m_total; }
    // Whether totalCount() is the exact number: after a reload the count comes a moment later.
    bool isCounted() const { return m_counted; }
    // Counts the matching items now, if a reload left the count for later.
    void countNow();
    // Fetches pages until the item is loaded; false when it is not among the matching items.
    bool fetchUntil(const QString& id);

    bool canShow(const MemoryItem& item) const override { return item.tier == tier(); }
    void reload() override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

Q_SIGNALS:
    void totalCountChanged(int total);

protected:
    // The order before the user picks a column; call from the constructor.
    void setInitialOrder(EpisodeOrder order, bool descending);
    // The database order of a column; nullopt = the column cannot be sorted.
    virtual std::optional<EpisodeOrder> orderOf(int column) const = 0;

    Result<QList<MemoryItem>> load() override;
    bool belongs(const MemoryItem& item) const override;
    int insertionRow(const MemoryItem& item) const override;
    bool keepsPosition(int row, const MemoryItem& item) const override;
    void afterLiveChange() override;

private:
    ItemQuery query(int offset) const;
    Result<QList<MemoryItem>> fetchPage();
    void updateTotal();
    // Live changes that add rows (a forgetting pass archives 98,000) leave the model no longer
    // than the rows fetched and a page: the rows pushed past that go, to be fetched again.
    void trimTail();
    // The SQL order in C++, so live changes land where a reload would put them.
    bool sortsBefore(const MemoryItem& a, const MemoryItem& b) const;

    QString m_search;
    ItemQuery m_filter;
    EpisodeOrder m_order{EpisodeOrder::Created};
    bool m_descending{true};
    int m_total{};
    bool m_counted{true};  // m_total is exact, not a lower bound
    bool m_complete{true}; // every matching row is loaded
    int m_fetched{};       // rows the view has asked for: the first page and each one fetched since
    // Counting 100,000 matches costs several page reads: the first page is shown before that.
    QTimer m_countTimer;
};

} // namespace engram
