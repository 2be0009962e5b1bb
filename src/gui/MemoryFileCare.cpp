#include "MemoryFileCare.h"

#include "GuiLog.h"
#include "MessageBoxes.h"
#include "memory/MemoryService.h"
#include "storage/Backups.h"
#include "storage/Database.h"
#include "storage/DatabaseCheck.h"

#include <QDir>
#include <QThread>
#include <QWidget>

#include <memory>

namespace engram {
namespace {

constexpr int kHourMs = 60 * 60 * 1000;
constexpr qint64 kDaySeconds = 24 * 60 * 60;

} // namespace

MemoryFileCare::MemoryFileCare(MemoryService& memory, QObject* parent)
    : QObject(parent)
    , m_memory(memory)
{
    m_daily.setInterval(kHourMs);
    connect(&m_daily, &QTimer::timeout, this, &MemoryFileCare::backUpIfDue);
}

MemoryFileCare::~MemoryFileCare()
{
    // A check or backup only reads the memory file; waiting for it keeps its thread from
    // outliving the objects it reports to.
    if (m_worker) {
        m_worker->wait();
        delete m_worker;
    }
}

void MemoryFileCare::startDailyBackups()
{
    m_daily.start();
    backUpIfDue();
}

void MemoryFileCare::backUpIfDue()
{
    const QString path = m_memory.database().path();
    const int keep = Backups::defaultKeep();
    const QList<BackupInfo> existing = Backups(path, keep).list();
    if (!existing.isEmpty() && existing.first().createdAt.secsTo(QDateTime::currentDateTimeUtc()) < kDaySeconds)
        return;
    runInBackground(
        [path, keep] {
            auto made = Backups(path, keep).create();
            return made ? QString() : made.errorMessage();
        },
        [this](const QString& error) {
            if (error.isEmpty()) {
                Q_EMIT notice(tr("The daily backup of the memory was written and checked."));
            } else {
                qCWarning(lcGui) << "daily backup failed:" << error;
                Q_EMIT notice(tr("The daily backup of the memory failed: %1").arg(error));
            }
        });
}

void MemoryFileCare::checkNow(QWidget* parent)
{
    const QString path = m_memory.database().path();
    QPointer<QWidget> over(parent);
    const bool started = runInBackground(
        [path] {
            const auto verdict = DatabaseCheck::check(path, DatabaseCheck::Depth::Full);
            using State = DatabaseCheck::Verdict::State;
            const QString file = QDir::toNativeSeparators(path);
            switch (verdict.state) {
            case State::Ok:
            case State::Unfinished:
                return tr("The memory file %1 was checked in full and no problem was found.").arg(file);
            case State::Damaged:
                return tr("The memory file %1 is damaged. Export what you can now, then quit Engram and restore the "
                          "newest good backup (engram-cli backups, then engram-cli restore FILE).\n\nSQLite says: %2")
                    .arg(file, verdict.detail.left(500));
            case State::Unreadable:
                return tr("The memory file %1 could not be read: %2").arg(file, verdict.detail);
            case State::NotEngram:
                return tr("The file %1 is not an Engram memory this version can use: %2").arg(file, verdict.detail);
            }
            return QString();
        },
        [this, over](const QString& text) {
            MessageBoxes::information(over, tr("Check memory file"), text);
            Q_EMIT checked(text);
        });
    if (!started)
        Q_EMIT statusMessage(tr("A check or backup of the memory file is already running."));
    else
        Q_EMIT statusMessage(tr("Checking the memory file…"));
}

bool MemoryFileCare::runInBackground(std::function<QString()> work, std::function<void(const QString&)> done)
{
    if (m_worker)
        return false;
    auto result = std::make_shared<QString>();
    m_worker = QThread::create([work = std::move(work), result] { *result = work(); });
    connect(m_worker, &QThread::finished, this, [this, result, done = std::move(done)] {
        m_worker->deleteLater();
        m_worker = nullptr;
        done(*result);
    });
    m_worker->start(QThread::LowPriority);
    return true;
}

} // namespace engram
