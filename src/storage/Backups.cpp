#include "storage/Backups.h"

#include "core/FileSafety.h"
#include "storage/DatabaseCheck.h"
#include "storage/SqliteFile.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QRegularExpression>
#include <QScopeGuard>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

Q_DECLARE_LOGGING_CATEGORY(lcStorage)

namespace engram {
namespace {

QAtomicInt g_defaultKeep{Backups::kDefaultKeep};

const QString kStampFormat = QStringLiteral("yyyy-MM-dd_HH-mm-ss.zzz");
const QStringList kCompanions{QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")};

QString native(const QString& path)
{
    return QDir::toNativeSeparators(path);
}

Error ioError(const QString& what, int err)
{
    return Error{Error::Code::Io, QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(std::strerror(err)))};
}

// The rolling name of a backup of `base`: "<base>-<UTC time>Z.sqlite".
QRegularExpression rollingPattern(const QString& base)
{
    return QRegularExpression(QStringLiteral("^%1-(\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d\\.\\d{3})Z\\.sqlite$")
                                  .arg(QRegularExpression::escape(base)));
}

QDateTime stampTime(const QString& stamp)
{
    QDateTime at = QDateTime::fromString(stamp, kStampFormat);
    at.setTimeSpec(Qt::UTC);
    return at;
}

Status syncFile(const QString& path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return ioError(QStringLiteral("Cannot open %1").arg(native(path)), errno);
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    if (rc != 0)
        return ioError(QStringLiteral("Cannot write %1 to the disk").arg(native(path)), err);
    return {};
}

// Reads what a backup holds (no check of its pages).
Result<BackupInfo> readInfo(const QString& file)
{
    BackupInfo info;
    info.path = QFileInfo(file).absoluteFilePath();
    info.bytes = QFileInfo(file).size();
    info.createdAt = QFileInfo(file).lastModified().toUTC();
    auto opened = SqliteFile::open(file, SqliteFile::Mode::ReadOnly);
    if (!opened)
        return opened.error();
    SqliteFile& db = **opened;
    auto version = db.scalar(QStringLiteral("PRAGMA user_version"));
    if (!version)
        return version.error();
    info.schemaVersion = version->toInt();
    auto users = db.column(QStringLiteral("SELECT id FROM users ORDER BY id"));
    if (!users)
        return users.error();
    for (const QVariant& id : std::as_const(*users))
        info.users.insert(id.toString(), {});
    const struct
    {
        const char* sql;
        qint64 BackupInfo::Counts::*field;
    } counts[] = {
        {"SELECT user_id, count(*) FROM messages GROUP BY user_id", &BackupInfo::Counts::messages},
        {"SELECT user_id, count(*) FROM episodes GROUP BY user_id", &BackupInfo::Counts::episodes},
        {"SELECT user_id, count(*) FROM facts WHERE status != 'deleted' GROUP BY user_id", &BackupInfo::Counts::facts},
    };
    for (const auto& c : counts) {
        auto rows = db.rows(QString::fromLatin1(c.sql));
        if (!rows)
            return rows.error();
        for (const QVariantList& row : std::as_const(*rows)) {
            const qint64 n = row.value(1).toLongLong();
            info.users[row.value(0).toString()].*c.field += n;
            info.total.*c.field += n;
        }
    }
    return info;
}

// Moves `from` and its companions to `to`; on a failure puts back what was moved.
Status moveDatabase(const QString& from, const QString& to)
{
    QStringList moved;
    auto undo = qScopeGuard([&] {
        for (const QString& suffix : std::as_const(moved))
            ::rename(QFile::encodeName(to + suffix).constData(), QFile::encodeName(from + suffix).constData());
    });
    for (const QString& suffix : QStringList{QString()} + kCompanions) {
        if (suffix.isEmpty() ? !QFileInfo::exists(from) : !QFileInfo::exists(from + suffix))
            continue;
        if (::rename(QFile::encodeName(from + suffix).constData(), QFile::encodeName(to + suffix).constData()) != 0)
            return ioError(QStringLiteral("Cannot move %1 to %2").arg(native(from + suffix), native(to + suffix)),
                           errno);
        moved.append(suffix);
    }
    undo.dismiss();
    // Kept aside, it holds the same memories: private like the memory file (an old install's
    // file may still be 0644).
    if (auto st = files::makeDatabasePrivate(to); !st)
        return st;
    return files::syncDir(QFileInfo(to).absolutePath());
}

// Writes a checked snapshot of the database `source` to `target`: VACUUM INTO a temporary file
// beside the target, a rollback-journal file of its own, synced, fully checked, 0600, renamed.
Result<BackupInfo> writeVerified(const QString& source, const QString& target)
{
    if (!QFileInfo(source).isFile())
        return Error{Error::Code::NotFound, QStringLiteral("There is no memory file at %1").arg(native(source))};
    if (auto st = files::checkWritableTarget(target); !st)
        return st.error();
    const QFileInfo targetInfo(target);
    const QString dir = targetInfo.absolutePath();
    if (!QFileInfo(dir).isDir())
        return Error{Error::Code::Io,
                     QStringLiteral("Cannot write %1: the folder %2 does not exist").arg(native(target), native(dir))};
    const QString temp =
        QStringLiteral("%1/.%2.tmp-%3").arg(dir, targetInfo.fileName()).arg(QCoreApplication::applicationPid());
    auto removeTemp = [temp] {
        QFile::remove(temp);
        QFile::remove(temp + QStringLiteral("-journal"));
    };
    removeTemp(); // a leftover of a crashed run with the same process id
    // Created empty and 0600 first: VACUUM INTO accepts an empty file and keeps its mode.
    const int fd = ::open(QFile::encodeName(temp).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return ioError(QStringLiteral("Cannot write %1").arg(native(temp)), errno);
    ::close(fd);
    auto cleanup = qScopeGuard(removeTemp);
    {
        auto db = SqliteFile::open(source, SqliteFile::Mode::ReadOnly);
        if (!db)
            return db.error();
        if (auto st = (*db)->execute(QStringLiteral("VACUUM INTO ?"), {temp}); !st)
            return Error{st.error().code == Error::Code::NotEngram ? Error::Code::NotEngram : Error::Code::Io,
                         QStringLiteral("Cannot copy the memory into %1 (is the disk full?): %2")
                             .arg(native(target), st.errorMessage())};
    }
    {
        auto copy = SqliteFile::open(temp, SqliteFile::Mode::ReadWrite);
        if (!copy)
            return copy.error();
        // The copy stands alone: no -wal or -shm beside a backup.
        if (auto mode = (*copy)->scalar(QStringLiteral("PRAGMA journal_mode = DELETE")); !mode)
            return mode.error();
    }
    if (auto st = syncFile(temp); !st)
        return st.error();
    auto info = Backups::inspect(temp);
    if (!info)
        return Error{info.error().code, QStringLiteral("The copy in %1 did not pass its check, so it was not kept: %2")
                                            .arg(native(target), info.errorMessage())};
    if (auto st = files::makePrivate(temp); !st)
        return st.error();
    if (::rename(QFile::encodeName(temp).constData(), QFile::encodeName(targetInfo.absoluteFilePath()).constData()) !=
        0)
        return ioError(QStringLiteral("Cannot write %1").arg(native(target)), errno);
    cleanup.dismiss();
    if (auto st = files::syncDir(dir); !st)
        return st.error();
    info->path = targetInfo.absoluteFilePath();
    return info;
}

} // namespace

Backups::Backups(QString databasePath, int keep)
    : m_databasePath(QFileInfo(databasePath).absoluteFilePath())
    , m_keep(qMax(1, keep > 0 ? keep : defaultKeep()))
{}

int Backups::defaultKeep()
{
    return g_defaultKeep.loadRelaxed();
}

void Backups::setDefaultKeep(int keep)
{
    g_defaultKeep.storeRelaxed(qMax(1, keep));
}

QString Backups::folder() const
{
    return QFileInfo(m_databasePath).absolutePath() + QStringLiteral("/backups");
}

QString Backups::newRollingName() const
{
    const QString base = QFileInfo(m_databasePath).completeBaseName();
    QDateTime at = QDateTime::currentDateTimeUtc();
    QString name;
    do {
        name = QStringLiteral("%1/%2-%3Z.sqlite").arg(folder(), base, at.toString(kStampFormat));
        at = at.addMSecs(1);
    } while (QFileInfo::exists(name));
    return name;
}

Result<BackupInfo> Backups::create()
{
    if (auto st = files::ensurePrivateDir(folder()); !st)
        return st.error();
    const QString name = newRollingName();
    auto info = writeVerified(m_databasePath, name);
    if (!info)
        return info;
    info->createdAt = stampTime(
        rollingPattern(QFileInfo(m_databasePath).completeBaseName()).match(QFileInfo(name).fileName()).captured(1));
    if (auto st = prune(); !st)
        qCWarning(lcStorage) << "cannot remove an old backup:" << st.errorMessage();
    qCInfo(lcStorage) << "backup written:" << info->path << info->bytes << "bytes";
    return info;
}

Result<BackupInfo> Backups::createAt(const QString& file)
{
    return writeVerified(m_databasePath, file);
}

QList<BackupInfo> Backups::list() const
{
    const QRegularExpression pattern = rollingPattern(QFileInfo(m_databasePath).completeBaseName());
    QStringList names = QDir(folder()).entryList(QDir::Files, QDir::Name | QDir::Reversed);
    QList<BackupInfo> result;
    for (const QString& name : std::as_const(names)) {
        const auto match = pattern.match(name);
        if (!match.hasMatch())
            continue;
        const QString path = folder() + QLatin1Char('/') + name;
        auto info = readInfo(path);
        BackupInfo entry = info ? *info : BackupInfo{};
        if (!info) {
            entry.path = path;
            entry.bytes = QFileInfo(path).size();
            entry.problem = info.errorMessage();
        }
        entry.createdAt = stampTime(match.captured(1));
        result.append(entry);
    }
    return result;
}

std::optional<BackupInfo> Backups::newestGood() const
{
    const QList<BackupInfo> all = list();
    for (const BackupInfo& candidate : all) {
        if (!candidate.problem.isEmpty())
            continue;
        if (auto checked = inspect(candidate.path)) {
            checked->createdAt = candidate.createdAt;
            return *checked;
        }
        qCWarning(lcStorage) << "skipping a damaged backup:" << candidate.path;
    }
    return std::nullopt;
}

Result<BackupInfo> Backups::inspect(const QString& file)
{
    if (!QFileInfo(file).isFile())
        return Error{Error::Code::NotFound, QStringLiteral("There is no file %1").arg(native(file))};
    const auto verdict = DatabaseCheck::check(file, DatabaseCheck::Depth::Full);
    if (verdict.state != DatabaseCheck::Verdict::State::Ok)
        return Error{verdict.state == DatabaseCheck::Verdict::State::Unreadable ? Error::Code::Io
                                                                                : Error::Code::NotEngram,
                     QStringLiteral("%1 is not a good Engram memory: %2").arg(native(file), verdict.detail)};
    return readInfo(file);
}

Result<RestoreReport> Backups::restore(const QString& backup)
{
    auto info = inspect(backup);
    if (!info)
        return Error{
            info.error().code,
            QStringLiteral("Nothing was restored; the memory file was not changed. %1").arg(info.errorMessage())};
    if (QFileInfo(backup).canonicalFilePath() == QFileInfo(m_databasePath).canonicalFilePath())
        return Error::invalid(QStringLiteral("%1 is the memory file itself; choose a backup").arg(native(backup)));
    // A program with the file open would go on writing into the copy moved aside, and what it
    // wrote would be missing from the restored memory.
    if (const auto pid = SqliteFile::openInAnotherProcess(m_databasePath))
        return Error{Error::Code::Database,
                     QStringLiteral("Nothing was restored: the memory file is open in another program (process %1, "
                                    "Engram or engram-cli). Quit it, then restore again.")
                         .arg(*pid)};
    auto aside = moveAside(QStringLiteral("before-restore"));
    if (!aside)
        return aside.error();
    auto written = writeVerified(backup, m_databasePath);
    if (!written) {
        if (!aside->isEmpty())
            (void)moveDatabase(*aside, m_databasePath);
        return Error{
            written.error().code,
            QStringLiteral("Nothing was restored; the memory file was not changed. %1").arg(written.errorMessage())};
    }
    written->createdAt = info->createdAt;
    return RestoreReport{*aside, *written};
}

Result<QString> Backups::moveAside(const QString& label)
{
    if (!QFileInfo::exists(m_databasePath))
        return QString();
    QString target;
    QDateTime at = QDateTime::currentDateTimeUtc();
    do {
        target = QStringLiteral("%1.%2-%3Z").arg(m_databasePath, label, at.toString(kStampFormat));
        at = at.addMSecs(1);
    } while (QFileInfo::exists(target));
    if (auto st = moveDatabase(m_databasePath, target); !st)
        return Error{st.error().code, QStringLiteral("%1; the memory file was left as it is").arg(st.errorMessage())};
    return target;
}

Status Backups::prune()
{
    const QRegularExpression pattern = rollingPattern(QFileInfo(m_databasePath).completeBaseName());
    const QStringList names = QDir(folder()).entryList(QDir::Files, QDir::Name | QDir::Reversed);
    int kept = 0;
    for (const QString& name : names) {
        if (!pattern.match(name).hasMatch() || ++kept <= m_keep)
            continue;
        if (!QFile::remove(folder() + QLatin1Char('/') + name))
            return Error{Error::Code::Io,
                         QStringLiteral("Cannot remove %1").arg(native(folder() + QLatin1Char('/') + name))};
    }
    return files::syncDir(folder());
}

Status Backups::beforeMigration(const QString& databasePath, int from, int to)
{
    if (from < 1 || from >= to)
        return {};
    auto backup = Backups(databasePath).create();
    if (!backup)
        return Error{backup.error().code,
                     QStringLiteral("Engram backs up the memory file before updating it from schema %1 to %2, but "
                                    "the backup failed, so the file was not changed: %3")
                         .arg(from)
                         .arg(to)
                         .arg(backup.errorMessage())};
    return {};
}

} // namespace engram
