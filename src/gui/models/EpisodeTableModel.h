#pragma once

#include "models/PagedItemTableModel.h"

namespace engram {

// The Episodes tab: exchanges and summaries, fetched a page at a time, newest first.
class EpisodeTableModel final : public PagedItemTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        KindColumn,
        ContentColumn,
        DetailColumn, // an exchange's reply gist, a summary's topic
        ImportanceColumn,
        AccessesColumn,
        LastAccessColumn,
        CreatedColumn,
        PinnedColumn,
        ColumnCount
    };

    explicit EpisodeTableModel(MemoryService& service, QObject* parent = nullptr);

protected:
    QString columnTitle(int column) const override;
    QVariant display(const MemoryItem& item, int column) const override;
    QVariant sortValue(const MemoryItem& item, int column) const override;
    QVariant otherData(const MemoryItem& item, int column, int role) const override;
    std::optional<EpisodeOrder> orderOf(int column) const override;
};

} // namespace engram
