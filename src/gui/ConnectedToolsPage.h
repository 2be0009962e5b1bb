#pragma once

#include "core/Result.h"
#include "core/ToolClient.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace engram {

class MemoryService;

// Settings → Connected Tools: every AI tool that used this profile's memory through the MCP
// server, when it last read and wrote, and what it may do (read and write / read, with its facts
// waiting for the user / read only / off). Changes are written by apply(), when Settings is saved.
class ConnectedToolsPage final : public QWidget
{
    Q_OBJECT

public:
    ConnectedToolsPage(MemoryService& memory, QString userId, QWidget* parent = nullptr);

    // Reads the tools again (what the user chose and did not apply yet is dropped).
    void reload();
    // Writes every changed access; the memory's error when one failed.
    Status apply();

    static QString accessText(ToolAccess access);

Q_SIGNALS:
    // "Connect a Tool…": show how to set one up.
    void connectToolRequested();

private:
    void retranslate();
    void changeEvent(QEvent* event) override;
    QString timeText(const QDateTime& time) const;

    MemoryService& m_memory;
    QString m_userId;
    QHash<QString, ToolAccess> m_loaded; // name → access as stored
    QLabel* m_intro{};
    QTableWidget* m_table{};
    QLabel* m_empty{};
    QPushButton* m_connectButton{};
};

} // namespace engram
