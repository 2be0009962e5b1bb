#pragma once

#include "storage/Backend.h"

namespace engram {

struct SearchTerm;

// The FTS5 expression matching any of `terms`: each a quoted phrase (so that no word is read as
// an operator), repeated termCopies() times, since bm25() sums one contribution per phrase.
QString fts5Expression(const QList<SearchTerm>& terms);

// An SQLite file: the default, embedded engine (see Database for how the file is kept safe).
class SqliteBackend final : public Backend
{
public:
    QString name() const override { return QStringLiteral("SQLite"); }
    bool isServer() const override { return false; }
    const std::vector<QStringList>& migrations() const override;
    Result<int> schemaVersion(const QSqlDatabase& db) const override;
    Status setSchemaVersion(const QSqlDatabase& db, int version) const override;
    // BEGIN IMMEDIATE already holds the file's write lock.
    Status lockSchema(const QSqlDatabase&) const override { return {}; }
    // IMMEDIATE takes the write lock up front, so two processes (app and CLI) never deadlock.
    QString beginStatement() const override { return QStringLiteral("BEGIN IMMEDIATE"); }
    QString jsonValues() const override { return QStringLiteral("json_each(?)"); }
    QString jsonRows() const override { return QStringLiteral("(SELECT value, key AS ord FROM json_each(?))"); }
    // CROSS JOIN keeps the order written: the list first, then each row by its key.
    QString rowsBySeq(const QString& table, const QString& alias) const override
    {
        return QStringLiteral("json_each(?) j CROSS JOIN %1 %2 ON %2.seq = j.value").arg(table, alias);
    }
    QString rowsById(const QString& table, const QString& alias) const override
    {
        return QStringLiteral("json_each(?) j CROSS JOIN %1 %2 ON %2.id = j.value").arg(table, alias);
    }
    QString jsonType() const override { return QStringLiteral("TEXT"); }
    QString userTablesStatement() const override;
    // One writer at a time: the claiming transaction already holds the file's write lock.
    QString claimSuffix() const override { return {}; }
    QString lockSuffix() const override { return {}; }
    // SQLite's data_version: it changes when another connection (another process) commits.
    qint64 dataVersion(const QSqlDatabase& db) const override;
    bool countsOwnWrites() const override { return true; }
    std::unique_ptr<EpisodeTextIndex> episodeIndex(Database& db) const override;
    std::unique_ptr<FactTextIndex> factIndex(Database& db) const override;
};

} // namespace engram
