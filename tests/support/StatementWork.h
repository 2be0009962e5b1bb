#pragma once

#include <QHash>
#include <QString>

#include <functional>

class QSqlDatabase;

namespace engram {
class Database;
}

namespace engram::test {

// How often PostgreSQL read each table whole, how often it used an index of it, and the rows its
// scans of either kind read: the server's own counters (pg_stat_user_tables), so a test checks
// the statements Engram really runs, those of triggers included.
struct TableScans
{
    QHash<QString, qint64> sequential;
    QHash<QString, qint64> byIndex;
    QHash<QString, qint64> rowsRead;
    QHash<QString, qint64> rowsUpdated;
};
// The counters now, this connection's own included (they are flushed first).
TableScans serverScans(const QSqlDatabase& db);

// How much work the database did while `change` ran, in a unit that grows with the rows read
// and not with time: on SQLite the steps of its virtual machine over every statement (those of
// triggers included), on PostgreSQL the rows its scans read from the episodes table. For checks
// that an operation reads what it touches and not the user's whole memory; compare memories of
// two sizes, never milliseconds.
qint64 workOf(Database& db, const std::function<void()>& change);

// How many rows of `table` were updated while `change` ran, by Engram's statements and by
// triggers alike (on SQLite a temporary trigger counts them; on PostgreSQL the server's
// counters). A row rewritten there is rewritten in the full-text index too.
qint64 rowsUpdatedBy(Database& db, const QString& table, const std::function<void()>& change);

} // namespace engram::test
