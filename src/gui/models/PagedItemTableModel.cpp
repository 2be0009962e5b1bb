#include "models/PagedItemTableModel.h"

#include <QSet>

#include <algorithm>

namespace engram {
namespace {

template <typename T>
int compareValues(const T& a, const T& b)
{
    return a < b ? -1 : (b < a ? 1 : 0);
}

QString detailKey(const MemoryItem& item)
{
    return item.kind == enumName(EpisodeKind::Summary) ? item.topicKey : item.detail;
}

// Mirrors EpisodeStore's ORDER BY for one key.
int compareBy(const MemoryItem& a, const MemoryItem& b, EpisodeOrder order)
{
    switch (order) {
    case EpisodeOrder::Created:
        break;
    case EpisodeOrder::LastAccess:
        return compareValues(toMsecs(a.lastAccessAt), toMsecs(b.lastAccessAt));
    case EpisodeOrder::Importance:
        return compareValues(a.importance, b.importance);
    case EpisodeOrder::AccessCount:
        return compareValues(a.accessCount, b.accessCount);
    case EpisodeOrder::Kind:
        return compareValues(a.kind, b.kind);
    case EpisodeOrder::Content:
        return compareValues(a.content, b.content);
    case EpisodeOrder::Detail:
        return compareValues(detailKey(a), detailKey(b));
    case EpisodeOrder::Pinned:
        return compareValues(a.pinned, b.pinned);
    case EpisodeOrder::Archived:
        return compareValues(toMsecs(a.archivedAt), toMsecs(b.archivedAt));
    }
    return compareValues(toMsecs(a.createdAt), toMsecs(b.createdAt));
}

bool containsText(const MemoryItem& item, const QString& text)
{
    return item.content.contains(text, Qt::CaseInsensitive) || item.detail.contains(text, Qt::CaseInsensitive) ||
           item.topicKey.contains(text, Qt::CaseInsensitive);
}

} // namespace

PagedItemTableModel::PagedItemTableModel(MemoryService& service, Tier tier, int columnCount, QObject* parent)
    : ItemTableModel(service, tier, columnCount, parent)
{
    m_countTimer.setSingleShot(true);
    m_countTimer.setInterval(0); // after the rows are shown: posted paints come before timers
    connect(&m_countTimer, &QTimer::timeout, this, &PagedItemTableModel::countNow);
}

void PagedItemTableModel::setInitialOrder(EpisodeOrder order, bool descending)
{
    m_order = order;
    m_descending = descending;
}

void PagedItemTableModel::setSearchText(const QString& text)
{
    setSearch(text, m_filter);
}

void PagedItemTableModel::setSearch(const QString& text, const ItemQuery& filter)
{
    const auto conditions = [](const ItemQuery& q) {
        return std::tie(q.pinnedOnly, q.conversationId, q.origin, q.createdFrom, q.createdBefore);
    };
    if (text == m_search && conditions(filter) == conditions(m_filter))
        return;
    m_search = text;
    m_filter = filter;
    reload();
}

bool PagedItemTableModel::fetchUntil(const QString& id)
{
    while (rowOf(id) < 0 && canFetchMore({}))
        fetchMore({});
    return rowOf(id) >= 0;
}

void PagedItemTableModel::reload()
{
    if (userId().isEmpty()) {
        m_total = 0;
        m_counted = true;
        m_complete = true;
        m_countTimer.stop();
    }
    ItemTableModel::reload();
    Q_EMIT totalCountChanged(m_total);
}

bool PagedItemTableModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && !m_complete;
}

void PagedItemTableModel::fetchMore(const QModelIndex& parent)
{
    if (!canFetchMore(parent) || isNotifying())
        return; // views ask again once the current change has reached everyone
    auto page = service().list(userId(), query(static_cast<int>(items().size())));
    if (!page) {
        m_complete = true; // stop asking; the next reload tries again
        Q_EMIT loadFailed(page.errorMessage());
        return;
    }
    // A row that moved across the page boundary since the last page may come again.
    QSet<QString> nearBoundary;
    for (qsizetype row = std::max<qsizetype>(0, items().size() - kPageSize); row < items().size(); ++row)
        nearBoundary.insert(items().at(row).id);
    QList<MemoryItem> fresh;
    for (MemoryItem& item : *page) {
        if (!nearBoundary.contains(item.id))
            fresh.append(std::move(item));
    }
    appendRows(fresh);
    const int loaded = static_cast<int>(items().size());
    m_fetched = loaded;
    m_complete = page->size() < kPageSize || (m_counted && loaded >= m_total);
    if (m_complete && (!m_counted || m_total != loaded)) {
        m_countTimer.stop(); // the last page told how many there are
        m_counted = true;
        m_total = loaded;
        Q_EMIT totalCountChanged(m_total);
    } else if (!m_counted && loaded > m_total) {
        m_total = loaded; // a better lower bound until the count comes
        Q_EMIT totalCountChanged(m_total);
    }
}

void PagedItemTableModel::countNow()
{
    m_countTimer.stop();
    if (m_counted)
        return;
    auto total = service().count(userId(), query(0));
    if (!total) {
        Q_EMIT loadFailed(total.errorMessage()); // the lower bound stays; the next reload counts again
        return;
    }
    const int loaded = static_cast<int>(items().size());
    m_counted = true;
    m_total = std::max(*total, loaded);
    m_complete = m_total == loaded;
    Q_EMIT totalCountChanged(m_total);
}

void PagedItemTableModel::sort(int column, Qt::SortOrder order)
{
    const auto byColumn = orderOf(column);
    if (!byColumn)
        return;
    const bool descending = order == Qt::DescendingOrder;
    if (*byColumn == m_order && descending == m_descending)
        return;
    m_order = *byColumn;
    m_descending = descending;
    reload();
}

Result<QList<MemoryItem>> PagedItemTableModel::load()
{
    auto page = service().list(userId(), query(0));
    if (!page)
        return page;
    m_total = static_cast<int>(page->size());
    m_fetched = kPageSize;
    m_complete = m_total < kPageSize;
    m_counted = m_complete; // a short page is all there is: nothing to count
    if (m_counted)
        m_countTimer.stop();
    else
        m_countTimer.start(); // a one-letter prefix matches 100,000 items: count after showing the page
    return page;
}

bool PagedItemTableModel::belongs(const MemoryItem& item) const
{
    return (m_search.isEmpty() || containsText(item, m_search)) && m_filter.admits(item);
}

int PagedItemTableModel::insertionRow(const MemoryItem& item) const
{
    const auto at = std::upper_bound(items().cbegin(), items().cend(), item,
                                     [this](const MemoryItem& a, const MemoryItem& b) { return sortsBefore(a, b); });
    const int row = static_cast<int>(at - items().cbegin());
    // Past the last loaded row of a partly loaded list it belongs to a page not fetched yet.
    if (row == items().size() && !m_complete)
        return -1;
    return row;
}

bool PagedItemTableModel::keepsPosition(int row, const MemoryItem& item) const
{
    const bool afterPrevious = row == 0 || !sortsBefore(item, items().at(row - 1));
    const bool beforeNext = row + 1 >= items().size() || !sortsBefore(items().at(row + 1), item);
    return afterPrevious && beforeNext;
}

void PagedItemTableModel::afterLiveChange()
{
    trimTail();
    updateTotal();
}

void PagedItemTableModel::trimTail()
{
    const int keep = std::max(m_fetched, kPageSize);
    if (items().size() <= keep + kPageSize)
        return;
    truncateRows(keep);
    m_complete = false;
}

ItemQuery PagedItemTableModel::query(int offset) const
{
    ItemQuery q = m_filter;
    q.tier = tier();
    q.status.clear();
    q.contains = m_search;
    q.order = m_order;
    q.descending = m_descending;
    q.offset = offset;
    q.limit = kPageSize;
    return q;
}

void PagedItemTableModel::updateTotal()
{
    if (!m_counted)
        return;                                   // the count the reload scheduled sees the change too
    int fresh = static_cast<int>(items().size()); // everything is loaded and kept in step
    if (!m_complete) {
        auto total = service().count(userId(), query(0));
        if (!total) {
            Q_EMIT loadFailed(total.errorMessage());
            return;
        }
        fresh = std::max(*total, fresh);
        m_complete = fresh == items().size();
    }
    if (fresh == m_total)
        return;
    m_total = fresh;
    Q_EMIT totalCountChanged(m_total);
}

bool PagedItemTableModel::sortsBefore(const MemoryItem& a, const MemoryItem& b) const
{
    const int c = compareBy(a, b, m_order);
    if (c != 0)
        return m_descending ? c > 0 : c < 0;
    if (m_order == EpisodeOrder::Created)
        return false;
    return a.createdAt > b.createdAt; // ties: newest first, as in SQL
}

} // namespace engram
