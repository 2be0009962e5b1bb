#include "models/EpisodeTableModel.h"

#include <QLocale>

namespace engram {

EpisodeTableModel::EpisodeTableModel(MemoryService& service, QObject* parent)
    : PagedItemTableModel(service, Tier::Episodic, ColumnCount, parent)
{
    setInitialOrder(EpisodeOrder::Created, true);
}

QString EpisodeTableModel::columnTitle(int column) const
{
    switch (column) {
    case KindColumn:
        return tr("Kind");
    case ContentColumn:
        return tr("Content");
    case DetailColumn:
        return tr("Reply gist / Topic");
    case ImportanceColumn:
        return tr("Importance");
    case AccessesColumn:
        return tr("Accesses");
    case LastAccessColumn:
        return tr("Last access");
    case CreatedColumn:
        return tr("Created");
    case PinnedColumn:
        return tr("Pinned");
    default:
        return {};
    }
}

QVariant EpisodeTableModel::display(const MemoryItem& item, int column) const
{
    switch (column) {
    case KindColumn:
        return episodeKindText(item.kind);
    case ContentColumn:
        return oneLine(item.content);
    case DetailColumn:
        return oneLine(item.kind == enumName(EpisodeKind::Summary) ? item.topicKey : item.detail);
    case ImportanceColumn:
        return QLocale().toString(item.importance, 'f', 2);
    case AccessesColumn:
        return QLocale().toString(item.accessCount);
    case LastAccessColumn:
        return dateText(item.lastAccessAt);
    case CreatedColumn:
        return dateText(item.createdAt);
    case PinnedColumn:
        return pinText(item.pinned);
    default:
        return {};
    }
}

QVariant EpisodeTableModel::sortValue(const MemoryItem& item, int column) const
{
    switch (column) {
    case ImportanceColumn:
        return item.importance;
    case AccessesColumn:
        return item.accessCount;
    case LastAccessColumn:
        return item.lastAccessAt;
    case CreatedColumn:
        return item.createdAt;
    case PinnedColumn:
        return item.pinned ? 1 : 0;
    default:
        return display(item, column);
    }
}

QVariant EpisodeTableModel::otherData(const MemoryItem& item, int column, int role) const
{
    if (role == Qt::TextAlignmentRole) {
        if (column == ImportanceColumn || column == AccessesColumn)
            return numberAlignment();
        if (column == PinnedColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
        return {};
    }
    if (role == Qt::ToolTipRole && column == ContentColumn)
        return item.content;
    return PagedItemTableModel::otherData(item, column, role);
}

std::optional<EpisodeOrder> EpisodeTableModel::orderOf(int column) const
{
    switch (column) {
    case KindColumn:
        return EpisodeOrder::Kind;
    case ContentColumn:
        return EpisodeOrder::Content;
    case DetailColumn:
        return EpisodeOrder::Detail;
    case ImportanceColumn:
        return EpisodeOrder::Importance;
    case AccessesColumn:
        return EpisodeOrder::AccessCount;
    case LastAccessColumn:
        return EpisodeOrder::LastAccess;
    case CreatedColumn:
        return EpisodeOrder::Created;
    case PinnedColumn:
        return EpisodeOrder::Pinned;
    default:
        return std::nullopt;
    }
}

} // namespace engram
