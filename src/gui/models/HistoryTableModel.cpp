#include "models/HistoryTableModel.h"

#include "models/ItemTableModel.h"

#include <QLocale>

namespace engram {
namespace {

QString text(const Json& object, const char* key)
{
    if (!object.contains(key) || !object.at(key).is_string())
        return {};
    return QString::fromStdString(object.at(key).get<std::string>());
}

} // namespace

HistoryTableModel::HistoryTableModel(QList<HistoryEntry> entries, QObject* parent)
    : QAbstractTableModel(parent)
    , m_entries(std::move(entries))
{}

int HistoryTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int HistoryTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const HistoryEntry& entry = m_entries.at(index.row());
    switch (index.column()) {
    case TimeColumn:
        return QLocale().toString(entry.time.toLocalTime(), QLocale::ShortFormat);
    case ActionColumn:
        return actionText(entry.action);
    case ActorColumn:
        return entry.client.isEmpty() ? actorText(entry.actor) : entry.client;
    case ChangeColumn:
        return changeText(entry);
    default:
        return {};
    }
}

QVariant HistoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case ActionColumn:
        return tr("Action");
    case ActorColumn:
        return tr("By");
    case ChangeColumn:
        return tr("Before → after");
    default:
        return {};
    }
}

QString HistoryTableModel::actionText(const QString& action)
{
    static const QHash<QString, const char*> kActions{
        {QStringLiteral("create"), QT_TR_NOOP("Created")},     {QStringLiteral("update"), QT_TR_NOOP("Updated")},
        {QStringLiteral("supersede"), QT_TR_NOOP("Replaced")}, {QStringLiteral("merge"), QT_TR_NOOP("Merged")},
        {QStringLiteral("pin"), QT_TR_NOOP("Pinned")},         {QStringLiteral("unpin"), QT_TR_NOOP("Unpinned")},
        {QStringLiteral("edit"), QT_TR_NOOP("Edited")},        {QStringLiteral("delete"), QT_TR_NOOP("Deleted")},
        {QStringLiteral("remove"), QT_TR_NOOP("Removed")},     {QStringLiteral("forget"), QT_TR_NOOP("Forgotten")},
        {QStringLiteral("restore"), QT_TR_NOOP("Restored")},   {QStringLiteral("import"), QT_TR_NOOP("Imported")},
        {QStringLiteral("export"), QT_TR_NOOP("Exported")},    {QStringLiteral("clear"), QT_TR_NOOP("Cleared")},
        {QStringLiteral("confirm"), QT_TR_NOOP("Confirmed")},  {QStringLiteral("reject"), QT_TR_NOOP("Rejected")},
        {QStringLiteral("undo"), QT_TR_NOOP("Undone")},        {QStringLiteral("purge"), QT_TR_NOOP("Purged")},
    };
    const auto found = kActions.constFind(action);
    return found == kActions.cend() ? action : tr(*found);
}

QString HistoryTableModel::actorText(Actor actor)
{
    switch (actor) {
    case Actor::User:
        return tr("You");
    case Actor::Assistant:
        return tr("Assistant");
    case Actor::System:
        break;
    }
    return tr("System");
}

QString HistoryTableModel::changeText(const HistoryEntry& entry)
{
    const QString before = describe(entry.before);
    const QString after = describe(entry.after);
    if (before.isEmpty() && after.isEmpty())
        return entry.action == QLatin1String("delete") ? tr("(content erased)") : QString();
    if (before.isEmpty() || before == after)
        return after;
    if (after.isEmpty())
        return before;
    return tr("%1 → %2").arg(before, after);
}

QString HistoryTableModel::describe(const Json& value)
{
    if (!value.is_object())
        return {};
    if (value.size() == 1 && value.contains("pinned") && value.at("pinned").is_boolean())
        return value.at("pinned").get<bool>() ? tr("pinned") : tr("not pinned");
    if (value.contains("predicate")) // a fact: its value and where it stood
        return tr("%1 (%2)").arg(text(value, "object"), ItemTableModel::statusText(text(value, "status")));
    const QString modelContent = text(value, "model_content");
    if (!modelContent.isEmpty())
        return modelContent;
    const QString content = text(value, "content");
    if (!content.isEmpty())
        return content;
    if (value.contains("window_state"))
        return text(value, "window_state") == enumName(WindowState::InWindow) ? tr("in the window")
                                                                              : tr("out of the window");
    return {};
}

} // namespace engram
