#include "DamagedFiles.h"

#include <QFile>

#include <sys/stat.h>

namespace engram::test {

bool overwritePagesMidFile(const QString& path, int pages)
{
    constexpr qint64 kPage = 4096;
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite) || file.size() < kPage * (pages + 2))
        return false;
    // Past the first page (the header and the schema), on a page boundary.
    const qint64 at = qMax<qint64>(kPage, (file.size() / 2 / kPage) * kPage);
    return file.seek(at) && file.write(QByteArray(kPage * pages, '\xA5')) == kPage * pages && file.flush();
}

int fileMode(const QString& path)
{
    struct stat st{};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

} // namespace engram::test
