#pragma once

#include "models/ItemTableModel.h"

namespace engram {

// The Working tab: the messages of one conversation that the model sees word for word.
class WorkingTableModel final : public ItemTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        RoleColumn,
        ContentColumn,
        ModelSeesColumn, // what the model sees, when the user edited it
        PinnedColumn,
        TimeColumn,
        ColumnCount
    };

    explicit WorkingTableModel(MemoryService& service, QObject* parent = nullptr);

    // Shows this conversation's window ("" = none). Reloads.
    void setConversation(const QString& conversationId);
    QString conversationId() const { return m_conversationId; }

protected:
    QString columnTitle(int column) const override;
    QVariant display(const MemoryItem& item, int column) const override;
    QVariant sortValue(const MemoryItem& item, int column) const override;
    QVariant otherData(const MemoryItem& item, int column, int role) const override;
    bool belongs(const MemoryItem& item) const override;
    Result<QList<MemoryItem>> load() override;

private:
    static QString roleText(const QString& role);

    QString m_conversationId;
};

} // namespace engram
