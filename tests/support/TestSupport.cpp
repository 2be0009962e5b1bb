#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QTest>

namespace engram::test {

TempDatabase::TempDatabase()
    : m_path(m_dir.filePath(QStringLiteral("engram.sqlite")))
{
    reopen();
}

void TempDatabase::reopen()
{
    m_db.reset();
    auto opened = Database::open(m_path);
    if (!opened)
        qFatal("cannot open test database: %s", qPrintable(opened.errorMessage()));
    m_db = std::move(opened).value();
}

void TempDatabase::close()
{
    m_db.reset();
}

QByteArray rawDatabaseBytes(const QString& path)
{
    QByteArray all;
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        QFile f(path + suffix);
        if (f.open(QIODevice::ReadOnly))
            all += f.readAll();
    }
    return all;
}

QString sourceDir()
{
    const QString env = qEnvironmentVariable("ENGRAM_SOURCE_DIR");
    return env.isEmpty() ? QDir::currentPath() : env;
}

QString sharedDir()
{
    return QDir(sourceDir()).absoluteFilePath(QStringLiteral("../shared"));
}

} // namespace engram::test
