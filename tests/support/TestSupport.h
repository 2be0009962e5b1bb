#pragma once

#include "TestLocation.h"
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
    // The file's path, or the server URL when the suite runs on PostgreSQL.
    QString path() const { return m_location.text(); }
    const MemoryLocation& location() const { return m_location.location(); }
    QString dir() const { return m_dir.path(); }
    Database& db() { return *m_db; }
    // Closes and opens the file again, as a restart of the app would.
    void reopen();
    void close();

private:
    QTemporaryDir m_dir;
    TestLocation m_location;
    std::unique_ptr<Database> m_db;
};

// Every byte of the database file and its WAL and shared-memory files, for "is it really gone" checks.
// For a server URL: every row of every table of that database, as text.
QByteArray rawDatabaseBytes(const QString& path);

// Whether the episodes' full-text index agrees with the table: FTS5's integrity check, or on a
// server the per-user term statistics recounted from every episode.
bool indexIsIntact(Database& db);

// Makes every insert into `table` fail inside its transaction, as a full disk would.
bool refuseInserts(Database& db, const QString& table);

// The folder of the source tree, and of the shared/ data beside the checkout.
QString sourceDir();
QString sharedDir();

} // namespace engram::test
