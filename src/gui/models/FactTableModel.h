#pragma once

#include "models/ItemTableModel.h"

namespace engram {

// The Profile tab: the user's current and pending facts (subject–predicate–value). Pending facts
// are marked so the user sees what waits for a confirmation.
class FactTableModel final : public ItemTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        SubjectColumn,
        PredicateColumn,
        ValueColumn,
        ConfidenceColumn,
        StatusColumn,
        SourceColumn,
        PinnedColumn,
        UpdatedColumn,
        ColumnCount
    };

    explicit FactTableModel(MemoryService& service, QObject* parent = nullptr);

    int pendingCount() const;

protected:
    QString columnTitle(int column) const override;
    QVariant display(const MemoryItem& item, int column) const override;
    QVariant sortValue(const MemoryItem& item, int column) const override;
    QVariant otherData(const MemoryItem& item, int column, int role) const override;
    bool belongs(const MemoryItem& item) const override;
    Result<QList<MemoryItem>> load() override;

private:
    static bool isPending(const MemoryItem& item);
    static QString sourceText(const QString& source);
};

} // namespace engram
