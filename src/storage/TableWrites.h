#pragma once

#include "core/Result.h"

#include <QSqlQuery>
#include <QString>
#include <QStringList>

#include <optional>

namespace engram {

class Database;

// Notices writes to some columns of a table: this connection's through temporary triggers that
// count them, other connections' through SQLite's data_version. A cache of what those columns
// hold is still good while version() returns what it returned when the cache was filled.
class TableWrites final
{
public:
    // Watches inserts, deletes and updates of `columns` in `table` (which must exist).
    TableWrites(Database& db, const QString& table, const QStringList& columns);

    struct Version
    {
        qint64 starts{-1}; // the triggers are made again after a rollback took them away
        qint64 writes{-1};
        qint64 dataVersion{-1};
        bool operator==(const Version&) const = default;
    };
    Result<Version> version();

private:
    Status start();

    Database& m_db;
    QString m_table;
    QStringList m_columns;
    bool m_started{};
    qint64 m_starts{};
    std::optional<QSqlQuery> m_query;
};

} // namespace engram
