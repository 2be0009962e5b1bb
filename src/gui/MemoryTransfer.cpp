#include "MemoryTransfer.h"

#include "MessageBox.h"
#include "memory/MemoryService.h"

#include <QCheckBox>
#include <QDate>
#include <QDir>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>

namespace engram {

std::optional<std::optional<QString>> MemoryTransfer::s_nextPath;
std::optional<std::pair<bool, bool>> MemoryTransfer::s_nextClear;

namespace {

QString filter()
{
    return MemoryTransfer::tr("Engram memory (*.json);;All files (*)");
}

} // namespace

MemoryTransfer::MemoryTransfer(MemoryService& memory, QWidget* window, QObject* parent)
    : QObject(parent)
    , m_memory(memory)
    , m_window(window)
{}

void MemoryTransfer::exportMemory(const QString& userId)
{
    const auto path = savePath(tr("Export Memory"), userId);
    if (!path)
        return;
    auto report = m_memory.exportMemory(userId, *path);
    if (!report) {
        MessageBox::warning(m_window, tr("Export Memory"), tr("The memory could not be exported."),
                            report.errorMessage());
        return;
    }
    Q_EMIT statusMessage(tr("Exported %1 facts, %2 episodes and %3 messages to %4.")
                             .arg(report->facts)
                             .arg(report->episodes)
                             .arg(report->messages)
                             .arg(QDir::toNativeSeparators(*path)));
}

void MemoryTransfer::importMemory(const QString& userId)
{
    const auto path = openPath(tr("Import Memory"));
    if (!path)
        return;
    auto report = m_memory.importMemory(userId, *path, ImportMode::Merge);
    if (!report) {
        MessageBox::warning(m_window, tr("Import Memory"), tr("Nothing was imported."), report.errorMessage());
        return;
    }
    QString details = tr("Added %1 facts, %2 episodes and %3 messages; skipped %4 already remembered.")
                          .arg(report->facts.added)
                          .arg(report->episodes.added)
                          .arg(report->messages.added)
                          .arg(report->skipped());
    if (report->madePending > 0)
        details +=
            QLatin1Char(' ') + tr("%1 facts disagree with what is remembered and wait for you to confirm them in the "
                                  "Profile tab.")
                                   .arg(report->madePending);
    MessageBox::information(m_window, tr("Import Memory"), tr("The memory was imported."), details);
    Q_EMIT statusMessage(tr("Imported %1 items.").arg(report->added()));
}

void MemoryTransfer::clearMemory(const QString& userId)
{
    const auto backup = confirmClear(userId);
    if (!backup)
        return;
    QString backupPath;
    if (*backup) {
        const auto path = savePath(tr("Save a Backup First"), userId);
        if (!path)
            return;
        backupPath = *path;
    }
    auto report = m_memory.clearMemory(userId, backupPath);
    if (!report) {
        MessageBox::warning(m_window, tr("Clear My Memory"), tr("Nothing was cleared."), report.errorMessage());
        return;
    }
    QString text = tr("Cleared %1 facts, %2 episodes and %3 messages.")
                       .arg(report->facts)
                       .arg(report->episodes)
                       .arg(report->messages);
    if (!backupPath.isEmpty())
        text += QLatin1Char(' ') + tr("A backup is in %1.").arg(QDir::toNativeSeparators(backupPath));
    Q_EMIT statusMessage(text);
}

std::optional<bool> MemoryTransfer::confirmClear(const QString& userId) const
{
    const auto counts = m_memory.counts(userId);
    const QString name = userName(userId);
    const QString text = tr("Erase everything the assistant remembers about “%1”?").arg(name);
    if (s_nextClear) {
        const auto [confirmed, backup] = *s_nextClear;
        s_nextClear.reset();
        return confirmed ? std::optional<bool>(backup) : std::nullopt;
    }
    QMessageBox box(QMessageBox::Warning, tr("Clear My Memory"), text, QMessageBox::NoButton, m_window);
    if (counts) {
        box.setInformativeText(tr("%1 facts, %2 episodes, %3 messages in the working window and %4 archived "
                                  "episodes are erased, with their history. This cannot be undone.")
                                   .arg(counts->semantic + counts->pending)
                                   .arg(counts->episodic)
                                   .arg(counts->working)
                                   .arg(counts->archive));
    }
    auto* backup = new QCheckBox(tr("Save a backup first"), &box);
    backup->setChecked(true);
    box.setCheckBox(backup);
    QPushButton* accept = box.addButton(tr("Clear My Memory"), QMessageBox::DestructiveRole);
    QPushButton* cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    if (box.clickedButton() != accept)
        return std::nullopt;
    return backup->isChecked();
}

std::optional<QString> MemoryTransfer::savePath(const QString& title, const QString& userId) const
{
    if (s_nextPath) {
        auto path = *s_nextPath;
        s_nextPath.reset();
        return path;
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    //: Suggested file name of an export: the profile's name, then the date
    const QString name =
        tr("engram-memory-%1-%2.json").arg(userName(userId), QDate::currentDate().toString(Qt::ISODate));
    const QString path = QFileDialog::getSaveFileName(m_window, title, QDir(dir).filePath(name), filter());
    if (path.isEmpty())
        return std::nullopt;
    return path;
}

std::optional<QString> MemoryTransfer::openPath(const QString& title) const
{
    if (s_nextPath) {
        auto path = *s_nextPath;
        s_nextPath.reset();
        return path;
    }
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString path = QFileDialog::getOpenFileName(m_window, title, dir, filter());
    if (path.isEmpty())
        return std::nullopt;
    return path;
}

QString MemoryTransfer::userName(const QString& userId) const
{
    if (auto users = m_memory.users()) {
        for (const User& u : std::as_const(*users)) {
            if (u.id == userId && !u.displayName.isEmpty())
                return u.displayName;
        }
    }
    return userId;
}

void MemoryTransfer::setNextPath(std::optional<QString> path)
{
    s_nextPath = std::move(path);
}

void MemoryTransfer::setNextClearAnswer(bool confirmed, bool backup)
{
    s_nextClear = std::make_pair(confirmed, backup);
}

} // namespace engram
