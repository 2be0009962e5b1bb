#include "core/FileSafety.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryFile>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace engram::files {
namespace {

constexpr mode_t kPrivateDir = 0700;
constexpr mode_t kPrivateFile = 0600;

Error ioError(const QString& what, const QString& path, int err)
{
    return Error{Error::Code::Io,
                 QStringLiteral("%1 %2: %3")
                     .arg(what, QDir::toNativeSeparators(path), QString::fromLocal8Bit(std::strerror(err)))};
}

// A failed write says why in words a user can act on. Qt's buffered writes often lose errno
// ("Unknown error"), so a full disk is recognised by its free space.
Error writeError(const QString& path, const QString& detail)
{
    struct statvfs fs
    {
    };
    const QByteArray folder = QFile::encodeName(QFileInfo(path).absolutePath());
    if (::statvfs(folder.constData(), &fs) == 0 && static_cast<qint64>(fs.f_bavail) * fs.f_frsize < 1024 * 1024)
        return Error{Error::Code::Io, QStringLiteral("Cannot write %1: the disk is full; free some space and try again")
                                          .arg(QDir::toNativeSeparators(path))};
    return Error{Error::Code::Io, QStringLiteral("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), detail)};
}

} // namespace

void restrictNewFiles()
{
    ::umask(077);
}

Status ensurePrivateDir(const QString& dir)
{
    const QString absolute = QFileInfo(dir).absoluteFilePath();
    // Create missing parents one by one so each new one is 0700 from the start, never readable
    // by others in between.
    QStringList missing;
    QString at = absolute;
    while (!at.isEmpty() && !QFileInfo::exists(at)) {
        missing.prepend(at);
        const QString parent = QFileInfo(at).path();
        if (parent == at)
            break;
        at = parent;
    }
    for (const QString& path : std::as_const(missing)) {
        const QByteArray native = QFile::encodeName(path);
        if (::mkdir(native.constData(), kPrivateDir) != 0 && errno != EEXIST)
            return ioError(QStringLiteral("Cannot create the folder"), path, errno);
    }
    const QByteArray native = QFile::encodeName(absolute);
    struct stat st
    {
    };
    if (::stat(native.constData(), &st) != 0)
        return ioError(QStringLiteral("Cannot open the folder"), absolute, errno);
    if (!S_ISDIR(st.st_mode))
        return Error{Error::Code::Io, QStringLiteral("%1 is not a folder").arg(QDir::toNativeSeparators(absolute))};
    if ((st.st_mode & 07777) != kPrivateDir && ::chmod(native.constData(), kPrivateDir) != 0 && errno != EROFS &&
        errno != EPERM)
        return ioError(QStringLiteral("Cannot make the folder private"), absolute, errno);
    return {};
}

Status makePrivate(const QString& path)
{
    const QByteArray native = QFile::encodeName(path);
    struct stat st
    {
    };
    if (::lstat(native.constData(), &st) != 0)
        return {}; // nothing there
    if (!S_ISREG(st.st_mode) || (st.st_mode & 07777) == kPrivateFile)
        return {};
    // A read-only mount or a file owned by someone else keeps its mode; reading it still works.
    if (::chmod(native.constData(), kPrivateFile) != 0 && errno != EROFS && errno != EPERM)
        return ioError(QStringLiteral("Cannot make the file private"), path, errno);
    return {};
}

Status makeDatabasePrivate(const QString& path)
{
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
        if (auto st = makePrivate(path + QLatin1String(suffix)); !st)
            return st;
    }
    return {};
}

Status checkWritableTarget(const QString& path)
{
    const QByteArray native = QFile::encodeName(path);
    struct stat st
    {
    };
    if (::stat(native.constData(), &st) != 0)
        return {}; // a new file
    if (S_ISREG(st.st_mode))
        return {};
    return Error{Error::Code::Io, QStringLiteral("%1 is not a regular file (a folder, a device or a pipe); "
                                                 "choose a file name instead")
                                      .arg(QDir::toNativeSeparators(path))};
}

Result<QByteArray> readRegularFile(const QString& path, qint64 maxBytes)
{
    const QString shown = QDir::toNativeSeparators(path);
    const QByteArray native = QFile::encodeName(path);
    // Non-blocking, so that opening a FIFO without a writer returns at once; it is refused below.
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT)
            return Error::notFound(QStringLiteral("There is no file %1").arg(shown));
        return ioError(QStringLiteral("Cannot read"), path, err);
    }
    struct Closer
    {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        return ioError(QStringLiteral("Cannot read"), path, errno);
    if (S_ISDIR(st.st_mode))
        return Error::invalid(QStringLiteral("%1 is a folder, not a file").arg(shown));
    if (!S_ISREG(st.st_mode))
        return Error::invalid(QStringLiteral("%1 is not a regular file (a pipe, a device or a socket); "
                                             "save what it gives into a file and name that file instead")
                                  .arg(shown));
    const auto tooLarge = [&] {
        return Error::invalid(
            QStringLiteral("%1 is larger than %2 MB; at most %2 MB are read").arg(shown).arg(maxBytes / (1024 * 1024)));
    };
    if (st.st_size > maxBytes)
        return tooLarge();
    if (::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0)
        return ioError(QStringLiteral("Cannot read"), path, errno);
    // One byte more than the size: a file that grew since fstat is noticed, and read on.
    QByteArray bytes(static_cast<qsizetype>(st.st_size) + 1, Qt::Uninitialized);
    qsizetype filled = 0;
    for (;;) {
        if (filled == bytes.size()) {
            if (filled > maxBytes)
                return tooLarge();
            bytes.resize(std::min<qsizetype>(bytes.size() * 2, static_cast<qsizetype>(maxBytes) + 1));
        }
        const ssize_t n = ::read(fd, bytes.data() + filled, static_cast<size_t>(bytes.size() - filled));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return ioError(QStringLiteral("Cannot read"), path, errno);
        if (n == 0)
            break;
        filled += n;
    }
    if (filled > maxBytes)
        return tooLarge();
    bytes.truncate(filled);
    return bytes;
}

Status syncDir(const QString& dir)
{
    const QByteArray native = QFile::encodeName(dir);
    const int fd = ::open(native.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return ioError(QStringLiteral("Cannot open the folder"), dir, errno);
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    // Some file systems cannot sync a folder (EINVAL); the rename itself is then all there is.
    if (rc != 0 && err != EINVAL && err != EROFS)
        return ioError(QStringLiteral("Cannot sync the folder"), dir, err);
    return {};
}

Result<qint64> writeAtomically(const QString& path, const std::function<Status(QIODevice&)>& produce)
{
    if (auto st = checkWritableTarget(path); !st)
        return st.error();
    const QFileInfo target(path);
    const QString dir = target.absolutePath();
    if (!QFileInfo(dir).isDir())
        return Error{Error::Code::Io, QStringLiteral("Cannot write %1: the folder %2 does not exist")
                                          .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(dir))};

    // QTemporaryFile creates its file 0600, in the target's folder so the rename stays atomic.
    QTemporaryFile temp(dir + QLatin1Char('/') + QLatin1Char('.') + target.fileName() + QStringLiteral(".XXXXXX"));
    if (!temp.open())
        return Error{Error::Code::Io,
                     QStringLiteral("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), temp.errorString())};
    if (auto st = produce(temp); !st)
        return st.error().code == Error::Code::Io ? writeError(path, st.errorMessage()) : st.error();
    const qint64 written = temp.pos();
    if (!temp.flush())
        return writeError(path, temp.errorString());
    if (::fsync(temp.handle()) != 0)
        return ioError(QStringLiteral("Cannot write"), path, errno);
    struct stat st
    {
    };
    if (::fstat(temp.handle(), &st) != 0)
        return ioError(QStringLiteral("Cannot check"), path, errno);
    if (st.st_size != written)
        return writeError(path, QStringLiteral("only %1 of %2 bytes reached the disk").arg(st.st_size).arg(written));
    const QString tempName = temp.fileName();
    temp.close();
    if (temp.error() != QFileDevice::NoError)
        return writeError(path, temp.errorString());
    if (::rename(QFile::encodeName(tempName).constData(), QFile::encodeName(target.absoluteFilePath()).constData()) !=
        0)
        return ioError(QStringLiteral("Cannot write"), path, errno);
    temp.setAutoRemove(false);
    if (auto synced = syncDir(dir); !synced)
        return synced.error();
    return written;
}

Result<qint64> writeAtomically(const QString& path, const QByteArray& bytes)
{
    return writeAtomically(path, [&bytes](QIODevice& device) -> Status {
        if (device.write(bytes) != bytes.size())
            return Error{Error::Code::Io, QStringLiteral("Cannot write: %1").arg(device.errorString())};
        return {};
    });
}

} // namespace engram::files
