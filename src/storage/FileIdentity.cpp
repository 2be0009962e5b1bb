#include "storage/FileIdentity.h"

#include <QDir>
#include <QFile>

#include <sys/stat.h>

namespace engram {
namespace {

bool identify(const QString& path, quint64& device, quint64& inode)
{
    struct stat info{};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return false;
    device = static_cast<quint64>(info.st_dev);
    inode = static_cast<quint64>(info.st_ino);
    return true;
}

} // namespace

FileIdentity FileIdentity::of(const QString& path)
{
    FileIdentity identity;
    identity.m_path = path;
    identity.m_known = identify(path, identity.m_device, identity.m_inode);
    return identity;
}

Status FileIdentity::check() const
{
    if (!m_known)
        return {};
    quint64 device{};
    quint64 inode{};
    const QString name = QDir::toNativeSeparators(m_path);
    if (!identify(m_path, device, inode))
        return Error{Error::Code::Io,
                     QStringLiteral("The memory file %1 is gone: its folder was deleted or moved while Engram was "
                                    "using it. Nothing more was written, so that nothing is lost without notice. "
                                    "Put the folder back (or restore a backup), then start Engram again.")
                         .arg(name)};
    if (device != m_device || inode != m_inode)
        return Error{Error::Code::Io,
                     QStringLiteral("The memory file %1 was replaced by another file while Engram was using it. "
                                    "Nothing more was written to either. Start Engram again to use the file that "
                                    "is there now.")
                         .arg(name)};
    return {};
}

} // namespace engram
