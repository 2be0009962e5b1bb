#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QString>

#include <functional>

class QIODevice;

// What every file Engram writes for its user goes through: the memory's folder is the user's
// alone (0700), its files 0600 whatever the umask, and a file that replaces another is written
// to the end, synced, checked and renamed into place with its folder synced, so that a full disk,
// a crash or a power cut leaves either the old file or the whole new one, never a short one.
namespace engram::files {

// Makes every file and folder this process creates from now on private to the user (umask 077),
// whatever umask it was started with: for the app's and engram-cli's main().
void restrictNewFiles();

// Creates `dir` (with its parents) when missing and makes the folder itself 0700. Parents it
// creates are 0700 as well; existing parents are left as they are.
Status ensurePrivateDir(const QString& dir);

// Makes an existing file 0600 (nothing when it does not exist).
Status makePrivate(const QString& path);

// Makes the SQLite file `path` and its -wal, -shm and -journal companions 0600 where they exist.
Status makeDatabasePrivate(const QString& path);

// Refuses a target that exists and is not a regular file (a device, a FIFO, a folder): renaming
// onto it would replace it, writing into it may block or vanish.
Status checkWritableTarget(const QString& path);

// Reads the whole of an existing regular file of at most `maxBytes` bytes: the reading
// counterpart of checkWritableTarget. A folder, a FIFO, a device or a socket is refused before
// anything is read (a FIFO nobody writes to would block forever), and so is a larger file,
// checked before reading and again while reading (it may grow). Opened without following the
// path twice, so what was checked is what is read.
Result<QByteArray> readRegularFile(const QString& path, qint64 maxBytes);

// Writes a new file at `path` atomically, 0600: `produce` writes into a temporary file in the same
// folder, which is then flushed, fsynced, closed, checked against the number of bytes written,
// renamed over `path`, and the folder is synced. On any failure the temporary file is removed and
// whatever was at `path` stays as it was. Returns the number of bytes written.
Result<qint64> writeAtomically(const QString& path, const std::function<Status(QIODevice&)>& produce);
Result<qint64> writeAtomically(const QString& path, const QByteArray& bytes);

// Syncs a folder, so that a rename or a new file in it survives a power cut.
Status syncDir(const QString& dir);

} // namespace engram::files
