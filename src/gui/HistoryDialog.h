#pragma once

#include "memory/MemoryService.h"

#include <QDialog>

#include <memory>

namespace engram {

class HistoryTableModel;

namespace Ui {
class HistoryDialog;
}

// Shows what happened to one memory item, version by version: time, action, actor, before → after.
class HistoryDialog final : public QDialog
{
    Q_OBJECT

public:
    HistoryDialog(const QString& itemText, QList<HistoryEntry> entries, QWidget* parent = nullptr);
    ~HistoryDialog() override;

    HistoryTableModel* model() const { return m_model; }

private:
    std::unique_ptr<Ui::HistoryDialog> m_ui;
    HistoryTableModel* m_model{};
};

} // namespace engram
