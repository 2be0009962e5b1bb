#pragma once

#include "memory/MemoryService.h"

#include <QAbstractTableModel>

namespace engram {

// The history of one memory item (for a fact: of every version of its key), oldest first:
// when, what happened, who did it, and the value before → after.
class HistoryTableModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        TimeColumn,
        ActionColumn,
        ActorColumn,
        ChangeColumn,
        ColumnCount
    };

    explicit HistoryTableModel(QList<HistoryEntry> entries, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString actionText(const QString& action);
    static QString actorText(Actor actor);
    // "old → new", or the one value there is; a delete keeps no content to show.
    static QString changeText(const HistoryEntry& entry);

private:
    static QString describe(const Json& value);

    QList<HistoryEntry> m_entries;
};

} // namespace engram
