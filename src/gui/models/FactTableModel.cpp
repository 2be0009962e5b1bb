#include "models/FactTableModel.h"

#include "memory/FactLabels.h"
#include "memory/MemoryService.h"

#include <QFont>

namespace engram {

FactTableModel::FactTableModel(MemoryService& service, QObject* parent)
    : ItemTableModel(service, Tier::Semantic, ColumnCount, parent)
{}

int FactTableModel::pendingCount() const
{
    return static_cast<int>(std::count_if(items().cbegin(), items().cend(), &FactTableModel::isPending));
}

QString FactTableModel::columnTitle(int column) const
{
    switch (column) {
    case SubjectColumn:
        return tr("Subject");
    case PredicateColumn:
        return tr("Predicate");
    case ValueColumn:
        return tr("Value");
    case ConfidenceColumn:
        return tr("Confidence");
    case StatusColumn:
        return tr("Status");
    case SourceColumn:
        return tr("Source");
    case PinnedColumn:
        return tr("Pinned");
    case UpdatedColumn:
        return tr("Updated");
    default:
        return {};
    }
}

QVariant FactTableModel::display(const MemoryItem& item, int column) const
{
    switch (column) {
    case SubjectColumn:
        return FactLabels::subject(item.subject);
    case PredicateColumn:
        return FactLabels::predicate(item.predicate);
    case ValueColumn:
        return oneLine(item.object);
    case ConfidenceColumn:
        return tr("%1%").arg(qRound(item.confidence * 100));
    case StatusColumn:
        return statusText(item.status);
    case SourceColumn:
        if (item.origin() == ItemOrigin::Tool) // written by another AI tool through engram-cli mcp
            return tr("From %1").arg(QString::fromStdString(item.metadata.value("client", std::string())));
        return sourceText(item.source);
    case PinnedColumn:
        return pinText(item.pinned);
    case UpdatedColumn:
        return dateText(item.updatedAt);
    default:
        return {};
    }
}

QVariant FactTableModel::sortValue(const MemoryItem& item, int column) const
{
    switch (column) {
    case ConfidenceColumn:
        return item.confidence;
    case StatusColumn:
        return isPending(item) ? 0 : 1; // pending first when ascending
    case PinnedColumn:
        return item.pinned ? 1 : 0;
    case UpdatedColumn:
        return item.updatedAt;
    default:
        return display(item, column);
    }
}

QVariant FactTableModel::otherData(const MemoryItem& item, int column, int role) const
{
    switch (role) {
    case Qt::FontRole:
        if (isPending(item)) {
            QFont font;
            font.setItalic(true);
            font.setBold(column == StatusColumn);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        if (isPending(item))
            return tr("Not used in replies until you confirm it.");
        if (column == ValueColumn)
            return item.object;
        return {};
    case Qt::TextAlignmentRole:
        if (column == ConfidenceColumn)
            return numberAlignment();
        if (column == PinnedColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
        return {};
    default:
        return {};
    }
}

bool FactTableModel::belongs(const MemoryItem& item) const
{
    return item.status == enumName(ItemStatus::Active) || isPending(item);
}

Result<QList<MemoryItem>> FactTableModel::load()
{
    ItemQuery q;
    q.tier = Tier::Semantic; // the default statuses: active and pending
    return service().list(userId(), q);
}

bool FactTableModel::isPending(const MemoryItem& item)
{
    return item.status == enumName(ItemStatus::Pending);
}

QString FactTableModel::sourceText(const QString& source)
{
    switch (factSourceFromString(source).value_or(FactSource::Import)) {
    case FactSource::UserInput:
        return tr("You said");
    case FactSource::LlmExtract:
        return tr("Model");
    case FactSource::Manual:
        return tr("Added by you");
    case FactSource::Import:
        break;
    }
    return tr("Import");
}

} // namespace engram
