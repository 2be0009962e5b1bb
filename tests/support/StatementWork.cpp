#include "StatementWork.h"

#include "storage/Database.h"
#include "storage/Sql.h"

#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

namespace engram::test {

namespace {

constexpr int kStepsPerCall = 10;

int countSteps(void* steps)
{
    *static_cast<qint64*>(steps) += kStepsPerCall;
    return 0; // go on
}

sqlite3* sqliteHandle(const QSqlDatabase& db)
{
    const QVariant handle = db.driver()->handle();
    if (qstrcmp(handle.typeName(), "sqlite3*") != 0)
        qFatal("not an SQLite connection");
    return *static_cast<sqlite3* const*>(handle.constData());
}

} // namespace

TableScans serverScans(const QSqlDatabase& db)
{
    // This session's counters reach the shared statistics at the next flush.
    if (!sql::execute(db, QStringLiteral("SELECT pg_stat_force_next_flush()")) ||
        !sql::execute(db, QStringLiteral("SELECT pg_stat_clear_snapshot()")))
        qFatal("cannot read the server's statistics");
    auto q =
        sql::run(db, QStringLiteral(
                         "SELECT relname, seq_scan, coalesce(idx_scan, 0), seq_tup_read + coalesce(idx_tup_fetch, 0), "
                         "n_tup_upd FROM pg_stat_user_tables"));
    if (!q)
        qFatal("no statistics");
    TableScans s;
    while (q->next()) {
        s.sequential.insert(q->value(0).toString(), q->value(1).toLongLong());
        s.byIndex.insert(q->value(0).toString(), q->value(2).toLongLong());
        s.rowsRead.insert(q->value(0).toString(), q->value(3).toLongLong());
        s.rowsUpdated.insert(q->value(0).toString(), q->value(4).toLongLong());
    }
    return s;
}

qint64 workOf(Database& db, const std::function<void()>& change)
{
    const QSqlDatabase& connection = db.connection();
    if (db.backend().isServer()) {
        const QString episodes = QStringLiteral("episodes");
        const qint64 before = serverScans(connection).rowsRead.value(episodes);
        change();
        return serverScans(connection).rowsRead.value(episodes) - before;
    }
    sqlite3* handle = sqliteHandle(connection);
    qint64 steps = 0;
    sqlite3_progress_handler(handle, kStepsPerCall, &countSteps, &steps);
    change();
    sqlite3_progress_handler(handle, 0, nullptr, nullptr);
    return steps;
}

qint64 rowsUpdatedBy(Database& db, const QString& table, const std::function<void()>& change)
{
    const QSqlDatabase& connection = db.connection();
    if (db.backend().isServer()) {
        const qint64 before = serverScans(connection).rowsUpdated.value(table);
        change();
        return serverScans(connection).rowsUpdated.value(table) - before;
    }
    const QStringList setUp{QStringLiteral("CREATE TEMP TABLE updated_rows (n INTEGER NOT NULL)"),
                            QStringLiteral("INSERT INTO updated_rows VALUES (0)"),
                            QStringLiteral("CREATE TEMP TRIGGER count_updated_rows AFTER UPDATE ON main.%1 "
                                           "BEGIN UPDATE updated_rows SET n = n + 1; END")
                                .arg(table)};
    for (const QString& statement : setUp) {
        if (!sql::execute(connection, statement))
            qFatal("cannot count updated rows");
    }
    change();
    const auto n = sql::scalar(connection, QStringLiteral("SELECT n FROM updated_rows"));
    if (!n || !sql::execute(connection, QStringLiteral("DROP TRIGGER count_updated_rows")) ||
        !sql::execute(connection, QStringLiteral("DROP TABLE updated_rows")))
        qFatal("cannot count updated rows");
    return n->toLongLong();
}

} // namespace engram::test
