#include "models/ArchiveTableModel.h"

namespace engram {

ArchiveTableModel::ArchiveTableModel(MemoryService& service, QObject* parent)
    : PagedItemTableModel(service, Tier::Archive, ColumnCount, parent)
{
    setInitialOrder(EpisodeOrder::Archived, true);
}

QString ArchiveTableModel::columnTitle(int column) const
{
    switch (column) {
    case ContentColumn:
        return tr("Content");
    case KindColumn:
        return tr("Kind");
    case ArchivedColumn:
        return tr("Archived");
    case CreatedColumn:
        return tr("Created");
    default:
        return {};
    }
}

QVariant ArchiveTableModel::display(const MemoryItem& item, int column) const
{
    switch (column) {
    case ContentColumn:
        return oneLine(item.content);
    case KindColumn:
        return episodeKindText(item.kind);
    case ArchivedColumn:
        return dateText(item.archivedAt);
    case CreatedColumn:
        return dateText(item.createdAt);
    default:
        return {};
    }
}

QVariant ArchiveTableModel::sortValue(const MemoryItem& item, int column) const
{
    switch (column) {
    case ArchivedColumn:
        return item.archivedAt;
    case CreatedColumn:
        return item.createdAt;
    default:
        return display(item, column);
    }
}

QVariant ArchiveTableModel::otherData(const MemoryItem& item, int column, int role) const
{
    if (role == Qt::ToolTipRole && column == ContentColumn)
        return item.content;
    return PagedItemTableModel::otherData(item, column, role);
}

std::optional<EpisodeOrder> ArchiveTableModel::orderOf(int column) const
{
    switch (column) {
    case ContentColumn:
        return EpisodeOrder::Content;
    case KindColumn:
        return EpisodeOrder::Kind;
    case ArchivedColumn:
        return EpisodeOrder::Archived;
    case CreatedColumn:
        return EpisodeOrder::Created;
    default:
        return std::nullopt;
    }
}

} // namespace engram
