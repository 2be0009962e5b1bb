#pragma once

#include "core/Result.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace engram {

class Database;
class EpisodeTextIndex;
class FactTextIndex;

// What differs between the two engines a memory lives on: an SQLite file (the default) and a
// PostgreSQL server. Everything above src/storage/ is written once; the stores write portable SQL
// and ask their Database's backend for the few pieces that cannot be: the schema, how a write
// transaction starts, a JSON array as rows, how a job is claimed, how changes of other clients
// are noticed, and the full-text indexes.
class Backend
{
public:
    virtual ~Backend() = default;

    // "SQLite" or "PostgreSQL", for messages and logs.
    virtual QString name() const = 0;
    virtual bool isServer() const = 0;

    // The schema: numbered migrations, each run in one transaction.
    virtual const std::vector<QStringList>& migrations() const = 0;
    virtual Result<int> schemaVersion(const QSqlDatabase& db) const = 0;
    // Records `version` (inside the migration's transaction).
    virtual Status setSchemaVersion(const QSqlDatabase& db, int version) const = 0;

    // Inside a migration's transaction, before the version is read: keeps a second client that
    // opens the same database meanwhile from running the same migration.
    virtual Status lockSchema(const QSqlDatabase& db) const = 0;
    // The statement that opens a write transaction.
    virtual QString beginStatement() const = 0;

    // A table of the elements of the JSON array bound at its one `?`: each element's text in a
    // column `value` (for lists of ids and numbers; CAST it where a number is compared).
    virtual QString jsonValues() const = 0;
    // The same for an array of arrays: each element as JSON in `value`, read with value->>N, and
    // its place in the array (from 0 or 1, increasing) in `ord`.
    virtual QString jsonRows() const = 0;
    // The rows of `table` (named `alias`) whose seq is in the JSON array of numbers bound at its
    // one `?`, as a FROM clause: each row found by its key (never a scan of the table), with the
    // array's element as `j.value` on SQLite.
    virtual QString rowsBySeq(const QString& table, const QString& alias) const = 0;
    // The same by id, for the ids (strings) of a JSON array.
    virtual QString rowsById(const QString& table, const QString& alias) const = 0;
    // The column type of JSON documents (metadata, payloads): what a CAST to it names.
    virtual QString jsonType() const = 0;
    // A statement listing the tables that have a user_id column (one name per row).
    virtual QString userTablesStatement() const = 0;
    // Appended to the SELECT that picks the next job: with several workers on a server, each job
    // is claimed by one of them.
    virtual QString claimSuffix() const = 0;
    // Appended to a SELECT (with ORDER BY) of rows a statement then updates: locks them in that
    // order, so that two clients updating the same rows cannot each hold one the other waits for.
    virtual QString lockSuffix() const = 0;

    // A number that changes when another client commits a change.
    virtual qint64 dataVersion(const QSqlDatabase& db) const = 0;
    // Whether the write counters of TableWrites can be kept on this connection (SQLite's temporary
    // triggers); when not, a cache asks the tables again every time.
    virtual bool countsOwnWrites() const = 0;

    virtual std::unique_ptr<EpisodeTextIndex> episodeIndex(Database& db) const = 0;
    virtual std::unique_ptr<FactTextIndex> factIndex(Database& db) const = 0;
};

} // namespace engram
