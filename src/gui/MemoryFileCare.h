#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>

class QThread;
class QWidget;

namespace engram {

class MemoryService;

// Looks after the memory file while the app runs: a rolling backup once a day (storage/Backups.h)
// and the full check behind Help → "Check memory file". Both read the file through their own
// SQLite connection on a worker thread, so the window never waits for them.
class MemoryFileCare final : public QObject
{
    Q_OBJECT

public:
    explicit MemoryFileCare(MemoryService& memory, QObject* parent = nullptr);
    ~MemoryFileCare() override;

    // From now on a backup is taken when the newest one is a day old (checked hourly).
    void startDailyBackups();
    // Takes a backup now when none is younger than a day.
    void backUpIfDue();
    // Runs the full check and shows its verdict over `parent`.
    void checkNow(QWidget* parent);

    bool busy() const { return m_worker != nullptr; }

Q_SIGNALS:
    // Answers checkNow().
    void statusMessage(const QString& text);
    // What the daily backup did.
    void notice(const QString& text);
    // The verdict of checkNow(), as shown to the user.
    void checked(const QString& verdict);

private:
    // Runs `work` on a worker thread, then `done` with its text here; one piece of work at a time.
    bool runInBackground(std::function<QString()> work, std::function<void(const QString&)> done);

    MemoryService& m_memory;
    QTimer m_daily;
    QThread* m_worker{};
};

} // namespace engram
