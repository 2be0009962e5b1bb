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

qint64 episodeRowsRead(const QSqlDatabase& db)
{
    // This session's counters reach the shared statistics at the next flush.
    if (!sql::execute(db, QStringLiteral("SELECT pg_stat_force_next_flush()")) ||
        !sql::execute(db, QStringLiteral("SELECT pg_stat_clear_snapshot()")))
        qFatal("cannot read the server's statistics");
    auto q = sql::run(db, QStringLiteral("SELECT seq_tup_read + coalesce(idx_tup_fetch, 0) FROM pg_stat_user_tables "
                                         "WHERE relname = 'episodes'"));
    if (!q || !q->next())
        qFatal("no statistics of the episodes");
    return q->value(0).toLongLong();
}

} // namespace

qint64 episodeWork(Database& db, const std::function<void()>& change)
{
    const QSqlDatabase& connection = db.connection();
    if (db.backend().isServer()) {
        const qint64 before = episodeRowsRead(connection);
        change();
        return episodeRowsRead(connection) - before;
    }
    sqlite3* handle = sqliteHandle(connection);
    qint64 steps = 0;
    sqlite3_progress_handler(handle, kStepsPerCall, &countSteps, &steps);
    change();
    sqlite3_progress_handler(handle, 0, nullptr, nullptr);
    return steps;
}

} // namespace engram::test
