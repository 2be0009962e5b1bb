#include "storage/SqliteFile.h"

#include <QDir>
#include <QFile>

#include <sqlite3.h>

#include <fcntl.h>
#include <unistd.h>

namespace engram {
namespace {

qint64 steadyNowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

// How often (in SQLite virtual machine steps) the progress handler looks at the clock: about every
// 100 pages of a quick_check (measured: 12 calls for a 1.4 MB file), a clock read each.
constexpr int kStepsPerProgressCall = 1000;

Error::Code codeOf(int primary)
{
    switch (primary) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return Error::Code::NotEngram;
    case SQLITE_CANTOPEN:
    case SQLITE_IOERR:
    case SQLITE_PERM:
    case SQLITE_READONLY:
    case SQLITE_FULL:
        return Error::Code::Io;
    default:
        return Error::Code::Database;
    }
}

} // namespace

SqliteFile::~SqliteFile()
{
    if (m_db)
        sqlite3_close_v2(m_db);
}

Result<std::unique_ptr<SqliteFile>> SqliteFile::open(const QString& path, Mode mode)
{
    std::unique_ptr<SqliteFile> file(new SqliteFile);
    file->m_path = path;
    const int flags = (mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(QFile::encodeName(path).constData(), &file->m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
        const QString why =
            file->m_db ? QString::fromUtf8(sqlite3_errmsg(file->m_db)) : QString::fromUtf8(sqlite3_errstr(rc));
        return Error{codeOf(rc & 0xff), QStringLiteral("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), why)};
    }
    sqlite3_extended_result_codes(file->m_db, 0);
    sqlite3_busy_timeout(file->m_db, 5000);
    return file;
}

void SqliteFile::setTimeBudget(std::chrono::milliseconds budget)
{
    m_deadline = steadyNowMs() + budget.count();
    sqlite3_progress_handler(m_db, kStepsPerProgressCall, &SqliteFile::onProgress, this);
}

int SqliteFile::onProgress(void* self)
{
    auto* file = static_cast<SqliteFile*>(self);
    if (file->m_deadline > 0 && steadyNowMs() >= file->m_deadline) {
        file->m_exceeded = true;
        return 1; // interrupts the statement with SQLITE_INTERRUPT
    }
    return 0;
}

Result<QList<QVariantList>> SqliteFile::rows(const QString& statement, const QVariantList& values)
{
    m_exceeded = false;
    m_lastCode = SQLITE_OK;
    auto failure = [this](int rc) {
        m_lastCode = rc & 0xff;
        return Error{codeOf(m_lastCode), QStringLiteral("%1 (%2)").arg(QString::fromUtf8(sqlite3_errmsg(m_db)),
                                                                       QDir::toNativeSeparators(m_path))};
    };
    sqlite3_stmt* stmt = nullptr;
    const QByteArray text = statement.toUtf8();
    if (int rc = sqlite3_prepare_v2(m_db, text.constData(), int(text.size()), &stmt, nullptr); rc != SQLITE_OK)
        return failure(rc);
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> guard(stmt, &sqlite3_finalize);
    QList<QByteArray> keep; // bound text must outlive the step
    for (int i = 0; i < values.size(); ++i) {
        const QVariant& v = values.at(i);
        if (v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Int) {
            sqlite3_bind_int64(stmt, i + 1, v.toLongLong());
        } else {
            keep.append(v.toString().toUtf8());
            sqlite3_bind_text(stmt, i + 1, keep.last().constData(), int(keep.last().size()), SQLITE_STATIC);
        }
    }
    QList<QVariantList> result;
    for (;;) {
        const int rc = sqlite3_step(stmt);
        if (rc == SQLITE_DONE)
            break;
        if (rc != SQLITE_ROW)
            return failure(rc);
        QVariantList row;
        const int n = sqlite3_column_count(stmt);
        for (int c = 0; c < n; ++c) {
            switch (sqlite3_column_type(stmt, c)) {
            case SQLITE_INTEGER:
                row.append(QVariant::fromValue<qint64>(sqlite3_column_int64(stmt, c)));
                break;
            case SQLITE_NULL:
                row.append(QVariant());
                break;
            default:
                row.append(QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(stmt, c)),
                                             sqlite3_column_bytes(stmt, c)));
            }
        }
        result.append(row);
    }
    return result;
}

Result<QVariantList> SqliteFile::column(const QString& statement, const QVariantList& values)
{
    auto all = rows(statement, values);
    if (!all)
        return all.error();
    QVariantList first;
    for (const QVariantList& row : std::as_const(*all))
        first.append(row.value(0));
    return first;
}

Result<QVariant> SqliteFile::scalar(const QString& statement, const QVariantList& values)
{
    auto all = column(statement, values);
    if (!all)
        return all.error();
    return all->value(0);
}

Status SqliteFile::execute(const QString& statement, const QVariantList& values)
{
    auto all = rows(statement, values);
    if (!all)
        return all.error();
    return {};
}

std::optional<qint64> SqliteFile::openInAnotherProcess(const QString& path)
{
    // The unix VFS's wal-index locks start at byte 120 of the -shm file; the DMS lock is the
    // ninth of them.
    constexpr off_t kDmsByte = 120 + 8;
    const int fd = ::open(QFile::encodeName(path + QStringLiteral("-shm")).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return std::nullopt; // no -shm: no connection in WAL mode has it open
    struct flock lock = {};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    lock.l_start = kDmsByte;
    lock.l_len = 1;
    const bool asked = ::fcntl(fd, F_GETLK, &lock) == 0;
    ::close(fd);
    if (!asked || lock.l_type == F_UNLCK)
        return std::nullopt;
    return static_cast<qint64>(lock.l_pid);
}

} // namespace engram
