#pragma once

#include "storage/Database.h"

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

#include <memory>

namespace engram::test {

// A fresh database file in its own temporary folder, removed with the object.
class TempDatabase final
{
public:
    TempDatabase();
    QString path() const { return m_path; }
    QString dir() const { return m_dir.path(); }
    Database& db() { return *m_db; }
    // Closes and opens the file again, as a restart of the app would.
    void reopen();
    void close();

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<Database> m_db;
};

// Every byte of the database file and its WAL and shared-memory files, for "is it really gone" checks.
QByteArray rawDatabaseBytes(const QString& path);

// The folder of the source tree, and of the shared/ data beside the checkout.
QString sourceDir();
QString sharedDir();

} // namespace engram::test
