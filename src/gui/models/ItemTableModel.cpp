#include "models/ItemTableModel.h"

#include "memory/MemoryService.h"

#include <QLocale>
#include <QLoggingCategory>
#include <QSet>

Q_LOGGING_CATEGORY(lcGuiModels, "engram.gui")

namespace engram {

// Marks the time the model's listeners are being told of a change (see isNotifying()).
class ItemTableModel::Notifying final
{
public:
    explicit Notifying(int& depth)
        : m_depth(depth)
    {
        ++m_depth;
    }
    ~Notifying() { --m_depth; }
    Notifying(const Notifying&) = delete;
    Notifying& operator=(const Notifying&) = delete;

private:
    int& m_depth;
};

ItemTableModel::ItemTableModel(MemoryService& service, Tier tier, int columnCount, QObject* parent)
    : QAbstractTableModel(parent)
    , m_service(service)
    , m_tier(tier)
    , m_columnCount(columnCount)
{
    connect(&m_service, &MemoryService::itemsChanged, this, &ItemTableModel::onItemsChanged);
    connect(&m_service, &MemoryService::itemsRemoved, this, &ItemTableModel::onItemsRemoved);
    connect(&m_service, &MemoryService::memoryReset, this, &ItemTableModel::onMemoryReset);
}

void ItemTableModel::setUser(const QString& userId)
{
    m_userId = userId;
    reload();
}

void ItemTableModel::reload()
{
    if (m_userId.isEmpty()) {
        resetRows({});
        return;
    }
    auto loaded = load();
    if (!loaded) {
        qCWarning(lcGuiModels) << "cannot load" << enumName(m_tier) << "items:" << loaded.errorMessage();
        resetRows({});
        Q_EMIT loadFailed(loaded.errorMessage());
        return;
    }
    resetRows(std::move(loaded).value());
}

int ItemTableModel::rowOf(const QString& id) const
{
    for (int row = 0; row < m_items.size(); ++row) {
        if (m_items.at(row).id == id)
            return row;
    }
    return -1;
}

int ItemTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_items.size());
}

int ItemTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_columnCount;
}

QVariant ItemTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= m_columnCount)
        return {};
    return columnTitle(section);
}

QVariant ItemTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MemoryItem& item = m_items.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(item, index.column());
    case SortRole:
        return sortValue(item, index.column());
    case IdRole:
        return item.id;
    case PinnedRole:
        return item.pinned;
    case PendingRole:
        return item.status == enumName(ItemStatus::Pending);
    default:
        return otherData(item, index.column(), role);
    }
}

Qt::ItemFlags ItemTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemNeverHasChildren;
}

QVariant ItemTableModel::otherData(const MemoryItem& item, int column, int role) const
{
    // Long text is elided by the view; the tooltip shows all of it.
    if (role == Qt::ToolTipRole) {
        const QString text = display(item, column).toString();
        if (text.size() > 30)
            return text;
    }
    return {};
}

int ItemTableModel::insertionRow(const MemoryItem&) const
{
    return static_cast<int>(m_items.size()); // the proxy model sorts
}

bool ItemTableModel::keepsPosition(int, const MemoryItem&) const
{
    return true;
}

void ItemTableModel::resetRows(QList<MemoryItem> items)
{
    const Notifying notifying(m_notifying);
    beginResetModel();
    m_items = std::move(items);
    endResetModel();
}

void ItemTableModel::truncateRows(int keep)
{
    const int count = static_cast<int>(m_items.size());
    if (keep >= count)
        return;
    const Notifying notifying(m_notifying);
    beginRemoveRows({}, keep, count - 1);
    m_items.resize(keep);
    endRemoveRows();
}

void ItemTableModel::appendRows(const QList<MemoryItem>& items)
{
    if (items.isEmpty())
        return;
    const Notifying notifying(m_notifying);
    const int first = static_cast<int>(m_items.size());
    beginInsertRows({}, first, first + static_cast<int>(items.size()) - 1);
    m_items.append(items);
    endInsertRows();
}

QString ItemTableModel::dateText(const QDateTime& time)
{
    if (!time.isValid() || time.toMSecsSinceEpoch() == 0)
        return {};
    return QLocale().toString(time.toLocalTime(), QLocale::ShortFormat);
}

QString ItemTableModel::pinText(bool pinned)
{
    return pinned ? QStringLiteral("★") : QString();
}

QString ItemTableModel::oneLine(const QString& text)
{
    return text.simplified();
}

QString ItemTableModel::statusText(const QString& status)
{
    switch (itemStatusFromString(status).value_or(ItemStatus::Active)) {
    case ItemStatus::Active:
        return status.isEmpty() || status == enumName(ItemStatus::Active) ? tr("Active") : status;
    case ItemStatus::Pending:
        return tr("Pending");
    case ItemStatus::Superseded:
        return tr("Superseded");
    case ItemStatus::Deleted:
        return tr("Deleted");
    case ItemStatus::Rejected:
        return tr("Rejected");
    case ItemStatus::Archived:
        return tr("Archived");
    }
    return status;
}

QString ItemTableModel::episodeKindText(const QString& kind)
{
    if (kind == enumName(EpisodeKind::Summary))
        return tr("Summary");
    if (kind == enumName(EpisodeKind::Exchange))
        return tr("Exchange");
    return kind;
}

QVariant ItemTableModel::numberAlignment()
{
    return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
}

void ItemTableModel::onItemsChanged(const QString& userId, Tier tier, const QStringList& ids)
{
    if (userId != m_userId || tier != m_tier)
        return;
    for (const QString& id : ids) {
        auto item = m_service.item(m_userId, id);
        if (item) {
            place(*item);
        } else if (item.error().code == Error::Code::NotFound) {
            dropRows({id});
        } else {
            Q_EMIT loadFailed(item.errorMessage());
        }
    }
    afterLiveChange();
}

void ItemTableModel::onItemsRemoved(const QString& userId, Tier tier, const QStringList& ids)
{
    if (userId != m_userId || tier != m_tier)
        return;
    dropRows(QSet<QString>(ids.cbegin(), ids.cend()));
    afterLiveChange();
}

void ItemTableModel::onMemoryReset(const QString& userId)
{
    if (userId == m_userId)
        reload();
}

void ItemTableModel::place(const MemoryItem& item)
{
    const Notifying notifying(m_notifying);
    int row = rowOf(item.id);
    if (item.tier != m_tier || !belongs(item)) {
        if (row >= 0)
            dropRows({item.id});
        return;
    }
    if (row >= 0) {
        if (keepsPosition(row, item)) {
            m_items[row] = item;
            Q_EMIT dataChanged(index(row, 0), index(row, columnCount() - 1));
            return;
        }
        beginRemoveRows({}, row, row);
        m_items.removeAt(row);
        endRemoveRows();
    }
    row = insertionRow(item);
    if (row < 0)
        return;
    beginInsertRows({}, row, row);
    m_items.insert(row, item);
    endInsertRows();
}

void ItemTableModel::dropRows(const QSet<QString>& ids)
{
    // Remove from the bottom up, a run of adjacent rows at a time: forgetting can archive
    // thousands of episodes in one signal.
    const Notifying notifying(m_notifying);
    int row = static_cast<int>(m_items.size()) - 1;
    while (row >= 0) {
        if (!ids.contains(m_items.at(row).id)) {
            --row;
            continue;
        }
        int first = row;
        while (first > 0 && ids.contains(m_items.at(first - 1).id))
            --first;
        beginRemoveRows({}, first, row);
        m_items.remove(first, row - first + 1);
        endRemoveRows();
        row = first - 1;
    }
}

} // namespace engram
