#pragma once

#include "core/Result.h"

#include <QString>
#include <QStringList>

namespace engram {

// Where the memory lives by default, and the move out of the folder earlier versions used.
//
// Up to schema 6 the default folder was QStandardPaths' AppDataLocation, which with the
// organisation and the application both named "engram" is ~/.local/share/engram/engram/ on Linux
// (the name twice). It is now ~/.local/share/engram/ (GenericDataLocation/engram). The first open
// of the default memory moves the old folder's files up: the memory with its -wal and -shm, the
// backups and anything else there, each by an atomic rename in the same file system.
class DataFolder final
{
public:
    // ~/.local/share/engram (GenericDataLocation/engram).
    static QString defaultFolder();

    struct Moved
    {
        bool moved{};         // a legacy folder's memory is now in `folder`
        QStringList leftover; // entries not moved because `folder` already had one of that name
    };

    // Moves the entries of `folder`/engram into `folder` when the old folder holds a memory
    // (engram.sqlite) and `folder` has none. The old folder is first renamed to
    // `folder`/.engram-moving, so a move a crash interrupted is finished at the next call, before
    // anything opens the memory. Nothing is overwritten: an entry whose name is taken stays in
    // `folder`/engram-older-files; the staging folder goes when it is empty.
    static Result<Moved> moveLegacy(const QString& folder);

    static constexpr const char* kMemoryFile = "engram.sqlite";
};

} // namespace engram
