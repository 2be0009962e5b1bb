#pragma once

#include "core/Result.h"

#include <QString>
#include <QStringList>
#include <QVariant>

#include <chrono>
#include <optional>

struct sqlite3;

namespace engram {

// A direct SQLite connection to a file that is not the open memory: a backup to write or verify,
// a memory file to check before anything opens it. Direct rather than through QSqlDatabase for
// what Qt's driver does not offer: a read-only open, a progress handler that bounds a check, and
// the SQLite result code that tells a damaged file from a busy one.
class SqliteFile final
{
public:
    enum class Mode
    {
        ReadOnly,
        ReadWrite, // an existing file only; never creates one
    };

    ~SqliteFile();
    SqliteFile(const SqliteFile&) = delete;
    SqliteFile& operator=(const SqliteFile&) = delete;

    static Result<std::unique_ptr<SqliteFile>> open(const QString& path, Mode mode);

    // The id of another process that has the SQLite database at `path` open in WAL mode, if any
    // (this process's own connections do not count). Every connection holds a shared lock on the
    // "DMS" byte of the `-shm` file (byte 128, see sqlite.org/walformat.html) for as long as it is
    // open; this asks the kernel who holds it (F_GETLK), taking no lock itself.
    static std::optional<qint64> openInAnotherProcess(const QString& path);

    // Runs `statement` (with `values` bound in order) and returns every row's first column.
    Result<QVariantList> column(const QString& statement, const QVariantList& values = {});
    // Runs `statement` and returns each row's columns.
    Result<QList<QVariantList>> rows(const QString& statement, const QVariantList& values = {});
    // The first column of the first row (invalid when there is no row).
    Result<QVariant> scalar(const QString& statement, const QVariantList& values = {});
    Status execute(const QString& statement, const QVariantList& values = {});

    // From now on a statement that runs longer than `budget` is interrupted (its result says so);
    // a budget of 0 stops each statement at its first look at the clock.
    void setTimeBudget(std::chrono::milliseconds budget);
    // True when the last statement stopped because the budget ran out.
    bool budgetExceeded() const { return m_exceeded; }
    // The SQLite primary result code of the last failure (SQLITE_CORRUPT, SQLITE_NOTADB, ...).
    int lastCode() const { return m_lastCode; }

private:
    SqliteFile() = default;
    static int onProgress(void* self);

    sqlite3* m_db{};
    QString m_path;
    qint64 m_deadline{}; // steady-clock milliseconds; 0: no budget
    bool m_exceeded{};
    int m_lastCode{};
};

} // namespace engram
