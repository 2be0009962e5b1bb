#pragma once

#include "models/PagedItemTableModel.h"

namespace engram {

// The Archive tab: episodes that forgetting moved out of memory, restorable until purged.
class ArchiveTableModel final : public PagedItemTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        ContentColumn,
        KindColumn,
        ArchivedColumn,
        CreatedColumn,
        ColumnCount
    };

    explicit ArchiveTableModel(MemoryService& service, QObject* parent = nullptr);

protected:
    QString columnTitle(int column) const override;
    QVariant display(const MemoryItem& item, int column) const override;
    QVariant sortValue(const MemoryItem& item, int column) const override;
    QVariant otherData(const MemoryItem& item, int column, int role) const override;
    std::optional<EpisodeOrder> orderOf(int column) const override;
};

} // namespace engram
