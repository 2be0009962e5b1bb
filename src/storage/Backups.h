#pragma once

#include "core/Result.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace engram {

// What a backup holds, read from the backup file itself.
struct BackupInfo
{
    struct Counts
    {
        qint64 messages{};
        qint64 episodes{};
        qint64 facts{}; // every fact but deleted ones
    };

    QString path;
    QDateTime createdAt; // UTC; from the rolling name, else the file's modification time
    qint64 bytes{};
    int schemaVersion{};
    Counts total;
    QMap<QString, Counts> users; // by user id
    QString problem; // empty when the file could be read; else why not (listing only)
};

// Where the current memory file went when a restore or a damaged start moved it aside.
struct RestoreReport
{
    QString keptAside; // the old memory file's new name; empty when there was none
    BackupInfo restored;
};

// Verified backups of one memory file. A backup is a `VACUUM INTO` copy (a consistent snapshot
// that a reader takes while others write, compacted, without the WAL) written under a temporary
// name, checked in full (`PRAGMA integrity_check` and the Engram schema), made 0600, renamed into
// place and its folder synced. Rolling backups live in `<memory file's folder>/backups/` (0700),
// named after the memory file and their UTC time; the oldest beyond `keep` are removed only
// after a new one is verified.
class Backups final
{
public:
    static constexpr int kDefaultKeep = 7;

    // `keep` 0: defaultKeep(), which the app sets from its settings.
    explicit Backups(QString databasePath, int keep = 0);

    // How many rolling backups a Backups without its own count keeps (the app's setting; 7).
    static int defaultKeep();
    static void setDefaultKeep(int keep);

    QString databasePath() const { return m_databasePath; }
    QString folder() const;

    // A new rolling backup in folder(), then the old ones beyond `keep` are pruned.
    Result<BackupInfo> create();
    // A backup written to `file` (replaced atomically when it exists); no pruning.
    Result<BackupInfo> createAt(const QString& file);
    // The rolling backups, newest first. One that cannot be read is listed with its problem.
    QList<BackupInfo> list() const;
    // The newest rolling backup that passes the full check, if any.
    std::optional<BackupInfo> newestGood() const;

    // Reads and fully checks a backup: an error when it is damaged or not an Engram memory.
    static Result<BackupInfo> inspect(const QString& file);

    // Checks `backup`, moves the current memory file (and its -wal, -shm) aside with a dated
    // name, then copies the backup into place (atomically, 0600). A bad backup changes nothing.
    Result<RestoreReport> restore(const QString& backup);
    // Moves the memory file and its -wal and -shm to `<file>.<label>-<UTC time>`; returns the new
    // name (empty when there was no file).
    Result<QString> moveAside(const QString& label);

    // The backup taken before a migration of an existing memory from schema `from` to `to`.
    static Status beforeMigration(const QString& databasePath, int from, int to);

private:
    QString newRollingName() const;
    Status prune();

    QString m_databasePath;
    int m_keep{};
};

} // namespace engram
