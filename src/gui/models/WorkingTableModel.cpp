#include "models/WorkingTableModel.h"

#include "memory/MemoryService.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

namespace engram {

WorkingTableModel::WorkingTableModel(MemoryService& service, QObject* parent)
    : ItemTableModel(service, Tier::Working, ColumnCount, parent)
{}

void WorkingTableModel::setConversation(const QString& conversationId)
{
    if (conversationId == m_conversationId)
        return;
    m_conversationId = conversationId;
    reload();
}

QString WorkingTableModel::columnTitle(int column) const
{
    switch (column) {
    case RoleColumn:
        return tr("Role");
    case ContentColumn:
        return tr("Content");
    case ModelSeesColumn:
        return tr("What the model sees");
    case PinnedColumn:
        return tr("Pinned");
    case TimeColumn:
        return tr("Time");
    default:
        return {};
    }
}

QVariant WorkingTableModel::display(const MemoryItem& item, int column) const
{
    switch (column) {
    case RoleColumn:
        return roleText(item.kind);
    case ContentColumn:
        return oneLine(item.content);
    case ModelSeesColumn:
        return oneLine(item.detail.isEmpty() ? item.content : item.detail);
    case PinnedColumn:
        return pinText(item.pinned);
    case TimeColumn:
        return dateText(item.createdAt);
    default:
        return {};
    }
}

QVariant WorkingTableModel::sortValue(const MemoryItem& item, int column) const
{
    switch (column) {
    case PinnedColumn:
        return item.pinned ? 1 : 0;
    case TimeColumn:
        return item.createdAt;
    default:
        return display(item, column);
    }
}

QVariant WorkingTableModel::otherData(const MemoryItem& item, int column, int role) const
{
    const bool edited = !item.detail.isEmpty();
    // Unedited, the column repeats the content: dim it so an edited row is what catches the eye.
    if (role == Qt::ForegroundRole && column == ModelSeesColumn && !edited)
        return QGuiApplication::palette().brush(QPalette::PlaceholderText);
    if (role == Qt::FontRole && column == ModelSeesColumn && edited) {
        QFont font;
        font.setItalic(true);
        return font;
    }
    if (role == Qt::ToolTipRole && column == ModelSeesColumn)
        return edited ? tr("You changed what the model sees. The chat still shows the original.")
                      : tr("The model sees the message as it was written.");
    if (role == Qt::TextAlignmentRole && column == PinnedColumn)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
    return ItemTableModel::otherData(item, column, role);
}

bool WorkingTableModel::belongs(const MemoryItem& item) const
{
    return !m_conversationId.isEmpty() && item.conversationId == m_conversationId &&
           item.status == enumName(WindowState::InWindow);
}

Result<QList<MemoryItem>> WorkingTableModel::load()
{
    if (m_conversationId.isEmpty())
        return QList<MemoryItem>();
    ItemQuery q;
    q.tier = Tier::Working;
    q.conversationId = m_conversationId;
    return service().list(userId(), q);
}

QString WorkingTableModel::roleText(const QString& role)
{
    switch (roleFromString(role).value_or(Role::System)) {
    case Role::User:
        return tr("You");
    case Role::Assistant:
        return tr("Assistant");
    case Role::System:
        break;
    }
    return tr("System");
}

} // namespace engram
