#include "storage/DataFolder.h"

#include "core/FileSafety.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QStandardPaths>

#include <cerrno>
#include <cstdio>
#include <cstring>

Q_DECLARE_LOGGING_CATEGORY(lcStorage)

namespace engram {
namespace {

const QString kLegacyName = QStringLiteral("engram");
const QString kStagingName = QStringLiteral(".engram-moving");
const QString kLeftoverName = QStringLiteral("engram-older-files");

Status renameEntry(const QString& from, const QString& to)
{
    if (std::rename(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) == 0)
        return {};
    return Error{Error::Code::Io, QStringLiteral("Cannot move %1 to %2: %3")
                                      .arg(QDir::toNativeSeparators(from), QDir::toNativeSeparators(to),
                                           QString::fromLocal8Bit(std::strerror(errno)))};
}

// Moves every entry of `staging` into `folder` that `folder` has no entry of that name for. The
// memory's -wal and -shm go before the memory itself, so a memory is never in place without the
// log that completes it once the move is done.
Result<QStringList> moveEntries(const QString& staging, const QString& folder)
{
    QStringList names = QDir(staging).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    std::stable_sort(names.begin(), names.end(), [](const QString& a, const QString& b) {
        const bool aMemory = a == QLatin1String(DataFolder::kMemoryFile);
        const bool bMemory = b == QLatin1String(DataFolder::kMemoryFile);
        return !aMemory && bMemory;
    });
    QStringList leftover;
    for (const QString& name : std::as_const(names)) {
        const QString target = QDir(folder).filePath(name);
        if (QFileInfo::exists(target) || QFileInfo(target).isSymLink()) {
            leftover.append(name);
            continue;
        }
        if (auto st = renameEntry(QDir(staging).filePath(name), target); !st)
            return st.error();
    }
    return leftover;
}

} // namespace

QString DataFolder::defaultFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/engram");
}

Result<DataFolder::Moved> DataFolder::moveLegacy(const QString& folder)
{
    const QString legacy = QDir(folder).filePath(kLegacyName);
    const QString staging = QDir(folder).filePath(kStagingName);
    Moved result;
    if (!QFileInfo(staging).isDir()) {
        const bool legacyMemory = QFileInfo(QDir(legacy).filePath(QLatin1String(kMemoryFile))).isFile();
        const bool memoryHere = QFileInfo::exists(QDir(folder).filePath(QLatin1String(kMemoryFile)));
        if (!legacyMemory)
            return result;
        if (memoryHere) {
            qCWarning(lcStorage) << "an older memory is still in" << legacy << "- left alone, since" << folder
                                 << "has its own";
            return result;
        }
        if (auto st = renameEntry(legacy, staging); !st)
            return st.error();
    }
    auto leftover = moveEntries(staging, folder);
    if (!leftover)
        return leftover.error();
    result.moved = true;
    result.leftover = *leftover;
    if (result.leftover.isEmpty()) {
        QDir().rmdir(staging);
    } else {
        // Kept under a name a person can find, and out of the way of the next start.
        const QString kept = QDir(folder).filePath(kLeftoverName);
        const QString where = QFileInfo::exists(kept) ? staging : kept;
        if (where == kept) {
            if (auto st = renameEntry(staging, kept); !st)
                return st.error();
        }
        qCWarning(lcStorage) << "moved the memory to" << folder << "but kept" << result.leftover << "in" << where
                             << "(the same names are already there)";
    }
    if (auto st = files::syncDir(folder); !st)
        return st.error();
    qCInfo(lcStorage) << "moved the memory from" << legacy << "to" << folder;
    return result;
}

} // namespace engram
