#pragma once

#include "core/Result.h"

#include <QString>

namespace engram {

// Which file a path named when the memory was opened (device and inode), to notice that it no
// longer does: its folder was deleted or moved, or the file replaced. SQLite keeps writing into
// an open file that was unlinked, and all of it is gone when the process exits; checking before
// each write transaction turns that silent loss into an error the user sees.
class FileIdentity final
{
public:
    FileIdentity() = default;
    // Records what `path` names now; an unknown identity (no such file) never fails check().
    static FileIdentity of(const QString& path);

    bool isKnown() const { return m_known; }
    // Fails (Error::Code::Io) when the path names no file, or another file than the recorded one.
    Status check() const;

private:
    QString m_path;
    quint64 m_device{};
    quint64 m_inode{};
    bool m_known{};
};

} // namespace engram
