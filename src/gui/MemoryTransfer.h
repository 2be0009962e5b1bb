#pragma once

#include <QObject>
#include <QString>

#include <optional>
#include <utility>

class QWidget;

namespace engram {

class MemoryService;

// File › Export, Import and Clear my memory: asks for files and confirmation, calls MemoryService
// and tells the user what happened. Dialogs go through seams so window tests never block.
class MemoryTransfer final : public QObject
{
    Q_OBJECT

public:
    MemoryTransfer(MemoryService& memory, QWidget* window, QObject* parent = nullptr);

    void exportMemory(const QString& userId);
    void importMemory(const QString& userId);
    void clearMemory(const QString& userId);

    // Tests: the next file dialog returns `path` without showing anything (nullopt: cancelled).
    static void setNextPath(std::optional<QString> path);
    // Tests: the next clear confirmation returns this answer; `backup` is the checkbox's state.
    static void setNextClearAnswer(bool confirmed, bool backup);

Q_SIGNALS:
    // A short message for the status bar.
    void statusMessage(const QString& message);

private:
    std::optional<QString> savePath(const QString& title, const QString& userId) const;
    std::optional<QString> openPath(const QString& title) const;
    // Whether to clear, and whether to save a backup first; nullopt when the user cancelled.
    std::optional<bool> confirmClear(const QString& userId) const;
    QString userName(const QString& userId) const;

    MemoryService& m_memory;
    QWidget* m_window{};

    static std::optional<std::optional<QString>> s_nextPath;
    static std::optional<std::pair<bool, bool>> s_nextClear;
};

} // namespace engram
